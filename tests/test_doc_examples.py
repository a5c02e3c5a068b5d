"""The examples in README.md and docs/*.md are run and must still print what they show.

When one fails, the message shows the command, the exit status, and a diff of the
output the page shows against what the command prints now. If the change is meant,
`python tests/doc_examples.py --update` rewrites the page from a real run, keeping its
elisions, for review as a diff.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import doc_examples as examples  # noqa: E402

DOCUMENTS = examples.documents()
PARSE_ONLY = [(block, command) for path in DOCUMENTS for block in examples.read_blocks(path)
              if block.mode == "parse-only" for command in block.commands
              if examples.heartspec_arguments(command.text) is not None]
RUNNABLE = [path for path in DOCUMENTS if any(block.mode != "parse-only" for block in examples.read_blocks(path))]


# ---- the checker itself --------------------------------------------------------------------

def test_a_line_of_dots_stands_for_any_number_of_lines():
    assert examples.matches(["a", "...", "z"], ["a", "z"])
    assert examples.matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert examples.matches(["  ...", "z"], ["x", "z"])
    assert not examples.matches(["a", "...", "z"], ["a", "b"])


def test_dots_inside_a_line_stand_for_any_text_on_that_line_only():
    assert examples.matches(["813 passed in ...s"], ["813 passed in 12.84s"])
    assert not examples.matches(["813 passed in ...s"], ["812 passed in 12.84s"])
    assert not examples.matches(["a ... z"], ["a b", "c z"])


def test_every_other_line_must_match_exactly_but_for_trailing_blanks():
    assert examples.matches(["total   813"], ["total   813   "])
    assert not examples.matches(["total 813"], ["total  813"])
    assert not examples.matches(["a"], ["a", "extra"])


def test_refreshing_keeps_the_lines_that_still_match_and_the_elisions():
    shown = ["header", "...", "rows differ: 6", "  ...", "footer"]
    printed = ["header", "x", "y", "rows differ: 7", "p", "q", "footer"]
    assert examples.refreshed(shown, printed) == ["header", "...", "rows differ: 7", "  ...", "footer"]
    assert examples.matches(examples.refreshed(shown, printed), printed)


def test_refreshing_keeps_an_inline_elision_that_still_matches():
    assert examples.refreshed(["done in ...s", "old"], ["done in 3.2s", "new"]) == ["done in ...s", "new"]


def test_refreshing_keeps_as_many_lines_around_an_elision_as_the_page_showed():
    shown = ["error: old", "position:", "...", "last"]
    printed = ["error: new", "position: deal 1", "1", "2", "3", "end"]
    assert examples.refreshed(shown, printed) == ["error: new", "position: deal 1", "...", "end"]


def test_a_block_reads_commands_continuations_exit_status_and_directives(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("text\n\n<!-- example: stdin -->\n```console\n$ heartspec engine \\\n    --strict\n"
                    '{"id":1,"cmd":"hello"}\n{"id":1,"ok":true}\n[exit status 1]\n```\n\n'
                    "```console\n$ echo not ours\nnot ours\n```\n", encoding="utf-8")
    [block] = examples.read_blocks(page)
    assert block.mode == "stdin" and block.line == 4
    [command] = block.commands
    assert command.text == "heartspec engine  --strict" and command.line == 5
    assert command.stdin == '{"id":1,"cmd":"hello"}\n'
    assert command.expected == ['{"id":1,"ok":true}'] and command.exit_status == 1


def test_a_sh_block_is_checked_for_parsing_only(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```sh\npip install -e . && heartspec rules fi   # a comment\n```\n", encoding="utf-8")
    [block] = examples.read_blocks(page)
    assert block.mode == "parse-only"
    assert [c.text for c in block.commands if examples.heartspec_arguments(c.text)] == ["heartspec rules fi"]


def test_a_command_line_that_no_longer_parses_is_caught():
    assert examples.parse_error("heartspec rules fi --players 4") is None
    assert examples.parse_error("heartspec simulate fi no --players 4 --games 10 > out.txt") is None
    assert "no-such-flag" in examples.parse_error("heartspec rules fi --no-such-flag")
    assert "nonsense" in examples.parse_error("heartspec nonsense")


def test_a_stale_example_fails_and_update_rewrites_it_from_a_real_run(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```console\n$ heartspec rules\n...\nfi-classic: a stale line\n...\n```\n", encoding="utf-8")
    assert examples.main([str(page)]) == 1
    assert examples.main([str(page), "--update"]) == 0
    rewritten = page.read_text(encoding="utf-8")
    assert "a stale line" not in rewritten and rewritten.count("...") >= 1
    assert examples.main([str(page)]) == 0


def test_a_wrong_exit_status_fails_the_example(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```console\n$ heartspec rules nosuchruleset\n...\n```\n", encoding="utf-8")
    assert examples.main([str(page)]) == 1
    examples.main([str(page), "--update"])
    assert re.search(r"^\[exit status [12]\]$", page.read_text(encoding="utf-8"), re.MULTILINE)
    assert examples.main([str(page)]) == 0


# ---- the project's own pages ---------------------------------------------------------------

@pytest.mark.heavy
@pytest.mark.parametrize("path", RUNNABLE, ids=lambda path: str(path.relative_to(examples.ROOT)))
def test_every_example_prints_what_the_page_shows(path):
    outcomes = examples.run_document(path)
    stale = [outcome.report() for block_outcomes in outcomes.values() for outcome in block_outcomes
             if not outcome.holds]
    assert not stale, (f"{len(stale)} example(s) in {path.name} no longer print what the page shows "
                       "(`python tests/doc_examples.py --update` rewrites them from a real run):\n\n"
                       + "\n\n".join(stale))


@pytest.mark.parametrize("block,command", PARSE_ONLY,
                         ids=[f"{block.name}:{command.line}" for block, command in PARSE_ONLY])
def test_every_example_that_is_not_run_still_parses(block, command):
    assert examples.parse_error(command.text) is None, (
        f"{block.name}: `{command.text}` no longer parses: {examples.parse_error(command.text)}")


def test_a_rewrite_elides_timings_and_rates():
    assert examples.elide_volatile("813 passed in 12.84s") == "813 passed in ...s"
    assert examples.elide_volatile("196,204 steps compared in 30.1s (6,526/s)") == "196,204 steps compared in ...s (.../s)"
    assert examples.elide_volatile("hands per second:       1305.7") == "hands per second:       ..."
    assert examples.elide_volatile("trick 11 in 4 players") == "trick 11 in 4 players"
