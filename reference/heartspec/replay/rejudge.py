"""A move log judged under other rule sets: `heartspec replay LOG --as RULESET` and `--compare`.

The log is read once, as a stream (replay.read_log). The log's own game runs in one
in-process server; each other rule set runs in a server of its own, fed the
same requests with `new_game` naming that rule set instead. A deal given by
seed is passed on as the cards the log's game actually dealt, so every rule set
sees the same cards. Requests the log's own game refuses and the log marks as
expected (a logged `ok: false` after them, as in a transcript) are not judged; a
log that does not replay under its own rule set (`heartspec replay LOG` fails)
is not judged at all (UnjudgeableLog). The first request another rule set
refuses ends its judging; the report names the rule of that rule set behind the
refusal, as `heartspec rules` prints it, with its source.

The verdict prints as text (print_as, print_compare) or as one JSON document
(verdict_json, schemas/rejudge.schema.json).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterable, TextIO

from heartspec.cards import card_name
from heartspec.protocol.server import RulesCatalog, Server
from heartspec.render.rulebook import _cite_statuses
from heartspec.render.selection import RenderedRule, RenderError, resolve_rules
from heartspec.replay.log import LogChecker, LogError, LogMismatch, read_log

SCHEMA_VERSION = 1

# Which rule a refusal comes from. Most codes name one rule; a few depend on where the game stands.
RULE_OF_CODE = {
    "must_follow_suit": "following",
    "points_on_first_trick": "first_trick",
    "must_lead_opening_card": "opening_lead",
    "hearts_not_broken": "heart_leads",
    "invalid_pass": "passing",
    "already_passed": "passing",
    "invalid_deal": "deck",
    "invalid_game": "players",
    "unsupported": "players",
}


class UnjudgeableLog(Exception):
    """The log itself is at fault, so there is nothing to judge: unreadable, not replayable under its own
    rule set (the code and message `heartspec replay` gives), or without a game. `line` is None for the last."""

    def __init__(self, line: int | None, code: str, message: str):
        super().__init__(message)
        self.line, self.code, self.message = line, code, message


@dataclass
class Refusal:
    line: int
    request: dict
    code: str
    message: str
    rule: RenderedRule | None = None


@dataclass
class Judged:
    """One rule set's verdict on the log: the first refusal, or None when every move stands."""

    label: str
    ruleset: str
    variants: tuple[str, ...]
    moves: int = 0
    refusal: Refusal | None = None
    games: list[dict] = field(default_factory=list)
    server: Server | None = None
    _deal_had_pass: bool = False

    @property
    def stands(self) -> bool:
        return self.refusal is None


def rejudge_lines(lines: Iterable[bytes | str], tables: list[tuple[str, str, tuple[str, ...]]],
                  catalog: RulesCatalog) -> tuple[Judged, list[Judged]]:
    """The log's own verdict and one per (label, ruleset, variants), in one pass over the lines."""
    logged = Judged("logged", "", (), server=Server(catalog=catalog))
    others = [Judged(label, ruleset, variants, server=Server(catalog=catalog)) for label, ruleset, variants in tables]
    rules_cache: dict = {}
    for number, request, response in _accepted_requests(lines, logged.server):
        logged.moves += 1
        _record(logged, request, response)
        if request.get("cmd") == "quit":
            break
        if request.get("cmd") == "new_game":
            logged.ruleset, logged.variants = response["ruleset"], tuple(response["variants"])
        for judged in others:
            if judged.stands:
                _judge(judged, number, _as_for(request, judged, logged), catalog, rules_cache)
    if not logged.games:
        raise UnjudgeableLog(None, "no_game", "the log starts no game (no new_game request): nothing to judge")
    return logged, others


def _accepted_requests(lines: Iterable[bytes | str], server: Server) -> Iterable[tuple[int, dict, dict]]:
    """(line, request, response) for each request the log's own game accepts, the log held to that game
    as `heartspec replay` holds it (replay.LogChecker)."""
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


def _as_for(request: dict, judged: Judged, logged: Judged) -> dict:
    """The request as the other rule set's server receives it."""
    cmd = request.get("cmd")
    if cmd == "new_game":
        return {**request, "ruleset": judged.ruleset, "variants": list(judged.variants)}
    if cmd == "deal" and "seed" in request:
        hands, kitty, stock = logged.server.game.dealt
        explicit = {k: v for k, v in request.items() if k != "seed"}
        explicit["hands"] = [_names(h) for h in hands]
        if kitty:
            explicit["kitty"] = _names(kitty)
        if stock:
            explicit["stock"] = _names(stock)
        return explicit
    return request


def _names(cards: list[int]) -> list[str]:
    return [card_name(c) for c in cards]


def _judge(judged: Judged, number: int, request: dict, catalog: RulesCatalog, rules_cache: dict) -> None:
    game = judged.server.game
    phase = game.phase if game is not None else None
    response = judged.server.handle_line(json.dumps(request))
    if response["ok"]:
        judged.moves += 1
        _record(judged, request, response)
        return
    error = response["error"]
    refusal = Refusal(number, request, error["code"], error["message"])
    key = _rule_key(error["code"], request, phase, game, judged)
    players = request.get("players") if request.get("cmd") == "new_game" else (game.players if game else None)
    if key and players:
        refusal.rule = _rule(catalog, judged, players, key, rules_cache)
    judged.refusal = refusal


def _rule_key(code: str, request: dict, phase: str | None, game, judged: Judged) -> str | None:
    cmd = request.get("cmd")
    if code == "not_your_turn":
        return "opening_lead" if game is not None and game.tricks_done == 0 else "following"
    if code == "card_not_in_hand":
        return "passing" if judged._deal_had_pass else "deck"
    if code == "wrong_phase":
        if cmd == "choose" or phase == "moon_choice":
            return "moon"  # one ruleset lets the shooter choose, the other scores the moon at once
        if phase == "game_over":
            return "game_end"
        if phase in ("passing", "playing") and cmd in ("pass", "play"):
            return "passing"  # one ruleset passes in this deal, the other does not
        return None
    return RULE_OF_CODE.get(code)


def _rule(catalog: RulesCatalog, judged: Judged, players: int, key: str, cache: dict) -> RenderedRule | None:
    where = (judged.ruleset, judged.variants, players)
    if where not in cache:
        try:
            cache[where] = {r.key: r for r in resolve_rules(catalog.spec, *where)}
        except RenderError:
            cache[where] = {}
    return cache[where].get(key)


def _record(judged: Judged, request: dict, response: dict) -> None:
    """Keep each game's scores as the events report them."""
    cmd = request.get("cmd")
    if cmd == "new_game":
        judged.games.append({"totals": None, "winners": None, "money": None, "deals": 0})
    elif cmd == "deal":
        judged._deal_had_pass = False
    elif cmd == "pass":
        judged._deal_had_pass = True
    for event in response.get("events") or []:
        if not judged.games:
            continue
        current = judged.games[-1]
        if event.get("type") == "deal_scored":
            current["totals"] = event.get("totals")
            current["deals"] += 1
        elif event.get("type") == "game_over":
            current.update(totals=event.get("totals"), winners=event.get("winners"), money=event.get("money"))


# ---------------------------------------------------------------- printing

def print_as(logged: Judged, judged: Judged, source: str, out: TextIO) -> None:
    """`--as`: the first refused move with its rule and source, or the scores under both rule sets."""
    out.write(f"{source}: logged under {_label(logged)}, re-judged under {judged.label}\n")
    if judged.refusal is not None:
        _print_refusal(judged, out)
        return
    out.write(f"every move stands under {judged.label} ({judged.moves} requests); totals by seat, from seat 0:\n")
    _print_scores(logged, [judged], out)


def _print_refusal(judged: Judged, out: TextIO, indent: str = "") -> None:
    """The refused move, the error, the rule and its source, each line after `indent`."""
    refusal = judged.refusal
    lines = [f"line {refusal.line}: {_move(refusal.request)}",
             f"  {judged.label} refuses it: {refusal.code}: {refusal.message}"]
    if refusal.rule is not None:
        lines += [f"  rule: {refusal.rule.label}: {refusal.rule.text}", f"      source: {_cite_statuses(refusal.rule)}"]
    lines.append(f"  {judged.moves} earlier request(s) stand under {judged.label}")
    out.writelines(f"{indent}{line}\n" for line in lines)


def print_compare(logged: Judged, others: list[Judged], source: str, out: TextIO) -> None:
    """`--compare`: one row per rule set (stands, or its first refused move), why each refusal, then the scores."""
    out.write(f"{source}: logged under {_label(logged)} ({logged.moves} requests), re-judged under "
              f"{', '.join(judged.label for judged in others)}\n\n")
    rows = [("rule set", "verdict", "first refused move", "error code", "rule")]
    for judged in others:
        refusal = judged.refusal
        if refusal is None:
            rows.append((judged.label, "every move stands", "-", "-", "-"))
        else:
            rows.append((judged.label, f"refuses line {refusal.line}", _move(refusal.request), refusal.code,
                         refusal.rule.label if refusal.rule else "-"))
    _print_table(rows, out)
    refused = [judged for judged in others if not judged.stands]
    if refused:
        out.write("\nwhy each refusal, with the refusing ruleset's rule and its source:\n")
        for judged in refused:
            _print_refusal(judged, out, indent="  ")
    standing = [judged for judged in others if judged.stands]
    if standing:
        out.write("\nscores where every move stands (totals by seat, from seat 0):\n")
        _print_scores(logged, standing, out)


def _print_table(rows: list[tuple[str, ...]], out: TextIO) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        out.write("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() + "\n")


def _print_scores(logged: Judged, standing: list[Judged], out: TextIO) -> None:
    names = [f"{_label(logged)} (logged)", *(judged.label for judged in standing)]
    width = max(map(len, names))
    for number, games in enumerate(zip(logged.games, *(judged.games for judged in standing)), start=1):
        out.write(f"game {number}:\n")
        for name, game in zip(names, games):
            out.write(f"  {name:<{width}}  {_scores(game)}\n")


# ---------------------------------------------------------------- JSON (schemas/rejudge.schema.json)

def verdict_json(logged: Judged, others: list[Judged], source: str) -> dict:
    """The verdicts as one document: the log's own game, then per rule set its first refusal or its scores."""
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
        "refusal": None if refusal is None else {
            "line": refusal.line,
            "request": refusal.request,
            "move": _move(refusal.request),
            "code": refusal.code,
            "message": refusal.message,
            "rule": None if refusal.rule is None else {
                "rule": refusal.rule.key, "label": refusal.rule.label, **refusal.rule.content_json(),
                "source": _cite_statuses(refusal.rule),
            },
        },
        "games": None if refusal is not None else [_game_json(game) for game in judged.games],
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
