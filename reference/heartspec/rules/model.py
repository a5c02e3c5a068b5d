"""The compiled, engine-ready form of one ruleset + variants at one player count.

The engine reads only this. Every field is plain data (ints, tuples, enums as
strings), so a reader can follow a move from the protocol to the field that
judges it.  See docs/rule-vocabulary.md for what each value means.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields


@dataclass(frozen=True)
class CompiledRules:
    ruleset: str
    variants: tuple[str, ...]
    players: int

    # deck and deal
    copies: int                      # 1 or 2 decks
    deck: tuple[int, ...]            # physical card ids (heartspec.cards), sorted
    hand_size: int
    kitty_size: int
    kitty_to: str                    # "first_trick_winner" (only meaningful when kitty_size > 0)
    stock_size: int
    dealer_rotation: int             # +1 (left) or -1 (right)

    # passing
    pass_count: int                  # 0 = no passing at all
    pass_cycle: tuple[str, ...]      # directions by deal number, deal 1 first

    # opening lead
    opening_leader: str              # "card_holder" | "dealer_left"
    opening_cards: tuple[int, ...]   # candidate face ids in order
    opening_fallback: str            # "lowest_club" | "none"
    opening_lead_restriction: str    # "any" | "non_point" (dealer_left only)

    # first trick, hearts
    first_trick_points: str          # "allowed" | "forbidden" | "forbidden_unless_only_points"
    first_trick_when_only_points: str  # "any_card"
    hearts_broken_by: str            # "heart_discarded" | "heart_played"
    queen_breaks_hearts: bool
    heart_leads_before_broken: str   # "forbidden" | "allowed"
    heart_lead_exceptions: tuple[str, ...]  # "hearts_only", "hearts_and_queen"

    # tricks
    identical_cards: str             # "cancel" | "first_played_wins"
    all_cancelled: str               # "leader_takes" | "next_trick_winner"

    # scoring: points per face id (index = face id 0..55)
    face_points: tuple[int, ...]
    moon_enabled: bool
    moon_required_faces: tuple[int, ...]  # every physical copy of these faces must be taken
    moon_effect: str                 # "add_to_others" | "subtract_from_self" | "shooter_choice"
    moon_amount: int
    moon_bonus_cards: str            # "kept" | "ignored"
    partnership: bool                # scoring by teams of seats s and s+n/2

    # end of game
    target: int | None              # None: no points target, only max_deals ends the game
    end_condition: str               # "reaches" | "exceeds"
    max_deals: int | None
    ties: str                        # "shared" | "extra_deal"

    # two players
    draw_order: str | None           # "winner_first" | "replace_immediately" | None

    # money
    settlement: str                  # "none" | "pot" | "pairwise" | "zero_point_pot"
    stake: float

    # derived helpers for the engine's hot path
    penalty_total: int = field(default=0)   # sum of positive points over the physical deck

    # first trick: the ban covers the cards with positive points, plus these faces, minus those
    first_trick_forbidden: tuple[int, ...] = ()   # faces first_trick.cards bars whatever their points
    first_trick_allowed: tuple[int, ...] = ()     # faces first_trick.cards frees
    first_trick_barred_follow: str = "follow_suit"  # or "other_suit": when every led-suit card in hand is barred

    # zero-point pot
    pot_on_zero: str = "exactly_zero"   # or "zero_or_less": who shares the pot
    unclaimed_pot: str = "returned"     # or "to_winners": a pot still on the table when the game ends

    # partnerships
    team_target: bool = True            # the partners' summed total meets the target (else each own total)
    moon_partner: str = "scored"        # or "spared": the shooter's partner does not score a moon added to others
    deal_limit: str = "with_target"     # or "replaces_target": an agreed number of deals takes the target's place

    def __hash__(self) -> int:
        # Kept once computed: a protocol session looks a game's tables up by its rules for every scenario, and
        # hashing some forty fields each time cost more than the lookup itself.
        kept = self.__dict__.get("_hash")
        if kept is None:
            kept = hash(tuple(getattr(self, f.name) for f in fields(self)))
            object.__setattr__(self, "_hash", kept)
        return kept

    def __getstate__(self) -> dict:
        # the kept hash stays out of pickles: str hashes differ from one process to the next
        return {name: value for name, value in self.__dict__.items() if name != "_hash"}
