"""The Hearts state machine over CompiledRules.

Cards are physical ids (heartspec.cards), hands are bit masks.  Every public
method checks the whole request before it changes anything, so a refused
request (RuleError) leaves the game exactly as it was.  `play` is the checked
path; `legal_mask` + `play_physical` are the fast path for self-play, which
only ever plays cards taken from `legal_mask`.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache, partial

from heartspec.cards import (
    HEARTS,
    IDS_PER_DECK,
    SLOTS_PER_SUIT,
    SUITS,
    card_name,
    cards_of,
    face,
    parse_card,
    shuffled,
    suit_mask,
    suit_of,
)
from heartspec.engine import scoring
from heartspec.engine.errors import RuleError
from heartspec.limits import COMPILED_RULES_CACHED
from heartspec.rules.model import CompiledRules

QUEEN_OF_SPADES = parse_card("QS")
NO_MONEY = Fraction(0)
PER_DEAL_SETTLEMENTS = ("pairwise", "zero_point_pot")
PASS_DIRECTIONS = ("left", "right", "across", "left2", "right2", "none")
CARD_BITS = [1 << card for card in range(2 * IDS_PER_DECK)]  # physical card -> its bit in a hand mask
SUIT_SLOTS_MASK = (1 << SLOTS_PER_SUIT) - 1
SUIT_SHIFTS = tuple(suit * SLOTS_PER_SUIT for suit in range(len(SUITS)))


@lru_cache(maxsize=16)
def _followers(players: int) -> list[tuple[int, ...]]:
    """For each leader, the seats that follow in a trick, in playing order."""
    return [tuple((leader + step) % players for step in range(1, players)) for leader in range(players)]


@lru_cache(maxsize=1)
def _suit_slots() -> list[tuple[int, ...]]:
    """For every set of cards of one suit (a 14-bit mask), the slots it holds, lowest first."""
    return [tuple(slot for slot in range(SLOTS_PER_SUIT) if mask >> slot & 1) for mask in range(1 << SLOTS_PER_SUIT)]


def _kth_lowest(mask: int, k: int) -> int:
    """The card of the k-th lowest set bit of a one-deck `mask` (k from 0)."""
    slots_of = _suit_slots()
    for shift in SUIT_SHIFTS:  # a suit at a time, from a table
        slots = slots_of[mask >> shift & SUIT_SLOTS_MASK]
        if k < len(slots):
            return shift + slots[k]
        k -= len(slots)
    raise ValueError("k is not below the number of cards in the mask")


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def checked_start(players: int, dealer, deal_number, totals) -> list[int]:
    """A game's start options checked (invalid_game), and its totals: those given, or a zero per seat."""
    if not _is_int(dealer) or not 0 <= dealer < players:
        raise RuleError("invalid_game", f"dealer must be a seat 0..{players - 1}, not {dealer!r}")
    if not _is_int(deal_number) or deal_number < 1:
        raise RuleError("invalid_game", f"deal_number must be a whole number from 1, not {deal_number!r}")
    if totals is None:
        return [0] * players
    if not isinstance(totals, (list, tuple)) or len(totals) != players or not all(map(_is_int, totals)):
        raise RuleError("invalid_game", f"totals must be {players} whole numbers, one per seat")
    return list(totals)


class Game:
    """One game of Hearts, deal after deal, until the rules end it."""

    def __init__(self, rules: CompiledRules, dealer: int = 0, deal_number: int = 1, totals=None):
        players = rules.players
        totals = checked_start(players, dealer, deal_number, totals)
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.deal_number = deal_number
        self.totals = totals
        self.phase = "deal"
        self.winners: list[int] | None = None
        self.quiet = False  # self-play sets this to skip building event dicts
        # A simulation sets a Counter here: which rule (its dotted vocabulary path) narrowed a
        # legal_mask call or decided a trick. Left None, nothing is counted and nothing slows down.
        self.rule_counts: Counter | None = None
        self.last_deal_points: list[int] | None = None
        self.last_moon: dict | None = None
        self.deals_scored = 0
        self.__dict__.update(_derived_tables(rules))
        self._in_pot = [NO_MONEY] * players  # what each seat paid into a zero-point pot still on the table
        self._game_money = [NO_MONEY] * players
        self._reset_deal()

    # ----------------------------------------------------------------- setup

    def _reset_deal(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.taken = [0] * n
        self.kitty = 0
        self.set_aside = 0  # cards of tricks whose led-suit cards all cancelled, waiting for a taker
        self.stock: list[int] = []
        self._stock_pos = 0
        self.trick: list[tuple[int, int]] = []
        self.turn: int | None = None
        self.hearts_broken = False
        self.tricks_done = 0
        self.passes: dict[int, int] = {}
        self.opening_face: int | None = None
        self.pass_direction = self._direction_for(self.deal_number)
        self._pending_moon: tuple | None = None
        self._dealt_cards: tuple | None = None

    def _direction_for(self, deal_number: int) -> str:
        rules = self.rules
        if rules.pass_count == 0 or not rules.pass_cycle:
            return "none"
        return rules.pass_cycle[(deal_number - 1) % len(rules.pass_cycle)]

    # ------------------------------------------------------------------ deal

    def deal(self, hands, kitty=(), stock=()) -> list[dict]:
        """Start the deal with these cards (face ids); copies of a two-deck game are assigned here."""
        self._require_phase("deal")
        return self.deal_physical(self._physical_deal(hands, kitty, stock))

    def deal_seeded(self, seed) -> list[dict]:
        """Shuffle the deck with random.Random(seed) and deal it."""
        self._require_phase("deal")
        if not _is_int(seed):
            raise RuleError("bad_request", f"seed must be a whole number, not {seed!r}")
        return self.deal_physical(shuffled(list(self.rules.deck), seed))

    def deal_physical(self, cards: list[int]) -> list[dict]:
        """The fast path: deal a permutation of rules.deck (physical ids) in order: hands, kitty, stock."""
        size, n, bit = self.rules.hand_size, self.players, CARD_BITS.__getitem__
        # a sum of distinct powers of two is their union: the loop over cards stays in C
        hands = [sum(map(bit, cards[start:start + size])) for start in range(0, n * size, size)]
        rest = cards[n * size:]
        kitty = sum(map(bit, rest[: self.rules.kitty_size]))
        return self._start_deal(hands, kitty, rest[self.rules.kitty_size:])

    def _physical_deal(self, hands, kitty, stock) -> list[int]:
        """Check a deal of face ids and number the copies of each face in the order they appear: the physical
        cards in dealing order (the hands one after another, the kitty, the stock), as deal_physical takes them."""
        kitty = () if kitty is None else kitty
        stock = () if stock is None else stock
        self._check_deal_shape(hands, kitty, stock)
        dealt = Counter(c for group in (*hands, kitty, stock) for c in group)
        if dealt != self._deck_faces:
            raise RuleError("invalid_deal", self._deck_mismatch(dealt))
        copies_seen: Counter = Counter()

        def physical(card: int) -> int:
            copies_seen[card] += 1
            return card + IDS_PER_DECK * (copies_seen[card] - 1)

        return [physical(c) for group in (*hands, kitty, stock) for c in group]

    def _check_deal_shape(self, hands, kitty, stock) -> None:
        rules, n = self.rules, self.players
        if not isinstance(hands, (list, tuple)) or len(hands) != n:
            raise RuleError("invalid_deal", f"a deal needs {n} hands, one per seat")
        groups = [(f"hand of seat {s}", h, rules.hand_size) for s, h in enumerate(hands)]
        groups += [("kitty", kitty, rules.kitty_size), ("stock", stock, rules.stock_size)]
        for label, cards, size in groups:
            if not isinstance(cards, (list, tuple)) or len(cards) != size:
                got = len(cards) if isinstance(cards, (list, tuple)) else "no list"
                raise RuleError("invalid_deal", f"the {label} must have {size} cards, got {got}")
            for card in cards:
                if not _is_int(card) or not 0 <= card < IDS_PER_DECK:
                    raise RuleError("invalid_deal", f"the {label} holds {card!r}, which is not a card")

    @property
    def dealt(self) -> tuple[list[list[int]], list[int], list[int]] | None:
        """This deal's cards as dealt (face ids): hands, kitty, stock in drawing order."""
        if self._dealt_cards is None:
            return None
        hands, kitty, stock = self._dealt_cards
        return ([sorted(face(c) for c in cards_of(h)) for h in hands],
                sorted(face(c) for c in cards_of(kitty)), [face(c) for c in stock])

    def _deck_mismatch(self, dealt: Counter) -> str:
        missing = sorted((self._deck_faces - dealt).elements())
        extra = sorted((dealt - self._deck_faces).elements())
        parts = []
        if missing:
            parts.append("missing " + " ".join(card_name(c) for c in missing))
        if extra:
            parts.append("not in this deck (or too many) " + " ".join(card_name(c) for c in extra))
        return "the cards are not this game's deck: " + "; ".join(parts)

    def _start_deal(self, hands: list[int], kitty: int, stock: list[int]) -> list[dict]:
        self.hands = hands
        self.kitty = kitty
        self.stock = stock
        self._stock_pos = 0
        self._dealt_cards = (list(hands), kitty, stock)
        if self.pass_direction == "none":
            self._begin_play()
        else:
            self.phase = "passing"
        return []

    # --------------------------------------------------------------- passing

    def pass_cards(self, seat, cards) -> list[dict]:
        """Choose the cards `seat` passes; the last seat to choose triggers the exchange."""
        self._require_phase("passing")
        self._require_seat(seat)
        if seat in self.passes:
            raise RuleError("already_passed", f"seat {seat} has already passed this deal")
        if not isinstance(cards, (list, tuple)):
            raise RuleError("bad_request", "cards must be a list of cards")
        for card in cards:
            self._require_card(card)
        if len(cards) != self.rules.pass_count:
            raise RuleError("invalid_pass", f"pass exactly {self.rules.pass_count} cards, not {len(cards)}")
        for card, count in Counter(cards).items():
            if count > self._face_copies[card].bit_count():
                raise RuleError("invalid_pass", f"{card_name(card)} is named {count} times; the deck has it only "
                                f"{self._face_copies[card].bit_count()} time(s)")
        chosen = 0
        for card in cards:
            free = self.hands[seat] & self._face_copies[card] & ~chosen
            if not free:
                raise RuleError("card_not_in_hand", f"seat {seat} does not hold {card_name(card)} (to pass)")
            chosen |= free & -free
        return self.pass_physical(seat, chosen)

    def pass_physical(self, seat: int, chosen: int) -> list[dict]:
        """The fast path: record a pass (a mask of the right size, taken from the seat's hand)."""
        self.passes[seat] = chosen
        if len(self.passes) < self.players:
            return []
        return self._exchange()

    def pass_all_physical(self, chosen: list[int]) -> list[dict]:
        """The fast path for the whole table at once: seat s passes the mask chosen[s]."""
        self.passes = dict(enumerate(chosen))
        return self._exchange()

    def _exchange(self) -> list[dict]:
        n, offset, hands, passes = self.players, self._pass_offsets[self.pass_direction], self.hands, self.passes
        hands[:] = [hands[seat] & ~passes[seat] | passes[(seat - offset) % n] for seat in range(n)]
        events: list[dict] = []
        for receiver in range(n if not self.quiet else 0):
            giver = (receiver - offset) % n
            events.append({"type": "cards_received", "seat": receiver, "from": giver,
                           "cards": self._names_of(self.passes[giver])})
        self._begin_play()
        return events

    # ------------------------------------------------------------ the tricks

    def _begin_play(self) -> None:
        self.phase = "playing"
        self.turn, self.opening_face = self._opening()

    def _opening(self) -> tuple[int, int | None]:
        """Who leads the first trick, and the card (face) they must lead, if any."""
        rules = self.rules
        if rules.opening_leader == "card_holder":
            for candidate in rules.opening_cards:
                holder = self._first_holder(self._face_copies[candidate])
                if holder is not None:
                    return holder, candidate
            clubs = 0
            for hand in self.hands:
                clubs |= hand & self._suit_masks[0]
            if rules.opening_fallback == "lowest_club" and clubs:
                lowest = min(face(c) for c in cards_of(clubs))
                return self._first_holder(self._face_copies[lowest]), lowest
        return (self.dealer + 1) % self.players, None

    def _first_holder(self, copies_mask: int) -> int | None:
        """The first seat clockwise from the dealer's left holding one of these cards."""
        n = self.players
        for step in range(1, n + 1):
            seat = (self.dealer + step) % n
            if self.hands[seat] & copies_mask:
                return seat
        return None

    def legal_mask(self, seat: int) -> int:
        """The physical cards `seat` may play now, as a mask (0 when it is not their turn)."""
        if self.phase != "playing" or seat != self.turn:
            return 0
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            allowed = hand & self._suit_masks[self._suit_of[trick[0][1]]] or hand
            if self.tricks_done == 0 and self._first_trick_guarded:
                safe = self._first_trick_safe(hand, allowed)
                if self.rule_counts is not None and safe != allowed:
                    self.rule_counts["first_trick.points" if safe else "first_trick.when_only_points"] += 1
                allowed = safe or allowed
            return allowed
        if self.tricks_done == 0:
            if self.opening_face is not None:
                return hand & self._face_copies[self.opening_face]
            if self.rules.opening_lead_restriction == "non_point":
                hand = hand & ~self._opening_barred or hand
        if self._hearts_lead_guarded and not self.hearts_broken:
            allowed = self._lead_before_hearts_broken(hand)
            if self.rule_counts is not None:
                if allowed != hand:
                    self.rule_counts["heart_leads.before_broken"] += 1
                elif hand & self._hearts:
                    self.rule_counts["heart_leads.exceptions"] += 1
            return allowed
        return hand

    def _lead_before_hearts_broken(self, hand: int) -> int:
        """No heart leads while another card is held, unless hearts_and_queen excepts a hand whose
        only other card is the queen (heart_leads)."""
        others = hand & ~self._hearts
        if others and not (self._hearts_and_queen and not others & ~self._queen):
            return others
        return hand

    def _first_trick_safe(self, hand: int, allowed: int) -> int:
        """The follower's unbarred choices; when the led suit offers only barred cards, `barred_follow` decides."""
        safe = allowed & ~self._first_trick_barred
        if not safe and self._ban_before_suit:
            safe = hand & ~self._first_trick_barred
        return safe

    def legal(self, seat) -> list[int]:
        """Face ids `seat` may play now, deduplicated and sorted."""
        if not _is_int(seat):
            return []
        return sorted({face(c) for c in cards_of(self.legal_mask(seat))})

    def play(self, seat, card) -> list[dict]:
        """The checked path: refuse with the first error code that applies, in the protocol's order."""
        physical = self._held_copy(seat, card)
        if not CARD_BITS[physical] & self.legal_mask(seat):
            raise self._refusal(seat, physical)
        return self.play_physical(seat, physical)

    def play_anyway(self, seat, card) -> list[dict]:
        """Play a card `seat` holds on its turn whether or not the rules allow it now: re-judging a log
        under another ruleset keeps the logged card after showing it refused, so the deal goes on."""
        return self.play_physical(seat, self._held_copy(seat, card))

    def leave_deal(self) -> list[dict]:
        """Set the deal in progress aside unscored and wait for the next one: re-judging a log under
        another ruleset, for a deal these rules cannot follow (other passes, another seat to play)."""
        if self.phase not in ("passing", "playing", "moon_choice"):
            raise RuleError("wrong_phase", f"no deal in progress: the game is in phase {self.phase}")
        events: list[dict] = []
        self._next_deal(events)
        return events

    def _held_copy(self, seat, card) -> int:
        """The physical card `seat` plays when it names face `card`: its turn, a card of the deck, in its hand."""
        self._require_phase("playing")
        self._require_seat(seat)
        if seat != self.turn:
            raise RuleError("not_your_turn", f"it is seat {self.turn}'s turn, not seat {seat}'s")
        self._require_card(card)
        copies = self.hands[seat] & self._face_copies[card]
        if not copies:
            raise RuleError("card_not_in_hand", f"seat {seat} does not hold {card_name(card)}")
        return (copies & -copies).bit_length() - 1

    def _refusal(self, seat: int, card: int) -> RuleError:
        """Why a card in hand is not legal now (only called when it is not)."""
        hand = self.hands[seat]
        if self.trick:
            led = self._suit_of[self.trick[0][1]]
            follows = self._suit_of[card] == led or not hand & self._suit_masks[led]
            return self._refused("points_on_first_trick" if follows else "must_follow_suit", card)
        if self.tricks_done == 0 and self.opening_face is not None:
            return self._refused("must_lead_opening_card", card)
        if self.tricks_done == 0 and (1 << card) & self._opening_barred and hand & ~self._opening_barred:
            return self._refused("points_on_first_trick", card)
        return self._refused("hearts_not_broken", card)

    def _refused(self, code: str, card: int) -> RuleError:
        """The refusal `code` for `card` in this position, in words (shared with the compiled core's game)."""
        name = self._names[card]
        if code == "must_follow_suit":
            return RuleError(code, f"{name} does not follow the led suit {SUITS[self._suit_of[self.trick[0][1]]]}")
        if code == "must_lead_opening_card":
            return RuleError(code, f"the first trick must be led with {card_name(self.opening_face)}")
        if code == "hearts_not_broken":
            return RuleError(code, f"hearts are not broken yet, so {name} may not be led")
        if self.trick:
            return RuleError(code, f"{name} is barred from the first trick while you hold another legal card")
        return RuleError(code, f"{name} may not open the first trick; lead a card without points")

    def play_physical(self, seat: int, card: int) -> list[dict]:
        """The fast path: play a physical card known to be legal (taken from legal_mask)."""
        events = None if self.quiet else []
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        trick.append((seat, card))
        if events is not None:
            events.append({"type": "card_played", "seat": seat, "card": self._names[card]})
        if not self.hearts_broken and self._breaks_hearts(card):
            self.hearts_broken = True
            if events is not None:
                events.append({"type": "hearts_broken"})
        if self.rules.draw_order == "replace_immediately":
            self._draw(seat, events)
        if len(trick) == self.players:
            self._finish_trick(events)
        else:
            self.turn = (seat + 1) % self.players
        return events or []

    def play_randomly(self, random) -> None:
        """Self-play's inner loop: play this deal out with uniformly random legal cards.

        The same choices as `play_physical(seat, random_card(legal_mask(seat)))` for the same
        `random` (random.Random().random), inlined because this loop is where self-play spends
        its time; tests check the two agree move for move.
        """
        if self.phase != "playing":
            return
        if self.rules.copies == 1 and not self.stock and not self.trick and self.rule_counts is None:
            self._play_tricks_randomly(random)
            return
        n, hands, suit_masks, suit_of = self.players, self.hands, self._suit_masks, self._suit_of
        first_guarded, replace_now = self._first_trick_guarded, self.rules.draw_order == "replace_immediately"
        while self.phase == "playing":
            seat, trick = self.turn, self.trick
            if trick and not (first_guarded and self.tricks_done == 0):
                hand = hands[seat]
                allowed = hand & suit_masks[suit_of[trick[0][1]]] or hand
            else:
                allowed = self.legal_mask(seat)
            for _ in range(int(random() * allowed.bit_count())):
                allowed &= allowed - 1
            card = (allowed & -allowed).bit_length() - 1
            hands[seat] ^= 1 << card
            trick.append((seat, card))
            if not self.hearts_broken and self._breaks_hearts(card):
                self.hearts_broken = True
            if replace_now:
                self._draw(seat, None)
            if len(trick) == n:
                self._finish_trick(None)
            else:
                self.turn = (seat + 1) % n

    def _play_tricks_randomly(self, random) -> None:
        """`play_randomly` for one deck and no stock: the first trick on masks, the rest on suit lists."""
        if self.tricks_done == 0:
            self._play_first_trick_randomly(random)
            if self.phase != "playing":
                return
        self._play_later_tricks_randomly(random)

    def _play_first_trick_randomly(self, random) -> None:
        """The first trick, where the opening card, the first-trick ban and the kitty apply.

        With one deck a physical id is the face, so the winner is tracked as cards fall;
        followers' choices never depend on whether hearts are broken, so that is settled
        once the trick is complete.
        """
        hands, suit_masks = self.hands, self._suit_masks
        guarded = self._first_trick_guarded
        slots_of = _suit_slots()
        leader = self.turn
        allowed = self.legal_mask(leader)
        best = _kth_lowest(allowed, int(random() * allowed.bit_count()))
        bit = 1 << best
        hands[leader] ^= bit
        led = self._suit_of[best]
        led_mask, shift = suit_masks[led], led * SLOTS_PER_SUIT
        trick_mask, winner = bit, leader
        for seat in _followers(self.players)[leader]:
            hand = hands[seat]
            slots = slots_of[hand >> shift & SUIT_SLOTS_MASK]
            if slots and not guarded:
                card = shift + slots[int(random() * len(slots))]
                bit = 1 << card
            else:
                allowed = hand & led_mask or hand
                if guarded:
                    allowed = self._first_trick_safe(hand, allowed) or allowed
                card = _kth_lowest(allowed, int(random() * allowed.bit_count()))
                bit = 1 << card
            hands[seat] = hand ^ bit
            trick_mask |= bit
            if bit & led_mask and card > best:
                best, winner = card, seat
        self.taken[winner] |= trick_mask | self.kitty  # the kitty goes with the first trick
        self.kitty = 0
        self.tricks_done += 1
        if not self.hearts_broken:
            self.hearts_broken = bool(trick_mask & self._hearts_breakers[led])
        if hands[winner]:
            self.turn = winner
        else:
            self.turn = None
            self._score_deal(None)

    def _play_later_tricks_randomly(self, random) -> None:
        """The tricks after the first: nothing bars a follower any more, and only the heart-lead
        rule narrows a lead, so each seat's choice is the k-th lowest card of its led suit (from a
        table) or of its whole hand."""
        hands, taken = self.hands, self.taken
        slots_of, followers, shifts = _suit_slots(), _followers(self.players), SUIT_SHIFTS
        leader, broken, tricks = self.turn, self.hearts_broken, 0
        lead_guarded, breakers = self._hearts_lead_guarded, self._hearts_breakers
        while True:
            hand = hands[leader]
            allowed = hand if broken or not lead_guarded else self._lead_before_hearts_broken(hand)
            pick = int(random() * allowed.bit_count())
            for shift in shifts:  # _kth_lowest, inlined: a call per lead costs a tenth of the lead
                slots = slots_of[allowed >> shift & SUIT_SLOTS_MASK]
                if pick < len(slots):
                    best = shift + slots[pick]
                    break
                pick -= len(slots)
            bit = 1 << best
            hands[leader] = hand ^ bit
            led = best // SLOTS_PER_SUIT
            shift = led * SLOTS_PER_SUIT
            trick_mask, winner = bit, leader
            for seat in followers[leader]:
                hand = hands[seat]
                slots = slots_of[hand >> shift & SUIT_SLOTS_MASK]
                if slots:
                    card = shift + slots[int(random() * len(slots))]
                    if card > best:
                        best, winner = card, seat
                else:  # void: any card, the pick-th lowest of the hand (_kth_lowest, inlined)
                    pick = int(random() * hand.bit_count())
                    for shift_ in shifts:
                        slots = slots_of[hand >> shift_ & SUIT_SLOTS_MASK]
                        if pick < len(slots):
                            card = shift_ + slots[pick]
                            break
                        pick -= len(slots)
                bit = 1 << card
                hands[seat] = hand ^ bit
                trick_mask |= bit
            taken[winner] |= trick_mask
            tricks += 1
            if not broken:
                broken = bool(trick_mask & breakers[led])
            if not hands[winner]:
                break
            leader = winner
        self.tricks_done += tricks
        self.hearts_broken = broken
        self.turn = None
        self._score_deal(None)

    def _breaks_hearts(self, card: int) -> bool:
        """Whether `card`, just added to the trick, breaks hearts (the _hearts_breakers of the led suit)."""
        return bool(CARD_BITS[card] & self._hearts_breakers[self._suit_of[self.trick[0][1]]])

    def _draw(self, seat: int, events: list | None) -> None:
        if self._stock_pos >= len(self.stock):
            return
        self.hands[seat] |= 1 << self.stock[self._stock_pos]
        self._stock_pos += 1
        if events is not None:
            events.append({"type": "cards_drawn", "seat": seat, "count": 1})

    def trick_winner(self, trick: list[tuple[int, int]]) -> int | None:
        """Highest card of the led suit; identical cards may cancel each other out, and when every
        led-suit card is cancelled nobody wins by rank (None): `following.all_cancelled` decides."""
        led = self._suit_of[trick[0][1]]
        suit_of_ = self._suit_of
        if self.rules.copies == 1:  # physical ids are faces, and they order the cards of a suit
            best_seat, best_card = trick[0]
            for seat, card in trick:
                if card > best_card and suit_of_[card] == led:
                    best_seat, best_card = seat, card
            return best_seat
        faces = Counter(face(c) for _, c in trick if suit_of_[c] == led)
        cancelling = self._cancel
        best_seat, best_face = None, -1
        for seat, card in trick:
            card_face = card % IDS_PER_DECK
            if suit_of_[card] == led and card_face > best_face and not (cancelling and faces[card_face] > 1):
                best_seat, best_face = seat, card_face
        if self.rule_counts is not None and cancelling and any(n > 1 for n in faces.values()):
            self.rule_counts["following.identical_cards"] += 1
        if best_seat is None and self.rule_counts is not None:
            self.rule_counts["following.all_cancelled"] += 1
        return best_seat

    def _finish_trick(self, events: list | None) -> None:
        trick = self.trick
        winner = self.trick_winner(trick)
        mask = 0
        for _, card in trick:
            mask |= 1 << card
        if winner is None:
            leader = trick[0][0]
            deal_over = not any(self.hands) and self._stock_pos >= len(self.stock)
            if self.rules.all_cancelled == "next_trick_winner" and not deal_over:
                self._set_trick_aside(mask, leader, events)
                return
            winner = leader  # leader_takes, or the deal's last trick, which nobody comes after to take it
        self.taken[winner] |= mask
        if events is not None:
            events.append({"type": "trick_won", "seat": winner,
                           "cards": [self._names[c] for _, c in trick],
                           "points": sum(self._phys_points[c] for _, c in trick)})
        self.trick = []
        self.tricks_done += 1
        if self.set_aside:
            self.taken[winner] |= self.set_aside
            if events is not None:
                events.append({"type": "set_aside_taken", "seat": winner, "cards": self._names_of(self.set_aside),
                               "points": sum(self._phys_points[c] for c in cards_of(self.set_aside))})
            self.set_aside = 0
        if self.kitty:  # the kitty joins the first trick, so it goes to whoever takes that trick's cards
            self.taken[winner] |= self.kitty
            if events is not None:
                events.append({"type": "kitty_taken", "seat": winner, "cards": self._names_of(self.kitty)})
            self.kitty = 0
        if self._winner_draws and self._stock_pos < len(self.stock):
            for step in range(self.players):
                self._draw((winner + step) % self.players, events)
        if any(self.hands):
            self.turn = winner
        else:
            self.turn = None
            self._score_deal(events)

    def _set_trick_aside(self, mask: int, leader: int, events: list | None) -> None:
        """A trick nobody wins waits for the winner of the next trick; its leader leads again."""
        self.set_aside |= mask
        if events is not None:
            events.append({"type": "trick_set_aside", "cards": [self._names[c] for _, c in self.trick],
                           "points": sum(self._phys_points[c] for _, c in self.trick)})
        self.trick = []
        self.tricks_done += 1
        self.turn = leader

    # --------------------------------------------------------------- scoring

    def _score_deal(self, events: list | None) -> None:
        rules = self.rules
        penalties, bonuses = scoring.split_points(self.taken, self._point_classes)
        shooter = scoring.moon_shooter(self.taken, self._moon_mask)
        if shooter is not None and rules.moon_effect == "shooter_choice":
            self.phase = "moon_choice"
            self.turn = shooter
            self._pending_moon = (penalties, bonuses, shooter)
            if events is not None:
                events.append({"type": "moon_choice", "seat": shooter})
            return
        self._conclude_deal(events, penalties, bonuses, shooter, rules.moon_effect)

    def choose(self, seat, option) -> list[dict]:
        """The moon shooter's choice between adding to the others and subtracting from self."""
        self._require_chooser(seat, option)
        penalties, bonuses, shooter = self._pending_moon
        events: list = []
        self._conclude_deal(events, penalties, bonuses, shooter, option)
        return events

    def _conclude_deal(self, events, penalties, bonuses, shooter, effect) -> None:
        rules = self.rules
        spared = (scoring.partner_of(shooter, self.players)
                  if shooter is not None and rules.partnership and rules.moon_partner == "spared" else None)
        points = scoring.deal_points(penalties, bonuses, shooter, effect, rules.moon_amount,
                                     rules.moon_bonus_cards == "kept", spared)
        self.totals = [t + p for t, p in zip(self.totals, points)]
        self.last_deal_points = points
        self.deals_scored += 1
        self.last_moon = None if shooter is None else {"seat": shooter, "effect": effect}
        if events is not None or self._settles_per_deal:
            scored = {"type": "deal_scored", "points": points, "totals": list(self.totals), "moon": self.last_moon}
            self._settle_deal(points, scored)
            if events is not None:
                events.append(scored)
        winners = self._game_winners(self.totals, self.deal_number)
        if winners is not None:
            self._end_game(events, winners)
        else:
            self._next_deal(events)

    def _settle_deal(self, points: list[int], scored: dict) -> None:
        """Money after each deal (PER_DEAL_SETTLEMENTS); other methods settle when the game ends."""
        method = self.rules.settlement
        if method == "pairwise":
            money = scoring.settle_pairwise(points, self._stake)
        elif method == "zero_point_pot":
            money, self._in_pot = scoring.settle_zero_point_pot(
                points, self._stake, self._in_pot, self.rules.pot_on_zero == "zero_or_less")
            scored["pot"] = scoring.money_out([self.pot])[0]
        else:
            return
        self._game_money = [a + b for a, b in zip(self._game_money, money)]
        scored["money"] = scoring.money_out(money)

    def _end_game(self, events, winners: list[int]) -> None:
        self.phase = "game_over"
        self.turn = None
        self.winners = winners
        over = {"type": "game_over", "totals": list(self.totals), "winners": list(winners)}
        if self.rules.settlement == "pot":
            self._game_money = scoring.settle_pot(self.players, winners, self._stake)
        if any(self._in_pot):
            share = scoring.unclaimed_pot(self._in_pot, winners, self.rules.unclaimed_pot)
            self._game_money = [a + b for a, b in zip(self._game_money, share)]
            self._in_pot = [NO_MONEY] * self.players
            over["pot_share"] = scoring.money_out(share)
        if self.rules.settlement != "none":
            over["money"] = scoring.money_out(self._game_money)
        if events is not None:
            events.append(over)

    def stop(self) -> list[dict]:
        """End an open-ended game between deals (no target, no deal limit): the table stops playing."""
        self._require_phase("deal")
        if self.rules.target is not None or self.rules.max_deals is not None:
            raise RuleError("wrong_phase", "this game ends by its own target or deal limit, not by stop")
        events: list = []
        self._end_game(events, scoring.lowest_seats(self.totals, partnership=self.rules.partnership))
        return events

    def _next_deal(self, events) -> None:
        self.deal_number += 1
        self.dealer = (self.dealer + self.rules.dealer_rotation) % self.players
        self._reset_deal()
        self.phase = "deal"
        if events is not None:
            events.append({"type": "next_deal", "deal_number": self.deal_number,
                           "dealer": self.dealer, "pass_direction": self.pass_direction})

    # ----------------------------------------------------------------- views

    @property
    def pot(self) -> Fraction:
        """The zero-point pot still on the table, exact."""
        return sum(self._in_pot, Fraction(0))

    @property
    def money(self) -> list[Fraction]:
        """Money won (+) or lost (-) by each seat so far this game, exact; zeros without a settlement."""
        return list(self._game_money)

    def deal_points_so_far(self) -> list[int]:
        if self.phase == "game_over" and self.last_deal_points is not None:
            return list(self.last_deal_points)
        return [sum(self._phys_points[c] for c in cards_of(m)) for m in self.taken]

    def state(self) -> dict:
        """The protocol's `state` payload, cards as names."""
        rules = self.rules
        state = {
            "phase": self.phase,
            "players": self.players,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "turn": self.turn,
            "pass_direction": self.pass_direction,
            "hands": [self._names_of(h) for h in self.hands],
            "trick": [{"seat": s, "card": self._names[c]} for s, c in self.trick],
            "hearts_broken": self.hearts_broken,
            "passed": sorted(self.passes),
            "deal_points": self.deal_points_so_far(),
            "totals": list(self.totals),
        }
        if rules.kitty_size:
            state["kitty_size"] = self.kitty.bit_count()
        if rules.all_cancelled == "next_trick_winner" and self._cancel:
            state["set_aside"] = self._names_of(self.set_aside)
        if rules.stock_size:
            state["stock_size"] = len(self.stock) - self._stock_pos
        if rules.partnership:
            state["team_totals"] = scoring.team_totals(self.totals)
        if self.phase == "game_over":
            state["winners"] = list(self.winners)
        return state

    def _names_of(self, mask: int) -> list[str]:
        return [self._names[c] for c in sorted(cards_of(mask), key=face)]

    # ------------------------------------------------------------ validation

    def _require_phase(self, phase: str) -> None:
        if self.phase != phase:
            raise RuleError("wrong_phase", f"the game is in phase {self.phase}, not {phase}")

    def _require_seat(self, seat) -> None:
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise RuleError("bad_request", f"seat must be 0..{self.players - 1}, not {seat!r}")

    def _require_chooser(self, seat, option) -> None:
        """A moon choice now, by the shooter, of one of the options."""
        self._require_phase("moon_choice")
        self._require_seat(seat)
        if seat != self.turn:
            raise RuleError("not_your_turn", f"seat {self.turn} shot the moon and chooses, not seat {seat}")
        if option not in scoring.MOON_CHOICES:
            raise RuleError("bad_request", f"option must be one of {', '.join(scoring.MOON_CHOICES)}, not {option!r}")

    def _require_card(self, card) -> None:
        if not _is_int(card) or not 0 <= card < IDS_PER_DECK or not self._face_copies[card]:
            shown = card_name(card) if _is_int(card) and 0 <= card < IDS_PER_DECK else repr(card)
            raise RuleError("invalid_card", f"{shown} is not a card of this game's deck")


@lru_cache(maxsize=COMPILED_RULES_CACHED)
def _derived_tables(rules: CompiledRules) -> dict:
    """Masks and tables for a Game's attributes, computed once per CompiledRules.

    Games share them, so they are only ever read; a new Game per self-play game stays cheap.
    Rules the engine cannot play raise here, before any table is built.
    """
    _check_rules_fit(rules)
    face_copies = [0] * IDS_PER_DECK
    for card in rules.deck:
        face_copies[face(card)] |= 1 << card
    physical_ids = range(IDS_PER_DECK * rules.copies)
    deck_mask = sum(1 << card for card in rules.deck)
    suit_masks = [suit_mask(s, rules.copies) & deck_mask for s in range(4)]
    phys_points = [rules.face_points[face(c)] for c in physical_ids]
    moon_mask = 0
    if rules.moon_enabled:
        for required in rules.moon_required_faces:
            moon_mask |= face_copies[required]
    point_mask = sum(1 << c for c in rules.deck if phys_points[c] > 0)
    positive = {f for f, worth in enumerate(rules.face_points) if worth > 0}
    barred_faces = (positive | set(rules.first_trick_forbidden)) - set(rules.first_trick_allowed)
    barred = sum(1 << c for c in rules.deck if face(c) in barred_faces)
    guarded = rules.first_trick_points != "allowed"
    return {
        "_face_copies": face_copies,
        "_suit_masks": suit_masks,
        "_suit_of": [suit_of(c) for c in physical_ids],
        "_names": [card_name(c) for c in physical_ids],
        "_phys_points": phys_points,
        "_point_mask": point_mask,
        "_first_trick_barred": barred if guarded else 0,
        # an opening restricted to non-point cards is still a card of the first trick, so its ban applies too
        "_opening_barred": point_mask | (barred if guarded else 0),
        "_point_classes": scoring.point_classes(phys_points, rules.deck),
        "_hearts": suit_masks[HEARTS],
        "_queen": face_copies[QUEEN_OF_SPADES],
        "_moon_mask": moon_mask,
        "_deck_faces": Counter(face(c) for c in rules.deck),
        "_stake": scoring.exact_stake(rules.stake),
        "_settles_per_deal": rules.settlement in PER_DEAL_SETTLEMENTS,
        "_game_winners": partial(scoring.game_winners, partnership=rules.partnership, target=rules.target,
                                 end_condition=rules.end_condition, max_deals=rules.max_deals, ties=rules.ties,
                                 team_target=rules.team_target),
        "_pass_offsets": {"left": 1, "right": -1, "across": rules.players // 2, "left2": 2, "right2": -2},
        "_first_trick_guarded": guarded,
        "_ban_before_suit": rules.first_trick_barred_follow == "other_suit",
        "_hearts_lead_guarded": rules.heart_leads_before_broken == "forbidden",
        "_hearts_and_queen": "hearts_and_queen" in rules.heart_lead_exceptions,
        "_cancel": rules.identical_cards == "cancel" and rules.copies > 1,
        # by led suit: the cards whose fall in the trick breaks hearts (hearts_broken)
        "_hearts_breakers": [
            (face_copies[QUEEN_OF_SPADES] if rules.queen_breaks_hearts else 0)
            | (suit_masks[HEARTS] if rules.hearts_broken_by == "heart_played" or led != HEARTS else 0)
            for led in range(len(SUITS))],
        "_winner_draws": rules.draw_order == "winner_first",
    }


def _check_rules_fit(rules: CompiledRules) -> None:
    """Compiled rules the engine cannot play are a game the ruleset forbids, not a crash later."""
    n = rules.players
    if n < 2:
        raise RuleError("invalid_game", "a game needs at least two players")
    if len(rules.deck) != n * rules.hand_size + rules.kitty_size + rules.stock_size:
        raise RuleError("invalid_game", f"{len(rules.deck)} cards do not deal into {n} hands of {rules.hand_size}"
                        f" plus kitty {rules.kitty_size} and stock {rules.stock_size}")
    for direction in rules.pass_cycle:
        if direction not in PASS_DIRECTIONS:
            raise RuleError("invalid_game", f"unknown pass direction {direction!r}")
        if direction == "across" and n % 2 and rules.pass_count:
            raise RuleError("invalid_game", f"no seat sits across with {n} players")
    if rules.partnership and n % 2:
        raise RuleError("invalid_game", f"partnerships need an even number of players, not {n}")
    if rules.stock_size and rules.draw_order not in ("winner_first", "replace_immediately"):
        raise RuleError("invalid_game", "a game with a stock needs a draw order")
