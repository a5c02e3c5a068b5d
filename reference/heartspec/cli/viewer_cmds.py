"""`heartspec replay LOG --html FILE`: the click side of heartspec.replay.viewer."""

from __future__ import annotations

import click

from heartspec.cli.common import CommandError


def write_page(log: str, html: str, catalog, tables: list[tuple[str, str, tuple[str, ...]]], lang: str) -> int:
    """Write the viewer page; 0 when the whole log replays, 1 when it parts from its game (drawn up to there)."""
    from heartspec.i18n import UnknownLanguage, check_language
    from heartspec.outputs import OutputError, check_output
    from heartspec.replay.viewer import write_viewer

    try:
        check_language(lang)
        check_output(html, "viewer page")
    except (UnknownLanguage, OutputError) as err:
        raise CommandError(str(err)) from None
    if log == "-":
        raise click.UsageError("--html reads the log from a file, not from standard input")
    try:
        view = write_viewer(log, html, catalog, tables, lang)
    except OSError as err:
        raise CommandError(f"cannot read {log}: {err.strerror or err}") from None
    except OutputError as err:
        raise CommandError(str(err)) from None
    deals = len({(step["game"], step["deal"]) for step in view["steps"] if step["deal"]})
    compared = f", compared under {', '.join(view['tables'][1:])}" if len(view["tables"]) > 1 else ""
    click.echo(f"wrote {html}: {len(view['steps'])} steps, {deals} deal(s){compared}")
    if view["failure"]:
        click.echo(f"{log}:{view['failure']['line']}: {view['failure']['message']} (the page shows the game up to there)",
                   err=True)
        return 1
    return 0
