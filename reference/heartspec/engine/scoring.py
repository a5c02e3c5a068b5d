"""Deal scoring, the moon, the end of a game and money: pure functions over plain lists.

Money is kept exact (Fraction) and rounded only when it leaves the engine.
"""

from __future__ import annotations

from fractions import Fraction

MOON_CHOICES = ("add_to_others", "subtract_from_self")


def point_classes(phys_points: list[int], deck) -> tuple[tuple[int, int], ...]:
    """The deck's scoring cards grouped by value: (points, mask of the cards worth that much)."""
    masks: dict[int, int] = {}
    for card in deck:
        if phys_points[card]:
            masks[phys_points[card]] = masks.get(phys_points[card], 0) | 1 << card
    return tuple(sorted(masks.items()))


def split_points(taken: list[int], classes: tuple[tuple[int, int], ...]) -> tuple[list[int], list[int]]:
    """Per seat: the sum of positive (penalty) and of negative (bonus) points among the cards taken.

    `classes` (point_classes) groups the cards by value, so this counts cards per value
    instead of walking every card taken.
    """
    penalties, bonuses = [], []
    for mask in taken:
        pos = neg = 0
        for value, cards in classes:
            if value > 0:
                pos += value * (mask & cards).bit_count()
            else:
                neg += value * (mask & cards).bit_count()
        penalties.append(pos)
        bonuses.append(neg)
    return penalties, bonuses


def moon_shooter(taken: list[int], required_mask: int) -> int | None:
    """The seat that took every physical copy of every required card, if any."""
    if not required_mask:
        return None
    for seat, mask in enumerate(taken):
        if mask & required_mask == required_mask:
            return seat
    return None


def deal_points(
    penalties: list[int],
    bonuses: list[int],
    shooter: int | None = None,
    effect: str | None = None,
    amount: int = 0,
    bonus_kept: bool = True,
    spared: int | None = None,
) -> list[int]:
    """Points each seat scores for the deal; a moon replaces the shooter's penalty points.

    `spared` is a seat that does not score a moon added to the others (the shooter's partner
    where moon.partner is spared).
    """
    points = [p + b for p, b in zip(penalties, bonuses)]
    if shooter is None:
        return points
    for seat in range(len(points)):
        if seat == shooter:
            own = 0 if effect == "add_to_others" else -amount
            points[seat] = own + (bonuses[seat] if bonus_kept else 0)
        elif effect == "add_to_others" and seat != spared:
            points[seat] += amount
    return points


def partner_of(seat: int, players: int) -> int:
    """Partners sit across: seat s plays with seat s + n/2."""
    return (seat + players // 2) % players


def team_totals(totals: list[int]) -> list[int]:
    """Partners sit across: team t is seats t and t + n/2."""
    half = len(totals) // 2
    return [totals[t] + totals[t + half] for t in range(half)]


def game_winners(
    totals: list[int],
    deal_number: int,
    *,
    partnership: bool,
    target: int | None,
    end_condition: str,
    max_deals: int | None,
    ties: str,
    team_target: bool = True,
) -> list[int] | None:
    """The winning seats if the game ends after this deal, else None.

    With partnerships the lower team total wins; `team_target` checks the target against the
    team totals, otherwise against each player's own total (scoring_unit.target_total).
    """
    scores = team_totals(totals) if partnership else list(totals)
    checked = scores if team_target else list(totals)
    if target is None:
        hit = False
    elif end_condition == "reaches":
        hit = any(s >= target for s in checked)
    else:
        hit = any(s > target for s in checked)
    if not hit and not (max_deals is not None and deal_number >= max_deals):
        return None
    low = min(scores)
    lowest = [unit for unit, s in enumerate(scores) if s == low]
    if ties == "extra_deal" and len(lowest) > 1:
        return None
    return _seats_of(lowest, len(totals), partnership)


def lowest_seats(totals: list[int], *, partnership: bool) -> list[int]:
    """The seats with the lowest total (both seats of each lowest team), however many are tied."""
    scores = team_totals(totals) if partnership else list(totals)
    low = min(scores)
    return _seats_of([unit for unit, s in enumerate(scores) if s == low], len(totals), partnership)


def _seats_of(units: list[int], players: int, partnership: bool) -> list[int]:
    if not partnership:
        return units
    half = players // 2
    return sorted(seat for team in units for seat in (team, team + half))


def settle_pairwise(points: list[int], stake: Fraction) -> list[Fraction]:
    """Every pair of seats: the one with more points pays the difference times the stake."""
    money = [Fraction(0)] * len(points)
    for i in range(len(points)):
        for j in range(i + 1, len(points)):
            owed = (points[i] - points[j]) * stake
            money[i] -= owed
            money[j] += owed
    return money


def settle_zero_point_pot(points: list[int], stake: Fraction, in_pot: list[Fraction],
                          zero_or_less: bool = False) -> tuple[list[Fraction], list[Fraction]]:
    """Each seat pays its points times the stake into the pot; seats on zero split it, else it carries over.

    `in_pot` is what each seat has paid into the pot still on the table; the second value
    returned is the same after this deal (all zeros once the pot is won). A negative deal
    score pays nothing (a bonus does not take money out of the pot); with `zero_or_less`
    such a seat also counts as on zero and shares the pot (settlement.on_zero).
    """
    paid = [max(p, 0) * stake for p in points]
    carried = [before + now for before, now in zip(in_pot, paid)]
    zero_seats = [s for s, p in enumerate(points) if p == 0 or (zero_or_less and p < 0)]
    money = [-x for x in paid]
    if not zero_seats:
        return money, carried
    share = sum(carried) / len(zero_seats)
    for seat in zero_seats:
        money[seat] += share
    return money, [Fraction(0)] * len(points)


def unclaimed_pot(in_pot: list[Fraction], winners: list[int], how: str) -> list[Fraction]:
    """What a pot still on the table when the game ends pays each seat (settlement.unclaimed_pot).

    returned: each seat gets back what it paid in; to_winners: the game's winners split it.
    """
    if how == "returned":
        return list(in_pot)
    share = sum(in_pot) / len(winners)
    return [share if seat in winners else Fraction(0) for seat in range(len(in_pot))]


def settle_pot(players: int, winners: list[int], stake: Fraction) -> list[Fraction]:
    """Everyone pays the stake once per game; the winners split the pot."""
    share = stake * players / len(winners)
    return [share - stake if seat in winners else -stake for seat in range(players)]


def money_out(amounts: list[Fraction]) -> list[int | float]:
    """Exact amounts as JSON numbers: whole amounts as ints, the rest rounded to cents."""
    out: list[int | float] = []
    for amount in amounts:
        # to the nearest cent, an exact half cent away from zero, from the exact amount (spec/protocol.md P-events-6)
        cents = int(abs(amount) * 100 + Fraction(1, 2))
        cents = -cents if amount < 0 else cents
        out.append(cents // 100 if cents % 100 == 0 else cents / 100)
    return out


def exact_stake(stake: float | int) -> Fraction:
    """The stake as written (0.1 stays a tenth, not its binary neighbour)."""
    return Fraction(str(stake))
