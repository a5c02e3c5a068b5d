"""`heartspec replay LOG --as RULESET` and `--compare RULESET...`: the click side of heartspec.rejudge."""

from __future__ import annotations

import sys

import click


def rejudge_log(log: str, catalog, as_ruleset: str | None, as_variants: tuple[str, ...],
                compared: tuple[str, ...], compare: bool) -> int:
    """Judge LOG under other rulesets and print the verdict; 0 when every move stands everywhere, else 1."""
    from heartspec.rejudge import print_as, print_compare, rejudge_lines
    from heartspec.replay import LogError, log_lines
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
        tables = [(as_ruleset and "+".join((as_ruleset, *as_variants)), as_ruleset, as_variants)] if as_ruleset \
            else [(t.label, t.ruleset, t.variants) for t in map(parse_table, compared)]
    except SimulationError as err:
        raise click.UsageError(str(err)) from None
    unknown = [ruleset for _, ruleset, _ in tables if ruleset not in catalog.ruleset_ids()]
    if unknown:
        raise click.ClickException(f"unknown ruleset {unknown[0]!r} (known: {', '.join(catalog.ruleset_ids())})")
    source = "<stdin>" if log == "-" else log
    try:
        stream = sys.stdin.buffer if log == "-" else open(log, "rb")
    except OSError as err:
        raise click.ClickException(f"cannot read {log}: {err.strerror}") from None
    try:
        with stream:
            logged, others = rejudge_lines(log_lines(stream), tables, catalog)
    except LogError as err:
        raise click.ClickException(f"{source}:{err.line}: unreadable_log: {err.message}") from None
    if as_ruleset:
        print_as(logged, others[0], source, sys.stdout)
    else:
        print_compare(logged, others, source, sys.stdout)
    return 0 if all(judged.stands for judged in others) else 1
