"""The order of a play response's events, checked pair by pair from clause P-play-2 of spec/protocol.md.

The clause lists, as a table under it, every pair of events it orders: `before`, `after`, and
whether `before` must come right before `after` (*next*, allowing only the events named there in
between). This module reads that table, so the suite checks what the protocol text says and a pair
added to the clause is checked without a change here. `pair_problems` names each pair a response
breaks; `order_problem` adds what P-play-1 and the end of a deal fix (the response starts with its
one `card_played`; `moon_choice` comes alone, `deal_scored` is followed by exactly one of
`next_deal` or `game_over`; `kitty_taken` belongs to the first trick).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from heartspec.paths import data_dir

TABLE_MARK = "<!-- play-order pairs:"
WINNER_QUALIFIER = "of the trick's winner"
EVENT_NAME = re.compile(r"`(\w+)`")


@dataclass(frozen=True)
class OrderedPair:
    before: str
    after: str
    next: bool = False                       # `before` right before `after`
    between: frozenset = frozenset()         # events that may stand between them all the same
    winner_first: bool = False               # `before` is the trick winner's event of that type

    @property
    def name(self) -> str:
        first = f"{self.before} of the trick's winner" if self.winner_first else self.before
        return f"{first} before {self.after}"

    def slug(self) -> str:
        return f"{self.before}{'-winner' if self.winner_first else ''}-before-{self.after}".replace("_", "-")


def protocol_text() -> str:
    return (data_dir("spec") / "protocol.md").read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def ordered_pairs(text: str | None = None) -> tuple[OrderedPair, ...]:
    """Every pair of the P-play-2 table in spec/protocol.md, in the table's order."""
    text = protocol_text() if text is None else text
    start = text.find(TABLE_MARK)
    if start < 0:
        raise ValueError("spec/protocol.md has no play-order table under P-play-2")
    pairs = []
    for line in text[start:].splitlines()[1:]:
        if not line.startswith("|"):
            if pairs:
                break
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not EVENT_NAME.search(cells[0]):
            continue  # the header and its rule
        before, after, adjacency = cells
        pairs.append(OrderedPair(EVENT_NAME.search(before).group(1), EVENT_NAME.search(after).group(1),
                                 next=adjacency.startswith("next"),
                                 between=frozenset(EVENT_NAME.findall(adjacency)),
                                 winner_first=WINNER_QUALIFIER in before))
    if not pairs:
        raise ValueError("the play-order table under P-play-2 in spec/protocol.md lists no pair")
    return tuple(pairs)


def _positions(events: list[dict], pair: OrderedPair) -> tuple[list[int], list[int]]:
    """Where the pair's first and second events stand in one response."""
    kinds = [event.get("type") for event in events]
    if pair.winner_first:
        winner = next((event.get("seat") for event in events if event.get("type") == "trick_won"), None)
        draws = [i for i, kind in enumerate(kinds) if kind == pair.before]
        if winner is None:
            return [], []
        return ([i for i in draws if events[i].get("seat") == winner], [i for i in draws if events[i].get("seat") != winner])
    return ([i for i, kind in enumerate(kinds) if kind == pair.before],
            [i for i, kind in enumerate(kinds) if kind == pair.after])


def breaks(events: list[dict], pair: OrderedPair) -> bool:
    """Whether one response's events break this pair (a response without both events cannot)."""
    firsts, seconds = _positions(events, pair)
    if not firsts or not seconds:
        return False
    if max(firsts) > min(seconds):
        return True
    if pair.next:
        for index in seconds:
            back = index - 1
            while back >= 0 and events[back].get("type") in pair.between:
                back -= 1
            if back not in firsts:
                return True
    return False


def pair_problems(events: list[dict], pairs: tuple[OrderedPair, ...] | None = None) -> list[str]:
    """Each P-play-2 pair the response breaks, by name."""
    return [pair.name for pair in (pairs or ordered_pairs()) if breaks(events, pair)]


def order_problem(events: list[dict], first_trick_done: bool) -> str | None:
    """What breaks the order of one play response's events (spec/protocol.md 6.5 and 7), or None."""
    kinds = [event.get("type") for event in events]
    if not kinds or kinds[0] != "card_played" or kinds.count("card_played") != 1:
        return "it must start with the one card_played of the card (P-play-1)"
    broken = pair_problems(events)
    if broken:
        return "P-play-2 orders " + "; ".join(broken)
    if "moon_choice" in kinds and ("deal_scored" in kinds or kinds[-1] != "moon_choice"):
        return "moon_choice ends a deal alone, without deal_scored, as the response's last event"
    if "deal_scored" in kinds and (kinds[-1] not in ("next_deal", "game_over")
                                   or kinds.count("next_deal") + kinds.count("game_over") != 1):
        return "deal_scored must be followed by exactly one of next_deal or game_over, which end the response"
    if ("next_deal" in kinds or "game_over" in kinds) and "deal_scored" not in kinds:
        return "next_deal and game_over follow the deal's deal_scored"
    if "kitty_taken" in kinds and first_trick_done and "set_aside_taken" not in kinds:
        return "kitty_taken belongs to the first trick only (or to the set-aside first trick's taker)"
    return None
