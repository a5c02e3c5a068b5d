"""Replay a move log through the in-process server and tell the hand as a person reads it.

A move log (spec/protocol.md, "Move logs") is protocol requests, one a line;
response lines (objects with `ok`) may follow a request and are then checked
against what the engine answers. A logged `ok: false` response right after a
request marks that refusal as expected, so a transcript of a session with
refused moves replays cleanly. Blank lines and `#` comment lines are ignored.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, TextIO

from heartspec.cards import parse_card, sort_key
from heartspec.protocol.messages import MAX_LINE_BYTES
from heartspec.protocol.server import RulesCatalog, Server

# Fields a response line may record that legitimately differ between engines.
ENGINE_SPECIFIC_FIELDS = frozenset({"engine", "supports"})


@dataclass
class Failure:
    line: int
    code: str
    message: str
    position: dict | None = None


@dataclass
class Replay:
    """What a replay found: the story of the games so far and, if it stopped early, why."""

    source: str
    games: list[dict] = field(default_factory=list)
    lines_read: int = 0
    failure: Failure | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


def replay_lines(lines: Iterable[str], source: str = "<log>", catalog: RulesCatalog | None = None) -> Replay:
    runner = _Runner(source, catalog or RulesCatalog())
    runner.run(lines)
    return runner.result


def replay_file(path: str, catalog: RulesCatalog | None = None) -> Replay:
    """Replay a log file (`-` for stdin); raises OSError when the file cannot be read."""
    catalog = catalog or RulesCatalog()
    if path == "-":
        return replay_lines(sys.stdin, "<stdin>", catalog)
    with open(path, encoding="utf-8", errors="replace") as stream:
        return replay_lines(stream, path, catalog)


class _Runner:
    def __init__(self, source: str, catalog: RulesCatalog):
        self.server = Server(catalog=catalog)
        self.result = Replay(source)
        self.story = _Story(self.result.games)
        self.last: dict | None = None      # the engine's response to the last request
        self.pending: Failure | None = None  # a refusal the log has not (yet) declared expected

    def run(self, lines: Iterable[str]) -> None:
        for number, text in enumerate(lines, start=1):
            self.result.lines_read = number
            if not self._take(number, text) or self.result.failure:
                break
        if self.pending and not self.result.failure:
            self._fail(self.pending)

    def _take(self, number: int, text: str) -> bool:
        """Handle one log line; False once the log is over (quit)."""
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            return True
        logged = _as_response(stripped)
        if logged is not None:
            self._check_response(number, logged)
            return True
        if self.pending:
            self._fail(self.pending)
            return False
        if self.server.finished:
            return False
        self._request(number, stripped)
        return True

    def _request(self, number: int, text: str) -> None:
        if len(text.encode("utf-8")) > MAX_LINE_BYTES:
            response = self.server.handle_line(text.encode("utf-8"))
        else:
            response = self.server.handle_line(text)
        self.last = response
        if response["ok"]:
            self.story.record(json.loads(text), response, self.server.game)
        else:
            error = response["error"]
            self.pending = Failure(number, error["code"], error["message"], self._position())

    def _check_response(self, number: int, logged: dict) -> None:
        if self.last is None:
            self._fail(Failure(number, "mismatch", "a response line with no request before it"))
            return
        problem = _disagreement(logged, self.last)
        if problem:
            self._fail(Failure(number, "mismatch", problem, self._position()))
        elif not logged["ok"]:
            self.story.refused_as_expected(self.pending)
            self.pending = None
        self.last = None

    def _fail(self, failure: Failure) -> None:
        self.result.failure = failure
        self.pending = None

    def _position(self) -> dict | None:
        game = self.server.game
        return dict(game.state()) if game is not None else None


def _as_response(text: str) -> dict | None:
    if '"ok"' not in text:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) and "ok" in value else None


def _disagreement(logged: dict, engine: dict) -> str | None:
    """Why a logged response line disagrees with the engine's, or None when it agrees."""
    if logged.get("ok") != engine["ok"]:
        said = "refused" if engine["ok"] is False else "accepted"
        detail = f" ({engine['error']['code']}: {engine['error']['message']})" if not engine["ok"] else ""
        return f"the log says ok={json.dumps(logged.get('ok'))} but the engine {said} the request{detail}"
    if not engine["ok"]:
        logged_code = (logged.get("error") or {}).get("code")
        if logged_code != engine["error"]["code"]:
            return f"the log expects error {logged_code!r} but the engine answered {engine['error']['code']!r}"
        return None
    for key, value in logged.items():
        if key in ENGINE_SPECIFIC_FIELDS or key == "ok":
            continue
        if key not in engine:
            return f"the log records {key!r} but the engine's response has no such field"
        if engine[key] != value:
            return f"{key!r} differs: the log has {_brief(value)}, the engine answered {_brief(engine[key])}"
    return None


def _brief(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= 300 else text[:297] + "..."


class _Story:
    """Builds a plain record of each game from accepted requests and their events."""

    def __init__(self, games: list[dict]):
        self.games = games

    def record(self, request: dict, response: dict, game: Any) -> None:
        cmd = request.get("cmd")
        if cmd == "new_game":
            self.games.append({
                "ruleset": response.get("ruleset"), "players": response.get("players"),
                "variants": response.get("variants", []), "options": request.get("options") or {},
                "deals": [], "end": None,
            })
        elif cmd == "deal":
            self._start_deal(game)
        elif cmd == "choose":
            self._note(f"seat {request.get('seat')} chooses {request.get('option')}")
        for event in response.get("events") or []:
            self._event(event)

    def refused_as_expected(self, failure: "Failure | None") -> None:
        if failure is not None:
            self._note(f"line {failure.line} refused, as the log expects: {failure.code}: {failure.message}")

    def _start_deal(self, game: Any) -> None:
        state = game.state()
        deal = {
            "deal_number": state.get("deal_number"), "dealer": state.get("dealer"),
            "pass_direction": state.get("pass_direction"), "hands": _sorted_hands(state.get("hands") or []),
            "passes": [], "tricks": [], "notes": [], "trick": [],
            "points": None, "totals": None, "moon": None, "money": None,
        }
        if state.get("kitty_size"):
            deal["notes"].append(f"kitty of {state['kitty_size']} card(s) face down")
        if state.get("stock_size"):
            deal["notes"].append(f"stock of {state['stock_size']} card(s)")
        self.games[-1]["deals"].append(deal)

    def _deal(self) -> dict | None:
        if not self.games or not self.games[-1]["deals"]:
            return None
        return self.games[-1]["deals"][-1]

    def _note(self, text: str) -> None:
        """Attach a remark to the trick in progress, else the last trick, else the deal."""
        deal = self._deal()
        if deal is None:
            return
        if deal["trick"]:
            deal.setdefault("trick_notes", []).append(text)
        elif deal["tricks"]:
            deal["tricks"][-1]["notes"].append(text)
        else:
            deal["notes"].append(text)

    def _event(self, event: dict) -> None:
        kind = event.get("type")
        deal = self._deal()
        if deal is None:
            return
        if kind == "cards_received":
            deal["passes"].append({"seat": event["seat"], "from": event["from"], "cards": event["cards"]})
        elif kind == "card_played":
            deal["trick"].append({"seat": event["seat"], "card": event["card"]})
        elif kind == "trick_won":
            notes = deal.pop("trick_notes", [])
            deal["tricks"].append({
                "number": len(deal["tricks"]) + 1, "cards": deal["trick"], "winner": event["seat"],
                "points": event.get("points"), "notes": notes,
            })
            deal["trick"] = []
        elif kind == "hearts_broken":
            self._note("hearts are broken")
        elif kind == "kitty_taken":
            self._note(f"seat {event['seat']} takes the kitty: {' '.join(event.get('cards', []))}")
        elif kind == "cards_drawn":
            self._note(f"seat {event['seat']} draws {event.get('count')} card(s) from the stock")
        elif kind == "moon_choice":
            self._note(f"seat {event['seat']} shot the moon and chooses how it scores")
        elif kind == "deal_scored":
            deal.update(points=event.get("points"), totals=event.get("totals"), moon=event.get("moon"),
                        money=event.get("money"), pot=event.get("pot"))
        elif kind == "game_over":
            self.games[-1]["end"] = {k: event.get(k) for k in ("totals", "winners", "money")}


def _sorted_hands(hands: list[list[str]]) -> list[list[str]]:
    return [sorted(hand, key=lambda name: sort_key(parse_card(name))) for hand in hands]


# --- printing -------------------------------------------------------------


def print_text(replay: Replay, out: TextIO, err: TextIO) -> None:
    for number, game in enumerate(replay.games, start=1):
        _print_game(number, game, out)
    if replay.failure:
        _print_failure(replay, err)
    else:
        out.write(f"replayed {replay.source}: {len(replay.games)} game(s), no disagreement\n")


def print_json(replay: Replay, out: TextIO, err: TextIO) -> None:
    games = [_public_game(g) for g in replay.games]
    failure = replay.failure
    document = {
        "source": replay.source, "ok": replay.ok, "games": games,
        "error": None if failure is None else {
            "line": failure.line, "code": failure.code, "message": failure.message, "position": failure.position,
        },
    }
    out.write(json.dumps(document, ensure_ascii=False, indent=1) + "\n")
    if failure:
        err.write(_failure_line(replay) + "\n")


def _public_game(game: dict) -> dict:
    deals = [{k: v for k, v in deal.items() if k not in ("trick", "trick_notes")} for deal in game["deals"]]
    return {**game, "deals": deals}


def _print_game(number: int, game: dict, out: TextIO) -> None:
    variants = ", ".join(game["variants"]) or "none"
    options = " ".join(f"{k}={json.dumps(v)}" for k, v in game["options"].items()) or "defaults"
    out.write(f"Game {number}: ruleset {game['ruleset']}, {game['players']} players, "
              f"variants: {variants}, options: {options}\n")
    out.write("(tricks list seat:card in the order played)\n")
    for deal in game["deals"]:
        _print_deal(deal, out)
    end = game["end"]
    if end:
        winners = ", ".join(f"seat {s}" for s in end.get("winners") or [])
        out.write(f"Game over. Totals: {_row(end.get('totals'))}. Winner(s): {winners}\n")
        if end.get("money") is not None:
            out.write(f"  money: {_row(end['money'])}\n")
    out.write("\n")


def _print_deal(deal: dict, out: TextIO) -> None:
    out.write(f"\nDeal {deal['deal_number']} (dealer seat {deal['dealer']}, pass {deal['pass_direction']})\n")
    for seat, hand in enumerate(deal["hands"]):
        out.write(f"  seat {seat}: {' '.join(hand)}\n")
    for note in deal["notes"]:
        out.write(f"  {note}\n")
    for received in deal["passes"]:
        out.write(f"  seat {received['from']} passes to seat {received['seat']}: {' '.join(received['cards'])}\n")
    for trick in deal["tricks"]:
        played = _played(trick["cards"])
        out.write(f"  trick {trick['number']:>2}: {played} -> seat {trick['winner']} takes {trick['points']} point(s)\n")
        for note in trick["notes"]:
            out.write(f"            {note}\n")
    if deal["trick"]:
        played = _played(deal["trick"])
        out.write(f"  trick in progress: {played}\n")
    if deal["points"] is not None:
        out.write(f"  deal points: {_row(deal['points'])}   totals: {_row(deal['totals'])}\n")
    if deal["moon"]:
        out.write(f"  moon: seat {deal['moon'].get('seat')} took it all ({deal['moon'].get('effect')})\n")
    if deal["money"] is not None:
        pot = f"   pot carried: {deal['pot']}" if deal.get("pot") is not None else ""
        out.write(f"  money: {_row(deal['money'])}{pot}\n")


def _played(cards: list[dict]) -> str:
    return ", ".join(f"{p['seat']}:{p['card']}" for p in cards)


def _row(values: Any) -> str:
    if not values:
        return "-"
    return " ".join(f"{v:g}" if isinstance(v, float) else str(v) for v in values)


def _failure_line(replay: Replay) -> str:
    failure = replay.failure
    return f"{replay.source}:{failure.line}: {failure.code}: {failure.message}"


def _print_failure(replay: Replay, err: TextIO) -> None:
    err.write(_failure_line(replay) + "\n")
    position = replay.failure.position
    if position is None:
        err.write("position: no game started\n")
        return
    turn = position.get("turn")
    err.write(f"position: deal {position.get('deal_number')}, phase {position.get('phase')}"
              f"{'' if turn is None else f', seat {turn} to play'}\n")
    if position.get("phase") == "deal":
        err.write(f"  waiting for the cards of deal {position.get('deal_number')}; totals: {_row(position.get('totals'))}\n")
        return
    for seat, hand in enumerate(_sorted_hands(position.get("hands") or [])):
        err.write(f"  seat {seat}: {' '.join(hand)}\n")
    trick = position.get("trick") or []
    err.write(f"  trick: {_played(trick) or 'none yet'}\n")
    err.write(f"  hearts broken: {'yes' if position.get('hearts_broken') else 'no'}; totals: {_row(position.get('totals'))}\n")
