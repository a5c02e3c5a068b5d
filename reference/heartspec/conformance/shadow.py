"""The reference's copy of a scenario's game, kept in step with the engine under test.

Steps that only need to get somewhere ("the rest of the deal is played with the lowest
legal cards") choose their moves here, not from the engine's own `legal` and `state`.
A scenario about scoring then reaches its score by the moves the rules allow whatever
the engine's move generation does, so a fault in following suit fails the scenarios
about following suit and not every deal played out to a score.  It also halves the
round trips of a play-out.

Only requests the engine accepted are repeated here.  If the reference refuses one of
them, or a raw line went by that the copy cannot follow, the copy is lost: it says why,
and steps that need it fail with that reason instead of guessing.
"""

from __future__ import annotations

import json
from typing import Any

from heartspec.conformance.layout import shipped_catalog

GAME_COMMANDS = frozenset({"new_game", "deal", "pass", "play", "choose", "stop"})


class ReferenceShadow:
    def __init__(self) -> None:
        from heartspec.protocol.server import Server

        self.server = Server(catalog=shipped_catalog())  # compiled rules cached across the run's scenarios
        self.lost: str | None = None

    def follow(self, payload: dict[str, Any], response: dict[str, Any]) -> None:
        """Repeat a request the engine accepted; a refused one changed nothing there either."""
        if self.lost or payload.get("cmd") not in GAME_COMMANDS or not response.get("ok"):
            return
        answer = self.server.handle({key: value for key, value in payload.items() if key != "id"})
        if not answer.get("ok"):
            self.lost = (f"the engine accepted {json.dumps(payload, ensure_ascii=False)}, which the rules "
                         f"refuse ({answer['error']['code']}: {answer['error']['message']})")

    def lose(self, why: str) -> None:
        self.lost = self.lost or why

    def state(self) -> dict[str, Any]:
        self._require()
        return self.server.handle({"cmd": "state"})

    def position(self) -> dict[str, Any]:
        """Just what a play-out needs after each card (phase, turn, deal number): the whole `state`
        names every card in every hand, which a deal played card by card would ask for 52 times."""
        self._require()
        game = self.server.game
        return {"phase": game.phase, "turn": game.turn, "deal_number": game.deal_number}

    def legal(self, seat: int) -> list[str]:
        self._require()
        return self.server.handle({"cmd": "legal", "seat": seat})["cards"]

    def _require(self) -> None:
        if self.lost:
            raise AssertionError(f"cannot choose the next move by the rules: {self.lost}")
        if self.server.game is None:
            raise AssertionError("cannot choose the next move by the rules: no game has been started")
