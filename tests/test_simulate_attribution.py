"""`simulate A B --attribute`: the rule cells found, their effects, and the parts adding up to the whole."""

from __future__ import annotations

import re

import copy
import dataclasses
import json
import math
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from heartspec.cli import main
from heartspec.engine import core
from heartspec.protocol.server import RulesCatalog
from heartspec.simulate import compiled
from heartspec.simulate.runner import SimulationError, prepare, simulate
from heartspec.rules.compile import compile_rules
from heartspec.rules.effects import rule_effects
from heartspec.simulate.rule_cells import compiled_switch, find_cells, in_play
from heartspec.simulate.stats import Z95

SCHEMA = json.loads((Path(__file__).parents[1] / "schemas" / "simulation.schema.json").read_text())
needs_core = pytest.mark.skipif(not hasattr(core._native, "simulate"),
                                reason="the compiled core is not installed")


def _catalog_with(name: str, base: str, rules_from: str, keys: tuple[str, ...]) -> RulesCatalog:
    """The shipped spec plus ruleset `name`: `base` with the rule keys `keys` taken from `rules_from`."""
    spec = RulesCatalog().spec
    planted = copy.deepcopy(spec.rulesets[base])
    planted["id"] = name
    for key in keys:
        planted["rules"][key] = copy.deepcopy(spec.rulesets[rules_from]["rules"][key])
    return RulesCatalog(spec=dataclasses.replace(spec, rulesets={**spec.rulesets, name: planted}))


def _exact(figure: dict) -> Fraction:
    return Fraction(figure["exact"])


def _assert_parts_add_up(document: dict) -> None:
    found = document["attribution"]
    assert found["whole"], "no figure attributed"
    for key, whole in found["whole"].items():
        parts = sum((_exact(c["metrics"][key]) for c in found["cells"] if key in c["metrics"]), Fraction(0))
        assert parts + _exact(found["interaction"][key]) == _exact(whole), key
        assert math.isclose(whole["mean"], float(_exact(whole)))


@pytest.fixture(scope="module")
def planted():
    """dk, and dk with only se's first-trick rule: one cell apart."""
    return _catalog_with("dk-first-trick-se", "dk", "se", ("first_trick",))


@pytest.mark.parametrize("core_name", ["pure", pytest.param("compiled", marks=needs_core)])
def test_a_pair_one_cell_apart_gives_that_cell_the_whole_difference(planted, core_name):
    games = 120 if core_name == "pure" else 3000
    run = prepare(["dk", "dk-first-trick-se"], 4, games, "heuristic", seed=5, catalog=planted, core=core_name,
                  attribute=True)
    document = simulate(*run, workers=1)
    found = document["attribution"]
    assert [c["paths"] for c in found["cells"]] == [["first_trick.points"]]
    (cell,) = found["cells"]
    moved = [key for key, whole in found["whole"].items() if whole["mean"] != 0]
    assert "first_trick.points" in moved and "points.queen_holder" in moved  # the rule changes play
    for key, whole in found["whole"].items():
        assert cell["metrics"][key] == whole, key
        assert _exact(found["interaction"][key]) == 0 and found["interaction"][key]["ci95"] == [0.0, 0.0], key
    _assert_parts_add_up(document)
    jsonschema.validate(document, SCHEMA)


@needs_core
def test_dk_to_se_parts_add_up_exactly_and_the_whole_is_the_paired_difference():
    run = prepare(["dk", "se"], 4, 3000, "heuristic", seed=3, core="compiled", attribute=True)
    document = simulate(*run, workers=1)
    found = document["attribution"]
    paths = [c["paths"] for c in found["cells"]]
    assert ["first_trick.points"] in paths and ["game_end.ties"] in paths and ["moon.effect"] in paths
    _assert_parts_add_up(document)
    (difference,) = document["differences"]
    for key, whole in found["whole"].items():
        paired = difference["metrics"][key]
        assert whole["mean"] == pytest.approx(paired["mean"], abs=1e-12), key
        if paired["ci95"]:
            assert whole["ci95"] == pytest.approx(paired["ci95"], abs=1e-9), key
    # the shared win goes with the tie rule and with nothing else
    ties = next(c for c in found["cells"] if c["paths"] == ["game_end.ties"])
    assert ties["metrics"]["game.shared_win"] == found["whole"]["game.shared_win"]
    assert set(document["results"]) == {"dk", "se"}  # the switched tables are not columns


@needs_core
def test_a_cell_effect_is_the_paired_difference_of_a_run_with_that_rule_alone(planted):
    """dk -> se's first-trick cell, against dk vs a ruleset that is dk with se's first trick, same seed."""
    attributed = simulate(*prepare(["dk", "se"], 4, 2000, "heuristic", seed=9, core="compiled", attribute=True,
                                   catalog=planted), workers=1)
    direct = simulate(*prepare(["dk", "dk-first-trick-se"], 4, 2000, "heuristic", seed=9, core="compiled",
                               catalog=planted), workers=1)
    cell = next(c for c in attributed["attribution"]["cells"] if c["paths"] == ["first_trick.points"])
    for key, figure in direct["differences"][0]["metrics"].items():
        assert cell["metrics"][key]["mean"] == pytest.approx(figure["mean"], abs=1e-12), key


@needs_core
def test_the_interaction_interval_is_the_linearised_one_computed_game_by_game():
    run, detail = prepare(["dk", "se"], 4, 400, "random", seed=2, core="compiled", attribute=True)
    document = simulate(run, detail, workers=1)
    games, _ = compiled.play_records(dataclasses.replace(run, cells=()), 0, run.games)
    base_at, whole_at = 0, 1
    scopes = [whole_at, *range(2, len(run.tables))]
    for key in ("points.seat0", "moon", "game.deals"):
        per_game = []
        for tables in games:
            row = []
            for j in scopes:
                y, n = _paired(tables[j], tables[base_at], key)
                row.append((y, n))
            per_game.append(row)
        ratio = [sum(g[i][0] for g in per_game) / sum(g[i][1] for g in per_game) for i in range(len(scopes))]
        mean_n = [sum(g[i][1] for g in per_game) / len(per_game) for i in range(len(scopes))]
        sign = [1] + [-1] * (len(scopes) - 1)
        z = [sum(sign[i] * (g[i][0] - ratio[i] * g[i][1]) / mean_n[i] for i in range(len(scopes))) for g in per_game]
        count = len(z)
        half = Z95 * math.sqrt(sum(v * v for v in z) / (count * (count - 1)))
        if key == "moon":
            half *= 100
        low, high = document["attribution"]["interaction"][key]["ci95"]
        assert (high - low) / 2 == pytest.approx(half, rel=1e-9), key


def _paired(record, base, key: str) -> tuple[int, int]:
    if key.startswith("game."):
        field = {"game.deals": "deals"}[key]
        return record.game[field] - base.game[field], 1
    pairs = [(d[key], b[key]) for d, b in zip(record.deals, base.deals) if key in d and key in b]
    return sum(a - b for a, b in pairs), len(pairs)


@needs_core
def test_any_worker_count_and_dask_give_the_same_attribution():
    run = prepare(["dk", "se"], 4, 2500, "heuristic", seed=4, core="compiled", attribute=True)
    one = simulate(*run, workers=1)
    two = simulate(*run, workers=2)
    assert one["attribution"] == two["attribution"] and one["shards"] == 3
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = simulate(*run, executor="dask", scheduler=client)
    assert on_dask["attribution"] == one["attribution"]


def test_the_pure_path_attributes_on_two_workers_as_on_one():
    run = prepare(["fi", "fi+moon-choice"], 4, 110, "random", seed=8, attribute=True, options={"target": 50})
    one, two = simulate(*run, workers=1), simulate(*run, workers=2)
    assert one["attribution"] == two["attribution"]
    assert [c["paths"] for c in one["attribution"]["cells"]] == [["moon.effect"]]
    _assert_parts_add_up(one)


def test_cells_that_only_play_together_are_switched_together_and_say_why():
    spec = RulesCatalog().spec
    ours, theirs = spec.resolve("fi", (), 3), spec.resolve("se", (), 3)
    cells = find_cells(spec, ("fi", "se"), ours, theirs, None)
    grouped = next(c for c in cells.switches if "deck.remove" in c.paths)
    assert len(grouped.paths) > 1 and "deck.remove alone is not a playable rule set" in grouped.together
    assert all(c.together is None for c in cells.switches if c is not grouped)
    assert "game_end.extra_deals" in cells.inert  # se's extra-deal count plays alike under fi's shared ties


def test_attribute_needs_two_rule_sets_that_differ():
    with pytest.raises(SimulationError, match="two rule sets"):
        prepare(["fi", "no", "dk"], 4, 10, "random", seed=1, attribute=True)
    catalog = _catalog_with("fi-again", "fi", "fi", ())
    with pytest.raises(SimulationError, match="play alike"):
        prepare(["fi", "fi-again"], 4, 10, "random", seed=1, attribute=True, catalog=catalog)


def test_the_cli_prints_the_attribution_and_an_opening_summary(tmp_path):
    html = tmp_path / "report.html"
    result = CliRunner().invoke(main, ["simulate", "dk", "se", "--players", "4", "--games", "60", "--seed", "1",
                                       "--bots", "random", "--workers", "1", "--attribute", "--html", str(html)])
    assert result.exit_code == 0, result.output
    assert "Attribution: dk played with each rule where se differs" in result.output
    assert "[1] First trick: points allowed → forbidden_unless_only_points" in result.output
    assert "interaction" in result.output
    page = html.read_text()
    assert "Which rule does what" in page and "class='summary'" in page
    three = CliRunner().invoke(main, ["simulate", "fi", "no", "dk", "--players", "4", "--attribute"])
    assert three.exit_code != 0 and "Traceback" not in three.output and "two rule sets" in three.output


@needs_core
def test_the_opening_summary_names_the_rule_behind_an_effect_in_the_language_asked_for():
    finnish = CliRunner().invoke(main, ["simulate", "dk", "se", "--players", "4", "--games", "3000", "--seed", "1",
                                        "--core", "compiled", "--workers", "1", "--attribute", "--lang", "fi"])
    assert finnish.exit_code == 0, finnish.output
    opening = " ".join(finnish.output.split("\n\n")[1].split())
    assert "Puhallukset (% jaoista): dk" in opening
    assert ("Sen takana oleva sääntö: Ensimmäinen tikki: Pistekortteja saa pelata ensimmäiseen tikkiin → "
            "Ensimmäiseen tikkiin ei saa pelata pistekorttia") in opening
    assert not re.search(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b", opening), opening  # no value as the program spells it
    assert not re.search(r"\d\.\d", opening), opening  # figures with the decimal comma


_SPEC = RulesCatalog().spec
_TABLES = [(r, v) for r in _SPEC.in_guide_order() for v in [()] + [(vid,) for vid in sorted(_SPEC.variants)
                                                                     if r in _SPEC.variants[vid].get("applies_to", [])]]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_TABLES), st.sampled_from(_TABLES), st.sampled_from([3, 4, 5, 6]))
def test_switching_every_cell_plays_as_the_other_table_and_each_switch_compiles(first, second, players):
    """Whatever two shipped tables: each switch is a playable rule set that plays otherwise than A; every cell
    switched at once (with the inert ones) judges every rule as B does (rules.effects, what diff compares);
    and every rule key switched gives B's compiled rules exactly."""
    try:
        ours = _SPEC.resolve(first[0], first[1], players)
        theirs = _SPEC.resolve(second[0], second[1], players)
    except Exception as err:  # a table not played at this size: nothing to compare
        assume(not type(err).__module__.startswith("heartspec."))
        raise
    labels = ("+".join((first[0], *first[1])), "+".join((second[0], *second[1])))
    assume(labels[0] != labels[1])
    cells = find_cells(_SPEC, labels, ours, theirs, None)
    base = in_play(compile_rules(ours))
    for switch in cells.switches:
        assert in_play(compiled_switch(ours, theirs, switch.paths)) != base, switch
    every = [p for s in cells.switches for p in s.paths] + list(cells.inert)
    assert rule_effects(compiled_switch(ours, theirs, every)) == rule_effects(compile_rules(theirs))
    keys = sorted(set(ours.rules) | set(theirs.rules))
    assert in_play(compiled_switch(ours, theirs, keys)) == in_play(compile_rules(theirs))


@needs_core
def test_cells_beyond_one_core_call_are_played_in_further_calls_to_the_same_figures(monkeypatch):
    """More cells than one call of the core takes: A is played again in each further call, the same games."""
    run = prepare(["dk", "se"], 4, 300, "heuristic", seed=6, core="compiled", attribute=True)
    whole = simulate(*run, workers=1)
    monkeypatch.setattr(compiled, "SIM_MAX_TABLES", 3)  # one cell a call: four calls for dk -> se's four cells
    chunked = simulate(*run, workers=1)
    assert len(run[0].cells) == 4
    assert chunked["attribution"] == whole["attribution"] and chunked["results"] == whole["results"]
    assert chunked["played"]["deals"] > whole["played"]["deals"]  # dk played once more per further call


def test_a_group_that_takes_in_an_earlier_group_keeps_every_cell_of_it():
    """se -> dk at six players: the deck's cells need the opening lead's fallback, and so does the opening card;
    the second group takes in the first, and no deck cell may fall out on the way."""
    ours, theirs = _SPEC.resolve("se", (), 6), _SPEC.resolve("dk", (), 6)
    cells = find_cells(_SPEC, ("se", "dk"), ours, theirs, None)
    grouped = [s.paths for s in cells.switches if "deck.remove" in s.paths]
    assert grouped and {"deck.kitty", "opening_lead.cards", "opening_lead.fallback"} <= set(grouped[0])
    every = [p for s in cells.switches for p in s.paths] + list(cells.inert)
    assert rule_effects(compiled_switch(ours, theirs, every)) == rule_effects(compile_rules(theirs))
