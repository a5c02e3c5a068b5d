"""Make a difference small, then write it as a move log `heartspec replay` stops on.

Shrinking tries simpler games and keeps each simplification that still shows
the same difference (same signature): start a new game right at the deal
where it happens (its deal number, dealer and totals as new_game options),
drop every query and probe but the disputed one, deal the hands as they stand
after the pass at a deal number that does not pass, and drop start options
the difference does not need. Each try is a whole replay on both engines.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable

from heartspec.fuzz.lockstep import Mismatch, Outcome
from heartspec.fuzz.plan import PlannedGame, encode
from heartspec.protocol.server import RulesCatalog, Server

MOVES = ("deal", "pass", "play", "choose", "new_game")


@dataclass
class Candidate:
    requests: list                      # dicts (ids renumbered on output) and raw lines
    target: int                         # index of the disputed request

    def lines(self) -> list[str]:
        out = []
        for number, request in enumerate(self.requests, start=1):
            out.append(request if isinstance(request, str) else encode({"id": number, **_strip_id(request)}))
        return out

    @property
    def deals(self) -> int:
        return sum(1 for r in self.requests if isinstance(r, dict) and r.get("cmd") == "deal")

    @property
    def moves(self) -> int:
        return sum(1 for r in self.requests if isinstance(r, dict) and r.get("cmd") in ("pass", "play", "choose"))


Verify = Callable[[list[str]], "tuple[Outcome, tuple] | None"]  # lines -> (outcome, signature) of its difference


def shrink(planned: PlannedGame, mismatch: Mismatch, signature: tuple, verify: Verify,
           catalog: RulesCatalog) -> tuple[Candidate, Outcome]:
    """The smallest candidate found that still shows `signature`, with its outcome."""
    best = Candidate([_strip_id(r) for r in planned.requests[: mismatch.index + 1]], mismatch.index)
    best_outcome = None
    for simplify in (_start_at_deal(planned, mismatch.index), _drop_queries, _deal_after_pass(catalog),
                     _drop_option("totals"), _drop_option("deal_number"), _drop_option("dealer")):
        candidate = simplify(best)
        if candidate is None:
            continue
        result = verify(candidate.lines())
        if result is not None and result[1] == signature:
            outcome = result[0]
            best = Candidate(candidate.requests[: outcome.mismatch.index + 1], outcome.mismatch.index)
            best_outcome = outcome
    if best_outcome is None:
        result = verify(best.lines())
        if result is None:
            raise ValueError("the difference did not reproduce")  # a flaky engine: reported unshrunk
        best_outcome = result[0]
    return best, best_outcome


def _strip_id(request):
    return {k: v for k, v in request.items() if k != "id"} if isinstance(request, dict) else request


def _start_at_deal(planned: PlannedGame, index: int):
    def simplify(candidate: Candidate) -> Candidate | None:
        starts = [d for d in planned.deal_starts if d.index <= index]
        if not starts:
            return None
        start = starts[-1]
        new_game = {**_strip_id(planned.requests[0]), "options": dict(start.options)}
        kept = [_strip_id(r) for r in planned.requests[start.index: index + 1]]
        return Candidate([new_game] + kept, len(kept))
    return simplify


def _is_query(request) -> bool:
    return not isinstance(request, dict) or request.get("cmd") not in MOVES


def _drop_queries(candidate: Candidate) -> Candidate | None:
    body, target = candidate.requests[:-1], candidate.requests[-1]
    kept = [r for r in body if not _is_query(r)]
    if len(kept) == len(body):
        return None
    return Candidate(kept + [target], len(kept))


def _deal_after_pass(catalog: RulesCatalog):
    """Deal the hands as they stand after the exchange, at a deal number whose direction is none."""
    def simplify(candidate: Candidate) -> Candidate | None:
        requests = candidate.requests
        passes = [i for i, r in enumerate(requests) if isinstance(r, dict) and r.get("cmd") == "pass"]
        if not passes or passes[-1] >= len(requests) - 1 or requests[0].get("cmd") != "new_game":
            return None
        server = Server(catalog=catalog)
        for request in requests[: passes[-1] + 1]:
            server.handle_line(request if isinstance(request, str) else encode(request))
        game = server.game
        if game is None or game.phase != "playing":
            return None
        cycle = game.rules.pass_cycle
        if "none" not in cycle:
            return None
        options = dict(requests[0].get("options") or {})
        options["deal_number"] = cycle.index("none") + 1
        state = game.state()
        deal = next(r for r in requests if isinstance(r, dict) and r.get("cmd") == "deal")
        deal = {**deal, "hands": state["hands"]}
        rest = [r for r in requests[passes[-1] + 1:]]
        body = [{**requests[0], "options": options}, deal] + rest
        return Candidate(body, len(body) - 1)
    return simplify


def _drop_option(name: str):
    def simplify(candidate: Candidate) -> Candidate | None:
        first = candidate.requests[0]
        if not isinstance(first, dict) or name not in (first.get("options") or {}):
            return None
        options = {k: v for k, v in first["options"].items() if k != name}
        return Candidate([{**first, "options": options}] + candidate.requests[1:], candidate.target)
    return simplify


def replay_stop(lines: list[str], catalog: RulesCatalog) -> int:
    """The 1-based line where `heartspec replay` stops on this log (0: it replays to the end)."""
    from heartspec.replay import replay_lines

    failure = replay_lines(lines, catalog=catalog).failure
    return failure.line if failure else 0


def move_log(candidate: Candidate, outcome: Outcome, header: list[str]) -> list[str]:
    """The log lines: requests, the reference's responses, and the engine's at the disputed request."""
    lines = [f"# {h}" for h in header]
    requests = candidate.lines()
    mismatch = outcome.mismatch
    for index, request in enumerate(requests):
        reference = outcome.reference_lines[index] if index < len(outcome.reference_lines) else None
        engine = outcome.engine_lines[index] if index < len(outcome.engine_lines) else None
        if index == mismatch.index:
            if reference is not None:
                lines.append(f"# the reference engine answered: {reference}")
            if mismatch.broke_protocol:
                lines.append(f"# the engine under test {mismatch.field}: {mismatch.problem.splitlines()[0]}")
            lines.append(request)
            lines.append(_compact(engine) if engine is not None else _compact(reference))
            break
        lines.append(request)
        if reference is not None:
            lines.append(_compact(reference))
        if engine is not None and engine != reference:
            lines.append(f"# the engine under test answered: {engine}")
    return lines


def _compact(line: str) -> str:
    try:
        return json.dumps(json.loads(line), separators=(",", ":"), ensure_ascii=False)
    except ValueError:
        return f"# (not JSON) {line}"
