"""`heartspec simulate --from LOG[:LINE]`: what-if from any position of a move log.

The position is the log's game after LINE (the whole log when no line is named): the hands as the
log dealt them and the moves made so far. Under each ruleset named it is reached by following the
log's requests (replay.follow, as `replay --compare` does), so a ruleset that cannot reach it (it
refuses a move on the way, passes where the log does not) is named in one line. From there, bots play
the rest of the deal, or of the game (later deals from the paired decks plain `simulate` deals), N
times. Run i seats bots seeded from (seed, i, seat) under every ruleset, so the runs are paired
across rulesets as `simulate`'s games are, and a run's result depends on (seed, i) alone: the report is
the same for any number of workers. Bots get the engine's game and, like simulate's bots, read only
their own hand, the cards taken and the trick (heartspec.simulate.bots).
"""

from __future__ import annotations

import copy
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from heartspec.protocol.server import RulesCatalog
from heartspec.replay.follow import REFUSED, Follower
from heartspec.replay.log import log_lines
from heartspec.replay.rejudge import UnjudgeableLog, accepted_requests
from heartspec.simulate.play import _play_deal, derived_seed, paired_deck, play_out_deal
from heartspec.simulate.runner import SimulationError, parse_table, seat_bots
from heartspec.simulate.seat_protocol import bot_maker
from heartspec.simulate.stats import Tally, summary

RUNS_PER_SHARD = 25
RESTS = ("deal", "game")


@dataclass(frozen=True)
class Start:
    """One ruleset's copy of the position, and what the runs from it play."""

    label: str
    game: object  # heartspec.engine.Game at the position, never played on: each run plays a copy
    bots: tuple[str, ...]
    seed: int
    rest: str


def parse_source(text: str) -> tuple[str, int | None]:
    """LOG or LOG:LINE (a line number from 1)."""
    path, _, line = text.rpartition(":")
    if path and line.isdigit():
        if int(line) < 1:
            raise SimulationError(f"--from {text}: the line number counts from 1")
        return path, int(line)
    return text, None


def positions(log: str, line: int | None, tables: list[str], catalog: RulesCatalog) -> tuple[str, list]:
    """(the log's own ruleset label, [(label, Game at the position)]) for each table named (the log's own
    ruleset when none is named)."""
    try:
        with open(log, "rb") as stream:
            lines = [raw for number, raw in enumerate(log_lines(stream), start=1) if line is None or number <= line]
    except OSError as err:
        raise SimulationError(f"cannot read {log}: {err.strerror or err}") from None
    own, _, _ = _follow(lines, [], catalog, log)
    own, followers, logged_game = _follow(lines, [parse_table(t) for t in tables or [own]], catalog, log)
    return own, [_reached(follower, logged_game, log, line) for follower in followers]


def _follow(lines, parsed, catalog, log):
    from heartspec.protocol.server import Server

    server = Server(catalog=catalog)
    followers = [Follower(t.label, t.ruleset, t.variants, catalog) for t in parsed]
    own = ""
    try:
        for number, request, response in accepted_requests(lines, server):
            if request.get("cmd") == "new_game":
                own = "+".join((response["ruleset"], *response["variants"]))
            for follower in followers:
                refused = [r for r in follower.follow(number, request, server.game) if r.kind == REFUSED]
                if refused and not follower.in_game:
                    raise SimulationError(f"{log}:{number}: the game does not start under {follower.label}: "
                                          f"{refused[0].message}")
                if refused:
                    raise SimulationError(f"{log}:{number}: the position cannot be reached under {follower.label}, "
                                          f"which refuses {request.get('cmd')} there: {refused[0].message}")
    except UnjudgeableLog as err:
        raise SimulationError(f"{log}:{err.line or ''}: {err.message} (`heartspec replay {log}` shows where)") from None
    if server.game is None:
        raise SimulationError(f"{log}: no game is started by then")
    return own, followers, server.game


def _reached(follower: Follower, logged_game, log: str, line: int | None) -> tuple[str, object]:
    game = follower.game
    where = f"{log}:{line}" if line else log
    if game is None or follower.deal_left or game.phase != logged_game.phase:
        raise SimulationError(f"{where}: the position cannot be reached under {follower.label}")
    if game.phase == "game_over":
        raise SimulationError(f"{where}: the game is over there; name an earlier line")
    return follower.label, game


def run_from(starts: list[Start], runs: int, workers: int = 1) -> list[list[dict]]:
    """Per start, per run in order: {"points": deal points by seat, "moon": 0/1, "winners": [...] or None}."""
    shards = [(start, first, min(first + RUNS_PER_SHARD, runs)) for start in starts
              for first in range(0, runs, RUNS_PER_SHARD)]
    if workers > 1 and len(shards) > 1:
        with ProcessPoolExecutor(max_workers=min(workers, len(shards))) as pool:
            done = list(pool.map(_play_shard, shards))
    else:
        done = [_play_shard(shard) for shard in shards]
    per_start: dict[str, list[dict]] = {start.label: [] for start in starts}
    for (start, _, _), results in zip(shards, done):
        per_start[start.label].extend(results)
    return [per_start[start.label] for start in starts]


def _play_shard(shard: tuple[Start, int, int]) -> list[dict]:
    start, first, last = shard
    return [_play_run(start, index) for index in range(first, last)]


def _play_run(start: Start, index: int) -> dict:
    game = copy.deepcopy(start.game, {id(start.game.rules): start.game.rules})
    game.quiet = True
    bots = [bot_maker(bot)(derived_seed(start.seed, index, "seat", s)) for s, bot in enumerate(start.bots)]
    if game.phase != "deal":
        play_out_deal(game, bots)
    result = {"points": list(game.last_deal_points or []), "moon": int(game.last_moon is not None), "winners": None}
    if start.rest == "game":
        while game.phase != "game_over":
            _play_deal(game, bots, paired_deck(game.rules, derived_seed(start.seed, index, "deal", game.deal_number)))
        result["winners"] = list(game.winners)
    return result


def simulate_from(source: str, tables: list[str], runs: int, bots: str, seed: int, rest: str = "deal",
                  workers: int = 1, catalog: RulesCatalog | None = None) -> dict:
    """The report: per ruleset, each seat's deal points (mean, 95% interval, distribution), the moon rate and,
    for the rest of the game, each seat's wins; paired differences against the first ruleset."""
    if rest not in RESTS:
        raise SimulationError(f"--rest {rest}: use deal or game")
    log, line = parse_source(source)
    catalog = catalog or RulesCatalog()
    own, reached = positions(log, line, tables, catalog)
    players = reached[0][1].players
    chosen = seat_bots(bots, players)
    if rest == "deal" and reached[0][1].phase == "deal":
        raise SimulationError(f"{source}: no deal is in progress there; name a line inside a deal, or --rest game")
    starts = [Start(label, game, chosen, seed, rest) for label, game in reached]
    results = run_from(starts, runs, workers)
    first = reached[0][1]
    return {
        "from": {"log": log, "line": line, "ruleset": own, "deal_number": first.deal_number, "phase": first.phase,
                 "turn": first.turn, "tricks_done": first.tricks_done, "players": players},
        "rest": rest, "runs": runs, "bots": list(chosen), "seed": seed,
        "rulesets": [_ruleset_report(label, outcome, results[0]) for (label, _), outcome in zip(reached, results)],
    }


def _ruleset_report(label: str, outcome: list[dict], baseline: list[dict]) -> dict:
    players = len(outcome[0]["points"]) if outcome else 0
    seats = []
    for seat in range(players):
        tally, paired = Tally(), Tally()
        for mine, theirs in zip(outcome, baseline):
            tally.add(mine["points"][seat])
            paired.add(mine["points"][seat] - theirs["points"][seat])
        seats.append({"seat": seat, "deal_points": summary(tally),
                      "distribution": {str(k): v for k, v in sorted(Counter(r["points"][seat] for r in outcome).items())},
                      "paired_difference": summary(paired)})
    report = {"label": label, "seats": seats, "moon_rate": sum(r["moon"] for r in outcome) / len(outcome)}
    if outcome and outcome[0]["winners"] is not None:
        report["wins"] = [sum(seat in r["winners"] for r in outcome) for seat in range(players)]
    return report


def render_html(document: dict, catalog: RulesCatalog) -> str:
    """The viewer's page of the log up to the position, opening there, with the report beside the table."""
    from heartspec.replay.viewer import build_view, viewer_html

    start = document["from"]
    with open(start["log"], "rb") as stream:
        lines = [raw for number, raw in enumerate(log_lines(stream), start=1)
                 if start["line"] is None or number <= start["line"]]
    view = build_view(lines, start["log"], catalog)
    view["what_if"] = document
    return viewer_html(view)


def render_text(document: dict) -> str:
    start = document["from"]
    where = f"{start['log']}:{start['line']}" if start["line"] else start["log"]
    turn = "" if start["turn"] is None else f", seat {start['turn']} to play"
    lines = [f"from {where} ({start['ruleset']}, deal {start['deal_number']}, {start['tricks_done']} trick(s) done"
             f"{turn}): the rest of the {document['rest']}, {document['runs']} runs, bots "
             f"{','.join(sorted(set(document['bots'])))}, seed {document['seed']}"]
    baseline = document["rulesets"][0]["label"]
    for ruleset in document["rulesets"]:
        lines.append(f"\n{ruleset['label']}: moon in {ruleset['moon_rate']:.1%} of runs")
        for seat in ruleset["seats"]:
            points = seat["deal_points"]
            interval = points["ci95"]
            spread = f" [{interval[0]:.2f}, {interval[1]:.2f}]" if interval else ""
            text = f"  seat {seat['seat']}: deal points {points['mean']:.2f}{spread}"
            if ruleset["label"] != baseline and seat["paired_difference"]["mean"] is not None:
                text += f"; {seat['paired_difference']['mean']:+.2f} against {baseline}"
            if "wins" in ruleset:
                text += f"; wins the game in {ruleset['wins'][seat['seat']]} of {document['runs']}"
            lines.append(text)
    return "\n".join(lines) + "\n"

