"""`heartspec replay LOG --as RULESET` and `--compare RULESET...`: the click side of heartspec.replay.rejudge."""

from __future__ import annotations

import json
import shlex
import sys
from typing import NoReturn

import click

# Exit statuses: every move stands under every ruleset named; some ruleset refuses a move; nothing could be judged.
STANDS, REFUSED, CANNOT_JUDGE = 0, 1, 2


def rejudge_log(log: str, catalog, as_ruleset: str | None, as_variants: tuple[str, ...],
                compared: tuple[str, ...], compare: bool, output_format: str = "text") -> int:
    """Judge LOG under other rulesets and print the verdict (text, or JSON per schemas/rejudge.schema.json).

    Returns STANDS or REFUSED. A log or ruleset that cannot be judged is one line on stderr and exit
    CANNOT_JUDGE, whatever the format, as `simulate`, `fuzz` and `conform` report a run that cannot start:
    standard output then stays empty, so a JSON reader never gets half a document.
    """
    from heartspec.replay.rejudge import UnjudgeableLog, print_as, print_compare, rejudge_lines, verdict_json
    from heartspec.replay.log import log_lines

    tables = tables_named(catalog, as_ruleset, as_variants, compared, compare)
    source = "<stdin>" if log == "-" else log
    try:
        stream = sys.stdin.buffer if log == "-" else open(log, "rb")
    except OSError as err:
        _cannot_judge(f"cannot read {log}: {err.strerror}")
    try:
        with stream:
            logged, others = rejudge_lines(log_lines(stream), tables, catalog)
    except UnjudgeableLog as err:
        where = source if err.line is None else f"{source}:{err.line}"
        hint = "" if err.line is None or err.code == "unreadable_log" else \
            f" (the log does not replay under its own ruleset; `heartspec replay {shlex.quote(log)}` shows the position)"
        _cannot_judge(f"{where}: {err.code}: {err.message}{hint}")
    if output_format == "json":
        json.dump(verdict_json(logged, others, source), sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    elif as_ruleset:
        print_as(logged, others[0], source, sys.stdout)
    else:
        print_compare(logged, others, source, sys.stdout)
    return STANDS if all(judged.stands for judged in others) else REFUSED


def tables_named(catalog, as_ruleset: str | None, as_variants: tuple[str, ...], compared: tuple[str, ...],
                 compare: bool) -> list[tuple[str, str, tuple[str, ...]]]:
    """(label, ruleset, variants) of each ruleset --as or --compare names; none when neither is given."""
    from heartspec.rules.tables import TableNameError
    from heartspec.simulate.runner import SimulationError, parse_table

    if as_ruleset and (compare or compared):
        raise click.UsageError("give --as RULESET or --compare RULESET..., not both")
    if compared and not compare:
        raise click.UsageError(f"unexpected {' '.join(compared)}: to judge under several rulesets, use --compare")
    if as_variants and not as_ruleset:
        raise click.UsageError("-v names a variant of the --as ruleset")
    if compare and not compared:
        raise click.UsageError("--compare needs the rulesets to compare, e.g. --compare fi no dk se")
    try:
        tables = [_as_table(as_ruleset, as_variants)] if as_ruleset \
            else [(t.label, t.ruleset, t.variants) for t in map(parse_table, compared)]
    except (SimulationError, TableNameError) as err:
        raise click.UsageError(str(err)) from None
    unknown = [ruleset for _, ruleset, _ in tables if ruleset not in catalog.ruleset_ids()]
    if unknown:
        _cannot_judge(f"unknown ruleset {unknown[0]!r} (known: {', '.join(catalog.ruleset_ids())})")
    return tables


def _as_table(as_ruleset: str, as_variants: tuple[str, ...]) -> tuple[str, str, tuple[str, ...]]:
    """--as RULESET[+VARIANT...] with any -v after it: (label, ruleset, variants)."""
    from heartspec.rules.tables import with_variants

    ruleset, variants = with_variants(as_ruleset, as_variants)
    return "+".join((ruleset, *variants)), ruleset, variants


def _cannot_judge(message: str) -> NoReturn:
    click.echo(f"heartspec replay: {message}", err=True)
    sys.exit(CANNOT_JUDGE)
