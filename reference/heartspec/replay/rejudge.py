"""A move log judged under other rule sets: `heartspec replay LOG --as RULESET` and `--compare`.

The log is read once, as a stream (replay.log.read_log). The log's own game runs in one
in-process server; each other rule set follows the same requests in a server of its own
(replay.follow.Follower), `new_game` naming that rule set, a deal by seed passed on as the
cards the log's game dealt. Requests the log's own game refuses and the log marks as expected
are not judged; a log that does not replay under its own rule set (`heartspec replay LOG`
fails) is not judged at all (UnjudgeableLog).

No rule set stops dead: each refusal is reported with the rule behind it, as `heartspec rules`
prints it, with its source, and the judging goes on (a refused card is played anyway; a deal
that cannot be followed is left unscored); where a rule set does a step its own way (a moon it
scores without a choice, a deal without passing) the report says so in rule terms. The verdict
prints as text (print_as, print_compare), which names no protocol error code, or as one JSON
document (verdict_json, schemas/rejudge.schema.json), which keeps the codes for tools.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterable, TextIO

from heartspec.protocol.server import RulesCatalog, Server
from heartspec.render.rulebook import _cite_statuses
from heartspec.replay.follow import REFUSED, STANDS, Follower, RuleLookup, Ruling
from heartspec.replay.log import LogChecker, LogError, LogMismatch, read_log

SCHEMA_VERSION = 2


class UnjudgeableLog(Exception):
    """The log itself is at fault, so there is nothing to judge: unreadable, not replayable under its own
    rule set (the code and message `heartspec replay` gives), or without a game. `line` is None for the last."""

    def __init__(self, line: int | None, code: str, message: str):
        super().__init__(message)
        self.line, self.code, self.message = line, code, message


@dataclass
class Judged:
    """One rule set's verdict on the log: every ruling worth reporting (refusals, steps done its own way,
    deals left), the requests that stood, and the scores it reached."""

    label: str
    ruleset: str
    variants: tuple[str, ...]
    moves: int = 0
    rulings: list[Ruling] = field(default_factory=list)
    games: list[dict] = field(default_factory=list)
    follower: Follower | None = None

    @property
    def refusals(self) -> list[Ruling]:
        return [ruling for ruling in self.rulings if ruling.kind == REFUSED]

    @property
    def refusal(self) -> Ruling | None:
        refusals = self.refusals
        return refusals[0] if refusals else None

    @property
    def stands(self) -> bool:
        return not self.refusals


def rejudge_lines(lines: Iterable[bytes | str], tables: list[tuple[str, str, tuple[str, ...]]],
                  catalog: RulesCatalog, lang: str = "en") -> tuple[Judged, list[Judged]]:
    """The log's own verdict and one per (label, ruleset, variants), in one pass over the lines."""
    logged = Judged("logged", "", ())
    server = Server(catalog=catalog)
    rules = RuleLookup(catalog, lang)
    others = [Judged(label, ruleset, variants, follower=Follower(label, ruleset, variants, catalog, rules))
              for label, ruleset, variants in tables]
    for number, request, response in accepted_requests(lines, server):
        logged.moves += 1
        _record(logged, request, response.get("events") or [])
        if request.get("cmd") == "quit":
            break
        if request.get("cmd") == "new_game":
            logged.ruleset, logged.variants = response["ruleset"], tuple(response["variants"])
        for judged in others:
            for ruling in judged.follower.follow(number, request, server.game):
                _take(judged, ruling)
    if not logged.games:
        raise UnjudgeableLog(None, "no_game", "the log starts no game (no new_game request): nothing to judge")
    return logged, others


def accepted_requests(lines: Iterable[bytes | str], server: Server) -> Iterable[tuple[int, dict, dict]]:
    """(line, request, response) for each request the log's own game accepts, the log held to that game
    as `heartspec replay` holds it (replay.log.LogChecker)."""
    checker = LogChecker(server)
    try:
        for entry in read_log(lines):
            if entry.kind == "response":
                checker.response(entry.line, entry.value)
                continue
            response = checker.request(entry.line, entry.text)
            if response is not None:
                yield entry.line, json.loads(entry.text), response
        checker.finish()
    except LogError as err:
        raise UnjudgeableLog(err.line, "unreadable_log", err.message) from None
    except LogMismatch as mismatch:
        raise UnjudgeableLog(mismatch.line, mismatch.code, mismatch.message) from None


def _take(judged: Judged, ruling: Ruling) -> None:
    if ruling.kind == STANDS:
        judged.moves += 1
    if ruling.kind == REFUSED or ruling.text:
        judged.rulings.append(ruling)
    if ruling.kind == STANDS or ruling.events or ruling.request.get("cmd") == "new_game":
        _record(judged, ruling.request, ruling.events)


def _record(judged: Judged, request: dict, events: list[dict]) -> None:
    """Keep each game's scores as the events report them."""
    if request.get("cmd") == "new_game":
        judged.games.append({"totals": None, "winners": None, "money": None, "deals": 0})
    for event in events:
        if not judged.games:
            continue
        current = judged.games[-1]
        if event.get("type") == "deal_scored":
            current["totals"] = event.get("totals")
            current["deals"] += 1
        elif event.get("type") == "game_over":
            current.update(totals=event.get("totals"), winners=event.get("winners"), money=event.get("money"))


# ---------------------------------------------------------------- printing (no protocol error codes: rules)

def print_as(logged: Judged, judged: Judged, source: str, out: TextIO) -> None:
    """`--as`: each refused move with its rule and source, each step done its own way, then the scores."""
    out.write(f"{source}: logged under {_label(logged)}, re-judged under {judged.label}\n")
    for ruling in judged.rulings:
        _print_ruling(judged, ruling, out)
    if judged.stands:
        out.write(f"every move stands under {judged.label} ({judged.moves} requests); totals by seat, from seat 0:\n")
    else:
        out.write(f"{len(judged.refusals)} move(s) refused under {judged.label}, {judged.moves} request(s) stand; "
                  f"totals by seat, from seat 0:\n")
    _print_scores(logged, [judged], out)


def _print_ruling(judged: Judged, ruling: Ruling, out: TextIO, indent: str = "") -> None:
    """A refused move (the engine's words, the rule and its source) or a step done its own way."""
    lines = [f"line {ruling.line}: {_move(ruling.request)}"]
    rule = [] if ruling.rule is None else [f"  rule: {ruling.rule.label}: {ruling.rule.text}",
                                          f"      source: {_cite_statuses(ruling.rule)}"]
    said = [f"  {ruling.text}"] if ruling.text else []
    if ruling.kind == REFUSED:
        lines += [f"  {judged.label} refuses it: {ruling.message}", *rule, *said]
    else:
        lines += [*said, *rule]
    if ruling.played_anyway:
        lines.append("  the logged card is played anyway, so the deal goes on")
    out.writelines(f"{indent}{line}\n" for line in lines)


def print_compare(logged: Judged, others: list[Judged], source: str, out: TextIO) -> None:
    """`--compare`: one row per rule set (how many moves it refuses, the first and its rule), the rulings, the scores."""
    out.write(f"{source}: logged under {_label(logged)} ({logged.moves} requests), re-judged under "
              f"{', '.join(judged.label for judged in others)}\n\n")
    rows = [("rule set", "verdict", "first refused move", "rule")]
    for judged in others:
        refusal = judged.refusal
        if refusal is None:
            rows.append((judged.label, "every move stands", "-", "-"))
        else:
            rows.append((judged.label, f"refuses {len(judged.refusals)} move(s)", f"line {refusal.line}: "
                         f"{_move(refusal.request)}", refusal.rule.label if refusal.rule else "-"))
    _print_table(rows, out)
    for judged in others:
        if judged.rulings:
            out.write(f"\nunder {judged.label}, with the rule and its source:\n")
            for ruling in judged.rulings:
                _print_ruling(judged, ruling, out, indent="  ")
    out.write("\nscores (totals by seat, from seat 0):\n")
    _print_scores(logged, others, out)


def _print_table(rows: list[tuple[str, ...]], out: TextIO) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        out.write("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() + "\n")


def _print_scores(logged: Judged, others: list[Judged], out: TextIO) -> None:
    names = [f"{_label(logged)} (logged)", *(judged.label for judged in others)]
    width = max(map(len, names))
    for number, games in enumerate(zip(logged.games, *(judged.games for judged in others)), start=1):
        out.write(f"game {number}:\n")
        for name, game in zip(names, games):
            out.write(f"  {name:<{width}}  {_scores(game)}\n")


# ---------------------------------------------------------------- JSON (schemas/rejudge.schema.json)

def verdict_json(logged: Judged, others: list[Judged], source: str) -> dict:
    """The verdicts as one document: the log's own game, then per rule set its rulings and its scores."""
    return {
        "schema_version": SCHEMA_VERSION,
        "source": source,
        "logged": {"ruleset": logged.ruleset, "variants": list(logged.variants), "requests": logged.moves,
                   "games": [_game_json(game) for game in logged.games]},
        "rulesets": [_judged_json(judged) for judged in others],
        "all_stand": all(judged.stands for judged in others),
    }


def _judged_json(judged: Judged) -> dict:
    refusal = judged.refusal
    return {
        "label": judged.label,
        "ruleset": judged.ruleset,
        "variants": list(judged.variants),
        "stands": refusal is None,
        "requests_standing": judged.moves,
        "refusal": None if refusal is None else _ruling_json(refusal),
        "rulings": [_ruling_json(ruling) for ruling in judged.rulings],
        "games": [_game_json(game) for game in judged.games],
    }


def _ruling_json(ruling: Ruling) -> dict:
    return {
        "line": ruling.line,
        "request": ruling.request,
        "move": _move(ruling.request),
        "kind": ruling.kind,
        "code": ruling.code,
        "message": ruling.message,
        "text": ruling.text,
        "played_anyway": ruling.played_anyway,
        "rule": None if ruling.rule is None else {
            "rule": ruling.rule.key, "label": ruling.rule.label, **ruling.rule.content_json(),
            "source": _cite_statuses(ruling.rule),
        },
    }


def _game_json(game: dict) -> dict:
    return {"deals": game["deals"], "totals": game["totals"], "over": game["winners"] is not None,
            "winners": game["winners"], "money": game["money"]}


def _label(judged: Judged) -> str:
    return "+".join((judged.ruleset, *judged.variants)) or "(no game)"


def _move(request: dict) -> str:
    cmd = request.get("cmd")
    if cmd == "play":
        return f"seat {request.get('seat')} plays {request.get('card')}"
    if cmd == "pass":
        return f"seat {request.get('seat')} passes {' '.join(map(str, request.get('cards') or []))}"
    if cmd == "choose":
        return f"seat {request.get('seat')} chooses {request.get('option')}"
    if cmd == "new_game":
        return f"new game for {request.get('players')} players"
    return str(cmd)


def _scores(game: dict | None) -> str:
    if not game or game["totals"] is None:
        return "no deal scored"
    text = "totals " + " ".join(map(str, game["totals"]))
    if game["winners"] is not None:
        text += "; won by seat " + ", ".join(map(str, game["winners"]))
    else:
        text += f" after {game['deals']} deal(s), game not over"
    if game["money"] is not None:
        text += "; money " + " ".join(f"{m:g}" for m in game["money"])
    return text
