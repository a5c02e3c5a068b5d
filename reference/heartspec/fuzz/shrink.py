"""Make a difference small, then write it as a move log `heartspec replay --engine` stops on.

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
from heartspec.protocol.messages import decode_json
from heartspec.protocol.server import RulesCatalog, Server
from heartspec.safe_text import shortened

@dataclass
class Candidate:
    requests: list                      # dicts (ids renumbered on output) and raw lines
    target: int                         # index of the disputed request
    kinds: list[str]                    # of each request: "move", "query" or "probe" (heartspec.fuzz.plan)

    def head(self, index: int) -> "Candidate":
        """The requests up to and including `index`."""
        return Candidate(self.requests[: index + 1], index, self.kinds[: index + 1])

    def lines(self) -> list[str]:
        out = []
        for number, request in enumerate(self.requests, start=1):
            out.append(request if isinstance(request, str) else encode({"id": number, **_strip_id(request)}))
        return out

    def _moves(self, commands: tuple[str, ...]) -> int:
        return sum(1 for r, k in zip(self.requests, self.kinds) if k == "move" and r.get("cmd") in commands)

    @property
    def deals(self) -> int:
        return self._moves(("deal",))

    @property
    def moves(self) -> int:
        return self._moves(("pass", "play", "choose"))


EARLIER_DEALS_TRIED = 3  # start a game at the deal of the difference, or at one of the deals just before

Verify = Callable[[list[str]], "tuple[Outcome, tuple] | None"]  # lines -> (outcome, signature) of its difference


def shrink(planned: PlannedGame, mismatch: Mismatch, signature: tuple, verify: Verify,
           catalog: RulesCatalog) -> tuple[Candidate, Outcome]:
    """The smallest candidate found that still shows `signature`, with its outcome."""
    best = Candidate([_strip_id(r) for r in planned.requests], mismatch.index, list(planned.kinds)).head(mismatch.index)
    best_outcome = None
    for simplify in (_start_at_deal(planned, mismatch.index), _drop_queries, _deal_after_pass(catalog),
                     _drop_option("totals"), _drop_option("deal_number"), _drop_option("dealer")):
        for candidate in simplify(best):  # simplest first: the first that still shows the difference is kept
            result = verify(candidate.lines())
            if result is not None and result[1] == signature and _moves_accepted(candidate, result[0]):
                best_outcome = result[0]
                best = candidate.head(best_outcome.mismatch.index)
                break
    if best_outcome is None:
        result = verify(best.lines())
        if result is None:
            raise ValueError("the difference did not reproduce")  # a flaky engine: reported unshrunk
        best_outcome = result[0]
    return best, best_outcome


def _moves_accepted(candidate: Candidate, outcome: Outcome) -> bool:
    """The reference accepted every move before the disputed request: a simpler game, not a broken one."""
    target = outcome.mismatch.index
    answers = outcome.reference_lines
    return all('"ok":true' in answers[i].replace(" ", "") for i, kind in enumerate(candidate.kinds[:target])
               if kind == "move" and i < len(answers))


def _strip_id(request):
    return {k: v for k, v in request.items() if k != "id"} if isinstance(request, dict) else request


def _start_at_deal(planned: PlannedGame, index: int):
    """A new game started right at the deal of the difference, else at an earlier one (what a deal leaves
    to the next, such as hearts still broken, needs the deal before)."""
    def simplify(candidate: Candidate) -> list[Candidate]:
        # the game's first deal is where the game already starts; the latest deals are the likeliest
        starts = [d for d in planned.deal_starts[1:] if d.index <= index][-EARLIER_DEALS_TRIED:]
        candidates = []
        for start in reversed(starts):
            new_game = {**_strip_id(planned.requests[0]), "options": dict(start.options)}
            kept = [_strip_id(r) for r in planned.requests[start.index: index + 1]]
            candidates.append(Candidate([new_game] + kept, len(kept), ["move"] + planned.kinds[start.index: index + 1]))
        return candidates
    return simplify


def _drop_queries(candidate: Candidate) -> list[Candidate]:
    """Every query and probe but the disputed request; else every query (a refusal may be what changed the game)."""
    body = list(zip(candidate.requests[:-1], candidate.kinds[:-1]))
    candidates = []
    for keep in (("move",), ("move", "probe")):
        kept = [(r, k) for r, k in body if k in keep]
        if len(kept) < len(body) and all(len(kept) != len(c.requests) - 1 for c in candidates):
            candidates.append(Candidate([r for r, _ in kept] + candidate.requests[-1:], len(kept),
                                        [k for _, k in kept] + candidate.kinds[-1:]))
    return candidates


def _deal_after_pass(catalog: RulesCatalog):
    """Deal the hands as they stand after the exchange, at a deal number whose direction is none."""
    def simplify(candidate: Candidate) -> list[Candidate]:
        requests = candidate.requests
        passes = [i for i, (r, k) in enumerate(zip(requests, candidate.kinds)) if k == "move" and r.get("cmd") == "pass"]
        if not passes or passes[-1] >= len(requests) - 1 or requests[0].get("cmd") != "new_game":
            return []
        server = Server(catalog=catalog)
        for request in requests[: passes[-1] + 1]:
            server.handle_line(request if isinstance(request, str) else encode(request))
        game = server.game
        if game is None or game.phase != "playing":
            return []
        cycle = game.rules.pass_cycle
        if "none" not in cycle:
            return []
        options = dict(requests[0].get("options") or {})
        options["deal_number"] = cycle.index("none") + 1
        state = game.state()
        deal = next(r for r, k in zip(requests, candidate.kinds) if k == "move" and r.get("cmd") == "deal")
        deal = {**deal, "hands": state["hands"]}
        rest = requests[passes[-1] + 1:]
        body = [{**requests[0], "options": options}, deal] + rest
        return [Candidate(body, len(body) - 1, ["move", "move"] + candidate.kinds[passes[-1] + 1:])]
    return simplify


def _drop_option(name: str):
    def simplify(candidate: Candidate) -> list[Candidate]:
        first = candidate.requests[0]
        if not isinstance(first, dict) or name not in (first.get("options") or {}):
            return []
        options = {k: v for k, v in first["options"].items() if k != name}
        return [Candidate([{**first, "options": options}] + candidate.requests[1:], candidate.target, candidate.kinds)]
    return simplify


def move_log(candidate: Candidate, outcome: Outcome, header: list[str]) -> tuple[list[str], int]:
    """The log lines and the line of the disputed request: requests, each with the reference's response,
    and the engine's answer as a comment where it differs. The log is the reference's session, so
    `heartspec replay` runs it to the end and `heartspec replay LOG --engine CMD` stops at that line
    until the engine agrees."""
    lines = [f"# {h}" for h in header]
    mismatch, stop = outcome.mismatch, 0
    for index, request in enumerate(candidate.lines()):
        reference = outcome.reference_lines[index] if index < len(outcome.reference_lines) else None
        engine = outcome.engine_lines[index] if index < len(outcome.engine_lines) else None
        lines.append(request)
        if index == mismatch.index:
            stop = len(lines)
        if reference is not None:
            lines.append(_compact(reference))
        if index == mismatch.index and mismatch.broke_protocol:
            lines.append(f"# the engine under test {mismatch.field}: {shortened(mismatch.problem, 400)}")
        elif engine is not None and engine != reference:
            lines.append(f"# the engine under test answered: {shortened(engine, 2000)}")
        if index == mismatch.index:
            break
    return lines, stop


def _compact(line: str) -> str:
    try:  # the engine's line, read as strictly as every answer is (depth, NaN, surrogates)
        return json.dumps(decode_json(line), separators=(",", ":"), ensure_ascii=False)
    except ValueError:
        return f"# (not JSON) {shortened(line, 2000)}"
