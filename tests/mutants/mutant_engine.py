"""A deliberately wrong engine: the reference engine with one rule broken.

    python tests/mutants/mutant_engine.py MUTATION

Each mutation changes one thing a guide states, the way a real implementation
might get it wrong, so the conformance suite can show it notices.  The
misbehaving ones (crash, hang, garbage, closed) break the protocol instead of
a rule, on the first request of a given kind.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time

from heartspec.cards import slot_of
from heartspec.engine.errors import RuleError
from heartspec.engine.game import Game
from heartspec.protocol import server as server_module

FLIP_BREAK = {"heart_discarded": "heart_played", "heart_played": "heart_discarded"}
FLIP_END = {"reaches": "exceeds", "exceeds": "reaches"}
SWAP_SIDES = {"left": "right", "right": "left"}
FLIP_MOON = {"add_to_others": "subtract_from_self", "subtract_from_self": "add_to_others"}


def patch_rules(**changes_by_rules) -> None:
    """Compile as usual, then alter the compiled rules (each value: a function of the rules)."""
    original = server_module.RulesCatalog.compile

    def compile_wrong(self, *args, **kwargs):
        rules = original(self, *args, **kwargs)
        return dataclasses.replace(rules, **{key: change(rules) for key, change in changes_by_rules.items()})

    server_module.RulesCatalog.compile = compile_wrong


def refuse_forced_points() -> None:
    """The first-trick ban without its physical exception: a hand of only points has nothing legal."""
    original = Game.legal_mask

    def legal_mask(self, seat):
        allowed = original(self, seat)
        if self.tricks_done == 0 and self.trick and self.rules.first_trick_points != "allowed":
            return allowed & ~self._point_mask
        return allowed

    Game.legal_mask = legal_mask


def jokers_rank_high() -> None:
    """Treat the Finnish jokers as the highest cards of their suits (single-deck games: jokers come in no others)."""
    original = Game.trick_winner

    def trick_winner(self, trick):
        if self.rules.copies != 1:
            return original(self, trick)
        led = self._suit_of[trick[0][1]]
        rank = lambda card: 99 if slot_of(card) == 1 else slot_of(card)  # noqa: E731
        following = [(seat, card) for seat, card in trick if self._suit_of[card] == led]
        return max(following, key=lambda entry: rank(entry[1]))[0]

    Game.trick_winner = trick_winner


def ignore_kitty() -> None:
    """Leave the kitty on the table instead of giving it to the first trick's winner."""
    original = Game._finish_trick

    def finish_trick(self, events):
        if self.tricks_done == 0:
            self.kitty = 0
        return original(self, events)

    Game._finish_trick = finish_trick


def wrong_follow_code() -> None:
    """Refuse a card that does not follow suit, but with the wrong error code."""
    original = Game._refusal

    def refusal(self, seat, card):
        error = original(self, seat, card)
        return RuleError("invalid_card", error.message) if error.code == "must_follow_suit" else error

    Game._refusal = refusal


def follow_suit_optional() -> None:
    """Any card may follow: the led suit is not enforced (the first-trick ban still is)."""
    original = Game.legal_mask

    def legal_mask(self, seat):
        allowed = original(self, seat)
        if allowed and self.trick:
            everything = self.hands[seat]
            if self.tricks_done == 0 and self._first_trick_guarded:
                everything = everything & ~self._point_mask or everything
            return everything
        return allowed

    Game.legal_mask = legal_mask


def play_ignores_follow() -> None:
    """legal lists the right cards, but play lets a card that does not follow suit through."""
    original = Game.play

    def play(self, seat, card):
        try:
            return original(self, seat, card)
        except RuleError as error:
            if error.code != "must_follow_suit":
                raise
            copies = self.hands[seat] & self._face_copies[card]
            return self.play_physical(seat, (copies & -copies).bit_length() - 1)

    Game.play = play


def tie_goes_to_first_seat() -> None:
    """A tie for the lowest total at the end is not shared: the lowest seat number alone wins."""
    original = Game._end_game

    def end_game(self, events, winners):
        return original(self, events, sorted(winners)[:1])

    Game._end_game = end_game


def carry_over(*fields: str) -> None:
    """Keep these attributes from the deal just scored into the next one (a reset that was forgotten)."""
    original = Game._next_deal

    def next_deal(self, events):
        kept = {name: getattr(self, name) for name in fields}
        original(self, events)
        self.__dict__.update(kept)

    Game._next_deal = next_deal


def leader_carried_over() -> None:
    """After the first deal, the last trick's winner leads again instead of the opening card's holder."""
    original_next, original_begin = Game._next_deal, Game._begin_play

    def next_deal(self, events):
        self._previous_leader = self.last_trick_winner
        original_next(self, events)

    def begin_play(self):
        original_begin(self)
        if getattr(self, "_previous_leader", None) is not None:
            self.turn, self.opening_face = self._previous_leader, None

    def finish_trick(self, events, _original=Game._finish_trick):
        self.last_trick_winner = self.trick_winner(self.trick)
        return _original(self, events)

    Game._next_deal, Game._begin_play, Game._finish_trick = next_deal, begin_play, finish_trick


def refusal_moves_turn() -> None:
    """A refused play still passes the turn on: the refusal is not atomic."""
    original = Game.play

    def play(self, seat, card):
        try:
            return original(self, seat, card)
        except RuleError:
            self.turn = (self.turn + 1) % self.players
            raise

    Game.play = play


def slow_start() -> None:
    """An engine that takes seconds to start (an interpreter warming up), then behaves."""
    time.sleep(3)


def misbehave_on(command: str, action) -> None:
    original = server_module.Server.handle

    def handle(self, request):
        if isinstance(request, dict) and request.get("cmd") == command:
            action()
        return original(self, request)

    server_module.Server.handle = handle


def hang() -> None:
    time.sleep(3600)


def garbage() -> None:
    sys.stdout.buffer.write(b"this is not a protocol response\n")
    sys.stdout.buffer.flush()


def claim_only(rulesets: list[str]) -> None:
    """An honest engine that plays fewer rulesets: hello says so and new_game answers unsupported."""
    original_hello, original_new_game = server_module.Server._hello, server_module.Server._new_game

    def hello(self, request):
        body = original_hello(self, request)
        body["supports"] = {**body["supports"], "rulesets": list(rulesets)}
        return body

    def new_game(self, request):
        if request.get("variants"):
            raise RuleError("unsupported", "this engine plays no variants")
        return original_new_game(self, request)

    server_module.Server._hello = hello
    server_module.Server._new_game = new_game


def rewrite_play_events(rewrite) -> None:
    """Change the events of every accepted play (rewrite(game, card name, events) -> events); the game is right."""
    original = Game.play

    def play(self, seat, card):
        events = original(self, seat, card)
        return rewrite(self, events[0]["card"] if events else None, events)

    Game.play = play


def without_hearts_broken(game, card, events):
    """The state knows hearts are broken; the play's response never says so."""
    return [event for event in events if event["type"] != "hearts_broken"]


def hearts_broken_every_heart(game, card, events):
    """hearts_broken again with every heart played once they are broken: the event sent more than once."""
    if game.hearts_broken and card and card[1] == "H" and not any(e["type"] == "hearts_broken" for e in events):
        return events[:1] + [{"type": "hearts_broken"}] + events[1:]
    return events


def hearts_broken_at_trick_end(game, card, events):
    """hearts_broken held back to the end of the trick, after its trick_won: the event out of place."""
    if any(e["type"] == "hearts_broken" for e in events):
        game.broken_unreported = True
        events = [e for e in events if e["type"] != "hearts_broken"]
    ends = [i for i, e in enumerate(events) if e["type"] in ("trick_won", "trick_set_aside")]
    if ends and getattr(game, "broken_unreported", False):
        game.broken_unreported = False
        events = events[:ends[0] + 1] + [{"type": "hearts_broken"}] + events[ends[0] + 1:]
    return events


def misordered(pair):
    """A play's events with one ordered pair of P-play-2 reversed and every other pair as the clause wants it: the
    two events swapped where they stand side by side, else one moved past the other, whichever breaks that pair
    alone by the suite's own reading of the clause (a response without both events is left as it is)."""
    from heartspec.conformance.event_order import _positions, pair_problems

    def rewrite(game, card, events):
        firsts, seconds = _positions(events, pair)
        if not firsts or not seconds:
            return events
        for candidate in _reorderings(events, firsts[0], seconds[-1]):
            if pair_problems(candidate) == [pair.name]:
                return candidate
        return events

    return rewrite


def _reorderings(events, first, second):
    swapped = list(events)
    swapped[first], swapped[second] = swapped[second], swapped[first]
    first_moved = events[:first] + events[first + 1:second + 1] + [events[first]] + events[second + 1:]
    second_moved = events[:first] + [events[second]] + events[first:second] + events[second + 1:]
    first_last = events[:first] + events[first + 1:] + [events[first]]  # past a pair that must stay together
    return [swapped, first_moved, second_moved, first_last]


def order_mutations() -> dict:
    """One mutant per ordered pair of the P-play-2 table in spec/protocol.md."""
    from heartspec.conformance.event_order import ordered_pairs

    return {f"order-{pair.slug()}": (lambda pair=pair: rewrite_play_events(misordered(pair))) for pair in ordered_pairs()}


def refused_pass_holds_cards() -> None:
    """A pass refused for a later card keeps the cards it had checked, and gives them at the exchange in place
    of the seat's next pass: `state` shows nothing (a seat that passed still holds its cards)."""
    original_pass, original_exchange = Game.pass_cards, Game._exchange

    def pass_cards(self, seat, cards):
        try:
            return original_pass(self, seat, cards)
        except RuleError as err:
            if err.code == "card_not_in_hand" and isinstance(cards, list):
                held = [c for c in cards if _holds(self, seat, c)]
                self.held_back = {**getattr(self, "held_back", {}), seat: held}
            raise

    def exchange(self):
        for seat, held in getattr(self, "held_back", {}).items():
            mask = 0
            for card in held:
                mask |= self.hands[seat] & self._face_copies[card] & -(self.hands[seat] & self._face_copies[card])
            rest = self.passes[seat] & ~mask
            while mask.bit_count() + rest.bit_count() > self.rules.pass_count:
                rest &= rest - 1
            self.passes[seat] = mask | rest
        self.held_back = {}
        return original_exchange(self)

    Game.pass_cards, Game._exchange = pass_cards, exchange


def _holds(game, seat: int, card) -> bool:
    try:
        return bool(game.hands[seat] & game._face_copies[card])
    except (IndexError, KeyError, TypeError):  # a name that is no card of this deck
        return False


def rank_first(names: list[str]) -> list[str]:
    return sorted(names, key=lambda name: ("2X3456789TJQKA".index(name[0]), "CDHS".index(name[1])))


def card_order_rank_first() -> None:
    """Lists the protocol wants in card order (legal, cards_received, kitty_taken) sorted by rank, then suit: the
    same as card order on one suit or on short lists, not on cards of several suits."""
    original_legal, original_exchange, original_play = server_module.Server._legal, Game._exchange, Game.play

    def legal(self, request):
        return {"cards": rank_first(original_legal(self, request)["cards"])}

    def resorted(events):
        return [{**e, "cards": rank_first(e["cards"])} if e["type"] in ("cards_received", "kitty_taken") else e
                for e in events]

    server_module.Server._legal = legal
    Game._exchange = lambda self: resorted(original_exchange(self))
    Game.play = lambda self, seat, card: resorted(original_play(self, seat, card))


def diagnostic_fields() -> None:
    """Every success response, and every event in it, carries a field the protocol does not define (P-envelope-16
    allows it): a count that changes with each answer, so a client comparing whole responses would trip on it."""
    original = server_module.Server.handle
    served = iter(range(1, 1 << 62))

    def handle(self, request):
        response = original(self, request)
        if isinstance(response, dict) and response.get("ok"):
            response = {**response, "diagnostic": {"served": next(served)}}
            if isinstance(response.get("events"), list):
                response["events"] = [{**event, "x_note": "mutant"} for event in response["events"]]
        return response

    server_module.Server.handle = handle


MUTATIONS = {
    "break-rule": lambda: patch_rules(hearts_broken_by=lambda r: FLIP_BREAK[r.hearts_broken_by]),
    "first-trick-points-allowed": lambda: patch_rules(first_trick_points=lambda r: "allowed"),
    "first-trick-forced-points-refused": refuse_forced_points,
    "moon-as-plain-points": lambda: patch_rules(moon_enabled=lambda r: False),
    "game-end-off-by-one": lambda: patch_rules(end_condition=lambda r: FLIP_END[r.end_condition]),
    "pass-direction": lambda: patch_rules(pass_cycle=lambda r: tuple(SWAP_SIDES.get(d, d) for d in r.pass_cycle)),
    "jokers-ranked-wrong": jokers_rank_high,
    "kitty-ignored": ignore_kitty,
    "wrong-error-code": wrong_follow_code,
    "crash-on-play": lambda: misbehave_on("play", lambda: os._exit(3)),
    "hang-on-pass": lambda: misbehave_on("pass", hang),
    "garbage-on-deal": lambda: misbehave_on("deal", garbage),
    "dealer-rotates-right": lambda: patch_rules(dealer_rotation=lambda r: -r.dealer_rotation),
    "heart-lead-exception-missing": lambda: patch_rules(heart_lead_exceptions=lambda r: ()),
    "claims-fi-only": lambda: claim_only(["fi"]),
    "close-on-play": lambda: misbehave_on("play", lambda: (sys.stdout.close(), os._exit(0))),
    "refusal-moves-turn": refusal_moves_turn,
    "slow-start": slow_start,
    "pass-count-off-by-one": lambda: patch_rules(pass_count=lambda r: r.pass_count + 1 if r.pass_count else 0),
    "follow-suit-optional": follow_suit_optional,
    "play-ignores-follow": play_ignores_follow,
    "moon-effect-flipped": lambda: patch_rules(moon_effect=lambda r: FLIP_MOON.get(r.moon_effect, r.moon_effect)),
    "max-deals-ignored": lambda: patch_rules(max_deals=lambda r: None),
    "tie-goes-to-first-seat": tie_goes_to_first_seat,
    "hearts-stay-broken": lambda: carry_over("hearts_broken"),
    "first-trick-rules-only-in-first-deal": lambda: carry_over("tricks_done"),
    "passes-carried-over": lambda: carry_over("passes"),
    "leader-carried-over": leader_carried_over,
    "hearts-broken-unreported": lambda: rewrite_play_events(without_hearts_broken),
    "hearts-broken-repeated": lambda: rewrite_play_events(hearts_broken_every_heart),
    "hearts-broken-late": lambda: rewrite_play_events(hearts_broken_at_trick_end),
    "refused-pass-holds-cards": refused_pass_holds_cards,
    "card-order-rank-first": card_order_rank_first,
    "diagnostic-fields": diagnostic_fields,
    **order_mutations(),
}

# Each rule mutant's own area (the feature file that must catch it) and how many scenarios of
# other areas may fail too.  A scenario that checks where two rules meet says so with
# @depends:AREA and is not counted; what is left are routes that cannot avoid the broken rule,
# each named in ELSEWHERE_WHY.  features/mutant_matrix.json holds what was measured;
# tests/test_conformance_mutants.py checks both.
AREAS = {  # mutant -> (its rule area, failures allowed in scenarios that neither belong to nor @depends on it)
    "break-rule": ("hearts_broken_and_leads", 7),
    "first-trick-points-allowed": ("first_trick", 0),
    "first-trick-forced-points-refused": ("first_trick", 0),
    "first-trick-rules-only-in-first-deal": ("first_trick", 5),
    "moon-as-plain-points": ("shooting_the_moon", 0),
    "moon-effect-flipped": ("shooting_the_moon", 0),
    "game-end-off-by-one": ("game_end_and_ties", 0),
    "max-deals-ignored": ("game_end_and_ties", 0),
    "tie-goes-to-first-seat": ("game_end_and_ties", 0),
    "dealer-rotates-right": ("game_end_and_ties", 1),
    "pass-direction": ("passing", 3),
    "pass-count-off-by-one": ("passing", 10),
    "passes-carried-over": ("passing", 1),
    "jokers-ranked-wrong": ("dealing_and_decks", 8),
    "kitty-ignored": ("dealing_and_decks", 0),
    "wrong-error-code": ("following_and_winning", 0),
    "follow-suit-optional": ("following_and_winning", 1),
    "play-ignores-follow": ("following_and_winning", 0),
    "heart-lead-exception-missing": ("variants", 0),
    "hearts-stay-broken": ("hearts_broken_and_leads", 1),
    "leader-carried-over": ("opening_lead", 4),
    "hearts-broken-unreported": ("protocol_events", 0),
    "hearts-broken-repeated": ("protocol_events", 0),
    "hearts-broken-late": ("protocol_events", 0),
    "refused-pass-holds-cards": ("protocol_refusals", 0),
    "card-order-rank-first": ("protocol_state", 1),
    **{name: ("protocol_events", 0) for name in order_mutations()},
    "order-set-aside-taken-before-kitty-taken": ("protocol_events", 2),
    "order-cards-drawn-winner-before-cards-drawn": ("protocol_events", 1),
    "order-card-played-before-trick-won": ("protocol_events", 2),
}
# diagnostic-fields is no rule mutant: it must pass every scenario (spec/protocol.md P-envelope-16), and
# tests/test_conformance_mutants.py checks that it does.
ELSEWHERE_WHY = {
    "break-rule": (
        "deals played out to a score or a game end follow the hearts-lead rule at every lead, so where hearts "
        "break moves the points: end-006 and end-012 (fi-classic), score-003 (no, six players), money-003, and "
        "the deal before the second deal of first-trick-020 and open-020 (no)"),
    "dealer-rotates-right": "proto-state-003 checks the whole state after a deal, the next dealer included",
    "first-trick-rules-only-in-first-deal": (
        "open-020: the opening card is demanded only on a deal's first trick, so the same forgotten reset frees "
        "the opening lead of the second deal"),
    "follow-suit-optional": (
        "first-trick-008's fi no-queen row with first_trick_queen=forbidden: the mutant's legal list keeps the ban "
        "only on cards worth points, so the queen that option bars by name slips through"),
    "hearts-stay-broken": "proto-state-003 checks the whole state after a deal, hearts_broken included",
    "jokers-ranked-wrong": (
        "fi's deck at three, five and six players holds jokers, and every deal played out there plays them: "
        "end-007, end-009 and end-022 (game ends), score-003 and moon-008 at those sizes"),
    "leader-carried-over": (
        "first-trick-020: its second deal opens with the two of clubs before the ban is checked; money-003 "
        "plays a second deal"),
    "pass-count-off-by-one": (
        "routes that must pass because no deal without passing fits: first-trick-020 and open-020 (no, dk and "
        "se reach their hold deal by passing once, in the first deal), end-006 (the guide's 15-deal limit falls "
        "on a passing deal), money-003 (two deals in a row)"),
    "pass-direction": "end-006 and money-003, as for pass-count-off-by-one",
    "passes-carried-over": "money-003 passes in two deals in a row",
    "card-order-rank-first": "proto-event-014: cards_received is the other list the protocol puts in card order",
    "order-set-aside-taken-before-kitty-taken": (
        "cancel-009 (dk 6 and 10 players) reads the events that end the play taking a set-aside first trick with "
        "its kitty"),
    "order-cards-drawn-winner-before-cards-drawn": "two-002 checks that the trick's winner draws first",
    "order-card-played-before-trick-won": "cancel-009 (dk 6 and 10 players) reads the events of the play that ends the trick taking the set-aside first trick",
}


def main() -> None:
    if len(sys.argv) != 2 or sys.argv[1] not in MUTATIONS:
        sys.exit(f"usage: mutant_engine.py {{{','.join(MUTATIONS)}}}")
    MUTATIONS[sys.argv[1]]()
    from heartspec.cli import main as cli_main

    cli_main(["engine"])


if __name__ == "__main__":
    main()
