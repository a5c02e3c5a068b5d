"""Every freedom spec/protocol.md gives an engine is data (heartspec.protocol.allowances), and an engine taking it
passes the suite and fuzzes clean; without the data, the fuzzer would call it a difference."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from heartspec.fuzz import FuzzOptions, run_fuzz
from heartspec.protocol import allowances

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from allowance_engine import ALTERNATIVES  # noqa: E402

ENGINE = f"{sys.executable} {ROOT / 'tests' / 'allowance_engine.py'}"
PROTOCOL = "area:protocol_errors or area:protocol_refusals or area:protocol_state or area:protocol_events " \
           "or area:protocol_framing or area:protocol_cards"
# the scenarios where each freedom shows: the responses it changes
SCENARIOS = {
    "refuse-seed": PROTOCOL + " or area:dealing_and_decks",
    "extra-fields": None,  # every response changes: the whole suite
    "own-messages": PROTOCOL,
    "key-order": PROTOCOL + " or area:shooting_the_moon",
    "hand-order": PROTOCOL + " or area:passing or area:dealing_and_decks",
    "no-echo": PROTOCOL + " or area:game_end_and_ties",
    "own-hello": PROTOCOL + " or area:variants",
}
NEEDS_NO_DATA = {"key-order": "every comparison decodes the JSON before it looks at a key"}
FUZZ_GAMES = 30
TIMEOUT = 30.0
WORDS = re.compile(r"\bMAY\b|\beither\b|\boptional\b|\bmay\b")


def freedom_paragraphs() -> list[tuple[str, list[str], str]]:
    """(section, clause ids, text) of each paragraph of spec/protocol.md's sections 1-10 that says MAY, may,
    either or optional, outside examples."""
    text = (ROOT / "spec" / "protocol.md").read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    section, found = None, []
    for paragraph in re.split(r"\n\s*\n", text):
        heading = re.search(r"^#+ (\d+(?:\.\d+)?)[ .]", paragraph, flags=re.M)
        if heading:
            section = "§" + heading.group(1)
        if section and section != "§10" and WORDS.search(paragraph):
            found.append((section, re.findall(r"\[(P-[\w-]+)\]", paragraph), paragraph))
    return found


def test_every_may_either_and_optional_of_the_protocol_is_accounted_for():
    known = {a.clause for a in allowances.ALLOWANCES} | set(allowances.NOT_ENGINE_CHOICES)
    paragraphs = freedom_paragraphs()
    assert len(paragraphs) >= 12, "spec/protocol.md lost its MAY clauses, or this reader lost them"
    missing = [(section, ids, " ".join(text.split())[:160]) for section, ids, text in paragraphs
               if not known & {section, *ids}]
    assert missing == [], f"MAY, either or optional with no entry in heartspec.protocol.allowances: {missing}"
    clauses = set(re.findall(r"\[(P-[\w-]+)\]", (ROOT / "spec" / "protocol.md").read_text(encoding="utf-8")))
    cited = {key for key in known if key.startswith("P-")}
    assert cited <= clauses, f"allowances cite clauses spec/protocol.md does not define: {sorted(cited - clauses)}"


def test_the_test_engine_takes_every_allowance_and_nothing_else():
    assert set(ALTERNATIVES) == set(allowances.by_name())


def test_an_allowed_refusal_counts_as_agreeing_only_for_its_request():
    from heartspec.fuzz.compare import first_difference

    reference = {"id": 1, "ok": False, "error": {"code": "wrong_phase", "message": "no deal now"}}
    engine = {"id": 1, "ok": False, "error": {"code": "bad_request", "message": "no seeds here"}}
    assert first_difference("deal", reference, engine, '{"id":1,"cmd":"deal","seed":3}') is None
    assert first_difference("deal", reference, engine, {"id": 1, "cmd": "deal", "hands": []}) is not None
    assert first_difference("play", reference, engine, {"id": 1, "cmd": "play", "seat": 0, "card": "2C"}) is not None


@pytest.mark.heavy
@pytest.mark.parametrize("name", sorted(ALTERNATIVES))
def test_an_engine_taking_the_allowance_passes_the_suite(name):
    selection = ["--tags", SCENARIOS[name]] if SCENARIOS[name] else []
    done = subprocess.run([sys.executable, "-m", "heartspec", "conform", "--engine", f"{ENGINE} {name}",
                           "--timeout", str(TIMEOUT), *selection], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout.splitlines()[-1]


@pytest.mark.parametrize("name", sorted(ALTERNATIVES))
def test_an_engine_taking_the_allowance_fuzzes_clean_and_would_not_without_it(name, monkeypatch):
    options = dict(engine=f"{ENGINE} {name}", games=FUZZ_GAMES, seed=3, timeout=TIMEOUT, rulesets=["fi", "dk"])
    report = run_fuzz(FuzzOptions(**options))
    assert report.steps > 1000
    assert report.groups() == [], [g.signature for g in report.groups()]
    if name in NEEDS_NO_DATA:
        return
    monkeypatch.setattr(allowances, "ALLOWANCES", tuple(a for a in allowances.ALLOWANCES if a.name != name))
    without = run_fuzz(FuzzOptions(**options, stop_at_first=True))
    assert without.groups(), f"{name}: the fuzzer never met the freedom, so its test shows nothing"
