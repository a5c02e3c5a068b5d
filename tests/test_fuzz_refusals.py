"""Refusal probes: fuzz sends every refusal kind a position has, and finds an engine wrong about any one of them.

Each kind is an error code of spec/protocol.md §9. The unit tests walk games
through every phase and check that each probe is refused with its own code and
changes nothing; the fuzz tests run each engine of tests/mutants/refusal_mutants.py
(one refusal kind accepted or mis-coded) for a fixed number of games from a fixed
seed, never a time, and replay the reproduction through real subprocesses.
"""

from __future__ import annotations

import random
import runpy
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from heartspec.fuzz import FuzzOptions, run_fuzz, save_reproductions
from heartspec.fuzz.judge import RULE_BY_ERROR, refused_code
from heartspec.fuzz.probes import PROBES, REFUSAL, REFUSAL_KINDS
from heartspec.protocol.server import RulesCatalog, Server

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "tests" / "mutants" / "refusal_mutants.py"
MUTATIONS = sorted(runpy.run_path(str(MUTANTS), run_name="refusal_mutants")["MUTATIONS"])
TIMEOUT = 30.0  # per answer: generous on a busy machine
GAMES = 30      # every mutant so far is found within its first 3 games of seed 1


def positions(seed: int):
    """(server, game) at every position of one played fi / dk / se game, all phases included."""
    catalog = RulesCatalog()
    rng = random.Random(seed)
    server = Server(catalog=catalog)
    ruleset, players = rng.choice([("fi", 4), ("dk", 4), ("se", 4), ("fi", 3), ("no", 5)])
    started = server.handle({"cmd": "new_game", "ruleset": ruleset, "players": players})
    assert started["ok"], started
    game = server.game
    for _ in range(300):  # two or three deals
        yield server, game
        if game.phase == "game_over":
            return
        if game.phase == "deal":
            server.handle({"cmd": "deal", "seed": rng.randrange(1000)})
        elif game.phase == "passing":
            seat = next(s for s in range(players) if s not in game.passes)
            hand = server.handle({"cmd": "state"})["hands"][seat]
            server.handle({"cmd": "pass", "seat": seat, "cards": rng.sample(hand, game.rules.pass_count)})
        elif game.phase == "playing":
            legal = server.handle({"cmd": "legal", "seat": game.turn})["cards"]
            server.handle({"cmd": "play", "seat": game.turn, "card": rng.choice(legal)})
        else:
            server.handle({"cmd": "choose", "seat": game.turn, "option": "add_to_others"})


@pytest.mark.parametrize("kind", REFUSAL_KINDS)
def test_each_probe_is_refused_with_its_own_code_and_changes_nothing(kind):
    made = 0
    for seed in range(6):
        rng = random.Random(seed)
        for server, game in positions(seed):
            request = PROBES[kind](game, rng)
            if request is None:
                continue
            made += 1
            before = server.handle({"cmd": "state"})
            response = server.handle_line(request) if isinstance(request, str) else server.handle(request)
            assert response["ok"] is False and response["error"]["code"] == kind, (kind, request, response)
            assert server.handle({"cmd": "state"}) == before
    assert made > 0, f"no position fitted the {kind} probe"


def test_the_kinds_are_the_refusals_of_the_protocol():
    text = (ROOT / "spec" / "protocol.md").read_text(encoding="utf-8")
    table = text[text.index("## 9. Error codes"):text.index("## 10.")]
    codes = {line.split("`")[1] for line in table.splitlines() if line.startswith("| `")}
    assert set(REFUSAL_KINDS) == codes - {"internal_error"}  # internal_error reports a bug, it refuses nothing


def fuzz(engine: str, **options):
    return run_fuzz(FuzzOptions(engine=engine, timeout=TIMEOUT, **{"games": GAMES, "seed": 1, "stop_at_first": True,
                                                                   **options}))


def test_the_reference_fuzzes_clean_with_every_refusal_kind_probed():
    report = fuzz("heartspec engine", games=60, stop_at_first=False)
    assert report.ok and report.groups() == []
    probed = {kind.removeprefix(REFUSAL): n for kind, n in report.reached.items() if kind.startswith(REFUSAL)}
    assert set(probed) == set(REFUSAL_KINDS) and min(probed.values()) > 0, probed
    text = report.text()
    for kind in REFUSAL_KINDS:
        assert f"\n  {kind} " in text, f"no line for {kind}"


@pytest.mark.parametrize("mutation", MUTATIONS)
def test_fuzz_finds_an_engine_wrong_about_one_refusal_kind_and_names_it(mutation):
    code = mutation.split("-", 1)[1]
    report = fuzz(f"{sys.executable} {MUTANTS} {mutation}")
    groups = report.new_groups()
    assert groups, f"{mutation}: no difference in {report.games} games"
    [group] = groups
    smallest = group.smallest
    assert smallest.mismatch.field in ("ok", "error.code")
    assert refused_code(smallest.mismatch.reference_value) == code, smallest.mismatch  # the kind, not another
    assert group.signature[2] == RULE_BY_ERROR.get(code, group.signature[2])  # a rule refusal names its rule
    if group.signature[2] == "protocol":
        assert code in smallest.ruling.citation
    assert smallest.deals <= 1 and smallest.stop_line > 0


def test_a_reproduction_replays_against_its_engine_at_the_printed_line_and_clean_against_the_reference(tmp_path):
    engine = f"{sys.executable} {MUTANTS} accepts-points_on_first_trick"
    report = fuzz(engine)
    save_reproductions(report, str(tmp_path))
    smallest = report.groups()[0].smallest
    assert f"heartspec replay {smallest.path} --engine '{engine}'" in report.text()
    assert f"(the engine differs at line {smallest.stop_line})" in report.text()
    replay = [sys.executable, "-c", "from heartspec.cli import main; main()", "replay", smallest.path]
    mutant = subprocess.run(replay + ["--engine", engine], capture_output=True, text=True, timeout=180)
    assert mutant.returncode == 1, mutant.stdout + mutant.stderr
    assert mutant.stderr.startswith(f"{smallest.path}:{smallest.stop_line}: the engine under test's answer differs")
    fixed = subprocess.run(replay + ["--engine", "heartspec engine", "--against-reference"], capture_output=True,
                           text=True, timeout=180)
    assert fixed.returncode == 0 and "every answer agrees with the log and the reference" in fixed.stdout


def test_probing_is_counted_per_kind_in_the_json_report():
    report = fuzz("heartspec engine", games=3, stop_at_first=False)
    reached = report.as_json()["reached"]
    counts = Counter({k.removeprefix(REFUSAL): v for k, v in reached.items() if k.startswith(REFUSAL)})
    assert counts["must_lead_opening_card"] > 0 and counts["wrong_phase"] > 0
