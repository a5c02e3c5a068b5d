"""Which rule judges a disputed step, named as the rulebook prints it.

A difference is mapped to a rule area of the vocabulary (`first_trick`,
`hearts_break`, ...) from its error code, its event field or, for `legal`,
from the card in dispute and the position the reference holds; its citation
then comes from the resolved ruleset, through the same rendering `heartspec
rules` uses. What the protocol itself fixes (framing, phases, seats) is
judged by spec/protocol.md, cited by section.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from heartspec.cards import HEARTS, cards_of, face, parse_card, suit_of
from heartspec.fuzz.lockstep import Mismatch
from heartspec.protocol.messages import decode_json
from heartspec.render.selection import RenderError, cite, resolve_rules

PROTOCOL = "protocol"
RULE_BY_ERROR = {
    "must_lead_opening_card": "opening_lead",
    "must_follow_suit": "following",
    "points_on_first_trick": "first_trick",
    "hearts_not_broken": "heart_leads",
    "invalid_pass": "passing",
    "invalid_deal": "deck",
    "unsupported": PROTOCOL,  # the engine refused a set-up its hello claims (§6.1)
    "bad_request": PROTOCOL,  # the request's shape, whatever its command
    "unknown_command": PROTOCOL,
    "wrong_phase": PROTOCOL,
}
RULE_BY_COMMAND = {"pass": "passing", "deal": "deck", "choose": "moon", "new_game": "players"}
RULE_BY_FIELD = {
    "events.hearts_broken": "hearts_break",
    "events.card_played": "following",
    "events.trick_won": "following",
    "events.trick_won.seat": "following",
    "events.trick_won.cards": "following",
    "events.trick_won.points": "card_points",
    "events.kitty_taken": "deck",
    "events.cards_drawn": "two_player",
    "events.moon_choice": "moon",
    "events.deal_scored.moon": "moon",
    "events.deal_scored.money": "settlement",
    "events.deal_scored.pot": "settlement",
    "events.game_over.money": "settlement",
    "events.deal_scored": "card_points",
    "events.deal_scored.points": "card_points",
    "events.deal_scored.totals": "card_points",
    "events.next_deal": "game_end",
    "events.game_over": "game_end",
    "events.game_over.winners": "game_end",
    "events.game_over.totals": "game_end",
    "events.next_deal.deal_number": "game_end",
    "events.next_deal.dealer": "dealing",
    "events.next_deal.pass_direction": "passing",
    "events.cards_received": "passing",
    "pass_direction": "passing",
    "turn": "opening_lead",
    "phase": "passing",
    "hearts_broken": "hearts_break",
    "dealer": "dealing",
    "deal_points": "card_points",
    "totals": "card_points",
    "team_totals": "scoring_unit",
    "winners": "game_end",
    "kitty_size": "deck",
    "passed": "passing",
    "stock_size": "two_player",
}
PROTOCOL_SECTIONS = {"hello": "6.1 hello", "new_game": "6.2 new_game", "deal": "6.3 deal", "pass": "6.4 pass",
                     "play": "6.5 play", "choose": "6.6 choose", "state": "6.7 state", "legal": "6.8 legal",
                     "quit": "6.9 quit"}


@dataclass(frozen=True)
class Ruling:
    rule: str        # a vocabulary key, or "protocol"
    citation: str    # "First trick: <the rulebook's sentence>" and its source line

    def as_json(self) -> dict[str, str]:
        return {"rule": self.rule, "citation": self.citation}


def rule_for(mismatch: Mismatch, request: Any, game: Any) -> str:
    """The rule area that decides who is right; `game` is the reference's position before the request."""
    if mismatch.broke_protocol or mismatch.field == "garbage":
        return PROTOCOL
    if mismatch.field in ("ok", "error.code"):
        # the reference's refusal names the rule broken; else the engine's names the rule it misapplied
        code = refused_code(mismatch.reference_value) or refused_code(mismatch.engine_value)
        if code in RULE_BY_ERROR:
            return RULE_BY_ERROR[code]
        if mismatch.command == "play" and game is not None and isinstance(request, dict):
            return _play_rule(game, request.get("seat"), request.get("card"))
        return RULE_BY_COMMAND.get(mismatch.command, PROTOCOL)
    if mismatch.command == "legal" and mismatch.field == "cards.order":
        return PROTOCOL
    if mismatch.command == "legal" and game is not None:
        return _legal_rule(mismatch, request, game)
    if mismatch.command == "deal" and mismatch.field == "phase":
        return "passing"
    if mismatch.command == "state" and mismatch.field in ("hands", "trick", "turn"):
        return "following" if game is not None and game.phase == "playing" else "passing"
    if mismatch.field == "events.deal_scored.points" and _has_moon(mismatch):
        return "moon"
    return RULE_BY_FIELD.get(mismatch.field, PROTOCOL)


def refused_code(value: Any) -> str | None:
    """The error code in a compared outcome ("error CODE", or the code itself), None for "ok"."""
    if value is None or value == "ok":
        return None
    return str(value).removeprefix("error ")


def _has_moon(mismatch: Mismatch) -> bool:
    for text in (mismatch.reference_line, mismatch.engine_line or ""):
        try:
            events = decode_json(text).get("events") or []
        except (ValueError, AttributeError):
            continue
        if any(isinstance(e, dict) and e.get("type") == "deal_scored" and e.get("moon") for e in events):
            return True
    return False


def _legal_rule(mismatch: Mismatch, request: dict, game: Any) -> str:
    disputed = set(map(str, mismatch.reference_value or [])) ^ set(map(str, mismatch.engine_value or []))
    seat = request.get("seat") if isinstance(request, dict) else None
    for name in sorted(disputed):
        rule = _play_rule(game, seat, name)
        if rule != PROTOCOL:
            return rule
    return "following"


def _play_rule(game: Any, seat: Any, name: Any) -> str:
    """The rule that allows or refuses `seat` playing `name` in the reference's position."""
    try:
        card = parse_card(name)
    except ValueError:
        return PROTOCOL
    if game.phase != "playing" or seat != game.turn:
        return PROTOCOL
    held = [c for c in cards_of(game.hands[seat]) if face(c) == card]
    if not held:
        return PROTOCOL
    if not (1 << held[0]) & game.legal_mask(seat):
        return RULE_BY_ERROR.get(game._refusal(seat, held[0]).code, "following")
    # the reference allows it: which rule might the engine have applied wrongly?
    if game.tricks_done == 0 and not game.trick and game.opening_face is not None:
        return "opening_lead"
    if game.tricks_done == 0 and game._phys_points[held[0]] > 0:
        return "first_trick"
    if not game.trick and suit_of(card) == HEARTS and not game.hearts_broken:
        return "heart_leads"
    return "following"


def _protocol_citation(command: str, code: str | None) -> str:
    """The command's section of spec/protocol.md, and §9 for the error code in dispute (or no known command)."""
    parts = [f"§{PROTOCOL_SECTIONS[command]}"] if command in PROTOCOL_SECTIONS else []
    if code or not parts:
        parts.append("§9 Error codes" + (f": {code}" if code else ""))
    return "spec/protocol.md " + "; ".join(parts)


class RuleNamer:
    """Citations for rule areas, from the resolved ruleset; cached per set-up."""

    def __init__(self, spec):
        self.spec = spec
        self._cache: dict = {}

    def ruling(self, setup, rule: str, command: str, options: dict | None = None, code: str | None = None) -> Ruling:
        """The rule as `heartspec rules` prints it; game options that change it are named after it.
        `code`: the refusal in dispute, named with a protocol citation."""
        if rule == PROTOCOL:
            return Ruling(PROTOCOL, _protocol_citation(command, code))
        rules = self._rules(setup)
        rendered = rules.get(rule)
        if rendered is None:
            return Ruling(rule, f"{setup.ruleset}: no rule {rule!r} at {setup.players} players")
        sources = "; ".join(f"{cite(s)}, {s.get('status', '?')}" for s in rendered.sources) or "no source recorded"
        chosen = ", ".join(f"{k}={v}" for k, v in sorted((options or {}).items()))
        played = f"; this game was played with the options {chosen}" if chosen else ""
        return Ruling(rule, f"{setup.ruleset} {rendered.label}: {rendered.text} (source: {sources}){played}")

    def _rules(self, setup) -> dict:
        key = (setup.ruleset, setup.variants, setup.players)
        if key not in self._cache:
            try:
                found = resolve_rules(self.spec, setup.ruleset, tuple(setup.variants), setup.players)
            except RenderError:
                found = []
            self._cache[key] = {r.key: r for r in found}
        return self._cache[key]
