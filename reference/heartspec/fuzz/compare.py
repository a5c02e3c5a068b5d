"""What two responses must agree on: the fields spec/protocol.md fixes, not the ones it leaves free.

Free: what heartspec.protocol.allowances lists (error messages, key order,
the order of cards in a hand, the informative echo of `new_game`, fields the
protocol does not define at any level, a `seed` deal refused with
`bad_request`), read from there so the suite and the fuzzer agree. Fixed: ok, the
error code, every event in order with its fields (the cards of
`cards_received` and `kitty_taken` in card order, P-events-1), `legal` as
distinct names in card order (P-legal-1), and each `state` field. `first_difference` names the first
fixed field that differs as a dotted path, e.g. `events.trick_won.seat`.
"""

from __future__ import annotations

import json
from typing import Any

from heartspec.protocol import allowances

SORTED_CARDS = object()  # a card list whose order the protocol leaves to the engine
MONEY_TOLERANCE = 0.005  # amounts are rounded to cents

EVENT_FIELDS: dict[str, dict[str, Any]] = {
    "cards_received": {"seat": None, "from": None, "cards": None},
    "card_played": {"seat": None, "card": None},
    "hearts_broken": {},
    "trick_won": {"seat": None, "cards": None, "points": None},
    "kitty_taken": {"seat": None, "cards": None},
    "cards_drawn": {"seat": None, "count": None},
    "moon_choice": {"seat": None},
    "deal_scored": {"points": None, "totals": None, "moon": None, "money": None, "pot": None},
    "next_deal": {"deal_number": None, "dealer": None, "pass_direction": None},
    "game_over": {"totals": None, "winners": SORTED_CARDS, "money": None},
}
SUCCESS_FIELDS: dict[str, tuple[str, ...]] = {
    "hello": ("protocol", "engine"),  # `supports` is each engine's own claim (P-hello-2): never compared
    "new_game": ("phase", "ruleset", "variants", "players", "dealer", "deal_number"),
    "deal": ("phase", "pass_direction", "turn"),
    "legal": ("cards",),
}
STATE_FIELDS = ("phase", "players", "deal_number", "dealer", "turn", "pass_direction", "hands", "trick",
                "hearts_broken", "passed", "deal_points", "totals", "kitty_size", "stock_size", "team_totals",
                "winners")
OPTIONAL = {"money", "pot", "kitty_size", "stock_size", "team_totals", "winners"}  # compared where the reference has them


DEFINED_OBJECTS = {"trick": ("seat", "card"), "moon": ("seat", "effect")}  # objects nested in a compared field


def first_difference(command: str, reference: dict, engine: dict,
                     request: dict | str | None = None) -> tuple[str, Any, Any] | None:
    """(field, reference value, engine value) of the first fixed field that differs, or None.

    `request`, when given, lets an answer the protocol allows for it count as agreeing (a refusal
    heartspec.protocol.allowances permits, such as bad_request for a deal by seed)."""
    if allowances.allowed_refusal(_decoded(request), engine):
        return None
    if reference.get("ok") != engine.get("ok"):
        return "ok", _outcome(reference), _outcome(engine)
    if not reference.get("ok"):
        ref_code, eng_code = _code(reference), _code(engine)
        if ref_code != eng_code:
            return "error.code", ref_code, eng_code
        if "error.message" in allowances.free_text_fields():
            return None
        ref_text, eng_text = _message(reference), _message(engine)
        return None if ref_text == eng_text else ("error.message", ref_text, eng_text)
    if command in ("pass", "play", "choose"):
        return _events_difference(reference.get("events"), engine.get("events"))
    if command == "state":
        return _fields_difference(reference, engine, STATE_FIELDS, "")
    if command == "legal":
        return _legal_difference(reference.get("cards"), engine.get("cards"))
    free = allowances.free_fields(command)
    return _fields_difference(reference, engine, tuple(f for f in SUCCESS_FIELDS.get(command, ()) if f not in free), "")


def _decoded(request: dict | str | None) -> dict | None:
    if isinstance(request, str):
        try:
            request = json.loads(request)
        except (ValueError, RecursionError):  # not JSON, or nested past what any allowance looks at
            return None
    return request if isinstance(request, dict) else None


def _outcome(response: dict) -> str:
    return "ok" if response.get("ok") else f"error {_code(response)}"


def _message(response: dict) -> Any:
    error = response.get("error")
    return error.get("message") if isinstance(error, dict) else None


def _code(response: dict) -> Any:
    error = response.get("error")
    return error.get("code") if isinstance(error, dict) else None


def _legal_difference(reference: Any, engine: Any) -> tuple[str, Any, Any] | None:
    if not isinstance(engine, list) or len(set(map(str, engine))) != len(engine):
        return "cards", reference, engine  # not a list of distinct names
    if set(reference) != set(engine):
        return "cards", reference, engine
    # the same cards in another order: P-legal-1 fixes card order, and no rule of play is in dispute
    return None if list(reference) == list(engine) else ("cards.order", reference, engine)


def _events_difference(reference: Any, engine: Any) -> tuple[str, Any, Any] | None:
    if not isinstance(engine, list):
        return "events", _types(reference), engine
    for index in range(max(len(reference), len(engine))):
        ref = reference[index] if index < len(reference) else None
        eng = engine[index] if index < len(engine) else None
        ref_type = ref.get("type") if isinstance(ref, dict) else None
        eng_type = eng.get("type") if isinstance(eng, dict) else None
        if ref_type != eng_type:
            return f"events.{ref_type or eng_type}", _types(reference), _types(engine)
        found = _fields_difference(ref, eng, tuple(EVENT_FIELDS.get(ref_type, {})), f"events.{ref_type}.",
                                   EVENT_FIELDS.get(ref_type, {}))
        if found:
            return found
    return None


def _types(events: Any) -> Any:
    return [e.get("type") if isinstance(e, dict) else e for e in events] if isinstance(events, list) else events


def _fields_difference(reference: dict, engine: dict, fields: tuple[str, ...], prefix: str,
                       shapes: dict | None = None) -> tuple[str, Any, Any] | None:
    for name in fields:
        if name in OPTIONAL and name not in reference:
            continue
        ref, eng = reference.get(name), engine.get(name)
        shape = (shapes or {}).get(name)
        if not _same(name, ref, eng, shape):
            return prefix + name, ref, eng
    return None


def _same(name: str, ref: Any, eng: Any, shape: Any) -> bool:
    # `passed` is a set of seats; `hands` lists cards in the engine's order where the allowances say so
    if shape is SORTED_CARDS or name == "passed" or name in allowances.unordered_fields():
        return _sorted_deep(ref) == _sorted_deep(eng)
    if name in DEFINED_OBJECTS:
        return _defined(name, ref) == _defined(name, eng)
    if name in ("money", "pot"):
        return _close(ref, eng)
    return ref == eng


def _defined(name: str, value: Any) -> Any:
    """The fields the protocol defines in a nested object (or a list of them); others are extensions."""
    if isinstance(value, list):
        return [allowances.defined_only(item, DEFINED_OBJECTS[name]) for item in value]
    return allowances.defined_only(value, DEFINED_OBJECTS[name])


def _sorted_deep(value: Any) -> Any:
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return [sorted(map(str, v)) for v in value]
    return sorted(map(str, value)) if isinstance(value, list) else value


def _close(ref: Any, eng: Any) -> bool:
    if isinstance(ref, list) and isinstance(eng, list) and len(ref) == len(eng):
        return all(_close(a, b) for a, b in zip(ref, eng))
    if isinstance(ref, (int, float)) and isinstance(eng, (int, float)) and not isinstance(eng, bool):
        return abs(ref - eng) <= MONEY_TOLERANCE
    return ref == eng
