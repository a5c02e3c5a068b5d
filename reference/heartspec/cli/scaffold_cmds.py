"""`heartspec new-engine`: start an engine of your own on an engine kit (heartspec.scaffold)."""

from __future__ import annotations

from pathlib import Path

import click

from heartspec.cli.common import CommandError, check_filter_ids


@click.command("new-engine")
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--lang", "language", type=click.Choice(["python", "javascript"]), required=True,
              help="The language of the engine, on heartspec's kit for it.")
@click.option("--ruleset", default="fi", show_default=True, metavar="ID", help="The ruleset the engine will claim.")
@click.option("--players", type=click.IntRange(2, 11), default=4, show_default=True,
              help="The table size the engine will claim.")
def new_engine_command(folder: Path, language: str, ruleset: str, players: int) -> None:
    """Write a starting engine into FOLDER: the engine on the kit (it answers hello and refuses what it does
    not play yet), a copy of the kit, and a README; then print the command that checks it."""
    from heartspec.cli.conform_cmds import conform_command
    from heartspec.scaffold import ScaffoldError, new_engine

    check_filter_ids(rulesets=[ruleset])
    _check_table(ruleset, players)
    saves = any(param.name == "save" for param in conform_command.params)
    try:
        made = new_engine(folder, language, ruleset, players, save=saves)
    except ScaffoldError as err:
        raise CommandError(str(err)) from None
    click.echo(f"wrote {', '.join(str(path) for path in made.files)}")
    click.echo("check it (the game scenarios are skipped until new_game starts a game; README.md says what next):")
    click.echo(f"  {made.conform_command}")


def _check_table(ruleset: str, players: int) -> None:
    """A claim of a table the ruleset is never played at would claim nothing: refuse it before writing."""
    from heartspec.rules import load_spec
    from heartspec.protocol.server import RulesCatalog

    sizes = RulesCatalog(spec=load_spec()).players_by_ruleset()[ruleset]
    if players not in sizes:
        raise CommandError(f"{ruleset} is not played by {players} players (allowed: {', '.join(map(str, sizes))})")


COMMANDS: list = [new_engine_command]
