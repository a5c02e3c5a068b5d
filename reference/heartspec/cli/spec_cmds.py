"""`heartspec validate`: check ruleset and variant files, every problem as `file:line: path: message`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from heartspec.cli.common import CommandError, spec_option


@click.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@spec_option
def validate_command(paths: tuple[Path, ...], spec_dir: Path | None) -> None:
    """Validate ruleset and variant files or spec folders (default: the shipped spec, or --spec).

    A single file is checked together with the rulesets and variants of the
    spec it refers to (--spec, else the shipped spec). Exit status 1 when
    anything is wrong.
    """
    from heartspec.paths import data_dir
    from heartspec.rules import validate_paths

    targets = list(paths) or [spec_dir or data_dir("spec")]
    missing = [str(path) for path in targets if not path.exists()]
    if missing:
        raise CommandError(f"no such file or folder: {', '.join(missing)}")
    try:
        problems, counts = validate_paths(targets, spec_dir)
    except Exception as err:  # a user's file must never produce a traceback
        raise CommandError(f"could not validate: {type(err).__name__}: {err}") from None
    if problems:
        for problem in problems:
            click.echo(str(problem), err=True)
        click.echo(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found", err=True)
        sys.exit(1)
    click.echo(f"ok: {_plural(counts.get('ruleset', 0), 'ruleset')}, {_plural(counts.get('variant', 0), 'variant')}")


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


COMMANDS: list = [validate_command]
