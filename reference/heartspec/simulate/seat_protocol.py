"""Bots a user plugs in: a Python callable or a subprocess, both speaking the seat protocol.

The protocol (docs/seat-protocol.md) is one JSON object per question and one per
answer. A callable (`module:function`) is called with the question dict and
returns the answer dict; a subprocess (`exec:COMMAND`) reads questions one per
line on stdin and writes each answer on one line of stdout, echoing `id` and
adding `"ok": true`. The answer is checked against the engine's legal moves;
anything else stops the simulation with a BotError naming the bot and the
question, never a silent fallback.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

from heartspec.cards import card_name, cards_of, face, parse_card, CardError
from heartspec.engine.scoring import MOON_CHOICES
from heartspec.limits import MAX_ANSWER_BYTES
from heartspec.protocol.client import EngineCrashed, EngineError, EngineProcess
from heartspec.safe_text import shortened
from heartspec.simulate.bots import BUILT_IN, BotError

ANSWER_TIMEOUT_SECONDS = 30.0

# Called with the question before it goes to a user's bot, and with None after: a worker pool sets
# it, so that when a bot ends the worker's process (os._exit) the pool can name the bot and seat.
asking_seat: Callable[[dict | None], None] | None = None


def bot_maker(spec: str) -> Callable[[int], object]:
    """`random`, `heuristic`, `module:function` or `exec:COMMAND` -> a function from seed to bot."""
    if spec in BUILT_IN:
        return BUILT_IN[spec]
    if spec.startswith("exec:"):
        command = spec[len("exec:"):].strip()
        if not command:
            raise BotError("exec: needs a command, e.g. exec:./my-bot --careful")
        return _SubprocessMaker(spec, command)
    module_name, sep, function_name = spec.partition(":")
    if not sep or not module_name or not function_name:
        known = ", ".join(sorted(BUILT_IN))
        raise BotError(f"unknown bot {spec!r}: use {known}, module:function or exec:COMMAND")
    function = _load_callable(spec, module_name, function_name)
    return lambda seed: SeatProtocolBot(spec, function, seed)


def _load_callable(spec: str, module_name: str, function_name: str) -> Callable[[dict], dict]:
    try:
        module = importlib.import_module(module_name)
    except Exception as err:  # noqa: BLE001 - a syntax error or a failing import in the user's module
        raise BotError(f"bot {spec}: cannot import {module_name}: {type(err).__name__}: {shortened(err, 300)}") from None
    function = getattr(module, function_name, None)
    if not callable(function):
        raise BotError(f"bot {spec}: {module_name} has no function {function_name}")
    return function


class _Subprocess:
    """One bot process per seat, started lazily; answers are protocol-style lines with ok and id."""

    def __init__(self, command: str):
        self.command = command
        self.process: EngineProcess | None = None

    def __call__(self, question: dict) -> dict:
        if self.process is None:  # the same strict, bounded reader as for engines (decode_answer)
            self.process = EngineProcess(self.command, timeout=ANSWER_TIMEOUT_SECONDS,
                                         max_line_bytes=MAX_ANSWER_BYTES, limit_name="MAX_ANSWER_BYTES")
        answer = self.process.request(question)  # EngineError: SeatProtocolBot names the bot and seat
        self.process.transcript.clear()  # a long simulation must not keep every line
        return answer

    def close(self) -> None:
        if self.process is not None:
            self.process.close()


class _SubprocessMaker:
    """Builds a seat's bot for each game over one process, started once and closed when the shard ends."""

    def __init__(self, spec: str, command: str):
        self.spec = spec
        self.process = _Subprocess(command)

    def __call__(self, seed: int) -> "SeatProtocolBot":
        return SeatProtocolBot(self.spec, self.process, seed)  # its `game` question starts a new game

    def close(self) -> None:
        self.process.close()


class SeatProtocolBot:
    """Asks a seat-protocol transport (callable or subprocess) and checks every answer."""

    def __init__(self, name: str, transport: Callable[[dict], dict], seed: int):
        self.name = name
        self.transport = transport
        self.seed = seed
        self.started = False

    def _ask(self, game, seat: int, question: dict) -> dict:
        if not self.started:
            self.started = True
            self._call({"cmd": "game", "seat": seat, "seed": self.seed, "ruleset": game.rules.ruleset,
                        "variants": list(game.rules.variants), "players": game.players})
        return self._call({**question, "seat": seat, **_public_view(game, seat)})

    def _call(self, question: dict) -> dict:
        who = f"bot {self.name} (seat {question.get('seat')})"
        if asking_seat is not None:
            asking_seat(question)
        try:
            answer = self.transport(question)
        except BotError as err:
            raise BotError(f"{who}: {shortened(err, 400)}") from None
        except EngineCrashed as err:  # docs/seat-protocol.md: one line naming the bot and its seat
            said = f"; its stderr ends: {shortened(err.last_stderr_line)}" if getattr(err, "last_stderr_line", "") else ""
            raise BotError(f"{who} {getattr(err, 'state', 'exited')} while answering {question['cmd']}{said}") from None
        except EngineError as err:  # a subprocess bot that hung or wrote garbage
            raise BotError(f"{who} failed on {question['cmd']}: {shortened(err, 400)}") from None
        except (Exception, SystemExit) as err:  # noqa: BLE001 - a user's bot failing is reported, not a traceback
            raise BotError(f"{who} failed on {question['cmd']}: {type(err).__name__}: {shortened(err, 300)}") from None
        finally:
            if asking_seat is not None:
                asking_seat(None)
        if not isinstance(answer, dict):
            raise BotError(f"{who} answered {question['cmd']} with {shortened(repr(answer))}, not a JSON object")
        return answer

    def pass_cards(self, game, seat: int) -> int:
        count = game.rules.pass_count
        answer = self._ask(game, seat, {"cmd": "pass", "count": count, "direction": game.pass_direction})
        names = answer.get("cards")
        if not isinstance(names, list) or len(names) != count:
            raise BotError(f"bot {self.name} (seat {seat}) must pass {count} cards, answered {answer!r}")
        chosen, hand = 0, game.hands[seat]
        for name in names:
            free = [c for c in cards_of(hand & ~chosen) if face(c) == _face(self.name, seat, name)]
            if not free:
                raise BotError(f"bot {self.name} (seat {seat}) passes {name!r}, which is not in its hand")
            chosen |= 1 << free[0]
        return chosen

    def play(self, game, seat: int, legal: int) -> int:
        answer = self._ask(game, seat, {"cmd": "play", "legal": _names(legal)})
        wanted = _face(self.name, seat, answer.get("card"))
        for card in cards_of(legal):
            if face(card) == wanted:
                return card
        raise BotError(f"bot {self.name} (seat {seat}) plays {answer.get('card')!r}, "
                       f"not a legal card now (legal: {' '.join(_names(legal))})")

    def choose(self, game, seat: int) -> str:
        answer = self._ask(game, seat, {"cmd": "choose", "options": list(MOON_CHOICES)})
        option = answer.get("option")
        if option not in MOON_CHOICES:
            raise BotError(f"bot {self.name} (seat {seat}) chooses {option!r}, not one of {', '.join(MOON_CHOICES)}")
        return option


def _face(bot: str, seat: int, name: Any) -> int:
    try:
        return parse_card(name)
    except CardError as err:
        raise BotError(f"bot {bot} (seat {seat}): {err}") from None


def _names(mask: int) -> list[str]:
    return [card_name(face(c)) for c in cards_of(mask)]


def _public_view(game, seat: int) -> dict:
    """What the seat may know: its hand, the trick, the cards each seat has taken, the scores."""
    return {
        "hand": _names(game.hands[seat]),
        "trick": [{"seat": s, "card": card_name(face(c))} for s, c in game.trick],
        "taken": [_names(mask) for mask in game.taken],
        "hearts_broken": game.hearts_broken,
        "deal_number": game.deal_number,
        "dealer": game.dealer,
        "totals": list(game.totals),
    }
