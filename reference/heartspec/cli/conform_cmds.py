"""Commands of the conformance suite: `conform` (check an engine) and `coverage` (the scenario matrix)."""

from __future__ import annotations

import sys

import click

from heartspec.cli.common import CommandError, Seconds, check_filter_ids, engine_words

DEFAULT_MAX_SECONDS = 1800.0


@click.command("conform")
@click.option("--engine", default=None, metavar="CMD", callback=engine_words,
              help="Engine command to check (a shell-style string). Default: the bundled reference engine.")
@click.option("--ruleset", "rulesets", multiple=True, metavar="ID", help="Only scenarios of this ruleset (repeatable).")
@click.option("--tier", "tiers", multiple=True, type=click.Choice(["rules", "protocol", "hardening"]),
              help="Only scenarios of this tier (repeatable): rules (the game), protocol (commands, responses, events, "
                   "refusals), hardening (strict JSON and framing edge cases). Each tier is reported apart.")
@click.option("--id", "ids", multiple=True, metavar="ID",
              help="Only this scenario, an id as the summary and -v print it (end-006[fi-4p-2]); a bare id "
                   "(end-006) takes all its rows (repeatable).")
@click.option("-k", "keyword", default=None, metavar="EXPR", help="Only scenarios whose stable id or name matches (pytest -k); an id copied from the summary works.")
@click.option("--tags", default=None, metavar="EXPR",
              help='Only scenarios whose tags match, e.g. "players:4 and not ruleset:dk" (pytest -m).')
@click.option("--timeout", type=Seconds(), default=5.0, show_default=True,
              help="Seconds to wait for each engine response.")
@click.option("--startup-timeout", type=Seconds(), default=30.0, show_default=True,
              help="Seconds a freshly started engine has for its first answer (start-up included).")
@click.option("--max-seconds", type=Seconds(), default=DEFAULT_MAX_SECONDS, show_default=True,
              help="Seconds the whole run may take; then the engine is killed, the run stops and fails.")
@click.option("--expected-failures", type=click.Path(dir_okay=False), default=None,
              help="File of scenario ids expected to fail, one per line, optional '# reason'.")
@click.option("--report-json", type=click.Path(), default=None,
              help="Write every scenario's outcome, and failure details, as JSON.")
@click.option("--junitxml", type=click.Path(), default=None, help="Write a JUnit XML report.")
@click.option("--save", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="Write each failing scenario's move log, transcript and replay command into DIR (made if missing), "
                   "with an index saying which logs reproduce their failure.")
@click.option("-v", "--verbose", is_flag=True, help="One line per scenario, named by its stable id.")
@click.option("--fuzz", type=Seconds(), default=None, metavar="SECONDS",
              help="After the scenarios, play the engine against the reference engine this long (heartspec fuzz).")
@click.option("--fuzz-known-differences", type=click.Path(dir_okay=False), default=None,
              help="Signatures the fuzz pass accepts, 'command field rule  # reason' per line.")
def conform_command(engine, rulesets, tiers, ids, keyword, tags, timeout, startup_timeout, max_seconds, expected_failures,
                    report_json, junitxml, save, verbose, fuzz, fuzz_known_differences) -> None:
    """Check an engine against the conformance scenarios over the protocol.

    Exit status: 0 when every scenario run held, 1 when one failed unexpectedly, 2 when the run could not check
    anything (the engine does not start, a filter names an unknown ruleset or scenario or matches nothing, or
    every scenario selected was skipped because the engine claims none of them).
    """
    from heartspec.conformance.runner import ConformOptions, RunnerError, run

    check_filter_ids(rulesets=list(rulesets))
    options = ConformOptions(engine=engine, rulesets=list(rulesets), tiers=list(tiers), ids=list(ids), keyword=keyword, tags=tags,
                             timeout=timeout, startup_timeout=startup_timeout,
                             max_seconds=max_seconds, expected_failures=expected_failures, report_json=report_json, junitxml=junitxml, save=save,
                             verbose=verbose, fuzz=fuzz, fuzz_known_differences=fuzz_known_differences)
    try:
        sys.exit(run(options))
    except RunnerError as err:
        raise CommandError(str(err)) from None


@click.command("coverage")
@click.option("--format", "output_format", type=click.Choice(["text", "markdown"]), default="text", show_default=True)
@click.option("--check", "check_file", type=click.Path(dir_okay=False), default=None,
              help="Exit 1 if this committed markdown copy (features/COVERAGE.md) is stale.")
@click.option("--wide", is_flag=True, help="Text: one table with a column per ruleset and player count (about 330 columns).")
@click.option("--clauses", is_flag=True, help="Text: list each protocol clause with the scenarios that cite it.")
def coverage_command(output_format: str, check_file: str | None, wide: bool, clauses: bool) -> None:
    """The scenario matrix: rule area x ruleset x player count, with the number of scenarios in each cell."""
    from heartspec.conformance.coverage import CoverageError, render_markdown, render_text, scan_features

    try:
        matrix = scan_features()
    except CoverageError as err:
        raise CommandError(str(err)) from None
    if check_file:
        from pathlib import Path

        from heartspec.inputs import read_text_file
        from heartspec.limits import MAX_COVERAGE_FILE_BYTES

        path = Path(check_file)
        try:
            current = read_text_file(path, MAX_COVERAGE_FILE_BYTES, "MAX_COVERAGE_FILE_BYTES",
                                     "coverage file") if path.exists() else ""
        except ValueError as err:
            raise CommandError(str(err)) from None
        if current != render_markdown(matrix):
            click.echo(f"{check_file} is stale: regenerate it with `heartspec coverage --format markdown > {check_file}`",
                       err=True)
            sys.exit(1)
        click.echo(f"{check_file} is up to date")
        return
    click.echo(render_markdown(matrix) if output_format == "markdown" else render_text(matrix, wide, clauses), nl=False)


COMMANDS = [conform_command, coverage_command]
