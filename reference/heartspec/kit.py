"""The engine kit for Python: the whole envelope of heartspec protocol v1, so an engine author writes only the game.

Standard library only, and no import of the rest of heartspec: copy this one file next to your engine
(as `heartspec_kit.py`, say) and it works without heartspec installed.

The kit reads request lines as bytes (the 1 MiB limit, UTF-8), parses strict JSON (RFC 8259: no NaN,
numbers a double holds, no lone surrogate, nesting at most 64 deep, `4.0` never an integer), echoes
ids, answers `hello` and `quit`, checks every field's JSON type and every seat against the table,
refuses game commands before the first `new_game`, and writes one response line per request. Your
engine subclasses `Engine` and implements the game (docs/engine-authors.md walks through it):

    class MyEngine(Engine):
        name, version = "my-engine", "0.1"
        supports = {"rulesets": ["fi"], "variants": [], "players": {"fi": [4]}}

        def new_game(self, ruleset, players, variants, options): ...   # -> None or extra response fields
        def deal(self, hands, kitty, stock): ...        # -> {"phase", "pass_direction", "turn"}
        def pass_cards(self, seat, cards): ...          # -> list of events
        def play(self, seat, card): ...                 # -> list of events
        def state(self): ...                            # -> the state object
        def legal(self, seat): ...                      # -> list of card names
        # choose(seat, option) and stop() answer wrong_phase unless you override them

    if __name__ == "__main__":
        serve(MyEngine())

Each method gets validated arguments: seats are integers of the table, card names are canonical
("TH", "QS"; "10h" and "qs" arrive so) or, when a string names no card, that string unchanged, so
`card not in my_deck` is your `invalid_card` check. A refusal is `raise Refusal(code, message)`;
anything else a method raises is answered `internal_error` (and printed on stderr) while the engine
keeps serving. Keep a refused request from changing the game: check everything before you change it.
"""

from __future__ import annotations

import json
import math
import re
import sys
import traceback
from typing import IO, Any

PROTOCOL_VERSION = 1
MAX_LINE_BYTES = 1 << 20  # one request line, newline excluded (spec/protocol.md P-framing-4)
MAX_DEPTH = 64  # arrays and objects, the request itself counted (P-envelope-14)
MAX_SAFE_INTEGER = 2**53 - 1  # integer ids lie within plus or minus this (P-envelope-5)
MOON_OPTIONS = ("add_to_others", "subtract_from_self")
GAME_COMMANDS = ("deal", "pass", "play", "choose", "state", "legal", "stop")


class Refusal(Exception):
    """A request the engine refuses on purpose, with its protocol error code (spec/protocol.md section 9)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


class Engine:
    """What an engine implements; the kit calls these with validated arguments. Override the game methods."""

    name = "unnamed-engine"
    version = "0.0.0"
    supports: dict = {"rulesets": [], "variants": []}

    def new_game(self, ruleset: str, players: int, variants: list[str], options: dict) -> dict | None:
        raise Refusal("unsupported", "this engine plays no game yet")

    def deal(self, hands: list[list[str]], kitty: list[str] | None, stock: list[str] | None) -> dict:
        raise Refusal("wrong_phase", "this engine deals no cards yet")

    def pass_cards(self, seat: int, cards: list[str]) -> list[dict]:
        raise Refusal("wrong_phase", "this engine takes no pass yet")

    def play(self, seat: int, card: str) -> list[dict]:
        raise Refusal("wrong_phase", "this engine takes no play yet")

    def choose(self, seat: int, option: str) -> list[dict]:
        raise Refusal("wrong_phase", "no moon choice is waiting")

    def stop(self) -> list[dict]:
        raise Refusal("wrong_phase", "this game ends by its own rule, not by stop")

    def state(self) -> dict:
        raise Refusal("wrong_phase", "this engine shows no state yet")

    def legal(self, seat: int) -> list[str]:
        return []


# --- strict JSON -------------------------------------------------------------------------


class NotJson(ValueError):
    """A line strict JSON does not allow."""


def _no_constant(name: str) -> Any:
    raise NotJson(f"{name} is not JSON")


def _finite_float(text: str) -> "JsonFloat":
    value = float(text)
    if not math.isfinite(value):
        raise NotJson(f"the number {text[:40]} is outside the range of a double")
    return JsonFloat(value)


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # Python refuses integers of thousands of digits
        raise NotJson(f"an integer of {len(text)} digits is too long to read") from None


class JsonFloat(float):
    """A number written with a fraction or an exponent: never an integer, whatever its value (P-envelope-7)."""


_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite_float, parse_int=_integer)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


def too_deep(text: str) -> bool:
    """Whether arrays and objects nest deeper than MAX_DEPTH (brackets inside strings do not count)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


def parse_json(text: str) -> Any:
    """Strict JSON: NaN, Infinity, numbers beyond a double, lone surrogates and deep nesting raise NotJson.

    Numbers written with a fraction or exponent come back as JsonFloat, so 4.0 is told from 4."""
    if too_deep(text):
        raise NotJson(f"nested deeper than {MAX_DEPTH} arrays/objects")
    try:
        value = _DECODER.decode(text)
    except RecursionError:
        raise NotJson(f"nested deeper than {MAX_DEPTH} arrays/objects") from None
    except json.JSONDecodeError as err:
        raise NotJson(f"not JSON: {err}") from None
    if "\\u" in text and _holds_lone_surrogate(value):
        raise NotJson("a string holds a lone surrogate escape, which is not Unicode text")
    return value


def _holds_lone_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        return _LONE_SURROGATE.search(value) is not None
    if isinstance(value, list):
        return any(_holds_lone_surrogate(item) for item in value)
    if isinstance(value, dict):
        return any(_holds_lone_surrogate(k) or _holds_lone_surrogate(v) for k, v in value.items())
    return False


def to_json(value: Any) -> str:
    """One response line's JSON: whole numbers as integers (P-envelope-9), text as UTF-8, no NaN."""
    return json.dumps(_whole_numbers(value), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _whole_numbers(value: Any) -> Any:
    if isinstance(value, float):
        return int(value) if value.is_integer() else float(value)
    if isinstance(value, (list, tuple)):
        return [_whole_numbers(item) for item in value]
    if isinstance(value, dict):
        return {key: _whole_numbers(item) for key, item in value.items()}
    return value


# --- cards -------------------------------------------------------------------------------

RANKS = "2X3456789TJQKA"  # low to high; X, the joker, only in clubs and diamonds
SUITS = "CDHS"
CARDS = tuple(r + s for s in SUITS for r in RANKS if r != "X" or s in "CD")  # every card name, in card order
CARD_ORDER = {name: index for index, name in enumerate(CARDS)}


def _spellings() -> dict[str, str]:
    table = {}
    for name in CARDS:
        rank, suit = name
        for r in (rank, "10") if rank == "T" else (rank,):
            for rr in {r, r.lower()}:
                for ss in (suit, suit.lower()):
                    table[rr + ss] = name
    return table


SPELLINGS = _spellings()


def card_name(text: str) -> str:
    """The canonical name of a card spelling ("10h" -> "TH"), or the text unchanged if it names no card."""
    return SPELLINGS.get(text, text)


def in_card_order(cards) -> list[str]:
    """Card names sorted by suit (C, D, H, S), then rank, a joker between the 2 and the 3 (spec/protocol.md 3)."""
    return sorted(cards, key=CARD_ORDER.__getitem__)


# --- request fields ----------------------------------------------------------------------


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bad(message: str) -> Refusal:
    return Refusal("bad_request", message)


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def field_int(request: dict, field: str) -> int:
    value = request.get(field)
    if value is None:
        raise _bad(f"'{field}' is required (an integer)")
    if not is_int(value):
        raise _bad(f"'{field}' must be an integer, got {_shown(value)}")
    return value


def field_str(request: dict, field: str) -> str:
    value = request.get(field)
    if not isinstance(value, str):
        raise _bad(f"'{field}' must be a string, got {_shown(value)}" if value is not None else f"'{field}' is required")
    return value


def field_card(value: Any) -> str:
    if not isinstance(value, str):
        raise _bad(f"a card is a string such as \"QS\", got {_shown(value)}")
    return card_name(value)


def field_cards(request: dict, field: str, *, required: bool = True) -> list[str] | None:
    value = request.get(field)
    if value is None and not required:
        return None
    if not isinstance(value, list):
        raise _bad(f"'{field}' must be a list of card names")
    return [field_card(item) for item in value]


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


# Each new_game option's JSON type (spec/protocol.md 6.2): another type is bad_request; the value is the engine's.
OPTION_TYPES = {
    "dealer": ("an integer", is_int),
    "deal_number": ("an integer", is_int),
    "totals": ("a list of integers", lambda v: isinstance(v, list) and all(is_int(x) for x in v)),
    "target": ("an integer or null", is_int),
    "max_deals": ("an integer or null", is_int),
    "settlement": ("a string", lambda v: isinstance(v, str)),
    "stake": ("a number", _is_number),
    "draw_order": ("a string", lambda v: isinstance(v, str)),
    "moon_effect": ("a string", lambda v: isinstance(v, str)),
    "moon_amount": ("a string or an integer", lambda v: isinstance(v, str) or is_int(v)),
    "moon_also_requires": ("a list of card names", _is_strings),
    "unclaimed_pot": ("a string", lambda v: isinstance(v, str)),
    "moon_bonus_cards": ("a string", lambda v: isinstance(v, str)),
    "first_trick_queen": ("a string", lambda v: isinstance(v, str)),
    "pass_cycle": ("a list of pass directions", _is_strings),
    "moon_partner": ("a string", lambda v: isinstance(v, str)),
}
NULL_IS_A_VALUE = ("target",)  # target: null means no points target; every other null option is left out


def game_options(request: dict) -> dict:
    """new_game's options, each of its JSON type, nulls left out (but target's); unknown names kept for the engine."""
    options = request.get("options")
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise _bad("'options' must be an object")
    for name, value in options.items():
        expected = OPTION_TYPES.get(name)
        if expected is not None and value is not None and not expected[1](value):
            raise _bad(f"option '{name}' must be {expected[0]}, got {_shown(value)}")
    return {name: _plain(value) for name, value in options.items() if value is not None or name in NULL_IS_A_VALUE}


def _plain(value: Any) -> Any:
    if isinstance(value, JsonFloat):
        return float(value)
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


# --- the session ------------------------------------------------------------------------


class Session:
    """One protocol session over an Engine: a request in, its response out."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.players = 0  # the table of the last new_game that succeeded; 0 before the first
        self.finished = False

    def handle_line(self, line: bytes) -> dict | None:
        """The response to one line (its newline already gone), or None for a blank line."""
        if len(line.rstrip(b"\r")) > MAX_LINE_BYTES:
            return error(None, "bad_request", f"line longer than {MAX_LINE_BYTES} bytes")
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as err:
            return error(None, "bad_request", f"line is not UTF-8: {err.reason} at byte {err.start}")
        if not text.strip():  # any Unicode whitespace (P-framing-3)
            return None
        try:
            request = parse_json(text)
        except NotJson as err:
            return error(None, "bad_request", str(err))
        return self.handle(request)

    def handle(self, request: Any) -> dict:
        if not isinstance(request, dict):
            return error(None, "bad_request", "a request is a JSON object with a 'cmd'")
        rid = request.get("id")
        if not (rid is None or isinstance(rid, str) or (is_int(rid) and abs(rid) <= MAX_SAFE_INTEGER)):
            return error(None, "bad_request",
                         f"'id' must be a string or an integer within +-{MAX_SAFE_INTEGER}, got {_shown(rid)}")
        cmd = request.get("cmd")
        handler = getattr(self, f"_{cmd}", None) if cmd in COMMANDS else None
        if handler is None:
            if cmd is None or not isinstance(cmd, str):
                return error(rid, "bad_request", "'cmd' must be a string naming a command")
            return error(rid, "unknown_command", f"unknown command {cmd!r}")
        if cmd in GAME_COMMANDS and not self.players:
            return error(rid, "wrong_phase", "no game yet: send new_game first")  # P-phases-3
        try:
            body = handler(request)
        except Refusal as err:
            return error(rid, err.code, err.message or err.code)
        except Exception as err:  # noqa: BLE001 - the engine's bug: say so, and keep serving
            traceback.print_exc(file=sys.stderr)
            return error(rid, "internal_error", f"{type(err).__name__}: {err}")
        return {"id": rid, "ok": True, **(body or {})}

    def _seat(self, request: dict) -> int:
        seat = field_int(request, "seat")
        if not 0 <= seat < self.players:
            raise _bad(f"seat {seat} does not exist: seats are 0..{self.players - 1}")
        return seat

    def _hello(self, request: dict) -> dict:
        return {"protocol": PROTOCOL_VERSION, "engine": {"name": self.engine.name, "version": self.engine.version},
                "supports": self.engine.supports}

    def _quit(self, request: dict) -> dict:
        self.finished = True
        return {}

    def _new_game(self, request: dict) -> dict:
        ruleset, players = field_str(request, "ruleset"), field_int(request, "players")
        variants = request.get("variants")
        if variants is None:
            variants = []
        if not _is_strings(variants):
            raise _bad("'variants' must be a list of variant ids")
        options = game_options(request)
        if ruleset not in self.engine.supports.get("rulesets", ()):
            raise Refusal("unsupported", f"this engine does not play ruleset {ruleset!r}")
        unplayed = [v for v in variants if v not in self.engine.supports.get("variants", ())]
        if unplayed:
            raise Refusal("unsupported", f"this engine does not play variant(s) {', '.join(unplayed)}")
        extra = self.engine.new_game(ruleset, players, list(variants), options)
        self.players = players
        return {"phase": "deal", "ruleset": ruleset, "variants": variants, "players": players,
                "dealer": options.get("dealer", 0), "deal_number": options.get("deal_number", 1), **(extra or {})}

    def _deal(self, request: dict) -> dict:
        hands = request.get("hands")
        if request.get("seed") is not None:
            self._refuse_seed(request)
        if not isinstance(hands, list) or not all(_is_strings(hand) for hand in hands):
            raise _bad("'hands' must be a list of card lists (strings), one per seat")
        piles = {pile: request.get(pile) for pile in ("kitty", "stock")}
        for pile, cards in piles.items():
            if cards is not None and not _is_strings(cards):
                raise _bad(f"'{pile}' must be a list of card names")
        named = lambda cards: None if cards is None else [card_name(c) for c in cards]  # noqa: E731
        body = self.engine.deal([named(hand) for hand in hands], named(piles["kitty"]), named(piles["stock"]))
        return {"events": [], **body}

    def _refuse_seed(self, request: dict) -> None:
        """A deal by seed is the reference engine's own; others refuse it (spec/protocol.md 6.3), after the
        phase, as the reference orders its checks: the kit reads the phase from the engine's state."""
        if request.get("hands") is not None or not is_int(request["seed"]):
            raise _bad("give 'hands', or an integer 'seed', not both")
        phase = self.engine.state().get("phase")
        if phase != "deal":
            raise Refusal("wrong_phase", f"no deal now: the game is in phase {phase}")
        raise _bad("this engine takes the cards as 'hands', not a 'seed'")

    def _pass(self, request: dict) -> dict:
        seat = self._seat(request)
        return {"events": self.engine.pass_cards(seat, field_cards(request, "cards"))}

    def _play(self, request: dict) -> dict:
        seat = self._seat(request)
        if request.get("card") is None:
            raise _bad("'card' is required (a card name such as \"QS\")")
        return {"events": self.engine.play(seat, field_card(request["card"]))}

    def _choose(self, request: dict) -> dict:
        seat = self._seat(request)
        option = request.get("option")
        if option not in MOON_OPTIONS:
            raise _bad(f"'option' must be one of {', '.join(MOON_OPTIONS)}")
        return {"events": self.engine.choose(seat, option)}

    def _state(self, request: dict) -> dict:
        return self.engine.state()

    def _legal(self, request: dict) -> dict:
        return {"cards": list(self.engine.legal(self._seat(request)))}

    def _stop(self, request: dict) -> dict:
        return {"events": self.engine.stop()}


COMMANDS = ("hello", "quit", "new_game") + GAME_COMMANDS


def error(rid: Any, code: str, message: str) -> dict:
    return {"id": rid, "ok": False, "error": {"code": code, "message": message}}


def read_line(stream: IO[bytes]) -> bytes | None:
    """The next line without its newline (None at end of input). Of a line past the limit only its first
    MAX_LINE_BYTES + 2 bytes are kept, the rest skipped in small chunks, so memory stays bounded."""
    line = stream.readline(MAX_LINE_BYTES + 2)
    if not line:
        return None
    if line.endswith(b"\n"):
        return line[:-1]
    if len(line) > MAX_LINE_BYTES:
        while True:
            chunk = stream.readline(1 << 16)
            if not chunk or chunk.endswith(b"\n"):
                break
    return line


def serve(engine: Engine, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> int:
    """Serve the protocol until end of input or `quit`; returns the exit status, 0."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    session = Session(engine)
    try:
        while not session.finished:
            line = read_line(stdin)
            if line is None:
                break
            response = session.handle_line(line)
            if response is not None:
                stdout.write(encoded(response) + b"\n")
                stdout.flush()
    except BrokenPipeError:  # the client went away: nobody is left to answer
        pass
    return 0


def encoded(response: dict) -> bytes:
    """The response as one UTF-8 JSON line; what an engine returned that JSON cannot hold is its internal_error."""
    try:
        return to_json(response).encode("utf-8")
    except (TypeError, ValueError, UnicodeEncodeError) as err:
        print(f"heartspec_kit: the response is not JSON: {err}", file=sys.stderr)
        return to_json(error(response.get("id"), "internal_error", f"the response is not JSON: {err}")).encode("utf-8")


def main(engine: Engine) -> None:
    """Serve on stdin/stdout and exit with the status (the usual last line of an engine script)."""
    sys.exit(serve(engine))
