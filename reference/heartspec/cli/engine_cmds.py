"""Commands that run games: `engine` (serve the protocol), `replay` (re-drive a move log), `play` (self-play)."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

import click

from heartspec.cli.common import CommandError, Seconds, engine_words, in_words, load_spec_or_exit, ruleset_and_variants, spec_option
from heartspec.cli.common import parse_option_pairs as _parse_options


@click.command("engine")
@click.option("--core", "core", type=click.Choice(["pure", "compiled"]), default="pure", show_default=True,
              help="compiled: every step and rule judged by the optional compiled core (pip install ./accel); "
                   "rules it cannot play yet are played by the pure engine, said once on stderr.")
@spec_option
def engine_command(spec_dir: Path | None, core: str) -> None:
    """Serve protocol v1 (spec/protocol.md) on stdin/stdout until end of input or `quit`."""
    from heartspec.protocol.server import RulesCatalog, Server, serve_with

    games = _compiled_games() if core == "compiled" else {}
    catalog = RulesCatalog(spec=load_spec_or_exit(spec_dir))
    try:
        status = serve_with(Server(catalog=catalog, **games), sys.stdin.buffer, sys.stdout.buffer)
    except BrokenPipeError:
        # The client stopped reading: the session is over, and there is no one left to tell.
        _discard_stdout()
        status = 0
    except OSError as err:  # a full disk, say: the answers are lost, so the session cannot go on
        _discard_stdout()
        click.echo(f"heartspec engine: cannot write a response to standard output: {err.strerror or err}", err=True)
        status = 2
    except KeyboardInterrupt:
        status = 130
    sys.exit(status)


def _compiled_games() -> dict:
    """The Server's game factory and name for --core compiled; a one-line error without the extra."""
    from heartspec.engine import core_game
    from heartspec.engine.core import CoreUnavailable

    try:
        core_game.require()
    except CoreUnavailable as err:
        raise CommandError(str(err)) from None
    return {"game_factory": core_game.make_game, "engine_name": core_game.ENGINE_NAME}


def _discard_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's final flush of unwritable output raises nothing more."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


@click.command("replay")
@click.argument("log", type=str)
@click.argument("compared", nargs=-1, metavar="[RULESET[+VARIANT...]...]")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              help="text: the hand as a person reads it; json: the same as one JSON document "
                   "(with --as/--compare: the verdicts, schemas/rejudge.schema.json).")
@click.option("--as", "as_ruleset", default=None, metavar="RULESET",
              help="Re-judge the same deals and moves under this ruleset: its first refusal, or both scores.")
@click.option("-v", "--variant", "as_variants", multiple=True, help="A variant of the --as ruleset (repeatable).")
@click.option("--compare", is_flag=True, help="Re-judge under every RULESET named after LOG, as one table.")
@click.option("--engine", default=None, metavar="CMD", callback=engine_words,
              help="Drive this engine (a shell-style command) through the log's requests instead, and compare "
                   "each answer with the logged one, as fuzz compares.")
@click.option("--against-reference", is_flag=True,
              help="With --engine: compare each answer with the reference engine's too.")
@click.option("--timeout", type=Seconds(), default=5.0, show_default=True,
              help="With --engine: seconds to wait for each answer before calling the engine hung.")
@click.option("--html", "html", default=None, metavar="FILE",
              help="Write the log as one self-contained page that draws the table step by step (with --as or "
                   "--compare: each ruleset side by side).")
@click.option("--lang", default="en", show_default=True, metavar="LANG",
              help="With --html: rules and their sources in this language: en, fi, nb, da or sv.")
@spec_option
def replay_command(log: str, compared: tuple[str, ...], output_format: str, as_ruleset: str | None,
                   as_variants: tuple[str, ...], compare: bool, engine: str | None, against_reference: bool,
                   timeout: float, html: str | None, lang: str, spec_dir: Path | None) -> None:
    """Replay a move log (LOG, or - for stdin) and tell the hand; exit 1 at the first bad line.

    With --engine, drive that engine through the log instead: exit 0 when every answer agrees with the
    log (and with --against-reference, the reference's), 1 at the first that differs, shown with both
    answers, 2 when the log cannot be read or the engine cannot start.

    With --as or --compare, judge the same deals and moves under other rulesets instead (heartspec.replay.rejudge):
    exit 0 when every move stands under every ruleset named, 1 when one refuses a move, 2 when the log
    cannot be judged (unreadable, no game, or not replayable under its own ruleset) or a ruleset is unknown.

    With --html FILE, write the viewer page instead (heartspec.replay.viewer): exit 0 when the whole log
    replays, 1 when it parts from its game (the page shows the game up to there).
    """
    from heartspec.protocol.server import RulesCatalog
    from heartspec.replay.log import JsonSink, TextSink, log_lines, replay_lines

    if against_reference and not engine:
        raise click.UsageError("--against-reference compares an engine under test: give --engine too")
    catalog = RulesCatalog(spec=load_spec_or_exit(spec_dir))
    if engine:
        if as_ruleset or as_variants or compare or compared or output_format != "text" or html:
            raise click.UsageError("--engine replays the log as it is: not with --as, --compare, rulesets, --format "
                                   "or --html")
        sys.exit(_replay_through(log, engine, against_reference, timeout, catalog))
    if html:
        from heartspec.cli.rejudge_cmds import tables_named
        from heartspec.cli.viewer_cmds import write_page

        if output_format != "text":
            raise click.UsageError("--html writes a page: not with --format")
        sys.exit(write_page(log, html, catalog, tables_named(catalog, as_ruleset, as_variants, compared, compare), lang))
    if lang != "en":
        raise click.UsageError("--lang is for the --html page")
    if as_ruleset or as_variants or compare or compared:
        from heartspec.cli.rejudge_cmds import rejudge_log

        sys.exit(rejudge_log(log, catalog, as_ruleset, as_variants, compared, compare, output_format))
    source = "<stdin>" if log == "-" else log
    try:
        stream = sys.stdin.buffer if log == "-" else open(log, "rb")
    except OSError as err:
        raise CommandError(f"cannot read {log}: {err.strerror}") from None
    sink = JsonSink(sys.stdout, sys.stderr, source) if output_format == "json" else TextSink(sys.stdout, sys.stderr)
    try:
        with stream:
            result = replay_lines(log_lines(stream), source, catalog, sink)  # printed as it is read
        sys.stdout.flush()
    except BrokenPipeError:  # `replay LOG | head`: the reader has seen enough
        _discard_stdout()
        sys.exit(1)
    except OSError as err:  # reading is reported as the log's own failure, so this is writing
        _discard_stdout()
        raise CommandError(f"cannot write the replay to standard output: {err.strerror or err}") from None
    sys.exit(0 if result.ok else 1)


def _replay_through(log: str, engine: str, against_reference: bool, timeout: float, catalog) -> int:
    from heartspec.replay.against_engine import CannotReplay, print_engine_replay, replay_against_engine
    from heartspec.stopping import terminated_as_interrupt

    try:
        with terminated_as_interrupt():  # SIGTERM as Ctrl-C: the engine's process group is killed on the way out
            result = replay_against_engine(log, engine, against_reference, timeout, catalog)
    except CannotReplay as err:
        click.echo(f"heartspec replay: {err}", err=True)
        return 2
    except KeyboardInterrupt:
        click.echo("heartspec replay: interrupted; the engine under test was stopped", err=True)
        return 2
    if result.ok and result.compared_nothing:
        click.echo(f"heartspec replay: {log} records no answers to compare with (a log of requests only, as "
                   "`heartspec play` writes); add --against-reference to compare with the reference engine", err=True)
        return 2
    print_engine_replay(result, engine, sys.stdout, sys.stderr)
    return 0 if result.ok else 1


@click.command("play")
@click.option("--ruleset", required=True, help="Ruleset id, e.g. fi, or RULESET+VARIANT, e.g. fi+moon-choice.")
@click.option("-v", "--variant", "variants", multiple=True, help="Variant id (repeatable, applied in order).")
@click.option("--players", type=int, required=True, help="Number of players.")
@click.option("--seed", type=int, default=None, help="Seed for a reproducible run (default: a fresh random run).")
@click.option("--games", type=int, default=1, show_default=True,
              help="Games to play, 1 to 100,000,000 (MAX_PLAYED_GAMES).")
@click.option("--log", "log_path", type=click.Path(path_type=Path), default=None,
              help="Write the games as a move log that `heartspec replay` accepts.")
@click.option("-o", "--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="A new_game option, e.g. target=50, settlement=pot, stake=0.5, dealer=2 (repeatable).")
@click.option("--accel", is_flag=True,
              help="Play each deal out with the optional compiled playout (pip install ./accel); the same moves. "
                   "A --log run plays card by card without it.")
@click.option("--core", "core", type=click.Choice(["pure", "compiled"]), default="pure", show_default=True,
              help="compiled: play whole games in the optional compiled core (pip install ./accel), with its own "
                   "seeded generator (the same seed, the same games, not the pure engine's).")
@spec_option
def play_command(ruleset: str, variants: tuple[str, ...], players: int, seed: int | None, games: int,
                 log_path: Path | None, option_pairs: tuple[str, ...], spec_dir: Path | None, accel: bool,
                 core: str) -> None:
    """Self-play with random legal moves and print a summary."""
    from heartspec.engine import RuleError
    from heartspec.engine import core as compiled_core
    from heartspec.engine.accel import AccelUnavailable
    from heartspec.engine.selfplay import play_games

    if core == "compiled" and accel:
        raise click.UsageError("--accel plays deals in the pure engine's games; --core compiled plays its own")
    from heartspec.protocol.messages import RequestError
    from heartspec.protocol.server import RulesCatalog, split_options

    catalog = RulesCatalog(spec=load_spec_or_exit(spec_dir))
    ruleset, variants = ruleset_and_variants(ruleset, variants)
    options = _parse_options(option_pairs)
    try:
        options = protocol_options(catalog, ruleset, list(variants), options)
        compiled = catalog.compile(ruleset, list(variants), players, split_options(options)[1])
    except RequestError as err:
        raise CommandError(in_words(err.code, err.message)) from None
    from heartspec.engine.selfplay import GameDidNotEnd
    from heartspec.limits import LimitError, check_games
    from heartspec.outputs import OutputError, check_output, output_stream
    from heartspec.stopping import terminated_as_interrupt

    try:
        check_games(games)
        if log_path:
            check_output(log_path, "move log")
        # written whole or not at all (an interruption, SIGTERM too, removes the partial file); all options go
        # to the log's new_game, so a replay compiles the same rules
        with terminated_as_interrupt(), \
                output_stream(log_path, "move log") if log_path else contextlib.nullcontext() as log:
            if core == "compiled":
                summary = compiled_core.play_games(compiled, games=games, seed=seed, log=log, options=options)
            else:
                summary = play_games(compiled, games=games, seed=seed, log=log, options=options, accel=accel)
    except KeyboardInterrupt:
        raise CommandError("interrupted; " + ("no move log was written" if log_path else "no summary")) from None
    except (OutputError, LimitError, GameDidNotEnd) as err:
        raise CommandError(str(err)) from None
    except (AccelUnavailable, compiled_core.CoreUnavailable) as err:
        raise CommandError(str(err)) from None
    except RuleError as err:
        raise CommandError(in_words(err.code, err.message)) from None
    except OSError as err:  # a full disk: the log is incomplete, and saying so matters more than the summary
        raise CommandError(f"cannot write {log_path}: {err.strerror or err}") from None
    _print_summary(summary, ruleset, variants, players)


def protocol_options(catalog, ruleset: str, variants: list[str], options: dict) -> dict:
    """`-o` values as the protocol data they stand for ("JD" -> ["JD"]): the log's new_game must replay."""
    from heartspec.protocol.messages import RequestError
    from heartspec.rules.problems import SpecError
    from heartspec.rules.resolve import canonical_options

    catalog.require_known(ruleset, variants)
    try:
        return canonical_options(catalog.spec, ruleset, variants, options)
    except SpecError as err:
        raise RequestError("invalid_game", str(err)) from None


def _print_summary(summary, ruleset: str, variants: tuple[str, ...], players: int) -> None:
    shown = " ".join([ruleset, *(f"-v {v}" for v in variants)])
    click.echo(f"{shown}, {players} players")
    click.echo(f"games:                  {summary.games}")
    click.echo(f"deals:                  {summary.deals}")
    click.echo(f"moons:                  {summary.moons}")
    click.echo(f"average points / deal:  {summary.avg_points_per_deal:.2f}")
    click.echo(f"hands per second:       {summary.hands_per_second:.1f}")


COMMANDS = [engine_command, replay_command, play_command]
