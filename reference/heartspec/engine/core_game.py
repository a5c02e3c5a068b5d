"""The protocol's Game judged by the compiled core (`heartspec engine --core compiled`).

CoreGame keeps what the reference Game checks about a request before anything changes (the
checked paths `play`, `pass_cards`, `deal` and the `_require_*` helpers: the request's shape,
the phase, whose turn, which cards a hand holds) and hands every step that changes the game or
judges a rule to `heartspec_core.Game` (accel/heartspec_core.c). A play goes to the core first
(`play_face`): it takes exactly the plays those checks would pass and that are legal now, so
only a refused play runs them, to name the error. The core judges the deal, whether there is a
pass and where its cards go, the opening leader, the legal cards and why a card is refused, the
trick and who takes it, hearts breaking, the kitty and the stock, the deal's points, the moon,
the end of the game, its winners and the money. After each step it reads the core's state back
into the attributes `Game.state()` and the server read (the position after every step, the
snapshot of what only a deal's end changes when one ends), and turns the core's events into the
reference's event dicts, in the same order with the same fields.

Nothing of the reference Game that judges a rule is reached on this path:
tests/test_engine_core_protocol.py plants failures in all of it and checks that CoreGame answers
the same. Rules the core cannot play yet (`core.unsupported`), and start options past its
number ranges, are played by the pure Game instead, said once on stderr.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from heartspec.engine import core
from heartspec.engine.errors import RuleError
from heartspec.engine.game import CARD_BITS, Game, _derived_tables, _is_int, checked_start
from heartspec.engine.scoring import MOON_CHOICES, money_out
from heartspec.limits import COMPILED_RULES_CACHED
from heartspec.rules.model import CompiledRules

ENGINE_NAME = "heartspec[compiled core]"  # hello's engine name when the core judges
PHASES = ("deal", "passing", "playing", "moon_choice", "game_over")  # the core's PH_* in order
PH_DEAL = PHASES.index("deal")
REFUSALS = ("must_follow_suit", "points_on_first_trick", "must_lead_opening_card", "hearts_not_broken")  # REFUSE_*
(EV_BROKEN, EV_DRAWN, EV_TRICK_WON, EV_SET_ASIDE, EV_SET_ASIDE_TAKEN, EV_KITTY_TAKEN, EV_MOON_CHOICE,
 EV_DEAL_SCORED, EV_GAME_OVER, EV_NEXT_DEAL) = range(1, 11)
MASK_WORDS = 4  # a mask in the event list: four 32-bit words, low first
EVENT_SIZE = {EV_DRAWN: 2, EV_TRICK_WON: 2, EV_MOON_CHOICE: 2, EV_SET_ASIDE_TAKEN: 2 + MASK_WORDS,
              EV_KITTY_TAKEN: 2 + MASK_WORDS}  # the others are their code alone
DEAL_LEVEL = (EV_DEAL_SCORED, EV_GAME_OVER, EV_NEXT_DEAL)  # the events after which the snapshot is read again
# what the core's numbers hold (ints and long longs), with room for a game's own growth
MAX_START_DEAL, MAX_START_TOTAL = 1 << 30, 1 << 60


def require() -> None:
    """The core, built with the Game this module steps; else CoreUnavailable."""
    core.require()
    if not hasattr(core._native.Game, "points"):
        raise core.CoreUnavailable("the compiled core is built from an older checkout: pip install ./accel "
                                   "(from a heartspec checkout)")


def make_game(rules: CompiledRules, **start) -> Game:
    """The server's game factory: a CoreGame, or the pure Game where the core cannot play (said once)."""
    reason = _for_the_core(rules).unsupported or _start_out_of_range(**start)
    if reason is None:
        return CoreGame(rules, **start)
    core._tell_once(f"heartspec engine: the compiled core cannot play {rules.ruleset} with these options yet "
                    f"({reason}); the pure engine plays it")
    return Game(rules, **start)


class _CoreRules(NamedTuple):
    unsupported: str | None     # why the core cannot play these rules, or None
    model: object               # a core game of these rules, read from their table once: each game starts from it
    cycle: tuple[str, ...]      # the pass direction of each slot of the core's cycle


@lru_cache(maxsize=COMPILED_RULES_CACHED)
def _for_the_core(rules: CompiledRules) -> _CoreRules:
    """What the core needs of one CompiledRules, in one lookup per game: a protocol session starts a game per
    scenario, and hashing the rules to find each piece apart cost a game microseconds."""
    reason = core.unsupported(rules)
    if reason is not None:
        return _CoreRules(reason, None, ())
    model = core._native.Game(core.table(rules), 0, 1, (0,) * rules.players)
    return _CoreRules(None, model, tuple(core.pass_cycle(rules)))


def _start_out_of_range(dealer=0, deal_number=1, totals=None) -> str | None:
    """Start options of the right types that the core's numbers cannot hold (the wrong types are Game's to refuse)."""
    if _is_int(deal_number) and deal_number > MAX_START_DEAL:
        return f"a deal number past {MAX_START_DEAL:,}"
    if isinstance(totals, (list, tuple)) and any(_is_int(t) and abs(t) > MAX_START_TOTAL for t in totals):
        return f"a total past {MAX_START_TOTAL:,}"
    return None


class CoreGame(Game):
    """One game stepped by the compiled core, with the reference Game's request checks and views."""

    def __init__(self, rules: CompiledRules, dealer: int = 0, deal_number: int = 1, totals=None):
        # Not Game.__init__: its state would be overwritten by the core's at once. What Game's request checks and
        # views read besides (the rules, the tables derived from them) is set here; the rest is read back.
        require()
        totals = checked_start(rules.players, dealer, deal_number, totals)
        for_the_core = _for_the_core(rules)
        self.rules, self.players, self.quiet, self.rule_counts = rules, rules.players, False, None
        self.__dict__.update(_derived_tables(rules))
        self._core = for_the_core.model.new_game(dealer, deal_number, tuple(totals))
        self._cycle = for_the_core.cycle
        self._chosen: dict[int, int] = {}  # this deal's passes as sent, to name what each seat received
        self._passed = 0  # the core's mask of seats that passed, as last read (passes: none, _reset_deal)
        self._dealt_stock: list[int] = []
        self._reset_deal()
        self._refresh()

    def _reset_deal(self) -> None:
        """Game.__init__ resets the deal; here the core's snapshot says what the deal is."""
        self.stock, self._stock_pos, self.passes = [], 0, {}
        self._pending_moon = self._dealt_cards = None

    # ------------------------------------------------------------ the core's state, read back

    def _refresh(self) -> None:
        """Read the whole state back from the core."""
        self._read_position()
        self._read_game()

    def _read_position(self) -> None:
        """What a card can change: the phase, whose turn, the hands, the trick and what was taken."""
        (phase, self.turn, self.hands, self.taken, self.trick, self.hearts_broken, passed, self.kitty, self.set_aside,
         stock_left, self.tricks_done, self.opening_face) = self._core.position()
        self.phase = PHASES[phase]
        if passed != self._passed:
            self._passed = passed
            self.passes = {seat: self._chosen.get(seat, 0) for seat in range(self.players) if passed >> seat & 1}
        if stock_left != len(self.stock):
            self.stock = self._dealt_stock[len(self._dealt_stock) - stock_left:] if stock_left else []
        if phase == PH_DEAL:
            self._chosen, self._dealt_cards = {}, None

    def _read_game(self) -> None:
        """What only the end of a deal changes: the dealer and deal number, the totals, the money, the winners."""
        (self.dealer, self.deal_number, totals, winners, money, in_pot, last_points, last_shooter, last_effect,
         last_money, pot_share, slot) = self._core.snapshot()
        self.totals = list(totals)
        self.winners = [seat for seat in range(self.players) if winners >> seat & 1] if self.phase == "game_over" \
            else None
        self.pass_direction = self._cycle[slot]
        self.last_deal_points = last_points
        self.last_moon = None if last_shooter < 0 else {"seat": last_shooter, "effect": MOON_CHOICES[last_effect]}
        self._units = {"money": money, "in_pot": in_pot, "last_money": last_money, "pot_share": pot_share}

    def _money(self, units) -> list:
        return core.money_of(list(units), self.rules)

    @property
    def pot(self):
        return sum(self._money(self._units["in_pot"]))

    @property
    def money(self) -> list:
        return self._money(self._units["money"])

    def deal_points_so_far(self) -> list[int]:
        if self.phase == "game_over":
            return list(self.last_deal_points)
        return [self._core.points(mask) for mask in self.taken]

    # ------------------------------------------------------------ the steps

    def deal_physical(self, cards: list[int]) -> list[dict]:
        """The deal in dealing order (the hands one after another, the kitty, the stock), dealt by the core."""
        events = self._core.deal(cards)
        self._dealt_stock, self.stock = list(cards[len(cards) - self.rules.stock_size:]), []
        self._read_position()
        self._dealt_cards = (list(self.hands), self.kitty, list(self._dealt_stock))
        return self._events(_split(events), ())

    def pass_physical(self, seat: int, chosen: int) -> list[dict]:
        events = self._core.pass_cards(seat, chosen)
        self._chosen[seat] = chosen
        kept = [hand & ~self._chosen.get(s, 0) for s, hand in enumerate(self.hands)]  # the hands before any exchange
        self._read_position()
        out = self._events(_split(events), ())
        if self.phase != "passing":  # the last pass: the core made the exchange
            out += self._received(kept)
        return out

    def pass_all_physical(self, chosen: list[int]) -> list[dict]:
        events: list[dict] = []
        for seat, mask in enumerate(chosen):
            events = self.pass_physical(seat, mask)
        return events

    def _received(self, kept: list[int]) -> list[dict]:
        """What each seat found in its hand after the exchange, and whose pass it was."""
        events = []
        for receiver, hand in enumerate(self.hands):
            got = hand & ~kept[receiver]
            giver = next((seat for seat, mask in self._chosen.items() if mask == got), None)
            events.append({"type": "cards_received", "seat": receiver, "from": giver, "cards": self._names_of(got)})
        return events

    def legal_mask(self, seat: int) -> int:
        if not _is_int(seat) or not 0 <= seat < self.players:
            return 0
        return self._core.legal(seat)

    def _refusal(self, seat: int, card: int) -> RuleError:
        return self._refused(REFUSALS[self._core.refusal(seat, card)], card)

    def play(self, seat, card) -> list[dict]:
        """The core takes a play that Game.play's checks would pass and that is legal now; a play it does not take
        goes through those checks, which name the error (and the core says why a held card is not legal)."""
        taken = self._core.play_face(seat, card)  # the game unchanged when it is not taken
        if taken is None:
            raise self._refusal(seat, self._held_copy(seat, card))
        physical, events = taken
        return self._played(seat, physical, events)

    def play_physical(self, seat: int, card: int) -> list[dict]:
        return self._played(seat, card, self._core.play(seat, card))

    def _played(self, seat: int, card: int, events: list[int]) -> list[dict]:
        """The state after the core played `card`, and the step's events."""
        before = self.trick
        self._read_position()
        played = [{"type": "card_played", "seat": seat, "card": self._names[card]}]
        if not events:  # most cards: nothing but the card itself
            return played
        steps = list(_split(events))
        if any(kind in DEAL_LEVEL for kind, _ in steps):
            self._read_game()
        return self._events(steps, (*before, (seat, card)), played)

    def choose(self, seat, option) -> list[dict]:
        self._require_chooser(seat, option)
        events = self._core.choose(seat, MOON_CHOICES.index(option))
        self._refresh()
        return self._events(_split(events), ())

    def stop(self) -> list[dict]:
        self._require_phase("deal")
        try:
            events = self._core.stop()
        except ValueError:  # in the deal phase the core refuses only a game with its own end
            raise RuleError("wrong_phase", "this game ends by its own target or deal limit, not by stop") from None
        self._refresh()
        return self._events(_split(events), ())

    def play_randomly(self, random) -> None:
        raise NotImplementedError("self-play with the compiled core is heartspec.engine.core.play_games")

    # ------------------------------------------------------------ the core's events as the protocol's

    def _events(self, steps, trick: tuple[tuple[int, int], ...], out: list[dict] | None = None) -> list[dict]:
        """The reference's event dicts for the core's events (_split's pairs); `trick`: the trick this step played into."""
        out = [] if out is None else out
        for kind, numbers in steps:
            if kind in (EV_SET_ASIDE_TAKEN, EV_KITTY_TAKEN):
                seat, mask = numbers[0], core.read_mask(numbers, 1)
                event = {"type": "set_aside_taken" if kind == EV_SET_ASIDE_TAKEN else "kitty_taken",
                         "seat": seat, "cards": self._names_of(mask)}
                if kind == EV_SET_ASIDE_TAKEN:
                    event["points"] = self._core.points(mask)
                out.append(event)
            elif numbers:
                out.append(self._seat_event(kind, numbers[0], trick))
            else:
                out.append(self._plain_event(kind, trick))
        return out

    def _seat_event(self, kind: int, seat: int, trick: list[tuple[int, int]]) -> dict:
        if kind == EV_DRAWN:
            return {"type": "cards_drawn", "seat": seat, "count": 1}
        if kind == EV_MOON_CHOICE:
            return {"type": "moon_choice", "seat": seat}
        return {"type": "trick_won", "seat": seat, **self._trick_cards(trick)}

    def _trick_cards(self, trick: list[tuple[int, int]]) -> dict:
        mask = 0
        for _, card in trick:
            mask |= CARD_BITS[card]
        return {"cards": [self._names[card] for _, card in trick], "points": self._core.points(mask)}

    def _plain_event(self, kind: int, trick: list[tuple[int, int]]) -> dict:
        if kind == EV_BROKEN:
            return {"type": "hearts_broken"}
        if kind == EV_SET_ASIDE:
            return {"type": "trick_set_aside", **self._trick_cards(trick)}
        if kind == EV_DEAL_SCORED:
            return self._deal_scored()
        if kind == EV_GAME_OVER:
            return self._game_over()
        if kind == EV_NEXT_DEAL:
            return {"type": "next_deal", "deal_number": self.deal_number, "dealer": self.dealer,
                    "pass_direction": self.pass_direction}
        raise RuntimeError(f"the compiled core sent an unknown event {kind}")

    def _deal_scored(self) -> dict:
        scored = {"type": "deal_scored", "points": list(self.last_deal_points), "totals": list(self.totals),
                  "moon": self.last_moon}
        settlement = self.rules.settlement
        if settlement == "zero_point_pot":
            # the pot after this deal's settlement: what the game's end shared out, if it ended in this step
            share = self._units["pot_share"]
            on_table = share if self.phase == "game_over" and share is not None else self._units["in_pot"]
            scored["pot"] = money_out([sum(self._money(on_table))])[0]
        if self._settles_per_deal:
            scored["money"] = money_out(self._money(self._units["last_money"]))
        return scored

    def _game_over(self) -> dict:
        over = {"type": "game_over", "totals": list(self.totals), "winners": list(self.winners)}
        if self._units["pot_share"] is not None:
            over["pot_share"] = money_out(self._money(self._units["pot_share"]))
        if self.rules.settlement != "none":
            over["money"] = money_out(self.money)
        return over


def _split(flat: list[int]):
    """The core's flat event list as (event code, the numbers that come with it) pairs."""
    at = 0
    while at < len(flat):
        size = EVENT_SIZE.get(flat[at], 1)
        yield flat[at], flat[at + 1:at + size]
        at += size

