"""Means and paired differences with 95% confidence intervals, from sums that shards add up.

The unit of sampling is the game: deals of one game are not independent (the
same totals, the same bots), so a per-deal mean is a ratio estimate over games,
sum(y_g) / sum(n_g), with the cluster (linearised) variance
sum((y_g - r n_g)^2) / (G (G - 1) mean(n)^2). A game-level quantity is the case n_g = 1.
For a paired difference, y_g is the sum over the deals game g reached under both
rulesets of (this ruleset's value - the baseline's), and n_g the number of such deals.

Every sum is an exact integer (points, counts, money in cents), so shards merge
in any order into the same result: a seeded run is the same on any number of workers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass
class Tally:
    games: int = 0
    sum_y: int = 0
    sum_n: int = 0
    sum_yy: int = 0
    sum_yn: int = 0
    sum_nn: int = 0

    def add(self, y: int, n: int = 1) -> None:
        if n == 0:
            return
        self.games += 1
        self.sum_y += y
        self.sum_n += n
        self.sum_yy += y * y
        self.sum_yn += y * n
        self.sum_nn += n * n

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        self.sum_y += other.sum_y
        self.sum_n += other.sum_n
        self.sum_yy += other.sum_yy
        self.sum_yn += other.sum_yn
        self.sum_nn += other.sum_nn

    @property
    def mean(self) -> float | None:
        return self.sum_y / self.sum_n if self.sum_n else None

    def interval(self) -> tuple[float, float] | None:
        """The 95% interval of the mean, or None with fewer than two games."""
        if self.games < 2:
            return None
        r = self.sum_y / self.sum_n
        residual = self.sum_yy - 2 * r * self.sum_yn + r * r * self.sum_nn
        mean_n = self.sum_n / self.games
        variance = max(residual, 0.0) / (self.games * (self.games - 1) * mean_n * mean_n)
        half = Z95 * math.sqrt(variance)
        return (r - half, r + half)

    def as_tuple(self) -> tuple[int, ...]:
        return (self.games, self.sum_y, self.sum_n, self.sum_yy, self.sum_yn, self.sum_nn)


def summary(tally: Tally, scale: float = 1.0) -> dict:
    """Mean, 95% interval and sample size, in the report's JSON shape (None when there is no data)."""
    mean, interval = tally.mean, tally.interval()
    return {
        "mean": None if mean is None else mean / scale,
        "ci95": None if interval is None else [interval[0] / scale, interval[1] / scale],
        "games": tally.games,
        "n": tally.sum_n,
    }
