"""Numbers in the reader's language: grouped and with the decimal sign the language writes (Babel, CLDR)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, strategies as st

from heartspec.i18n import LANGUAGES, use_language
from heartspec.i18n.glossary import number

NBSP = "\u00a0"
# (group separator, decimal sign) as CLDR gives them through Babel
SIGNS = {"en": (",", "."), "fi": (NBSP, ","), "nb": (NBSP, ","), "sv": (NBSP, ","), "da": (".", ",")}


@pytest.mark.parametrize("lang, million, half, mixed", [
    ("en", "1,000,000", "0.5", "1,234.25"),
    ("fi", f"1{NBSP}000{NBSP}000", "0,5", f"1{NBSP}234,25"),
    ("nb", f"1{NBSP}000{NBSP}000", "0,5", f"1{NBSP}234,25"),
    ("sv", f"1{NBSP}000{NBSP}000", "0,5", f"1{NBSP}234,25"),
    ("da", "1.000.000", "0,5", "1.234,25"),
])
def test_each_language_groups_and_writes_decimals_its_own_way(lang, million, half, mixed):
    with use_language(lang):
        assert (number(1_000_000), number(0.5), number(1234.25)) == (million, half, mixed)
        assert number(100) == "100" and number(2.0) == "2" and number(-3) == "-3"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_fixed_places_and_signs_for_a_figure(lang):
    group, point = SIGNS[lang]
    with use_language(lang):
        assert number(0.123, 2, signed=True) == f"+0{point}12"
        assert number(-12345.678, 1) == f"-12{group}345{point}7"
        assert number(3, 0, signed=True) == "+3"
        assert number(-0.001, 2) == f"-0{point}00"  # a small negative figure keeps its sign
        assert number(0, 2, signed=True) == f"+0{point}00"


def test_what_is_no_number_is_written_as_it_is():
    with use_language("fi"):
        assert number(None) == "None" and number(True) == "True" and number("x") == "x"
        assert number(float("inf")) == "inf"


def parse(text: str, lang: str) -> Decimal:
    group, point = SIGNS[lang]
    digits = text.replace(group, "")
    assert group not in digits
    return Decimal(digits.replace(point, "."))


@given(st.sampled_from(LANGUAGES), st.integers(min_value=-1_000_000, max_value=1_000_000))
def test_a_whole_number_reads_back_and_groups_by_three(lang, value):
    group, point = SIGNS[lang]
    with use_language(lang):
        text = number(value)
    assert parse(text, lang) == value and point not in text
    head, *groups = text.lstrip("-").split(group)
    assert 1 <= len(head) <= 3 and all(len(g) == 3 for g in groups)
    assert len(groups) == (len(str(abs(value))) - 1) // 3


@given(st.sampled_from(LANGUAGES), st.decimals(min_value=-1_000_000, max_value=1_000_000, places=3,
                                                 allow_nan=False, allow_infinity=False))
def test_a_decimal_number_reads_back_with_the_language_s_decimal_sign(lang, value):
    with use_language(lang):
        text = number(float(value))
    assert parse(text, lang) == value.normalize() or parse(text, lang) == value
    if value != value.to_integral_value():
        assert SIGNS[lang][1] in text


@given(st.sampled_from(LANGUAGES), st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), st.integers(0, 4))
def test_a_figure_with_fixed_places_reads_back_rounded(lang, value, places):
    with use_language(lang):
        text = number(value, places)
    shown = parse(text, lang)
    assert abs(shown - Decimal(repr(value))) <= Decimal(1).scaleb(-places) / 2 + Decimal("1e-9")
    decimals = text.split(SIGNS[lang][1])[1] if places else ""
    assert len(decimals) == places


@pytest.mark.parametrize("lang, target, deals", [
    ("en", "1,500", "2,000"), ("fi", f"1{NBSP}500", f"2{NBSP}000"), ("nb", f"1{NBSP}500", f"2{NBSP}000"),
    ("sv", f"1{NBSP}500", f"2{NBSP}000"), ("da", "1.500", "2.000"),
])
def test_a_rulebook_groups_a_target_and_a_number_of_deals_as_its_language_does(lang, target, deals):
    from heartspec.render.rulebook import build_rulebook, render_text
    from heartspec.rules import load_spec

    spec = load_spec()
    with use_language(lang):
        by_target = render_text(build_rulebook(spec, "fi", (), 4, {"target": 1500}))
        by_deals = render_text(build_rulebook(spec, "fi", (), 4, {"max_deals": 2000}))
    rule = next(line for line in by_target.splitlines() if target in line and "1500" not in line)
    assert rule and "1500" not in by_target.replace("target=1500", "")
    assert deals in by_deals and "2000" not in by_deals.replace("max_deals=2000", "")
