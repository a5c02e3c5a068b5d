"""The example engines on the kits pass every scenario they claim, and each kit's envelope is load-bearing:
a mutant of it for each hardening clause fails hardening scenarios, and only those.

One whole conformance run per example engine, recorded (heartspec.conformance.recorded_run); each mutant is
judged by replaying that recording against it and running through pytest only the scenarios whose answers
differ (and the few that start engines of their own), as the mutant matrix of the reference is judged.

The hardening tier is the scenarios tagged `@tier:hardening` (heartspec.conformance.tiers): the line limit,
blank lines, ids, integers written as integers, NaN, numbers past a double, lone surrogates, nesting, bytes
that are not UTF-8 and text after a line's JSON object. Each mutant breaks one clause of strict JSON or
framing (HARDENING_CLAUSES).
"""

from __future__ import annotations

import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from heartspec import kit as python_kit
from heartspec.conformance.recorded_run import record, replay, run_suite
from heartspec.paths import data_dir

ROOT = Path(__file__).resolve().parents[1]
KITS = ROOT / "reference" / "kits"
PYTHON_EXAMPLE = KITS / "python" / "examples" / "fi4.py"
JS_KIT = KITS / "js" / "heartspec-kit.js"
JS_EXAMPLE = KITS / "js" / "examples" / "fi4.js"
NODE = shutil.which("node")

HARDENING_CLAUSES = {"P-framing-1", "P-framing-3", "P-framing-4", "P-envelope-4", "P-envelope-5", "P-envelope-7",
                     "P-envelope-10", "P-envelope-11", "P-envelope-12", "P-envelope-13", "P-envelope-14"}

# One mutant per hardening clause: (the clause, the text of the kit it replaces, what it puts there).
PYTHON_MUTANTS = {
    "line-limit": ("P-framing-4", "MAX_LINE_BYTES = 1 << 20", "MAX_LINE_BYTES = 1 << 22"),
    "blank-ascii-only": ("P-framing-3", "if not text.strip():", 'if not text.strip(" \\t\\r\\n"):'),
    "float-as-integer": ("P-envelope-7", "    return JsonFloat(value)\n",
                         "    return int(value) if value.is_integer() else JsonFloat(value)\n"),
    "id-past-2-53": ("P-envelope-5", "(is_int(rid) and abs(rid) <= MAX_SAFE_INTEGER)", "is_int(rid)"),
    "nan-accepted": ("P-envelope-11", "parse_constant=_no_constant", "parse_constant=float"),
    "huge-number": ("P-envelope-12", "if not math.isfinite(value):", "if False:"),
    "lone-surrogate": ("P-envelope-13", 'if "\\\\u" in text and _holds_lone_surrogate(value):', "if False:"),
    "nesting-unbounded": ("P-envelope-14", "if too_deep(text):", "if False:"),
    "utf8-lenient": ("P-envelope-10", 'text = line.decode("utf-8")', 'text = line.decode("utf-8", "replace")'),
    "trailing-data": ("P-envelope-10", "value = _DECODER.decode(text)",
                      'value = _DECODER.raw_decode(text.lstrip(" \\t\\r\\n"))[0]'),
}
JS_MUTANTS = {
    "line-limit": ("P-framing-4", "const MAX_LINE_BYTES = 1 << 20;", "const MAX_LINE_BYTES = 1 << 22;"),
    "blank-ascii-only": ("P-framing-3", r"const BLANK = /^[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;",
                         r"const BLANK = /^[ \t\r\n]*$/;"),
    "float-as-integer": ("P-envelope-7", "return new JsonFloat(float, literal);",
                         "return Number.isInteger(float) ? float : new JsonFloat(float, literal);"),
    "id-past-2-53": ("P-envelope-5", "return Number.isSafeInteger(integer) ? integer : BigInt(literal);", "return integer;"),
    "nan-accepted": ("P-envelope-11", "[['true', true], ['false', false], ['null', null]]",
                     "[['true', true], ['false', false], ['null', null], ['NaN', NaN], ['Infinity', Infinity]]"),
    "huge-number": ("P-envelope-12", "if (!Number.isFinite(float)) throw", "if (false) throw"),
    "lone-surrogate": ("P-envelope-13", "if (unit >= 0xdc00 && unit <= 0xdfff) throw new NotJson",
                       "if (unit >= 0xd800 && unit <= 0xdfff) return String.fromCharCode(unit); if (false) throw new NotJson"),
    "nesting-unbounded": ("P-envelope-14", "if (depth >= MAX_DEPTH) throw", "if (false) throw"),
    "utf8-lenient": ("P-envelope-10", "{ fatal: true, ignoreBOM: true }", "{ fatal: false, ignoreBOM: true }"),
    "trailing-data": ("P-envelope-10", "if (at < text.length) fail('extra data after the value');", ""),
}


def hardening_ids() -> set[str]:
    """The stable ids of the hardening tier, read from the feature files' `@tier:hardening` tags."""
    tagged = set()
    for feature in data_dir("features").glob("*.feature"):
        for line in feature.read_text(encoding="utf-8").splitlines():
            tags = set(re.findall(r"@(\S+)", line)) if line.strip().startswith("@") else set()
            if "tier:hardening" in tags:
                tagged |= {tag[3:] for tag in tags if tag.startswith("id:")}
    return tagged


def scenario_id(row_id: str) -> str:
    return row_id.split("[", 1)[0]


def outcomes(report: dict, outcome: str) -> set[str]:
    return {row["id"] for row in report["scenarios"] if row["outcome"] == outcome}


def python_engine(kit_folder: Path | None = None) -> str:
    """The Python example as a command; with `kit_folder`, on the heartspec.kit found there instead."""
    command = [sys.executable, str(PYTHON_EXAMPLE)]
    return shlex.join(["env", f"PYTHONPATH={kit_folder}", *command] if kit_folder else command)


def python_mutant(tmp: Path, old: str, new: str) -> str:
    package = tmp / "heartspec"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "kit.py").write_text(mutated(Path(python_kit.__file__).read_text(encoding="utf-8"), old, new))
    return python_engine(tmp)


def js_mutant(tmp: Path, old: str, new: str) -> str:
    (tmp / "examples").mkdir(parents=True)
    (tmp / "heartspec-kit.js").write_text(mutated(JS_KIT.read_text(encoding="utf-8"), old, new), encoding="utf-8")
    shutil.copy(JS_EXAMPLE, tmp / "examples" / "fi4.js")
    return shlex.join([NODE, str(tmp / "examples" / "fi4.js")])


def mutated(source: str, old: str, new: str) -> str:
    assert source.count(old) == 1, f"the mutant's target is no longer in the kit exactly once: {old!r}"
    return source.replace(old, new)


@pytest.fixture(scope="module")
def python_run(shared_results):
    return shared_results.get("kit-python-example-run", lambda: record(python_engine()))


@pytest.fixture(scope="module")
def js_run(shared_results):
    if NODE is None:
        pytest.skip("node is not installed")
    return shared_results.get("kit-js-example-run", lambda: record(shlex.join([NODE, str(JS_EXAMPLE)])))


def assert_passes_what_it_claims(run: dict) -> None:
    report = run["report"]
    failed = outcomes(report, "failed") | outcomes(report, "error")
    assert run["returncode"] == 0 and not failed, sorted(failed)
    passed = {scenario_id(row) for row in outcomes(report, "passed")}
    assert len(outcomes(report, "passed")) >= 250
    assert {"proto-frame-003", "proto-frame-010", "proto-frame-013", "moon-001", "first-trick-001"} <= passed
    assert hardening_ids() <= passed | {scenario_id(row) for row in outcomes(report, "skipped")}


@pytest.mark.heavy
def test_the_python_example_passes_every_scenario_it_claims(python_run):
    assert_passes_what_it_claims(python_run)


@pytest.mark.heavy
def test_the_javascript_example_passes_every_scenario_it_claims(js_run):
    assert_passes_what_it_claims(js_run)


# A mutant that answers a blank line puts every later answer of its engine one request behind, so the framing
# scenarios that share that engine after proto-frame-001 fail too (the session does not restart an engine whose
# answers carry the wrong ids): for it those are allowed beside the tier.
DESYNCS = {"blank-ascii-only": "proto-frame-"}


def mutant_report(engine: str, run: dict) -> list[dict]:
    """The mutant's rows: the example's where the mutant answered every line alike, else from a run of their own.

    recorded_run.suite_report would run the whole suite for these mutants, since the lines they answer otherwise
    are mostly malformed hellos; their plain hello is the example's, so the replay goes on past those lines."""
    outcome = replay(engine, run["recording"], hello_decides=False)
    assert not outcome.hello_differs, "the mutant's own hello differs from the example's"
    ran = {row["id"]: row for row in run_suite(engine, ids=outcome.to_run())["report"]["scenarios"]}
    return [ran.get(row["id"], row) for row in run["report"]["scenarios"]]


def assert_fails_hardening_only(engine: str, run: dict, name: str) -> None:
    rows = mutant_report(engine, run)
    failed = {scenario_id(row["id"]) for row in rows if row["outcome"] in ("failed", "error")}
    hardening = hardening_ids()
    assert failed & hardening, f"the mutant {name} failed no hardening scenario: the tier does not catch it"
    outside = {i for i in failed - hardening if not (name in DESYNCS and i.startswith(DESYNCS[name]))}
    assert not outside, f"the mutant {name} failed outside the hardening tier: {sorted(outside)}"


@pytest.mark.heavy
@pytest.mark.parametrize("name", sorted(PYTHON_MUTANTS))
def test_a_mutant_of_the_python_kit_fails_the_hardening_tier_only(name, python_run, tmp_path):
    clause, old, new = PYTHON_MUTANTS[name]
    assert_fails_hardening_only(python_mutant(tmp_path, old, new), python_run, name)


@pytest.mark.heavy
@pytest.mark.parametrize("name", sorted(JS_MUTANTS))
def test_a_mutant_of_the_javascript_kit_fails_the_hardening_tier_only(name, js_run, tmp_path):
    clause, old, new = JS_MUTANTS[name]
    assert_fails_hardening_only(js_mutant(tmp_path, old, new), js_run, name)


def test_every_mutated_text_is_in_its_kit_once():
    """Cheap guard, run without the heavy runs: a refactor of a kit names the mutant it orphans."""
    for source, mutants in ((Path(python_kit.__file__), PYTHON_MUTANTS), (JS_KIT, JS_MUTANTS)):
        text = source.read_text(encoding="utf-8")
        for name, (clause, old, _) in mutants.items():
            assert clause in HARDENING_CLAUSES and text.count(old) == 1, (source.name, name)


def test_the_hardening_tier_is_the_strict_json_and_framing_scenarios():
    ids = hardening_ids()
    assert {"proto-frame-003", "proto-frame-008", "proto-frame-010", "proto-frame-011", "proto-frame-013",
            "proto-frame-014", "proto-order-013"} <= ids
    assert not any(i.startswith(("moon-", "pass-", "first-trick-", "end-")) for i in ids)
