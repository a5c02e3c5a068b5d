"""The `heartspec` command: a thin click layer over the library.

Each group of commands lives in its own module, owned by the concern it fronts.
"""

import click

from heartspec import __version__
from heartspec.cli import (compat_cmds, conform_cmds, engine_cmds, fuzz_cmds, render_cmds, scaffold_cmds, sim_cmds,
                           spec_cmds)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="heartspec")
def main() -> None:
    """Hearts as the Nordic guides describe it: rules, reference engine, conformance suite."""


for module in (spec_cmds, render_cmds, engine_cmds, sim_cmds, conform_cmds, fuzz_cmds, compat_cmds, scaffold_cmds):
    for command in module.COMMANDS:
        main.add_command(command)
