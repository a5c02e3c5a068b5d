"""One ruleset following a move log's accepted requests without ever stopping dead.

Re-judging (`replay --as`, `--compare`) and the viewer's side-by-side tables feed each request the
log's own game accepted to a `Follower` for another ruleset. Where that ruleset has no place for
the request, the follower says what the ruleset makes of it, in its rule's terms, and goes on:

- a card the ruleset refuses (follow suit, first trick, opening lead, hearts) is shown refused
  with its rule, and the logged card is played anyway so the deal goes on;
- a moon choice where the ruleset scores the moon its own way: already scored by its rule;
  a moon the ruleset lets the shooter choose where the log's game did not: the effect the log's
  game applied is taken (the log holds no choice);
- a pass in a deal the ruleset plays without passing is skipped; a deal the ruleset cannot follow
  (it passes where the log does not, another seat is to play, a card is not in that hand because
  the passes differed) is left unscored and the follower takes up the log again at its next deal;
- a deal or a game the ruleset refuses outright (another deck, another table size) is skipped.

Each request yields one or more `Ruling`s; nothing here prints.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from heartspec.cards import card_name
from heartspec.engine.scoring import MOON_CHOICES
from heartspec.i18n import use_language
from heartspec.protocol.server import RulesCatalog, Server
from heartspec.render.rulebook import _cite_statuses
from heartspec.render.selection import RenderedRule, RenderError, resolve_rules

STANDS, REFUSED, OWN_WAY, LEFT = "stands", "refused", "own_way", "left"

# Which rule a refusal comes from. Most codes name one rule; a few depend on where the game stands (rule_key).
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
# Refusals of a card the seat holds, on its turn: the logged card can still be played so the deal goes on.
PLAYABLE_ANYWAY = frozenset({"must_follow_suit", "points_on_first_trick", "must_lead_opening_card", "hearts_not_broken"})
# Refusals after which this ruleset's deal no longer matches the log's.
DEAL_PARTS = frozenset({"not_your_turn", "card_not_in_hand", "invalid_pass", "already_passed"})


@dataclass
class Ruling:
    """What one ruleset made of one logged request: it stands, it is refused (with its rule), the ruleset
    does it its own way (`text` says how, in rule terms), or the ruleset has left this deal or game."""

    line: int
    request: dict
    kind: str
    events: list[dict] = field(default_factory=list)
    code: str | None = None
    message: str = ""
    rule: RenderedRule | None = None
    played_anyway: bool = False
    text: str = ""


class RuleLookup:
    """A ruleset's rules as the rulebook renders them (in `lang`), by rule key, cached per table."""

    def __init__(self, catalog: RulesCatalog, lang: str = "en"):
        self.catalog, self.lang = catalog, lang
        self._cache: dict = {}

    def rule(self, ruleset: str, variants: tuple[str, ...], players: int | None, key: str | None) -> RenderedRule | None:
        if key is None or not players:
            return None
        where = (ruleset, tuple(variants), players)
        if where not in self._cache:
            try:
                with use_language(self.lang):
                    self._cache[where] = {r.key: r for r in resolve_rules(self.catalog.spec, *where)}
            except RenderError:
                self._cache[where] = {}
        return self._cache[where].get(key)

    def cite(self, rule: RenderedRule) -> str:
        with use_language(self.lang):
            return _cite_statuses(rule)


def rule_key(code: str, request: dict, phase: str | None, game, deal_had_pass: bool) -> str | None:
    """The rule behind refusal `code` of `request`, the game being in `phase` before it."""
    cmd = request.get("cmd")
    if code == "not_your_turn":
        return "opening_lead" if game is not None and game.tricks_done == 0 else "following"
    if code == "card_not_in_hand":
        return "passing" if deal_had_pass else "deck"
    if code == "wrong_phase":
        if cmd == "choose" or phase == "moon_choice":
            return "moon"
        if phase == "game_over":
            return "game_end"
        if phase in ("passing", "playing") and cmd in ("pass", "play"):
            return "passing"
        return None
    return RULE_OF_CODE.get(code)


class Follower:
    """One ruleset (`label`: RULESET[+VARIANT...]) following the log's accepted requests in its own server."""

    def __init__(self, label: str, ruleset: str, variants: tuple[str, ...], catalog: RulesCatalog,
                 rules: RuleLookup | None = None):
        self.label, self.ruleset, self.variants = label, ruleset, tuple(variants)
        self.server = Server(catalog=catalog)
        self.rules = rules or RuleLookup(catalog)
        self.in_game = False
        self.deal_had_pass = False
        self.deal_left = False  # this deal is not followed any further under this ruleset
        self.over_told = False  # the game ended here before the log's did, and the report has said so
        self.why_left = ""  # why this deal or game is not followed, for a viewer to say at every step left

    @property
    def game(self):
        return self.server.game if self.in_game else None

    def follow(self, line: int, request: dict, logged_game) -> list[Ruling]:
        """What this ruleset makes of `request`, which the log's game (`logged_game`, after it) accepted."""
        cmd = request.get("cmd")
        if cmd == "new_game":
            return [self._new_game(line, request)]
        if not self.in_game:
            return [Ruling(line, request, LEFT)]
        if cmd == "deal":
            return self._deal(line, request, logged_game)
        game = self.server.game
        if cmd == "choose" and not self.deal_left and game.phase != "moon_choice":
            return [self._moon_own_way(line, request)]
        if cmd in ("pass", "play", "choose") and (self.deal_left or game.phase in ("deal", "game_over")):
            return [Ruling(line, request, LEFT)]
        before: list[Ruling] = []
        if game.phase == "moon_choice" and cmd != "choose":
            before.append(self._choose_as_logged(line, logged_game))
        return before + [self._move(line, request)]

    # ------------------------------------------------------------- requests

    def _new_game(self, line: int, request: dict) -> Ruling:
        mine = {**request, "ruleset": self.ruleset, "variants": list(self.variants)}
        response = self.server.handle_line(json.dumps(mine))
        self.deal_left = self.over_told = False
        self.in_game = response["ok"]
        if response["ok"]:
            return Ruling(line, mine, STANDS)
        self.why_left = f"the game does not start under {self.label}: {response['error']['message']}"
        return self._refused(line, mine, response["error"], None, request.get("players"))

    def _deal(self, line: int, request: dict, logged_game) -> list[Ruling]:
        game = self.server.game
        rulings: list[Ruling] = []
        if game.phase == "game_over":
            self.why_left = f"the game is already over under {self.label}"
            text = "" if self.over_told else self.why_left
            self.over_told = True
            return [Ruling(line, request, LEFT, text=text)]
        if game.phase == "moon_choice":
            rulings.append(self._choose_as_logged(line, logged_game))
        if game.phase in ("passing", "playing"):
            rulings.append(Ruling(line, request, LEFT, events=game.leave_deal(),
                                  text=f"under {self.label} the deal is not over; it is left unscored"))
        mine = _explicit_deal(request, logged_game)
        self.deal_had_pass, self.deal_left = False, False
        response = self.server.handle_line(json.dumps(mine))
        if response["ok"]:
            return rulings + [Ruling(line, mine, STANDS, events=response.get("events") or [])]
        self.deal_left = True
        self.why_left = f"under {self.label} this deal cannot be dealt: {response['error']['message']}"
        return rulings + [self._refused(line, mine, response["error"], "deal", game.players)]

    def _move(self, line: int, request: dict) -> Ruling:
        game = self.server.game
        cmd, phase = request.get("cmd"), game.phase
        if cmd == "pass" and phase == "playing":
            return self._own_way(line, request, "passing", f"under {self.label} no cards pass in this deal")
        if cmd == "pass":
            self.deal_had_pass = True
        response = self.server.handle_line(json.dumps(request))
        if response["ok"]:
            return Ruling(line, request, STANDS, events=response.get("events") or [])
        return self._refused_move(line, request, response["error"], phase)

    def _refused_move(self, line: int, request: dict, error: dict, phase: str) -> Ruling:
        game = self.server.game
        ruling = self._refused(line, request, error, phase, game.players)
        if error["code"] in PLAYABLE_ANYWAY and request.get("cmd") == "play":
            ruling.events = game.play_anyway(request["seat"], _card(request["card"]))
            ruling.played_anyway = True
        elif error["code"] in DEAL_PARTS or (error["code"] == "wrong_phase" and phase == "passing"):
            ruling.events = game.leave_deal()
            self.deal_left = True
            ruling.text = f"from here the deal has no place under {self.label}; it is left unscored"
            if phase == "passing":
                ruling.text = f"under {self.label} cards pass before this deal's play, and the log passes none; " \
                              "the deal is left unscored"
            self.why_left = ruling.text
        return ruling

    def _refused(self, line: int, request: dict, error: dict, phase: str | None, players: int | None) -> Ruling:
        key = rule_key(error["code"], request, phase, self.game, self.deal_had_pass)
        rule = self.rules.rule(self.ruleset, self.variants, players, key)
        return Ruling(line, request, REFUSED, code=error["code"], message=error["message"], rule=rule)

    # ------------------------------------------------------------- the moon and passing, each ruleset its own way

    def _moon_own_way(self, line: int, request: dict) -> Ruling:
        game = self.server.game
        moon = game.last_moon
        if moon is None:
            text = f"under {self.label} seat {request.get('seat')} did not shoot the moon: there is nothing to choose"
        else:
            text = f"under {self.label} the shooter has no choice: {_moon_points(moon['seat'], game.last_deal_points)}"
        return self._own_way(line, request, "moon", text)

    def _choose_as_logged(self, line: int, logged_game) -> Ruling:
        """The log's game scored a moon without a choice; this ruleset asks the shooter: take the logged effect."""
        game = self.server.game
        logged_moon = getattr(logged_game, "last_moon", None) or {}
        option = logged_moon.get("effect") if logged_moon.get("effect") in MOON_CHOICES else MOON_CHOICES[0]
        request = {"cmd": "choose", "seat": game.turn, "option": option}
        response = self.server.handle_line(json.dumps(request))
        ruling = self._own_way(line, request, "moon", f"under {self.label} the shooter chooses; the log's game "
                               f"scored the moon as {option}, so that is taken")
        ruling.events = response.get("events") or []
        return ruling

    def _own_way(self, line: int, request: dict, key: str, text: str) -> Ruling:
        game = self.server.game
        rule = self.rules.rule(self.ruleset, self.variants, game.players, key)
        return Ruling(line, request, OWN_WAY, rule=rule, text=text)


def _explicit_deal(request: dict, logged_game) -> dict:
    """A deal by seed as the cards the log's game actually dealt, so every ruleset sees the same cards."""
    if "seed" not in request:
        return request
    hands, kitty, stock = logged_game.dealt
    explicit = {k: v for k, v in request.items() if k != "seed"}
    explicit["hands"] = [[card_name(c) for c in hand] for hand in hands]
    if kitty:
        explicit["kitty"] = [card_name(c) for c in kitty]
    if stock:
        explicit["stock"] = [card_name(c) for c in stock]
    return explicit


def _moon_points(shooter: int, points: list[int] | None) -> str:
    """A moon's deal points in words: what the shooter scored, then the others (alike, or seat by seat)."""
    if not points:
        return "the moon is scored by this rule"
    others = [p for seat, p in enumerate(points) if seat != shooter]
    said = f"{others[0]} to each other player" if len(set(others)) == 1 else \
        ", ".join(f"{p} to seat {seat}" for seat, p in enumerate(points) if seat != shooter)
    return f"{points[shooter]} to the shooter (seat {shooter}), {said}"


def _card(name: str) -> int:
    from heartspec.protocol.messages import card_or_unknown

    return card_or_unknown(name)
