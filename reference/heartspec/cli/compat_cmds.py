"""`heartspec compat`: every engine against every ruleset, as a static report site."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from heartspec.cli.common import CommandError, Seconds


@click.command("compat")
@click.option("--engine", "engines", multiple=True, metavar="LABEL=CMD",
              help="An engine to check, named LABEL on the site (repeatable). Default: the reference engine and "
                   "every shipped adapter whose library is installed.")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=Path("compat-report"),
              show_default=True, help="Folder of the site; the saved reports go in its reports/ folder.")
@click.option("--from", "from_dir", type=click.Path(file_okay=False, exists=True, path_type=Path), default=None,
              metavar="DIR", help="Rebuild the site from the reports saved in DIR (by an earlier run) without "
                                  "running anything; written to --out when given, else to DIR itself.")
@click.option("--games-per-setup", type=click.IntRange(min=1), default=None, metavar="N",
              help="Fuzz exactly N games of each set-up an engine claims, instead of the cell budget.")
@click.option("--cell-goal", type=click.IntRange(min=1), default=3, show_default=True, metavar="K",
              help="Fuzz each set-up an engine claims until every rare cell it can reach was reached K times, "
                   "or its --setup-games or --setup-steps run out (heartspec fuzz --cell-goal).")
@click.option("--setup-games", type=click.IntRange(min=1), default=40, show_default=True, metavar="N",
              help="The most fuzz games one set-up gets.")
@click.option("--setup-steps", type=click.IntRange(min=1), default=20_000, show_default=True, metavar="N",
              help="The most requests one set-up's fuzz games may hold.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the fuzz pass.")
@click.option("--jobs", type=click.IntRange(min=1), default=2, show_default=True,
              help="Engines checked at once (each check runs in its own processes).")
@click.option("--timeout", type=Seconds(), default=5.0, show_default=True,
              help="Seconds to wait for each engine response.")
@click.option("--max-seconds", type=Seconds(), default=1800.0, show_default=True,
              help="Seconds each engine's scenario run, and its fuzz run, may take.")
@click.pass_context
def compat_command(ctx, engines, out, from_dir, games_per_setup, cell_goal, setup_games, setup_steps, seed, jobs,
                   timeout, max_seconds) -> None:
    """Run the scenarios and a fuzz pass against each engine and build the report site in --out.

    Differences an engine shows are the report's content, not a failure of this command.
    Exit status: 0 the site was built and every engine ran scenarios; 1 the site was built but
    some engine ran none (it did not start, or claims nothing the suite has; its row says so);
    2 no site could be built (usage, unreadable reports, a folder that cannot be written, or no
    engine ran any scenario).
    """
    from heartspec.stopping import terminated_as_interrupt

    try:
        with terminated_as_interrupt():  # SIGTERM as Ctrl-C: each running check stops its engine, and is waited for
            status = _compat(ctx, engines, out, from_dir, seed, timeout, max_seconds,
                             dict(games_per_setup=games_per_setup, cell_goal=cell_goal, setup_games=setup_games,
                                  setup_steps=setup_steps, workers=jobs))
    except KeyboardInterrupt:
        raise CommandError("interrupted; the running checks were stopped and waited for, and no site was built") from None
    sys.exit(status)


def _compat(ctx, engines, out, from_dir, seed, timeout, max_seconds, budget: dict) -> int:
    from heartspec.compat import build
    from heartspec.compat.engines import EngineChoiceError, chosen_engines, default_engines
    from heartspec.compat.run import CompatError, RunSettings, run_all

    try:
        if from_dir is not None:
            if engines:
                raise CompatError("--from rebuilds saved reports: it runs no engine, so it takes no --engine")
            status = build.build_site(from_dir, out if _given(ctx, "out") else from_dir, click.echo)
        else:
            skipped: list = []
            chosen = chosen_engines(list(engines)) if engines else None
            if chosen is None:
                chosen, skipped = default_engines()
                for label, reason in skipped:
                    click.echo(f"skipping {label}: {reason}")
            build.check_out(out)
            settings = RunSettings(seed=seed, timeout=timeout, max_seconds=max_seconds, skipped_engines=skipped,
                                   **budget)
            run_all(chosen, out, settings, click.echo)
            status = build.build_site(out, out, click.echo)
    except (EngineChoiceError, CompatError) as err:
        raise CommandError(str(err)) from None
    return status


def _given(ctx, name: str) -> bool:
    return ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT


COMMANDS = [compat_command]
