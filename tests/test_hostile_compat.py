"""`compat` facing hostile saved reports, hostile labels and a full disk (issue 28, classes 1-3).

Each command runs in its own capped process (tests/hostile_commands.py): the saved reports are untrusted
input, validated before anything is built; page names cannot leave --out; every value reaching a page
goes through the one escaper; links in reports/ are never followed; the site is written whole or not at all.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from heartspec.compat.site import site_files
from heartspec.compat.summary import build_summary, load_reports
from heartspec.output_folders import write_folder
from heartspec.outputs import OutputError
from heartspec.web_safe import distinct_slugs, html, page_slug
from hostile_commands import assert_one_line, files_in, run_capped

FIXTURE = Path(__file__).parent / "fixtures" / "compat" / "reports"


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def saved(tmp_path) -> Path:
    """A copy of the fixture run's reports in tmp_path/run/reports."""
    shutil.copytree(FIXTURE, tmp_path / "run" / "reports")
    return tmp_path / "run"


def edit(path: Path, change) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    document = change(document) or document
    path.write_text(json.dumps(document), encoding="utf-8")


def build(saved: Path, cwd: Path, *more: str, file_size: int | None = None):
    return run_capped(["compat", "--from", str(saved), "--out", str(cwd / "site"), *more], cwd=cwd, file_size=file_size)


def refused(done, *words: str) -> str:
    assert done.returncode == 2, done.stdout + done.stderr
    return assert_one_line(done.stderr, *words)


# --- report data is untrusted input ---------------------------------------------------------

def rename_label(saved: Path, new: str) -> None:
    reports = saved / "reports"
    edit(reports / "run.json", lambda run: run.update(engines=[new if l == "openspiel" else l for l in run["engines"]]))


@pytest.mark.parametrize("label", ["../../escaped", "a/b", "", "X" * 65, ".hidden", "UPPER"])
def test_a_label_that_is_no_page_name_is_refused_before_anything_is_read(saved, tmp_path, label):
    rename_label(saved, label)
    done = build(saved, tmp_path)
    refused(done, "run.json: /engines/", "does not match")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]   # nothing written, outside --out or in it


def test_a_scenario_id_that_is_no_page_name_is_refused(saved, tmp_path):
    edit(saved / "reports" / "scenarios.json", lambda c: c.update({"../../escaped": c["hearts-001"]}))
    refused(build(saved, tmp_path), "scenarios.json: /", "does not match")
    edit(saved / "reports" / "scenarios.json", lambda c: c.pop("../../escaped") and None)
    edit(saved / "reports" / "openspiel" / "conform.json",
         lambda r: r["scenarios"][0].update(id="../../../escaped[fi-4p]"))
    refused(build(saved, tmp_path), "openspiel/conform.json: /scenarios/0/id", "does not match")
    assert not (tmp_path / "site").exists() and not (tmp_path.parent / "escaped.html").exists()


@pytest.mark.parametrize("file, change, words", [
    ("run.json", lambda run: run.update(seed="<img src=x onerror=alert(1)>"), "run.json: /seed: "),
    ("run.json", lambda run: run.update(games_per_setup=["<b>"]), "run.json: /games_per_setup: "),
    ("openspiel/fuzz.json", lambda f: f.update(games="<script>"), "fuzz.json: /games: "),
    ("openspiel/fuzz.json", lambda f: f["differences"][0].update(count="<i>9</i>"), "fuzz.json: /differences/0/count"),
    ("openspiel/fuzz.json", lambda f: f["setups"].update(played="<b>1</b>"), "fuzz.json: /setups/played"),
    ("run.json", lambda run: [run], "run.json: /: "),
    ("run.json", lambda run: run.pop("rulesets") and None, '"rulesets" is a required property'),
    ("openspiel/conform.json", lambda r: r.update(scenarios=7), "conform.json: /scenarios: 7 is not of type"),
    ("openspiel/engine.json", lambda m: m.update(hello=[1, 2]), "engine.json: /hello: "),
    ("openspiel/engine.json", lambda m: m.update(label="reference"), "is not the folder's label"),
], ids=["seed markup", "games_per_setup", "fuzz games", "difference count", "setups played", "a list",
        "a missing key", "a number for a list", "hello a list", "another engine's label"])
def test_a_report_of_the_wrong_shape_is_one_line_and_builds_nothing(saved, tmp_path, file, change, words):
    edit(saved / "reports" / file, change)
    refused(build(saved, tmp_path), words, "it is not a compat run's report"
            if "label" not in words else "")
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, "nested deeper than 96 arrays/objects (MAX_REPORT_DEPTH)"),
    ('{"engines": NaN}', "NaN is not JSON"),
    ("\udcff", "is not UTF-8 text"),
], ids=["100k deep", "NaN", "not UTF-8"])
def test_an_unreadable_report_is_one_line(saved, tmp_path, text, words):
    (saved / "reports" / "run.json").write_bytes(text.encode("utf-8", "surrogateescape"))
    refused(build(saved, tmp_path), words)


def test_a_report_past_its_size_limit_is_refused_unread(saved, tmp_path):
    with open(saved / "reports" / "openspiel" / "conform.json", "ab") as stream:
        stream.truncate(65 << 20)   # sparse: no disk used
    refused(build(saved, tmp_path), "larger than 64 MiB (MAX_REPORT_BYTES)")


@pytest.mark.parametrize("where, target, words", [
    ("openspiel/conform.json", "/etc/passwd", "is a symbolic link"),
    ("openspiel/fuzz.json", "/dev/zero", "is a symbolic link"),
    ("openspiel", "/etc", "is not a folder of the reports (a link or a file)"),
], ids=["a file link", "a link to /dev/zero", "a folder link"])
def test_links_in_reports_are_refused_never_followed(saved, tmp_path, where, target, words):
    link = saved / "reports" / where
    shutil.rmtree(link) if link.is_dir() else link.unlink()
    link.symlink_to(target)
    refused(build(saved, tmp_path), words)
    assert not (tmp_path / "site").exists()


def test_a_reports_folder_that_is_a_link_is_refused(saved, tmp_path):
    shutil.move(saved / "reports", tmp_path / "elsewhere")
    (saved / "reports").symlink_to(tmp_path / "elsewhere")
    refused(build(saved, tmp_path), "reports is a symbolic link")


def test_a_device_in_reports_is_refused(saved, tmp_path):
    fifo = saved / "reports" / "openspiel" / "fuzz.json"
    fifo.unlink()
    os.mkfifo(fifo)
    refused(build(saved, tmp_path), "is not a regular file")


def test_only_the_reports_read_are_copied(saved, tmp_path):
    (saved / "reports" / "openspiel" / "secret.txt").write_text("not a report")
    (saved / "reports" / "stray").mkdir()
    done = build(saved, tmp_path)
    assert done.returncode == 1, done.stderr
    copied = sorted(name for name in tree(tmp_path / "site") if name.startswith("reports/"))
    assert copied == sorted(f"reports/{p.relative_to(FIXTURE)}" for p in FIXTURE.rglob("*.json"))


# --- collisions -------------------------------------------------------------------------------

@pytest.mark.parametrize("label", ["run.json", "scenarios.json"])
def test_a_label_naming_a_file_of_the_site_is_refused_before_any_engine_runs(tmp_path, label):
    done = run_capped(["compat", "--engine", f"{label}=heartspec engine", "--out", "site"], cwd=tmp_path)
    refused(done, f"engine label '{label}'", "choose another label")
    assert files_in(tmp_path) == []


def test_a_saved_label_naming_a_file_of_the_site_is_refused(saved, tmp_path):
    shutil.copytree(saved / "reports" / "openspiel", saved / "reports" / "run.json.d")
    rename_label(saved, "run.json")
    refused(build(saved, tmp_path), "'run.json' would be named 'run.json', as a name the site uses for its own files")


@given(st.text())
def test_any_text_gives_a_slug_that_is_a_plain_file_name(text):
    assert re.fullmatch(r"[a-z0-9][a-z0-9._-]{0,99}", page_slug(text))


@given(st.one_of(st.text(), st.integers(), st.floats(), st.none()))
def test_any_value_is_escaped_for_text_and_attributes(value):
    shown = html(value)
    assert not re.search(r"[<>\"'\x00-\x08\x0b-\x1f\u202a-\u202e\u2066-\u2069]", shown)


def test_slugs_never_leave_the_folder_and_clashes_are_found():
    for text in ["../../x", "..", ".", "/etc/passwd", "a\0b", "", "x" * 500, "\u202e", "CON"]:
        slug = page_slug(text)
        assert slug and "/" not in slug and slug not in (".", "..") and not slug.startswith(".") and len(slug) <= 100
    with pytest.raises(ValueError, match="would be named 'a-b'"):
        distinct_slugs(["a-b", "a/b"])
    assert len({page_slug("x" * 500), page_slug("x" * 501)}) == 2


# --- the one escaper ----------------------------------------------------------------------------

class HostileInt(int):
    """A number that prints as markup: any page that shows a number without the escaper gives it away."""

    def __str__(self) -> str:
        return "<b>1</b>"

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return "<b>1</b>"


def hostile_numbers(value):
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return HostileInt(value)
    if isinstance(value, dict):
        return {k: hostile_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [hostile_numbers(v) for v in value]
    return value


def test_every_number_reaches_a_page_through_the_escaper():
    loaded = load_reports(FIXTURE.parent)
    summary = hostile_numbers(build_summary(loaded))
    for name, text in site_files(summary, hostile_numbers(loaded)).items():
        if name.endswith((".html", ".svg")):
            assert "<b>1</b>" not in text, name


def test_the_escaper_escapes_everything_and_keeps_lines():
    assert html('<a href="x">\u202e\x1b[1m&\n') == "&lt;a href=&quot;x&quot;&gt;  [1m&amp;\n"
    assert html(None) == "" and html(7) == "7"


# --- one atomic writer for the whole site --------------------------------------------------------

def test_a_full_disk_leaves_the_previous_site_whole(saved, tmp_path):
    assert build(saved, tmp_path).returncode == 1
    before = tree(tmp_path / "site")
    edit(saved / "reports" / "run.json", lambda run: run.update(seed=7))
    done = build(saved, tmp_path, file_size=64 << 10)   # conform.json of the fixture is larger
    refused(done, "cannot write the site folder", "File too large")
    assert tree(tmp_path / "site") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run", "site"]   # no temporary folder


def test_a_full_disk_on_a_first_build_leaves_nothing(saved, tmp_path):
    refused(build(saved, tmp_path, file_size=64 << 10), "File too large")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]


def test_the_site_replaces_no_folder_holding_other_files(saved, tmp_path):
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "thesis.tex").write_text("mine")
    refused(build(saved, tmp_path), "it holds 'thesis.tex', which is not part of it")
    assert files_in(tmp_path / "site") == ["thesis.tex"]


def test_a_rebuilt_site_keeps_what_its_publisher_added(saved, tmp_path):
    assert build(saved, tmp_path).returncode == 1
    (tmp_path / "site" / ".nojekyll").write_text("")
    (tmp_path / "site" / "CNAME").write_text("compat.example.org\n")
    (tmp_path / "site" / "extra").mkdir()
    (tmp_path / "site" / "extra" / "link").symlink_to("/etc/passwd")
    assert build(saved, tmp_path).returncode == 1
    assert (tmp_path / "site" / "CNAME").read_text() == "compat.example.org\n"
    assert (tmp_path / "site" / ".nojekyll").exists()
    assert os.readlink(tmp_path / "site" / "extra" / "link") == "/etc/passwd"   # kept as a link, not followed


def test_building_in_place_swaps_the_site_whole(saved, tmp_path):
    assert run_capped(["compat", "--from", str(saved)], cwd=tmp_path).returncode == 1
    first = tree(saved)
    assert run_capped(["compat", "--from", str(saved)], cwd=tmp_path).returncode == 1
    assert tree(saved) == first and sorted(p.name for p in tmp_path.iterdir()) == ["run"]


@pytest.mark.parametrize("name", ["../x", "/abs", "a/../b", ""])
def test_the_folder_writer_takes_only_paths_inside(tmp_path, name):
    with pytest.raises(OutputError, match="is not a path inside it"):
        write_folder(tmp_path / "out", {name: "x"})
    assert files_in(tmp_path) == []


def test_the_folder_writer_refuses_a_path_both_file_and_folder(tmp_path):
    with pytest.raises(OutputError, match="reports/run.json would be both a file and a folder"):
        write_folder(tmp_path / "out", {"reports/run.json": "x", "reports/run.json/engine.json": "y"})


def test_an_interrupted_folder_write_leaves_the_old_folder(tmp_path, monkeypatch):
    write_folder(tmp_path / "out", {"a.html": "old", "b/c.svg": "old"})

    class Interrupted(dict):
        def items(self):
            yield "a.html", "new"
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_folder(tmp_path / "out", Interrupted({"a.html": "new", "b/c.svg": "new"}))
    assert tree(tmp_path / "out") == {"a.html": b"old", "b/c.svg": b"old"} and files_in(tmp_path) == ["out"]


def test_a_run_into_a_folder_of_other_files_is_refused_before_any_engine_runs(tmp_path):
    (tmp_path / "thesis.tex").write_text("mine")
    done = run_capped(["compat", "--engine", "mine=heartspec engine", "--out", "."], cwd=tmp_path)
    refused(done, "it holds files and is not a compat site")
    assert files_in(tmp_path) == ["thesis.tex"]


def test_two_pages_of_one_name_are_refused():
    from heartspec.compat.build import refuse_shared_names
    from heartspec.compat.run import CompatError

    summary = build_summary(load_reports(FIXTURE.parent))
    summary["scenarios"][1]["page"] = summary["scenarios"][0]["page"]
    with pytest.raises(CompatError, match="two pages would both be scenarios/"):
        refuse_shared_names(summary)


def test_an_engine_that_never_starts_is_one_safe_line(tmp_path):
    script = "import sys; sys.stderr.write('line1\\nline2\\n\\x1b[31mred\\u202e'); sys.exit(1)"
    done = run_capped(["compat", "--engine", f"x={sys.executable} -c \"{script}\"", "--out", "site"], cwd=tmp_path)
    message = refused(done, "no engine ran any scenario", "line1 line2")
    assert "\x1b" not in done.stdout + message and "\u202e" not in done.stdout + message
