"""Play on after a probe that differs: the engine brought back to the reference's position, the game goes on.

A game's probes are refused requests; the moves alone make the position. So
after a probe (or the `state` that follows a group of probes) differs, both
engines are sent a new game started right at the deal in progress (its deal
number, dealer and totals as new_game options, as the shrinker starts one),
that deal and its moves so far, and then the rest of the planned game. A
protocol difference is recorded once; a rule difference later in the game
still shows. A difference in a move ends the game as before: after it, the
two games are no longer the same game.
"""

from __future__ import annotations

from dataclasses import replace

from heartspec.fuzz.plan import DealStart, PlannedGame, encode

MAX_RESUMES_PER_GAME = 40  # an engine that differs on every probe costs a bounded number of replays a game


def resumable(planned: PlannedGame, index: int) -> bool:
    """A probe, or the `state` right after probes (a probe that changed the game shows there)."""
    kinds = planned.kinds
    if kinds[index] == "probe":
        return True
    return kinds[index] == "query" and index > 0 and kinds[index - 1] == "probe"


def resync_lines(planned: PlannedGame, index: int) -> list[str]:
    """The lines that put a fresh game where the planned one stands just after request `index`."""
    start = _deal_start(planned, index)
    first = {k: v for k, v in planned.new_game.items()}
    if start is None:
        return [encode({"id": "resync", **first})]
    new_game = {"id": "resync", **first, "options": dict(start.options)}
    moves = [planned.requests[i] for i in range(start.index, index + 1) if planned.kinds[i] == "move"]
    return [encode(new_game)] + [m if isinstance(m, str) else encode(m) for m in moves]


def _deal_start(planned: PlannedGame, index: int) -> DealStart | None:
    starts = [start for start in planned.deal_starts if start.index <= index]
    return starts[-1] if starts else None


def without_requests(planned: PlannedGame, dropped: list[int], index: int) -> tuple[PlannedGame, int]:
    """The planned game without the probes that differed before (and, where a `state` showed a probe's change,
    the probes before it), and where request `index` then stands: the reproduction of a later difference."""
    gone: set[int] = set()
    for position in dropped:
        gone.add(position)
        if planned.kinds[position] == "query":
            before = position - 1
            while before >= 0 and planned.kinds[before] == "probe":
                gone.add(before)
                before -= 1
    kept = [i for i in range(len(planned.requests)) if i not in gone]
    where = {old: new for new, old in enumerate(kept)}
    starts = [DealStart(where[s.index], s.options, s.kind) for s in planned.deal_starts if s.index in where]
    pruned = replace(planned, requests=[planned.requests[i] for i in kept], kinds=[planned.kinds[i] for i in kept],
                     deal_starts=starts)
    return pruned, where[index]
