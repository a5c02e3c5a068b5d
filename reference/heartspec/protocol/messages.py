"""Request parsing and response envelopes for protocol v1 (spec/protocol.md).

Everything here turns untrusted JSON into checked Python values or raises
`RequestError` with a protocol error code; nothing here knows the rules of a
game, which the engine alone judges.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from heartspec.cards import RANKS, SUITS, card_name, parse_card
from heartspec.engine.errors import RuleError
from heartspec.limits import MAX_JSON_DEPTH, MAX_LINE_BYTES  # noqa: F401 - MAX_LINE_BYTES is re-exported

PROTOCOL_VERSION = 1
MAX_SAFE_ID = 2**53 - 1  # the integers every JSON reader holds exactly (spec/protocol.md P-envelope-5)

PASS_DIRECTIONS = ("left", "right", "across", "left2", "right2", "none")
MOON_OPTIONS = ("add_to_others", "subtract_from_self")


class RequestError(RuleError):
    """A request the server refuses before (or instead of) asking the engine: same code and message as the engine's."""


def describe_error(err: Exception) -> str:
    """One line for a protocol error message: every problem of a spec error, else the error's own text."""
    problems = getattr(err, "problems", None)
    if problems:
        return "; ".join(getattr(p, "message", str(p)) for p in problems)
    return str(err) or type(err).__name__


class NotJson(ValueError):
    """A line that strict JSON (RFC 8259, numbers a double can hold, well-formed UTF-16) does not allow."""


def _no_constant(name: str) -> Any:
    raise NotJson(f"{name} is not JSON (JSON has no NaN or Infinity)")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotJson(f"the number {text[:40]} is outside the range of a double")
    return value


def _bounded_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # Python refuses to convert integers of thousands of digits
        raise NotJson(f"an integer of {len(text)} digits is too long to read") from None


_STRICT = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite_float, parse_int=_bounded_int)
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def nesting_exceeds(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether a JSON text nests arrays and objects deeper than `limit` (brackets in strings do not count)."""
    if text.count("[") + text.count("{") <= limit:  # the common case, counted in C
        return False
    depth = 0
    for match in _BRACKET.finditer(_JSON_STRING.sub('""', text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > limit:
            return True
    return False


def decode_json(text: str | bytes, depth: int = MAX_JSON_DEPTH, depth_name: str = "the protocol's limit") -> Any:
    """Strict JSON: refuses NaN/Infinity, numbers beyond a double, lone surrogates and nesting past `depth` (NotJson)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    too_deep = f"nested deeper than {depth} arrays/objects ({depth_name})"
    if nesting_exceeds(text, depth):
        raise NotJson(too_deep)
    try:
        value = _STRICT.decode(text)
    except RecursionError:
        raise NotJson(too_deep) from None
    if "\\u" in text and _has_lone_surrogate(value):
        raise NotJson("a string holds a lone surrogate (\\ud800-\\udfff escape without its pair), which is not Unicode text")
    return value


def _has_lone_surrogate(value: Any) -> bool:
    try:
        encode(value).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _spellings() -> dict[str, int]:
    """Every accepted spelling of every card, so the hot path is one dict lookup."""
    table: dict[str, int] = {}
    for suit in SUITS:
        for rank in RANKS:
            if rank == "X" and suit not in "CD":
                continue
            ranks = [rank, "10"] if rank == "T" else [rank]
            for r in ranks:
                for text in (r + suit, (r + suit).lower(), r.lower() + suit, r + suit.lower()):
                    table[text] = parse_card(text)
    return table


CARD_BY_SPELLING = _spellings()


def card_from_json(value: Any) -> int:
    """A card name from a request as a face id; mistyped is bad_request, unknown is invalid_card."""
    if not isinstance(value, str):
        raise RequestError("bad_request", f"a card is a string such as \"QS\", got {json.dumps(value)}")
    found = CARD_BY_SPELLING.get(value)
    if found is not None:
        return found
    # every accepted spelling is in the table; names are not trimmed (spec/protocol.md P-cards-4)
    raise RequestError("invalid_card", f"unknown card {json.dumps(value)}: cards are rank then suit, e.g. QS, TD, 10h")


def card_or_unknown(value: Any) -> int | str:
    """A face id, or the unknown name itself so the engine refuses it (`invalid_card`) in its order of checks."""
    if isinstance(value, str):
        found = CARD_BY_SPELLING.get(value)
        if found is not None:
            return found
    try:
        return card_from_json(value)
    except RequestError as err:
        if err.code == "invalid_card":
            return value
        raise


def cards_from_json(value: Any, field: str) -> list[int]:
    if not isinstance(value, list):
        raise RequestError("bad_request", f"'{field}' must be a list of card names")
    return [card_from_json(v) for v in value]


def names(cards) -> list[str]:
    return [card_name(c) for c in cards]


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def field_int(request: dict, field: str, *, required: bool = True, default: int | None = None) -> int | None:
    value = request.get(field, None)
    if value is None:
        if required:
            raise RequestError("bad_request", f"'{field}' is required (an integer)")
        return default
    if not is_int(value):
        raise RequestError("bad_request", f"'{field}' must be an integer, got {json.dumps(value)}")
    return value


def field_str(request: dict, field: str) -> str:
    value = request.get(field)
    if value is None:
        raise RequestError("bad_request", f"'{field}' is required (a string)")
    if not isinstance(value, str):
        raise RequestError("bad_request", f"'{field}' must be a string, got {json.dumps(value)}")
    return value


def field_str_list(request: dict, field: str) -> list[str]:
    value = request.get(field)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RequestError("bad_request", f"'{field}' must be a list of strings")
    return value


def field_object(request: dict, field: str) -> dict:
    value = request.get(field)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RequestError("bad_request", f"'{field}' must be an object")
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _is_str_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_str(x) for x in value)


# The JSON type of each new_game option (spec/protocol.md 6.2, request-new_game.json); null is allowed for every
# one. A value of another type is bad_request; a well-typed value the ruleset does not offer is invalid_game.
OPTION_TYPES: dict[str, tuple[str, Any]] = {
    "dealer": ("an integer", is_int),
    "deal_number": ("an integer", is_int),
    "totals": ("a list of integers", lambda v: isinstance(v, list) and all(is_int(x) for x in v)),
    "target": ("an integer or null", is_int),
    "max_deals": ("an integer or null", is_int),
    "settlement": ("a string", _is_str),
    "stake": ("a number", _is_number),
    "draw_order": ("a string", _is_str),
    "moon_effect": ("a string", _is_str),
    "moon_amount": ("a string or an integer", lambda v: _is_str(v) or is_int(v)),
    "moon_also_requires": ("a list of card names", _is_str_list),
    "unclaimed_pot": ("a string", _is_str),
    "moon_bonus_cards": ("a string", _is_str),
    "first_trick_queen": ("a string", _is_str),
    "pass_cycle": ("a list of pass directions", _is_str_list),
    "moon_partner": ("a string", _is_str),
    "end_condition": ("a string", _is_str),
}
# Options whose null is a value of its own, not "absent" (spec/protocol.md 2 and 6.2): no points target.
NULL_IS_A_VALUE = ("target",)


def check_option_types(options: dict) -> None:
    """A known option of the wrong JSON type is bad_request; its value and unknown names are for the rules to judge."""
    for name, value in options.items():
        expected = OPTION_TYPES.get(name)
        if expected is not None and value is not None and not expected[1](value):
            raise RequestError("bad_request", f"option '{name}' must be {expected[0]}, got {json.dumps(value)}")


def check_seat(seat: int, players: int) -> None:
    if not 0 <= seat < players:
        raise RequestError("bad_request", f"seat {seat} does not exist: seats are 0..{players - 1}")


def request_id(request: dict) -> Any:
    """The id to echo; a mistyped id is refused (and not echoed, since it may not be valid there)."""
    rid = request.get("id")
    if rid is None or isinstance(rid, str):
        return rid
    if is_int(rid):
        if abs(rid) <= MAX_SAFE_ID:
            return rid
        raise RequestError("bad_request", f"an integer 'id' must lie within -{MAX_SAFE_ID}..{MAX_SAFE_ID}")
    raise RequestError("bad_request", f"'id' must be a string or an integer, got {json.dumps(rid)}")


def error_response(rid: Any, code: str, message: str) -> dict:
    return {"id": rid, "ok": False, "error": {"code": code, "message": message}}


_encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
encode = _encoder.encode
