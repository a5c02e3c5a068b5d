"""`heartspec fuzz`: differential testing of any engine against the reference engine, over the protocol.

    setups.py   which games: every ruleset, table size, variant and pair the engine claims
    deals.py    explicit deals and starting positions, rare cells built on purpose
    probes.py   one request per refusal kind (error code) a position has
    plan.py     one game planned by the in-process reference: moves, queries, probes
    lockstep.py both engines as subprocesses, batched, responses compared
    compare.py  the fields the protocol fixes, and the first that differs
    judge.py    the rule that judges a disputed step, cited as the rulebook prints it
    shrink.py   smaller reproductions, written as move logs `heartspec replay --engine` stops on
    report.py   grouping by signature, known differences, text, JSON and JUnit
    run.py      the loop: seeds, game numbers, crashes and hangs
"""

from __future__ import annotations

from typing import Callable

from heartspec.fuzz.report import FuzzReport, read_known_differences
from heartspec.fuzz.run import FuzzError, FuzzOptions, run_fuzz, save_reproductions

__all__ = ["FuzzError", "FuzzOptions", "FuzzReport", "fuzz_and_report", "run_fuzz"]


def fuzz_and_report(options: FuzzOptions, echo: Callable[[str], None], known_differences: str | None = None,
                    report_json: str | None = None, junitxml: str | None = None) -> int:
    """Run, print the report, write the files asked for; 0 when nothing new differed and no known one was missed.

    Every file is checked before the first game: a path that cannot be written costs no run."""
    from heartspec.outputs import OutputError, check_output, check_output_folder

    try:
        options.known = read_known_differences(known_differences)
        for path, what in ((report_json, "fuzz report"), (junitxml, "JUnit report")):
            if path:
                check_output(path, what)
        if options.save_dir:
            check_output_folder(options.save_dir, "--save folder")
    except (ValueError, OutputError) as err:
        raise FuzzError(str(err)) from None
    report = run_fuzz(options, progress=lambda line: echo(f"  difference in {line}"))
    try:
        if options.save_dir and report.groups():
            save_reproductions(report, options.save_dir)
        echo(report.text().rstrip("\n"))
        if report_json:
            report.write_json(report_json)
        if junitxml:
            report.write_junit(junitxml)
    except OutputError as err:
        raise FuzzError(str(err)) from None
    if not report.ok:
        return 1
    if report.interrupted:  # nothing differed in what ran, but not everything asked for ran
        raise FuzzError(f"interrupted after {report.games} games; the run did not finish")
    return 0
