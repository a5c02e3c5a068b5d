"""The compat site: `--from` rebuilds it byte for byte, everything an engine says is escaped, exit codes,
the default engine table, and the two small changes compat needs from conform and fuzz."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.compat.engines import EngineChoiceError, KnownEngine, chosen_engines, default_engines
from heartspec.compat.run import RunSettings, run_all
from heartspec.compat.site import site_files
from heartspec.compat.summary import build_summary, load_reports

FIXTURE = Path(__file__).parent / "fixtures" / "compat"
ROOT = Path(__file__).parents[1]
MUTANT = f"{sys.executable} {ROOT / 'tests' / 'mutants' / 'mutant_engine.py'}"


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def copy_fixture(target: Path) -> Path:
    shutil.copytree(FIXTURE / "reports", target / "reports")
    return target


def test_from_rebuilds_the_site_byte_for_byte(tmp_path):
    first, second = copy_fixture(tmp_path / "a"), tmp_path / "b"
    runner = CliRunner()
    result = runner.invoke(main, ["compat", "--from", str(first)])
    assert result.exit_code == 1, result.output  # built; one fixture engine never started
    again = runner.invoke(main, ["compat", "--from", str(first), "--out", str(second)])
    assert again.exit_code == 1, again.output
    built = tree(first)
    assert built == tree(second)
    assert {"index.html", "compat.json", "style.css", "app.js", "engines/openspiel.html", "badges/reference.svg",
            "scenarios/hearts-001.html", "reports/run.json"} <= set(built)
    runner.invoke(main, ["compat", "--from", str(first)])  # building in place again changes nothing
    assert tree(first) == built


def test_the_site_holds_no_absolute_path_or_clock(tmp_path):
    copy_fixture(tmp_path)
    CliRunner().invoke(main, ["compat", "--from", str(tmp_path)])
    for name, data in tree(tmp_path).items():
        if name.startswith("reports/"):
            continue
        text = data.decode("utf-8")
        assert str(tmp_path) not in text and str(ROOT) not in text, name


def test_everything_an_engine_says_is_escaped(tmp_path):
    loaded = load_reports(FIXTURE)
    hostile = "<script>alert(1)</script>"
    entry = next(e for e in loaded["engines"] if e["manifest"]["label"] == "mutant-break")
    entry["manifest"]["hello"]["engine"]["name"] = hostile
    entry["manifest"]["notes"] = hostile
    failing = next(r for r in entry["conform"]["scenarios"] if r["outcome"] == "failed")
    failing["details"]["what"] = f"bad {hostile}"
    failing["details"]["exchanges"].append({"ok": True, "note": hostile})
    entry["fuzz"]["differences"][0]["smallest"]["log"].append(hostile)
    for name, text in site_files(build_summary(loaded), loaded).items():
        if name.endswith(".html"):
            assert hostile not in text, name
    engine_page = site_files(build_summary(loaded), loaded)["engines/mutant-break.html"]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in engine_page


def test_the_engine_page_shows_failures_with_transcript_move_log_and_fuzz_reproduction(tmp_path):
    loaded = load_reports(FIXTURE)
    page = site_files(build_summary(loaded), loaded)["engines/openspiel.html"]
    assert "openspiel-hearts-adapter" in page and "2.0.2" in page
    assert "OpenSpiel&#x27;s `hearts` behind heartspec protocol v1" in page  # the adapter's docstring
    assert 'id="hearts-001[fi-4p]"' in page and "rule difference" in page
    assert '<a href="openspiel/hearts-001-fi-4p-.html">Move log, transcript' in page
    assert "play events.hearts_broken hearts_break" in page and "Smallest: seed 0" in page
    row = site_files(build_summary(loaded), loaded)["engines/openspiel/hearts-001-fi-4p-.html"]
    assert "Transcript" in row and "Move log" in row and "heartspec replay FILE --engine CMD" in row
    assert "heartspec conform --engine" in row and "rule difference" in row and "<dt>tier</dt><dd>rules</dd>" in row


def test_an_engine_page_keeps_transcripts_and_move_logs_on_the_rows_own_pages():
    loaded = load_reports(FIXTURE)
    summary = build_summary(loaded)
    files = site_files(summary, loaded)
    for engine in summary["engines"]:
        page = files[engine["page"]]
        assert "Transcript (requests" not in page and '<pre class="log">{"cmd":"new_game"' not in page
        for failure in engine["failures"]:
            assert failure["id"] in page and f'engines/{engine["label"]}/' in "".join(
                name for name in files if name.endswith(".html")), failure["id"]
    crash_rows = [name for name in files if name.startswith("engines/mutant-crash/")]
    assert len(crash_rows) == len(next(e for e in summary["engines"] if e["label"] == "mutant-crash")["failures"])


def shown(html: str) -> str:
    """What a reader sees of a page: its text and the titles shown on hovering, not its markup."""
    import re

    titles = " ".join(re.findall(r'title="([^"]*)"', html))
    return re.sub(r"<[^>]+>", " ", html) + " " + titles


def test_a_users_engine_is_never_told_of_an_adapter_and_an_adapters_is():
    loaded = load_reports(FIXTURE)
    summary = build_summary(loaded)
    files = site_files(summary, loaded)
    user = [shown(text) for name, text in files.items() if name.startswith(("engines/mutant-break", "engines/mutant-crash"))]
    assert user and not any("adapter" in text.lower() for text in user)
    assert "no expected-failures file gives a cause" in files["engines/mutant-break.html"]
    crash = next(e for e in summary["engines"] if e["label"] == "mutant-crash")  # a user's engine failing nearly all
    assert "possible_broken_adapter" in crash["flags"] and not crash["adapter"]
    assert "broken adapter" not in files["engines/mutant-crash.html"] and "fails nearly everything" in files["index.html"]
    for part in files["index.html"].split(">mutant-crash</a>")[1:]:  # its row of the matrix, and its card
        assert "adapter" not in shown(part.split("</tr>")[0].split("engine-card")[0]).lower()
    assert "Adapter notes" in files["engines/openspiel.html"]
    assert "Adapter notes" not in files["engines/reference.html"]


def test_the_badge_shows_every_tier_and_takes_the_worst_tiers_colour():
    from heartspec.compat.badge import COLOURS, render_badge

    loaded = load_reports(FIXTURE)
    reference = next(e for e in build_summary(loaded)["engines"] if e["label"] == "reference")
    assert f'>{reference["tier_summary"]}</text>' in render_badge(reference)
    assert reference["tier_summary"].endswith(" · hardening 1/1")
    green, red = COLOURS[0][1], COLOURS[-1][1]
    assert f'fill="{green}"' in render_badge(reference)
    failing = {**reference, "tiers": {**reference["tiers"], "hardening": {**reference["tiers"]["hardening"], "passed": 0}}}
    assert f'fill="{red}"' in render_badge(failing)  # rules all pass, hardening none: the badge is red


def test_the_front_page_names_each_cause_once_per_engine():
    loaded = load_reports(FIXTURE)
    page = site_files(build_summary(loaded), loaded)["index.html"]
    section = page[page.index("Where each engine departs"):page.index("Scenario rows")]
    openspiel = section[section.index(">openspiel</a>"):]
    openspiel = openspiel[:openspiel.index("engine-card") if "engine-card" in openspiel else None]
    assert openspiel.count("breaks hearts with any heart played") == 1


def test_the_scenario_page_says_who_passes_fails_and_skips_and_why(tmp_path):
    loaded = load_reports(FIXTURE)
    pages = site_files(build_summary(loaded), loaded)
    page = pages["scenarios/hearts-001.html"]
    for label in ("reference", "openspiel", "mutant-break", "mutant-crash"):
        assert f">{label}</a>" in page
    assert "breaks hearts with any heart played" in page  # openspiel's failure, with the adapter's reason
    assert "engine does not claim 3 players for dk" in pages["scenarios/open-001.html"]  # a skip, with its reason


def test_from_a_folder_without_reports_exits_2_with_one_line(tmp_path):
    result = CliRunner().invoke(main, ["compat", "--from", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.strip().startswith("heartspec compat:") and len(result.output.strip().splitlines()) == 1


def test_a_run_in_which_no_engine_ran_anything_exits_2(tmp_path):
    run = tmp_path / "out"
    result = CliRunner().invoke(main, ["compat", "--engine", f"broken={MUTANT} no-such-mutation", "--out", str(run)])
    assert result.exit_code == 2, result.output
    assert "no engine ran any scenario" in result.output
    assert not (run / "index.html").exists()


@pytest.mark.parametrize("value, words", [("justacommand", "LABEL=CMD"), ("Bad Label=heartspec engine", "label"),
                                          ("x=", "LABEL=CMD"), ("x='unclosed", "cannot read")])
def test_a_bad_engine_option_is_a_one_line_error(tmp_path, value, words):
    result = CliRunner().invoke(main, ["compat", "--engine", value, "--out", str(tmp_path)])
    assert result.exit_code == 2 and words in result.output


def test_a_label_given_twice_is_refused():
    with pytest.raises(EngineChoiceError, match="twice"):
        chosen_engines(["a=heartspec engine", "a=heartspec engine"])


def test_the_default_table_skips_engines_that_are_not_installed_with_the_reason():
    table = (KnownEngine("reference", "heartspec.protocol.server", None, None),
             KnownEngine("ghost", "heartspec.adapters.no_such_adapter", "no_such_library", "ghost"),
             KnownEngine("unlinked", "heartspec.adapters.openspiel", "no_such_library", "unlinked"))
    engines, skipped = default_engines(table)
    assert [e.label for e in engines] == ["reference"]
    assert skipped == [("ghost", "module heartspec.adapters.no_such_adapter is not installed"),
                       ("unlinked", "module no_such_library is not installed (pip install 'heartspec[unlinked]')")]


def test_an_adapters_classification_files_come_with_it():
    pytest.importorskip("pyspiel")
    engines, _ = default_engines()
    openspiel = next(e for e in engines if e.label == "openspiel")
    assert Path(openspiel.files["expected_failures"]).name == "openspiel-expected-failures.txt"
    assert Path(openspiel.files["known_differences"]).name == "openspiel-known-differences.txt"


def test_a_small_real_run_saves_every_report_and_builds(tmp_path):
    engines = chosen_engines(["reference=heartspec engine", f"breaks={MUTANT} break-rule"])
    settings = RunSettings(games_per_setup=1, conform_filters=["--id", "hearts-001", "--id", "proto-frame-001"],
                           fuzz_filters=["--ruleset", "fi-classic"])
    run_all(engines, tmp_path, settings, lambda line: None)
    for label in ("reference", "breaks"):
        for name in ("engine.json", "conform.json", "fuzz.json"):
            assert (tmp_path / "reports" / label / name).exists(), (label, name)
    fuzz = json.loads((tmp_path / "reports" / "reference" / "fuzz.json").read_text(encoding="utf-8"))
    assert fuzz["games"] == fuzz["setups"]["available"]  # one game per set-up, as asked
    result = CliRunner().invoke(main, ["compat", "--from", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "compat.json").read_text(encoding="utf-8"))
    assert [e["label"] for e in summary["engines"]] == ["reference", "breaks"]
    assert summary["engines"][1]["totals"]["failed"] > 0


def test_the_conform_report_names_the_engines_fault(tmp_path):
    report = tmp_path / "conform.json"
    done = subprocess.run([sys.executable, "-m", "heartspec", "conform", "--engine", f"{MUTANT} crash-on-play",
                           "--id", "first-trick-001[fi-4p]", "--report-json", str(report)],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 1, done.stderr
    (row,) = json.loads(report.read_text(encoding="utf-8"))["scenarios"]
    assert row["outcome"] == "failed" and row["details"]["engine_fault"] == "crash"


def test_fuzz_takes_one_bound_only():
    result = CliRunner().invoke(main, ["fuzz", "--engine", "heartspec engine", "--games", "2", "--games-per-setup", "1"])
    assert result.exit_code == 2 and "give one of --seconds, --games and --games-per-setup" in result.output


def test_fuzz_games_per_setup_plays_that_many_games_for_each_setup(tmp_path):
    report = tmp_path / "fuzz.json"
    done = subprocess.run([sys.executable, "-m", "heartspec", "fuzz", "--engine", "heartspec engine", "--ruleset", "no",
                           "--players", "4", "--games-per-setup", "2", "--report-json", str(report)],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["games"] == 2 * data["setups"]["available"] and data["setups"]["available"] > 1


def test_the_published_report_is_what_its_saved_reports_build(tmp_path):
    published = ROOT / "docs" / "compat"
    if not (published / "reports" / "run.json").exists():
        pytest.skip("docs/compat/ has not been built (python docs/build_compat.py)")
    result = CliRunner().invoke(main, ["compat", "--from", str(published), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    rebuilt = {name: data for name, data in tree(tmp_path).items() if not name.startswith("reports/")}
    current = {name: data for name, data in tree(published).items() if not name.startswith("reports/")}
    stale = sorted(name for name in rebuilt.keys() | current.keys() if rebuilt.get(name) != current.get(name))
    assert not stale, f"docs/compat/ is stale, rebuild it with `python docs/build_compat.py --from`: {stale[:5]}"
    summary = json.loads((published / "compat.json").read_text(encoding="utf-8"))
    schema = json.loads((ROOT / "schemas" / "compat.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(summary, schema)
    assert all(not e["label"].startswith("mutant") for e in summary["engines"])  # only real engines are published


def readme_matrix(matrix_markdown: str) -> str:
    """docs/compat/matrix.md as the README shows it: its links made relative to the repository's top."""
    return matrix_markdown.strip().replace("](engines/", "](docs/compat/engines/")


def test_the_readme_shows_the_published_matrix():
    published = ROOT / "docs" / "compat" / "matrix.md"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start, end = "<!-- compat-matrix: docs/compat/matrix.md -->\n", "\n<!-- /compat-matrix -->"
    shown = readme[readme.index(start) + len(start):readme.index(end)]
    assert shown.strip() == readme_matrix(published.read_text(encoding="utf-8")), (
        "the README's compatibility matrix is not docs/compat/matrix.md: paste it again (links to docs/compat/)")
