"""spec/protocol.md 6.2's option table, the new_game schema, the reference's type check, the spec's declared
options and every new_game a scenario sends all agree: the protocol says what the suite checks."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import jsonschema
import pytest
from gherkin.parser import Parser

from heartspec.conformance.steps import game_setup
from heartspec.protocol.messages import OPTION_TYPES, RequestError, check_option_types
from heartspec.rules import load_spec
from heartspec.rules.resolve import declared_options

ROOT = Path(__file__).resolve().parents[1]
PROTOCOL = ROOT / "spec" / "protocol.md"
SCHEMA = json.loads((ROOT / "schemas" / "protocol" / "request-new_game.json").read_text(encoding="utf-8"))
OPTIONS = SCHEMA["properties"]["options"]["properties"]
TABLE_MARK = "<!-- new_game options:"
TYPE_WORDS = {"integer": "integer", "string": "string", "number": "number", "null": "null"}
SAMPLES = [0, 1, 26, -1, 1.5, "x", "pot", True, None, [], ["JD"], [1], {}]


def option_table() -> dict[str, str]:
    """Option name -> its JSON type as the table in 6.2 words it."""
    text = PROTOCOL.read_text(encoding="utf-8")
    rows = text[text.index(TABLE_MARK):].split("\n\n")[0].splitlines()[3:]
    table = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        table[cells[0].strip("`")] = cells[1]
    return table


def json_types(words: str) -> tuple[set[str], str | None]:
    """`list of integers` -> ({"array"}, "integer"); `integer, or null` -> ({"integer", "null"}, None)."""
    if words.startswith("list of "):
        return {"array"}, TYPE_WORDS[words.removeprefix("list of ").rstrip("s")]
    return {TYPE_WORDS[word] for word in re.split(r",? or |, ", words)}, None


def type_only(name: str) -> dict:
    schema = OPTIONS[name]
    return {"type": schema["type"], **({"items": schema["items"]} if "items" in schema else {})}


def well_typed(name: str, value) -> bool:
    return jsonschema.Draft202012Validator(type_only(name)).is_valid(value)


def in_range(name: str, value) -> bool:
    return jsonschema.Draft202012Validator(OPTIONS[name]).is_valid(value)


def test_the_table_the_schema_and_the_reference_list_the_same_options():
    assert set(option_table()) == set(OPTIONS) == set(OPTION_TYPES)


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_the_table_gives_each_option_the_schema_type(name):
    kinds, items = json_types(option_table()[name])
    assert kinds - {"null"} == set(OPTIONS[name]["type"]) - {"null"}, name
    assert "null" in OPTIONS[name]["type"], f"{name}: null (absent) is allowed for every option"
    if items:
        assert OPTIONS[name]["items"] == {"type": items}, name


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_the_reference_refuses_exactly_the_values_of_another_type(name):
    for value in SAMPLES:
        try:
            check_option_types({name: value})
            refused = False
        except RequestError as err:
            assert err.code == "bad_request"
            refused = True
        assert refused == (not well_typed(name, value)), (name, value)


def test_every_option_the_spec_declares_is_listed_with_every_value_it_offers_in_range():
    spec = load_spec()
    offers = [(rid, entry) for rid, ruleset in spec.rulesets.items()
              for entry in ruleset.get("options", {}).values()]
    seen = set()
    for rid, ruleset in spec.rulesets.items():
        chosen = [v for v in spec.variants.values() if rid in v.get("applies_to", [])]
        for name, (entry, _) in declared_options(ruleset, chosen).items():
            seen.add(name)
            assert name in OPTIONS, f"{rid} declares option {name}, which spec/protocol.md 6.2 does not list"
            if entry["values"] != "any":
                for value in entry["values"]:
                    assert in_range(name, value), f"{rid}: {name} offers {value!r}, outside 6.2's range"
    assert offers and seen <= set(OPTIONS)


# ---------------------------------------------------------------- what the scenarios send
@functools.cache
def shipped():
    return load_spec()


def offered(ruleset: str, variants: list[str], name: str, players: int | None = None):
    """The values the option offers on this game, or None where it is not declared (at this table size)."""
    spec = shipped()
    entry = declared_options(spec.rulesets[ruleset], [spec.variants[v] for v in variants], players).get(name)
    return None if entry is None else entry[0]["values"]


@functools.cache
def expanded():
    return list(expanded_scenarios())


def expanded_scenarios():
    """(scenario id, step texts, expected outcome words) for every scenario and Examples row of features/."""
    for path in sorted((ROOT / "features").glob("*.feature")):
        document = Parser().parse(path.read_text(encoding="utf-8"))
        for child in document["feature"]["children"]:
            scenario = child.get("scenario")
            if scenario is None:
                continue
            ident = next(tag["name"] for tag in scenario["tags"] if tag["name"].startswith("@id:"))
            steps = [step["text"] for step in scenario["steps"]]
            rows = [(block["tableHeader"], row) for block in scenario.get("examples") or [] for row in block["tableBody"]]
            for header, row in rows or [(None, None)]:
                values = {} if header is None else {
                    h["value"]: c["value"] for h, c in zip(header["cells"], row["cells"])}
                texts = [re.sub(r"<(\w+)>", lambda m: values.get(m.group(1), m.group(0)), text) for text in steps]
                yield f"{ident}{values.get('ruleset', '')}", texts


GIVEN = re.compile(r'a (?:"(?P<ruleset>[\w-]+)" )?game for (?P<players>\d+) players(?: of a ruleset the engine claims)?(?P<rest>.*)')
REQUESTED = re.compile(r'a new game is requested for "[\w-]+" with (?P<players>\d+) players(?P<rest>.*)')
SENT = re.compile(r'new_game is sent for "(?P<ruleset>[\w-]+)" at (?P<players>\d+) players with variants (?P<variants>\[.*?\]) '
                  r'and options (?P<options>\{.*\})')
RAW = re.compile(r"the engine is sent '(?P<line>.*)'")
ERROR = re.compile(r'the response is an error "(?P<code>\w+)"')


def sent_options():
    """Every new_game option a scenario sends:
    (where, options, variants, ruleset, expected error code or None, player count)."""
    for where, texts in expanded():
        code = next((m.group("code") for m in map(ERROR.fullmatch, texts) if m), None)
        for text in texts:
            for pattern in (GIVEN, REQUESTED):
                match = pattern.fullmatch(text)
                if match:
                    setup = game_setup(match.group("rest"))
                    expected = None if pattern is GIVEN else code
                    yield (where, setup["options"], setup["variants"], match.groupdict().get("ruleset"), expected,
                           int(match["players"]))
            match = SENT.fullmatch(text)
            if match:
                yield (where, json.loads(match["options"]), json.loads(match["variants"]), match["ruleset"], code,
                       int(match["players"]))
            match = RAW.fullmatch(text)
            if match and '"new_game"' in match["line"]:
                try:
                    request = json.loads(match["line"])
                except ValueError:
                    continue
                if isinstance(request.get("options"), dict):
                    yield (where, request["options"], request.get("variants") or [], request.get("ruleset"), code,
                           request.get("players"))


def test_scenarios_send_new_game_options_at_all():
    assert sum(1 for _ in sent_options()) > 200


def test_every_option_a_scenario_sends_is_listed_and_a_game_it_expects_to_start_sends_values_in_range():
    problems = []
    for where, options, variants, ruleset, code, _ in sent_options():
        for name, value in options.items():
            if name not in OPTIONS:
                if code not in ("invalid_game", "unsupported"):  # an unknown name on purpose is refused as such
                    problems.append(f"{where}: option {name!r} is not listed in spec/protocol.md 6.2")
            elif code is None and not in_range(name, value):
                problems.append(f"{where}: {name}={json.dumps(value)} is outside 6.2's range")
    assert not problems, "\n".join(problems)


def test_every_refusal_row_sends_a_value_the_table_or_the_ruleset_rules_out():
    """A bad_request row sends a value of another JSON type; an invalid_game row one outside 6.2's range or one its
    ruleset does not offer (or target null where nothing else ends the game): the rows test what they say."""
    problems = []
    for where, options, variants, ruleset, code, players in sent_options():
        listed = {name: value for name, value in options.items() if name in OPTIONS}
        if code == "bad_request" and listed and all(well_typed(n, v) for n, v in listed.items()):
            if not any(isinstance(v, float) and v.is_integer() for v in listed.values()):  # 1.0 where an integer is asked
                problems.append(f"{where}: every option of {options} is well typed, yet bad_request is expected")
        if code == "invalid_game" and listed and ruleset in shipped().rulesets and set(listed) == set(options):
            def ruled_out(name, value):
                allowed = offered(ruleset, variants, name, players if isinstance(players, int) else None)
                return (not in_range(name, value) or (isinstance(allowed, list) and value not in allowed)
                        or (allowed is None and value is not None)  # not declared on this game
                        or (name == "target" and value is None) or name in ("dealer", "totals"))
            if not any(ruled_out(n, v) for n, v in listed.items()):
                problems.append(f"{where}: {options} is in range and offered, yet invalid_game is expected")
    assert not problems, "\n".join(problems)


def test_every_declared_option_has_rows_for_null_each_offered_value_a_respelling_and_a_wrong_type():
    """On every ruleset that declares it: a variant's option on each ruleset of its entry (`rulesets`)."""
    spec = load_spec()
    rows = [(r, tuple(v), o, c) for _, o, v, r, c, _ in sent_options() if len(o) == 1]
    missing = []
    for rid, ruleset in spec.rulesets.items():
        for name, (entry, via) in declared_options(ruleset, []).items():
            missing += option_rows_missing(rows, rid, (), name, entry)
    for vid, variant in spec.variants.items():
        for name, entry in variant.get("options", {}).items():
            for rid in entry.get("rulesets", variant["applies_to"]):
                missing += option_rows_missing(rows, rid, (vid,), name, entry)
    assert not missing, "\n".join(missing)


def option_rows_missing(rows, ruleset, variants, name, entry) -> list[str]:
    mine = [(options[name], code) for r, v, options, code in rows if r == ruleset and v == variants and options.keys() == {name}]
    values = entry["values"] if entry["values"] != "any" else []
    where = f"{ruleset}{''.join(' +' + v for v in variants)} {name}"
    missing = [f"{where}: no row for the offered value {json.dumps(v)}"
               for v in values if (v, None) not in [(value, code) for value, code in mine]]
    if not any(value is None for value, _ in mine):
        missing.append(f"{where}: no null row")
    if not any(code == "invalid_game" and value is not None for value, code in mine):
        missing.append(f"{where}: no row with a respelt or out-of-range value")
    if not any(code == "bad_request" for _, code in mine):
        missing.append(f"{where}: no row with a value of the wrong JSON type")
    return missing
