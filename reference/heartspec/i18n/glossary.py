"""The glossary (glossary.yaml beside the catalogues): cards as players write them, one term per concept.

`card(code)` gives a card's name in the current language as an object that formats in the case
a sentence asks for: a catalogue message writes `{card}` (nominative), `{card:gen}` or
`{card:par}` (Finnish genitive and partitive; the Nordic languages and English ignore the case).
`cards(codes)` does the same for a list ("ruutu- ja ristikakkonen" is left to the list: "ruutukakkonen
ja ristikakkonen").  `number(x)` writes a number the way the language does (1 000 000 and 0,5 in Nordic text, 1.000.000 in
Danish), through Babel.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from heartspec.i18n import current_language

GLOSSARY_FILE = Path(__file__).resolve().parent / "glossary.yaml"
CASES = ("nom", "gen", "par")


@lru_cache(maxsize=1)
def glossary() -> dict:
    with GLOSSARY_FILE.open(encoding="utf-8") as f:
        return yaml.safe_load(f)


def _rank_word(rank: str, lang: str, case: str) -> str:
    word = glossary()["ranks"][rank][lang]
    return word.get(case or "nom", word["nom"]) if isinstance(word, dict) else word


def card_name(code: str, lang: str, case: str = "") -> str:
    """'patarouva', 'spar dame', 'klør to', 'klöver tvåa', 'queen of spades' (a joker: 'ristijokeri')."""
    rank, suit = code[0], code[1]
    suit_word = glossary()["suits"][suit][lang]
    if lang == "fi":
        return suit_word + _rank_word(rank, lang, case)
    if lang == "en":
        return f"the {_rank_word(rank, lang, case)} of {suit_word}" if rank != "X" else f"the {suit_word} joker"
    if rank == "X":
        return f"{suit_word}joker" if lang in ("da", "nb", "sv") else f"{suit_word} joker"
    return f"{suit_word} {_rank_word(rank, lang, case)}"


class Card:
    """A card whose name formats in the requested grammatical case."""

    def __init__(self, code: str):
        self.code = code

    def __format__(self, spec: str) -> str:
        return card_name(self.code, current_language(), spec if spec in CASES else "")

    def __str__(self) -> str:
        return format(self, "")


class CardList:
    """Several cards, named and joined with the language's 'and'."""

    def __init__(self, codes):
        self.codes = list(codes)

    def __format__(self, spec: str) -> str:
        lang = current_language()
        names = [card_name(c, lang, spec if spec in CASES else "") for c in self.codes]
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + f" {glossary()['list_and'][lang]} " + names[-1]

    def __str__(self) -> str:
        return format(self, "")


def card(code: str) -> Card:
    return Card(code)


def cards(codes) -> CardList:
    return CardList(codes)


def number(value: Any, places: int | None = None, signed: bool = False) -> str:
    """A number as the language writes it, through Babel (CLDR): grouped and with the language's decimal sign.

    en 1,000,000 and 0.5; da 1.000.000 and 0,5; fi, nb and sv 1 000 000 (with no-break spaces, U+00A0)
    and 0,5.  `places` fixes the decimals shown (a simulation's figure); `signed` writes a + before a
    positive number (a change).  Anything that is no number is written as it is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return str(value)
    if isinstance(value, float) and value.is_integer() and places is None:
        value = int(value)
    from babel.numbers import format_decimal  # only when rendering: engines import the glossary's package

    lang = current_language()
    if places is None:
        text = format_decimal(abs(value), locale=lang, decimal_quantization=False)
    else:
        pattern = "#,##0" + ("." + "0" * places if places > 0 else "")
        text = format_decimal(round(abs(value), places), format=pattern, locale=lang)
    negative = math.copysign(1, value) < 0  # as Python writes it: -0.00 for a small negative figure
    return ("-" if negative else "+" if signed else "") + text


def concepts() -> dict:
    return glossary()["concepts"]


def term(concept: str, lang: str | None = None) -> str:
    return concepts()[concept][lang or current_language()]["term"]


__all__ = ["Card", "CardList", "card", "card_name", "cards", "concepts", "glossary", "number", "term"]
