"""What every command that reads rulesets shares: the --spec option and loading with clean errors."""

from __future__ import annotations

import sys
from pathlib import Path

import click

spec_option = click.option(
    "--spec",
    "spec_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="Use the rulesets and variants in this folder (with rulesets/ and variants/) instead of the shipped ones.",
)


def load_spec_or_exit(spec_dir: Path | None):
    """Load and validate a spec; print every problem as `file:line: path: message` and exit 1 on failure."""
    from heartspec.rules import SpecError, load_spec

    try:
        return load_spec(spec_dir)
    except SpecError as err:
        for problem in err.problems:
            click.echo(str(problem), err=True)
        sys.exit(1)
