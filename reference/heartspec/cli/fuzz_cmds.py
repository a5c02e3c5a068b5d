"""`heartspec fuzz`: play an engine against the reference engine and report what differs."""

from __future__ import annotations

import sys

import click

from heartspec.cli.common import CommandError, Seconds, check_filter_ids, engine_words


@click.command("fuzz")
@click.option("--engine", required=True, metavar="CMD", callback=engine_words, help="Engine command to check (a shell-style string).")
@click.option("--seconds", type=Seconds(), default=None, help="Play for this long, the set-ups in turn.")
@click.option("--games", type=click.IntRange(min=1), default=None,
              help="Play exactly this many games, the set-ups in turn (reproducible); with --cell-goal, "
                   "--setup-games or --setup-steps, the most games the cell budget may play in all.")
@click.option("--games-per-setup", type=click.IntRange(min=1), default=None, metavar="N",
              help="Play N games for each set-up the engine claims (N x set-ups in all; reproducible).")
@click.option("--cell-goal", type=click.IntRange(min=1), default=None, metavar="K",
              help="The default budget: play each set-up until every rare cell it can reach (a void holding only "
                   "point cards on the first trick, a moon, a tie, the last deal of a limit...) has been reached K "
                   "times (default 3), or its --setup-games or --setup-steps run out. Reproducible.")
@click.option("--setup-games", type=click.IntRange(min=1), default=None, metavar="N",
              help="With the cell goal: the most games one set-up gets (default 40).")
@click.option("--setup-steps", type=click.IntRange(min=1), default=None, metavar="N",
              help="With the cell goal: the most requests one set-up's games may hold (default 20000).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the run: game g of seed s is always the same game.")
@click.option("--ruleset", "rulesets", multiple=True, metavar="ID", help="Only this ruleset (repeatable).")
@click.option("--players", "players", multiple=True, type=int, metavar="N", help="Only this table size (repeatable).")
@click.option("--variant", "variants", multiple=True, metavar="V",
              help="Only set-ups whose variants are all among these (repeatable).")
@click.option("--known-differences", type=click.Path(dir_okay=False), default=None,
              help="File of accepted signatures, `command field rule  # reason` per line.")
@click.option("--report-json", type=click.Path(), default=None,
              help="Write the run and every difference, with its reproduction, as JSON (schemas/fuzz-report.schema.json).")
@click.option("--junitxml", type=click.Path(), default=None, help="Write a JUnit XML report.")
@click.option("--save", "save_dir", type=click.Path(), default=None,
              help="Write each difference's smallest reproduction as a move log in this folder.")
@click.option("--probes", type=click.Choice(["all", "rules", "protocol", "none"]), default="all", show_default=True,
              help="Which refused requests the games send: the rule refusals (must_follow_suit...), the protocol "
                   "ones (wrong_phase, bad_request...), both, or none. A probe that differs is recorded and the game "
                   "goes on from the reference's position.")
@click.option("-x", "--exitfirst", is_flag=True, help="Stop at the first new difference.")
@click.option("--timeout", type=Seconds(), default=5.0, show_default=True,
              help="Seconds to wait for each engine response before calling the engine hung; also the "
                   "start-up limit unless --startup-timeout is given.")
@click.option("--startup-timeout", type=Seconds(), default=None,
              help="Seconds the engine has for its first answer after each start and restart (default: --timeout).")
def fuzz_command(engine, seconds, games, games_per_setup, cell_goal, setup_games, setup_steps, seed, rulesets, players, variants, known_differences, report_json,
                 junitxml, save_dir, probes, exitfirst, timeout, startup_timeout) -> None:
    """Play ENGINE and the reference engine in lockstep on the same games; group and shrink the differences.

    Exit status: 0 when nothing new differed, 1 otherwise, 2 when the run could not start.
    """
    from heartspec.fuzz import FuzzError, FuzzOptions, fuzz_and_report

    if sum(bound is not None for bound in (seconds, games, games_per_setup)) > 1:
        raise CommandError("give one of --seconds, --games and --games-per-setup, not both")
    cell_options = [name for name, value in (("--cell-goal", cell_goal), ("--setup-games", setup_games),
                                             ("--setup-steps", setup_steps)) if value is not None]
    if cell_options and (seconds is not None or games_per_setup is not None):
        raise CommandError(f"{cell_options[0]} sets the cell budget: not with --seconds or --games-per-setup")
    check_filter_ids(rulesets=list(rulesets), variants=list(variants))
    options = FuzzOptions(engine=engine, seconds=seconds, cell_goal=cell_goal, setup_games=setup_games,
                          setup_steps=setup_steps,
                          games=games, games_per_setup=games_per_setup, seed=seed, rulesets=list(rulesets), players=list(players),
                          variants=list(variants), timeout=timeout, startup_timeout=startup_timeout, save_dir=save_dir,
                          stop_at_first=exitfirst, probes=probes)
    try:
        status = fuzz_and_report(options, click.echo, known_differences, report_json, junitxml)
    except FuzzError as err:
        raise CommandError(str(err)) from None
    sys.exit(status)


COMMANDS = [fuzz_command]
