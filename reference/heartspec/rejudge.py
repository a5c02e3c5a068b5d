"""A move log judged under other rule sets: `heartspec replay LOG --as RULESET` and `--compare`.

The log is read once, as a stream (replay.read_log). The log's own game runs in one
in-process server; each other rule set runs in a server of its own, fed the
same requests with `new_game` naming that rule set instead. A deal given by
seed is passed on as the cards the log's game actually dealt, so every rule set
sees the same cards. Requests the log's own game refuses (expected refusals in
a transcript) are not judged. The first request another rule set refuses ends
its judging; the report names the rule of that rule set behind the refusal, as
`heartspec rules` prints it, with its source.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterable, TextIO

from heartspec.cards import card_name
from heartspec.protocol.server import RulesCatalog, Server
from heartspec.render.rulebook import _cite_statuses
from heartspec.render.selection import RenderedRule, RenderError, resolve_rules
from heartspec.replay import read_log

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
    for entry in read_log(lines):
        if entry.kind != "request":
            continue
        number, text = entry.line, entry.text
        response = logged.server.handle_line(text)
        if not response["ok"]:
            continue  # the log's own game refuses it: nothing to judge
        request = json.loads(text)
        _record(logged, request, response)
        if request.get("cmd") == "quit":
            break
        if request.get("cmd") == "new_game":
            logged.ruleset, logged.variants = response["ruleset"], tuple(response["variants"])
        for judged in others:
            if judged.stands:
                _judge(judged, number, _as_for(request, judged, logged), catalog, rules_cache)
    return logged, others


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
    out.write(f"every move stands under {judged.label} ({judged.moves} requests)\n")
    for number, (ours, theirs) in enumerate(zip(logged.games, judged.games), start=1):
        out.write(f"game {number}:\n")
        out.write(f"  {_label(logged):<14} {_scores(ours)}\n")
        out.write(f"  {judged.label:<14} {_scores(theirs)}\n")


def _print_refusal(judged: Judged, out: TextIO) -> None:
    refusal = judged.refusal
    out.write(f"line {refusal.line}: {_move(refusal.request)}\n")
    out.write(f"  {judged.label} refuses it: {refusal.code}: {refusal.message}\n")
    if refusal.rule is not None:
        out.write(f"  rule: {refusal.rule.label}: {refusal.rule.text}\n")
        out.write(f"      source: {_cite_statuses(refusal.rule)}\n")
    out.write(f"  {judged.moves} earlier request(s) stand under {judged.label}\n")


def print_compare(logged: Judged, others: list[Judged], source: str, out: TextIO) -> None:
    """`--compare`: one row per rule set: stands or the first refusal, and the final scores."""
    out.write(f"{source}: logged under {_label(logged)}\n")
    rows = [("rule set", "verdict", "first refused move", "rule (source)", "scores")]
    for judged in others:
        if judged.refusal is None:
            last = judged.games[-1] if judged.games else None
            rows.append((judged.label, "stands", "-", "-", _scores(last) if last else "-"))
            continue
        refusal = judged.refusal
        rule = f"{refusal.rule.label} ({_cite_statuses(refusal.rule)})" if refusal.rule else refusal.code
        rows.append((judged.label, f"refused at line {refusal.line}", f"{_move(refusal.request)}: {refusal.code}",
                     rule, "-"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        out.write("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() + "\n")


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
