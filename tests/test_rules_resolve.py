"""Resolving and compiling, on the house spec fixture (stable) and on the shipped spec."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner

from heartspec import cards
from heartspec.cli import main
from heartspec.paths import data_dir
from heartspec.rules import ResolveError, SpecError, compile_rules, load_spec, vocabulary
from heartspec.rules.compile import face_points

HOUSE_SPEC = Path(__file__).parent / "fixtures" / "house_spec"
HEARTS = [cards.parse_card(rank + "H") for rank in "23456789TJQKA"]
QS = cards.parse_card("QS")


@pytest.fixture(scope="module")
def house():
    return load_spec(HOUSE_SPEC)


@pytest.fixture(scope="module")
def shipped():
    return load_spec()


# ---------------------------------------------------------------- the house spec


def test_house_spec_validates_through_the_cli():
    result = CliRunner().invoke(main, ["validate", str(HOUSE_SPEC)])
    assert result.exit_code == 0, result.stderr
    assert result.output.strip() == "ok: 1 ruleset, 4 variants"


def test_rules_come_in_vocabulary_order_with_dotted_keys_merged(house):
    resolved = house.resolve("house", players=4)
    order = list(vocabulary.rule_keys())
    assert list(resolved.rules) == sorted(resolved.rules, key=order.index)
    first_trick = resolved.rules["first_trick"]
    assert first_trick.value == {"points": "forbidden_unless_only_points", "when_only_points": "any_card"}
    assert [s["rule"] for s in first_trick.sources] == ["first_trick.points", "first_trick.when_only_points"]
    assert [s["status"] for s in first_trick.sources] == ["stated", "interpretation"]
    assert {s["guide"] for s in first_trick.sources} == {"house"}


def test_by_players_picks_the_value_for_the_count(house):
    assert house.resolve("house", players=3).get("deck.hand_size") == 17
    assert house.resolve("house", players=5).get("deck.remove") == ["2D", "2C"]
    assert house.resolve("house", players=5).get("passing.cycle")[2] == "left2"


def test_default_player_count_is_four_when_allowed(house):
    assert house.resolve("house").players == 4


def test_a_variant_change_records_its_provenance(house):
    resolved = house.resolve("house", ["house-jd"], players=4)
    points = resolved.rules["card_points"]
    assert points.value == {"H": 1, "QS": 13, "JD": -10}
    assert points.sources[-1]["via"] == "house-jd"
    assert points.sources[-1]["guide"] == "house"
    assert "via" not in points.sources[0]


def test_options_default_to_the_rule_and_accept_command_line_text(house):
    assert house.resolve("house").options == {"target": 75}
    short = house.resolve("house", options={"target": "50"})
    assert short.options == {"target": 50}
    assert short.get("game_end.target") == 50
    assert short.rules["game_end"].sources[-1]["option"] == "target"


@pytest.mark.parametrize(
    "variants, players, options, message",
    [
        (["house-jd", "house-td"], 4, {}, "'house-jd' and 'house-td' conflict"),
        (["house-hold", "house-left"], 4, {}, "both change passing"),
        (["house-jd", "house-jd"], 4, {}, "given twice"),
        (["house-qd"], 4, {}, "unknown variant 'house-qd'"),
        ([], 6, {}, "plays with 3, 4 or 5 players, not 6"),
        ([], 4, {"target": 60}, "option target cannot be 60 (allowed: 75, 50)"),
        ([], 4, {"stake": 1}, "has no option 'stake'"),
    ],
)
def test_impossible_requests_are_refused_with_a_clear_message(house, variants, players, options, message):
    with pytest.raises(ResolveError) as refused:
        house.resolve("house", variants, players=players, options=options)
    assert message in str(refused.value)
    assert isinstance(refused.value, SpecError) and isinstance(refused.value, ValueError)


def test_an_unknown_ruleset_is_refused(house):
    with pytest.raises(ResolveError, match="unknown ruleset 'nope' \\(known: house\\)"):
        house.resolve("nope")


def test_variants_that_change_different_paths_combine(house):
    resolved = house.resolve("house", ["house-jd", "house-hold"], players=4)
    assert resolved.get("card_points.JD") == -10
    assert resolved.get("passing.count") == 0
    assert resolved.title == "House Hearts + Jack of diamonds minus ten + No passing"


def test_compiled_house_game(house):
    compiled = house.compile("house", ["house-jd"], players=4)
    assert len(compiled.deck) == 52 and compiled.hand_size == 13
    assert compiled.face_points[QS] == 13 and compiled.face_points[cards.parse_card("JD")] == -10
    assert all(compiled.face_points[h] == 1 for h in HEARTS)
    assert compiled.penalty_total == 26 and compiled.moon_amount == 26
    assert compiled.moon_required_faces == tuple(sorted(HEARTS + [QS]))
    assert compiled.queen_breaks_hearts is True
    assert compiled.pass_cycle == ("left", "right", "across", "none")
    assert compiled.dealer_rotation == 1
    assert compiled.target == 75 and compiled.end_condition == "reaches"
    assert compiled.settlement == "none"  # vocabulary default: the house rules never mention money


def test_compiled_five_player_deck_drops_the_low_twos(house):
    compiled = house.compile("house", players=5)
    assert len(compiled.deck) == 50
    assert cards.parse_card("2C") not in compiled.deck and cards.parse_card("2D") not in compiled.deck
    assert compiled.opening_cards == (cards.parse_card("2C"),)
    assert compiled.opening_fallback == "lowest_club"


def test_compiling_never_depends_on_names(house):
    """The same rules under another ruleset id compile to the same game."""
    renamed = copy.deepcopy(house)
    data = copy.deepcopy(renamed.rulesets.pop("house"))
    data["id"], data["title"] = "elsewhere", "Anything"
    renamed.rulesets["elsewhere"] = data
    renamed.files.clear()
    original = dataclasses.asdict(house.compile("house", players=3))
    moved = dataclasses.asdict(renamed.compile("elsewhere", players=3))
    assert original.pop("ruleset") == "house" and moved.pop("ruleset") == "elsewhere"
    assert original == moved


def test_face_points_apply_suits_then_cards():
    points = face_points({"H": "pip", "QS": 60, "2H": 0, "D": 1, "JD": -10})
    assert points[cards.parse_card("2H")] == 0
    assert points[cards.parse_card("3H")] == 3
    assert points[cards.parse_card("AH")] == 14
    assert points[QS] == 60
    assert points[cards.parse_card("XD")] == 1  # the diamond joker is a diamond
    assert points[cards.parse_card("JD")] == -10
    assert points[cards.parse_card("AC")] == 0


def test_load_spec_reports_every_problem_of_a_broken_folder(tmp_path):
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "variants").mkdir()
    text = (HOUSE_SPEC / "rulesets" / "house.yaml").read_text(encoding="utf-8")
    (tmp_path / "rulesets" / "house.yaml").write_text(text.replace("id: house", "id: home"), encoding="utf-8")
    with pytest.raises(SpecError) as failed:
        load_spec(tmp_path)
    [problem] = failed.value.problems
    assert str(problem).endswith("/id: the id 'home' does not match the file name 'house.yaml'")


# ---------------------------------------------------------------- the shipped spec


def test_shipped_spec_validates():
    result = CliRunner().invoke(main, ["validate"])
    assert result.exit_code == 0, result.stderr
    assert result.output.startswith("ok: 5 rulesets, ")


def test_shipped_files_name_their_schema_on_the_first_line():
    for path in sorted(data_dir("spec").glob("*/*.yaml")):
        kind = {"rulesets": "ruleset", "variants": "variant"}[path.parent.name]
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == f"# yaml-language-server: $schema=../../schemas/{kind}.schema.json", path


def test_finnish_six_player_deck_adds_both_jokers(shipped):
    compiled = shipped.compile("fi", players=6)
    assert len(compiled.deck) == 54
    assert cards.parse_card("XC") in compiled.deck and cards.parse_card("XD") in compiled.deck
    assert compiled.hand_size == 9


def test_every_shipped_combination_compiles_and_deals_out(shipped):
    """Each ruleset alone and with each variant that applies to it, at every player count it allows."""
    compiled = 0
    for ruleset_id in shipped.rulesets:
        for variant_id in [None, *shipped.variants]:
            variants = [variant_id] if variant_id else []
            if variant_id and ruleset_id not in shipped.variants[variant_id]["applies_to"]:
                continue
            players = shipped.resolve(ruleset_id, variants).rules["players"].value
            for n in players:
                rules = compile_rules(shipped.resolve(ruleset_id, variants, players=n))
                assert len(rules.deck) == n * rules.hand_size + rules.kitty_size + rules.stock_size
                compiled += 1
    assert compiled >= 5 * 4


def test_shipped_conflicting_variants_are_refused(shipped):
    pairs = [
        (ruleset_id, v["id"], other)
        for v in shipped.variants.values()
        for other in v.get("conflicts_with", [])
        for ruleset_id in v["applies_to"]
        if ruleset_id in shipped.variants[other]["applies_to"]
    ]
    assert pairs, "the shipped spec declares conflicting variants"
    for ruleset_id, first, second in pairs:
        with pytest.raises(ResolveError, match="conflict"):
            shipped.resolve(ruleset_id, [first, second])


def test_a_variant_is_refused_on_a_ruleset_it_does_not_apply_to(shipped):
    variant = next(v for v in shipped.variants.values() if set(shipped.rulesets) - set(v["applies_to"]))
    elsewhere = sorted(set(shipped.rulesets) - set(variant["applies_to"]))[0]
    with pytest.raises(ResolveError, match=f"does not apply to ruleset '{elsewhere}'"):
        shipped.resolve(elsewhere, [variant["id"]])


def cited_sections(spec):
    """(guide id, section, where) for every provenance record and description in the spec."""
    for ruleset_id, data in spec.rulesets.items():
        for key, entry in data["rules"].items():
            records = [entry["source"]] if "source" in entry else [e["source"] for e in entry["by_players"].values()]
            for record in records:
                yield record.get("guide", ruleset_id), record["section"], f"{ruleset_id}: {key}"
        for name, option in data.get("options", {}).items():
            yield option["source"].get("guide", ruleset_id), option["source"]["section"], f"{ruleset_id}: option {name}"
    for variant_id, data in spec.variants.items():
        for described in data["described_by"]:
            yield described["guide"], described["section"], f"{variant_id}: described_by"
        for change in data["changes"]:
            yield change["source"]["guide"], change["source"]["section"], f"{variant_id}: {change['rule']}"
        for name, option in data.get("options", {}).items():
            yield option["source"]["guide"], option["source"]["section"], f"{variant_id}: option {name}"


def test_every_cited_section_is_a_heading_of_its_guide(shipped):
    """A heading may be shortened (long ones would repeat the guide), but must start a line of the guide."""
    guides = Path(__file__).resolve().parents[2] / "shared" / "guides"
    if not guides.is_dir():
        pytest.skip("the guides are not next to this checkout")
    starts = {}
    for ruleset_id, data in shipped.rulesets.items():
        text = (guides / data["guide"]["file"]).read_text(encoding="utf-8")
        starts[ruleset_id] = [line.strip().lstrip("#-").strip() for line in text.splitlines()]
    unknown = [
        (where, guide, section)
        for guide, section, where in cited_sections(shipped)
        if not any(line.startswith(section) for line in starts[guide])
    ]
    assert unknown == []


@pytest.mark.parametrize(
    "ruleset, variants, options, message",
    [
        (["house"], (), None, "unknown ruleset ['house']"),
        ("house", [["house-jd"]], None, "variants are a list of variant ids"),
        ("house", (), [("target", 50)], "options are a mapping"),
        ("house", (), {"target": [50]}, "option target cannot be [50]"),
        ("house", (), {"target": True}, "option target cannot be True"),
    ],
)
def test_malformed_requests_from_a_client_are_refused_cleanly(house, ruleset, variants, options, message):
    with pytest.raises(ResolveError) as refused:
        house.resolve(ruleset, variants, options=options)
    assert message in str(refused.value)


def test_a_single_variant_id_may_be_given_as_a_string(house):
    assert house.resolve("house", "house-jd").variants == ("house-jd",)


def test_remove_once_takes_one_copy_out_of_a_two_deck_game():
    """se Cancellation at nine players: both twos of clubs and diamonds go, and one two of spades."""
    from collections import Counter

    from heartspec.cards import face, parse_card
    from heartspec.rules import load_spec

    rules = load_spec().compile("se", ["cancellation"], players=9)
    faces = Counter(face(c) for c in rules.deck)
    assert len(rules.deck) == 99 == 9 * rules.hand_size and rules.kitty_size == 0
    assert faces[parse_card("2S")] == 1 and faces[parse_card("2C")] == 0 and faces[parse_card("3S")] == 2
    assert min(c for c in rules.deck if face(c) == parse_card("2S")) == parse_card("2S")  # copy 0 is kept



def test_a_variant_option_limited_to_some_rulesets_exists_only_there():
    """omnibus-jd offers the jack's place in the moon as a choice on fi only (fi says 'often')."""
    spec = load_spec()
    assert spec.resolve("fi", ["omnibus-jd"]).options["moon_also_requires"] == ["JD"]
    for ruleset in ("dk", "no"):
        assert "moon_also_requires" not in spec.resolve(ruleset, ["omnibus-jd"]).options
        with pytest.raises(ResolveError, match="no option 'moon_also_requires'"):
            spec.resolve(ruleset, ["omnibus-jd"], options={"moon_also_requires": []})


@pytest.mark.parametrize("given, expected", [([], []), ("[]", []), ("none", []), ("JD", ["JD"]), (["JD"], ["JD"])])
def test_a_list_option_accepts_data_or_command_line_text(given, expected):
    resolved = load_spec().resolve("fi", ["omnibus-jd"], options={"moon_also_requires": given})
    assert resolved.get("moon.also_requires") == expected


def test_a_list_option_refuses_a_value_it_does_not_offer():
    with pytest.raises(ResolveError, match="cannot be"):
        load_spec().resolve("fi", ["omnibus-jd"], options={"moon_also_requires": "TD"})


@pytest.mark.parametrize("players, in_play", [(4, 26), (6, 25)])
def test_se_keeps_the_moons_26_unless_the_table_moves_the_points_in_play(players, in_play):
    spec = load_spec()
    assert spec.compile("se", players=players).moon_amount == 26
    assert spec.compile("se", players=players, options={"moon_amount": "deal_total"}).moon_amount == in_play


def test_compiled_rules_hash_by_their_fields_and_keep_no_hash_in_a_pickle(shipped):
    """The kept hash equals the fields' hash, equal rules hash alike, and a pickle carries no hash of this
    process to another (str hashes differ between processes): the unpickled rules hash afresh."""
    import pickle
    import subprocess
    import sys

    rules = shipped.compile("fi", players=4)
    fields = tuple(getattr(rules, f.name) for f in dataclasses.fields(rules))
    assert hash(rules) == hash(fields) == hash(rules)  # the second time from the kept value
    twin = shipped.compile("fi", players=4)
    assert twin is not rules and twin == rules and hash(twin) == hash(rules)
    assert dataclasses.replace(rules, target=rules.target + 1) != rules
    data = pickle.dumps(rules)
    assert b"_hash" not in data
    check = ("import pickle, sys, dataclasses; r = pickle.loads(sys.stdin.buffer.read()); "
             "print(hash(r) == hash(tuple(getattr(r, f.name) for f in dataclasses.fields(r))))")
    done = subprocess.run([sys.executable, "-c", check], input=data, capture_output=True, env={"PYTHONHASHSEED": "7"},
                          timeout=120)
    assert done.stdout.strip() == b"True", done.stderr
