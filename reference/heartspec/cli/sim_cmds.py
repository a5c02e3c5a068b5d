"""`heartspec simulate`: rulesets compared by play over the same deals (heartspec.simulate)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from heartspec.cli.common import CommandError, load_spec_or_exit, parse_option_pairs, spec_option


@click.command("simulate")
@click.argument("tables", nargs=-1, metavar="RULESET[+VARIANT...]...")
@click.option("--players", type=click.IntRange(min=2), default=None, help="Players at every table (required but with --from).")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Games per ruleset (with --from: runs from the position).")
@click.option("--from", "from_log", default=None, metavar="LOG[:LINE]",
              help="What-if: play on from the position after LINE of a move log (its end when no line is named), "
                   "under each ruleset named (default: the log's own).")
@click.option("--rest", type=click.Choice(["deal", "game"]), default="deal", show_default=True,
              help="With --from: play out the rest of the deal, or of the game.")
@click.option("--bots", default="heuristic", show_default=True,
              help="random, heuristic, module:function or exec:COMMAND; one for every seat or one per seat, comma-separated.")
@click.option("--seed", type=int, default=None, help="Seed of the deals and bots (default: a fresh one, shown in the report).")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Processes to play shards in (default: every core). The result does not depend on it.")
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="local: processes on this machine; dask: the shards as tasks on a Dask cluster (needs --scheduler).")
@click.option("--scheduler", default=None, metavar="ADDRESS", help="Dask scheduler address, e.g. tcp://10.0.0.5:8786.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="What to print on standard output.")
@click.option("--json", "json_path", type=click.Path(path_type=Path), default=None,
              help="Also write the report as JSON (schemas/simulation.schema.json) here.")
@click.option("--html", "html_path", type=click.Path(path_type=Path), default=None,
              help="Also write the self-contained HTML report with plots here.")
@click.option("-o", "--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="A ruleset option for every table, e.g. settlement=pairwise or target=50 (repeatable).")
@click.option("--core", "core", type=click.Choice(["pure", "compiled"]), default="pure", show_default=True,
              help="compiled: the built-in bots play in the optional compiled core (pip install ./accel), "
                   "its own games for a seed; seat-protocol bots and rules it cannot play take the pure path.")
@click.option("--attribute", is_flag=True,
              help="With two rule sets A B: play A with each rule cell where they differ switched alone to B's "
                   "value, on the same deals, and report each cell's share of the difference.")
@click.option("--lang", default="en", show_default=True, metavar="LANG",
              help="Language of the report's opening summary (en, fi, nb, da, sv).")
@spec_option
def simulate_command(tables, players, games, from_log, rest, bots, seed, workers, executor, scheduler, output_format,
                     json_path, html_path, option_pairs, core, attribute, lang, spec_dir) -> None:
    """Play the same deals under each rule set with the same seeded bots and compare the outcomes.

    With --from LOG[:LINE], play on from that position of a move log instead, --games times per ruleset."""
    from heartspec.i18n import UnknownLanguage, check_language, use_language
    from heartspec.outputs import OutputError, check_output, write_output
    from heartspec.protocol.server import RulesCatalog
    from heartspec.simulate.html import render_html
    from heartspec.simulate.report import render_text
    from heartspec.simulate.runner import SimulationError, prepare, simulate
    from heartspec.stopping import terminated_as_interrupt

    if executor == "dask" and not scheduler:
        raise click.UsageError("--executor dask needs --scheduler ADDRESS")
    try:
        check_language(lang)
    except UnknownLanguage as err:
        raise click.UsageError(f"--lang: {err}") from None
    catalog = RulesCatalog(spec=load_spec_or_exit(spec_dir))
    if from_log:
        if players or option_pairs or core != "pure" or executor != "local" or attribute:
            raise click.UsageError("--from takes the table from the log: not with --players, -o, --core, "
                                   "--executor or --attribute")
        _simulate_from(from_log, list(tables), games, bots, seed, rest, workers, output_format, json_path, html_path,
                       catalog)
        return
    if rest != "deal":
        raise click.UsageError("--rest is for --from")
    if not tables or not players:
        raise click.UsageError("name the rulesets and --players (or play on from a log with --from LOG[:LINE])")
    outputs = [(path, what) for path, what in ((json_path, "JSON report"), (html_path, "HTML report")) if path]
    try:
        for path, what in outputs:
            check_output(path, what)
        run, detail = prepare(list(tables), players, games, bots, seed, parse_option_pairs(option_pairs), catalog,
                              core=core, attribute=attribute)
        with terminated_as_interrupt():  # SIGTERM: workers and bots are stopped, as for Ctrl-C
            document = simulate(run, detail, workers=workers or os.cpu_count() or 1, executor=executor,
                                scheduler=scheduler, progress=_progress(games))
        for path, what in outputs:
            if path == json_path:
                text = json.dumps(document, indent=1) + "\n"
            else:
                with use_language(lang):
                    text = render_html(document)
            write_output(path, text, what)
    except (SimulationError, RuntimeError, OSError, OutputError) as err:
        raise CommandError(str(err)) from None
    except KeyboardInterrupt:
        raise CommandError("interrupted; the bots and workers were stopped and no report was written") from None
    if output_format == "json":
        json.dump(document, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        with use_language(lang):
            click.echo(render_text(document), nl=False)
        click.echo(f"played {document['played']['deals']:,} deals in {document['timing']['seconds']} s")


def _simulate_from(source, tables, runs, bots, seed, rest, workers, output_format, json_path, html_path,
                   catalog) -> None:
    import random

    from heartspec.outputs import OutputError, check_output, write_output
    from heartspec.simulate.from_position import render_html, render_text, simulate_from
    from heartspec.simulate.runner import SimulationError

    seed = random.SystemRandom().randrange(1 << 31) if seed is None else seed
    try:
        for path, what in ((json_path, "JSON report"), (html_path, "HTML report")):
            if path:
                check_output(path, what)
        document = simulate_from(source, tables, runs, bots, seed, rest, workers or os.cpu_count() or 1, catalog)
        if json_path:
            write_output(json_path, json.dumps(document, indent=1) + "\n", "JSON report")
        if html_path:
            write_output(html_path, render_html(document, catalog), "HTML report")
    except (SimulationError, OSError, OutputError) as err:
        raise CommandError(str(err)) from None
    if output_format == "json":
        json.dump(document, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        click.echo(render_text(document), nl=False)


def _progress(games: int):
    """Games done so far on a terminal's stderr (a long run should not look hung); nothing when redirected."""
    if not sys.stderr.isatty():
        return None

    def show(done: int) -> None:
        sys.stderr.write(f"\r{done:,} / {games:,} games" + ("\n" if done >= games else ""))
        sys.stderr.flush()

    return show


COMMANDS = [simulate_command]
