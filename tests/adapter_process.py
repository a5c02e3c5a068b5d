"""An adapter started as a real subprocess, spoken to one JSON line at a time (shared by the adapter tests)."""

from __future__ import annotations

import json
import subprocess
import sys

from heartspec.cards import card_name, standard_faces


class AdapterProcess:
    def __init__(self, module: str, *args: str):
        self.proc = subprocess.Popen([sys.executable, "-m", f"heartspec.adapters.{module}", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def ask(self, **request) -> dict:
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        response = json.loads(self.proc.stdout.readline())
        assert response["id"] == request.get("id")
        return response

    def close(self) -> int:
        self.proc.stdin.close()
        return self.proc.wait(timeout=60)


def round_robin_hands() -> list[list[str]]:
    """Seat s gets every fourth card of the deck in id order: mixed suits, 2C with seat 0."""
    deck = standard_faces()
    return [[card_name(c) for c in deck[s::4]] for s in range(4)]


def one_suit_hands() -> list[list[str]]:
    """Seat 0 clubs, 1 diamonds, 2 spades, 3 hearts: seat 0 leads and wins every trick, so it takes all 26 points."""
    return [[r + suit for r in "23456789TJQKA"] for suit in "CDSH"]


def play_out(engine: AdapterProcess) -> list[dict]:
    """Play the deal to its end, each seat its lowest legal card; the events of every play."""
    events = []
    while True:
        seat = engine.ask(cmd="state")["turn"]
        if seat is None:
            return events
        legal = engine.ask(cmd="legal", seat=seat)["cards"]
        played = engine.ask(cmd="play", seat=seat, card=legal[0])
        assert played["ok"], played
        events += played["events"]


def entries(path) -> list[tuple[str, str]]:
    """An expected-failures or known-differences file as (entry, reason) pairs, comments and blanks skipped."""
    pairs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            entry, _, reason = line.partition("#")
            pairs.append((entry.strip(), reason.strip()))
    return pairs
