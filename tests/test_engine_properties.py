"""Property tests: random legal and illegal requests against the invariants of any game."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine_helpers import configurations
from heartspec.cards import cards_of, face
from heartspec.engine import Game, RuleError
from heartspec.engine.scoring import MOON_CHOICES
from heartspec.engine.selfplay import play_games

CONFIGS = configurations()
RULE_CODES = {"must_lead_opening_card", "must_follow_suit", "points_on_first_trick", "hearts_not_broken"}
# Shrinking a long random game can take minutes; a failing example is reported as found instead.
NO_SHRINK = [Phase.explicit, Phase.reuse, Phase.generate]
SETTINGS = settings(max_examples=30, deadline=None, phases=NO_SHRINK, suppress_health_check=[HealthCheck.too_slow])


def snapshot(game: Game):
    return (game.state(), list(game.hands), list(game.taken), dict(game.passes), game.kitty,
            game._stock_pos, list(game.trick), game.phase, game.turn, list(game.totals))


def check_cards_conserved(game: Game) -> None:
    if game.phase in ("deal", "game_over"):
        return
    places = [*game.hands, *game.taken, game.kitty, sum(1 << c for c in game.stock[game._stock_pos:]),
              sum(1 << c for _, c in game.trick), game.set_aside]
    union = 0
    for mask in places:
        assert not union & mask, "a card is in two places"
        union |= mask
    assert union == sum(1 << c for c in game.rules.deck)


def check_deal_points(game: Game, events: list[dict]) -> None:
    deck_points = sum(game.rules.face_points[face(c)] for c in game.rules.deck)
    for scored in (e for e in events if e["type"] == "deal_scored"):
        if scored["moon"] is None:
            assert sum(scored["points"]) == deck_points


def illegal_request(data, game: Game):
    """Any request at all: usually refused, sometimes (by chance) legal."""
    n = game.players
    seat = data.draw(st.integers(-1, n), label="seat")
    card = data.draw(st.one_of(st.integers(-2, 60), st.sampled_from(sorted({face(c) for c in game.rules.deck}))),
                     label="card")
    kind = data.draw(st.sampled_from(["play", "play_own_card", "pass", "choose", "deal", "deal_seeded", "bad_types"]),
                     label="kind")
    if kind == "play":
        return game.play, (seat, card)
    if kind == "play_own_card" and game.turn is not None:
        hand = sorted({face(c) for c in cards_of(game.hands[game.turn])}) or [card]
        return game.play, (game.turn, data.draw(st.sampled_from(hand), label="own card"))
    if kind == "pass":
        return game.pass_cards, (seat, data.draw(st.lists(st.integers(0, 55), max_size=4), label="pass"))
    if kind == "choose":
        return game.choose, (seat, data.draw(st.sampled_from([*MOON_CHOICES, "bogus", None]), label="option"))
    if kind == "deal":
        return game.deal, ([[card] * game.rules.hand_size] * n,)
    if kind == "deal_seeded":
        return game.deal_seeded, ("seven",)
    return game.play, (str(seat), [card])


def legal_request(data, game: Game):
    if game.phase == "deal":
        return game.deal_seeded, (data.draw(st.integers(0, 2**32), label="deal seed"),)
    if game.phase == "passing":
        seat = next(s for s in range(game.players) if s not in game.passes)
        hand = sorted(face(c) for c in cards_of(game.hands[seat]))
        chosen = data.draw(st.permutations(hand), label="pass")[: game.rules.pass_count]
        return game.pass_cards, (seat, chosen)
    if game.phase == "moon_choice":
        return game.choose, (game.turn, data.draw(st.sampled_from(MOON_CHOICES), label="moon"))
    return game.play, (game.turn, data.draw(st.sampled_from(game.legal(game.turn)), label="play"))


@pytest.mark.parametrize("name", sorted(CONFIGS))
@SETTINGS
@given(data=st.data())
def test_random_requests_keep_every_invariant(name, data):
    rules = CONFIGS[name]
    game = Game(rules, dealer=data.draw(st.integers(0, rules.players - 1), label="dealer"))
    for _ in range(data.draw(st.integers(20, 160), label="steps")):
        if game.phase == "game_over":
            break
        if data.draw(st.integers(0, 3), label="try something illegal") == 0:
            method, args = illegal_request(data, game)
        else:
            method, args = legal_request(data, game)
        before = snapshot(game)
        legal_before = game.legal(game.turn) if game.turn is not None else []
        try:
            events = method(*args)
        except RuleError as err:
            assert err.code and err.message
            assert snapshot(game) == before, f"{method.__name__}{args} refused with {err.code} but changed the game"
            if err.code in RULE_CODES:
                assert args[1] not in legal_before, f"{args} is in legal() but play refused it: {err.code}"
            continue
        if method.__name__ == "play":
            assert args[1] in legal_before, f"{args} was played but legal() did not offer it"
        check_deal_points(game, events)
        check_cards_conserved(game)
        if game.phase == "playing":
            assert game.legal(game.turn), "the seat to move has no legal card"


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(max_examples=8, deadline=None, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32))
def test_every_game_ends(name, seed):
    summary = play_games(CONFIGS[name], games=1, seed=seed, max_deals_per_game=500)
    assert summary.games == 1 and 1 <= summary.deals < 500


@settings(max_examples=40, deadline=None, phases=NO_SHRINK)
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 12), min_size=40, max_size=40))
def test_set_aside_tricks_always_find_a_taker_before_the_deal_is_scored(seed, picks):
    """Every card of a deal ends in someone's tricks: nothing set aside outlives the deal, and the
    deal's points (moon aside) are all the deck's points."""
    game = Game(CONFIGS["cancellation_set_aside"], deal_number=4)  # the hold deal: play starts at once
    game.deal_seeded(seed)
    events = []
    for pick in picks:
        if game.phase != "playing":
            break
        legal = game.legal(game.turn)
        events += game.play(game.turn, legal[pick % len(legal)])
        check_cards_conserved(game)
    assert game.phase in ("deal", "moon_choice") and game.set_aside == 0
    check_deal_points(game, events)


def test_the_small_two_deck_game_does_set_tricks_aside():
    """The property above is not vacuous: lowest-card play on some deals sets a trick aside."""
    kinds = set()
    for seed in range(40):
        game = Game(CONFIGS["cancellation_set_aside"], deal_number=4)
        game.deal_seeded(seed)
        while game.phase == "playing":
            kinds |= {e["type"] for e in game.play(game.turn, game.legal(game.turn)[0])}
    assert {"trick_set_aside", "set_aside_taken"} <= kinds
