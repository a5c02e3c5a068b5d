"""`simulate A B --attribute`: each differing rule cell's share of the A-to-B difference, with intervals.

The run plays A, B, and A with each cell (rule_cells.Switch) set to B's value, on the same deals with the
same seeded bots. For every figure, scope j (a cell, or B itself: the whole difference) has a paired
difference from A in each game g: y_jg summed over the deals both games reached, over n_jg such deals.
The cell's effect is the ratio estimate sum_g y_jg / sum_g n_jg (stats.py), and the part no single cell
explains, the interaction, is the whole difference minus the cells' effects, so the parts add up to the
whole exactly (`exact` holds each as a fraction).

The interaction's interval needs how the scopes vary together from game to game: its linearised
per-game value is z_g = sum_j c_j (y_jg - r_j n_jg) / mean(n_j), with c = +1 for the whole and -1 for a
cell, so a shard keeps, per figure, the integer cross sums sum_g y_jg y_lg, y_jg n_lg and n_jg n_lg over
every pair of scopes. They add up exactly across shards, in any order, on any worker or cluster.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from heartspec.simulate.stats import Z95

INTERACTION = "interaction"
WHOLE = "whole"


@dataclass
class CrossSums:
    """Per figure m and scopes j, l: sums over games of y, n, and their cross products (exact int64)."""

    names: tuple[str, ...]
    scopes: int
    games: int = 0
    y: np.ndarray = field(default=None)
    n: np.ndarray = field(default=None)
    used: np.ndarray = field(default=None)   # games with n_jg > 0
    yy: np.ndarray = field(default=None)
    yn: np.ndarray = field(default=None)
    nn: np.ndarray = field(default=None)

    def __post_init__(self):
        m, j = len(self.names), self.scopes
        for name, shape in (("y", (m, j)), ("n", (m, j)), ("used", (m, j)),
                            ("yy", (m, j, j)), ("yn", (m, j, j)), ("nn", (m, j, j))):
            if getattr(self, name) is None:
                setattr(self, name, np.zeros(shape, dtype=np.int64))

    def add_games(self, y: np.ndarray, n: np.ndarray) -> None:
        """y, n: (games, figures, scopes) int64 paired sums and deal counts."""
        self.games += y.shape[0]
        self.y += y.sum(axis=0)
        self.n += n.sum(axis=0)
        self.used += (n > 0).sum(axis=0)
        self.yy += np.einsum("gmj,gml->mjl", y, y)
        self.yn += np.einsum("gmj,gml->mjl", y, n)
        self.nn += np.einsum("gmj,gml->mjl", n, n)

    def merge(self, other: "CrossSums") -> None:
        self.games += other.games
        for name in ("y", "n", "used", "yy", "yn", "nn"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def paired_game(base: tuple, others: list[tuple]) -> tuple[np.ndarray, np.ndarray]:
    """One game: base and each other table as (deal rows, game row) float arrays with NaN where a figure
    was not measured. Returns y, n of shape (figures, scopes): deal figures first, then game figures."""
    base_deals, base_game = base
    ys, ns = [], []
    for deals, game in others:
        reached = min(len(deals), len(base_deals))
        paired = deals[:reached] - base_deals[:reached]
        both = ~np.isnan(paired)
        game_paired = game - base_game
        game_both = ~np.isnan(game_paired)
        ys.append(np.concatenate([np.where(both, paired, 0).sum(axis=0), np.where(game_both, game_paired, 0)]))
        ns.append(np.concatenate([both.sum(axis=0), game_both]))
    return np.array(ys).T, np.array(ns).T


def deal_rows(rows, width: int) -> np.ndarray:
    """Deal rows (None where not measured) as a float array of shape (deals, width)."""
    return np.array(rows, dtype=float).reshape(len(rows), width)


def add_record_games(sums: CrossSums, games: list[list[tuple]]) -> None:
    """Per game, the tables in run order (A, B, the cells) as (deal rows, game row) arrays."""
    if not games:
        return
    ys, ns = [], []
    for tables in games:
        base, whole, *cells = tables
        y, n = paired_game(base, cells + [whole])  # scopes: the cells in order, then the whole difference
        ys.append(y)
        ns.append(n)
    sums.add_games(np.rint(np.array(ys)).astype(np.int64), np.array(ns, dtype=np.int64))


def money_row(game_row: list, players: int) -> list:
    """A game row with money set to NaN where the game settled nothing (shards._game_metrics leaves it out)."""
    row = [float(v) for v in game_row]
    if not any(row[-players:]):
        row[-players:] = [math.nan] * players
    return row


# ---------------------------------------------------------------- figures

def _rules(cell, index: int) -> dict:
    """The whole rule a change touches, before and after, for a report that says the change in words."""
    if index >= len(cell.rules):
        return {}
    before, after = cell.rules[index]
    return {"rule_from": before, "rule_to": after}


def figures(sums: CrossSums, metrics, cells) -> dict:
    """The report's `attribution`: per cell, the whole and the interaction, figures by metric key."""
    index = {name: i for i, name in enumerate(sums.names)}
    whole_at = sums.scopes - 1
    out_cells = [{"paths": list(c.paths), "title": c.title, "together": c.together,
                  "changes": [{"path": p, "from": a, "to": b, **_rules(c, i)} for i, (p, a, b) in enumerate(c.changes)],
                  "metrics": {}} for c in cells]
    whole, interaction = {}, {}
    for metric in metrics:
        m = index.get(metric.key)
        if m is None:
            continue
        factor = _shown_factor(metric)
        for j, cell in enumerate(out_cells):
            figure = _scope_figure(sums, m, j, factor)
            if figure is not None:
                cell["metrics"][metric.key] = figure
        whole_figure = _scope_figure(sums, m, whole_at, factor)
        if whole_figure is None:
            continue
        whole[metric.key] = whole_figure
        interaction[metric.key] = _interaction(sums, m, factor)
    return {"cells": out_cells, WHOLE: whole, INTERACTION: interaction}


def _shown_factor(metric) -> Fraction:
    """Stored value x factor = shown value: percent for a share, money from cents."""
    return (Fraction(100) if metric.percent else Fraction(1)) / Fraction(int(metric.scale))


def _exact(sums: CrossSums, m: int, j: int) -> Fraction | None:
    total = int(sums.n[m, j])
    return Fraction(int(sums.y[m, j]), total) if total else None


def _scope_figure(sums: CrossSums, m: int, j: int, factor: Fraction) -> dict | None:
    mean = _exact(sums, m, j)
    if mean is None:
        return None
    games = int(sums.used[m, j])
    interval = None
    if games >= 2:
        mean_n = int(sums.n[m, j]) / games
        r = float(mean)
        residual = float(sums.yy[m, j, j]) - 2 * r * float(sums.yn[m, j, j]) + r * r * float(sums.nn[m, j, j])
        half = Z95 * math.sqrt(max(residual, 0.0) / (games * (games - 1) * mean_n * mean_n))
        interval = [(r - half) * float(factor), (r + half) * float(factor)]
    return _figure(mean * factor, interval, games, int(sums.n[m, j]))


def _interaction(sums: CrossSums, m: int, factor: Fraction) -> dict:
    """The whole difference minus every cell's effect, with the linearised interval (module docstring)."""
    whole_at = sums.scopes - 1
    present = [j for j in range(sums.scopes) if sums.n[m, j]]
    signs = {j: (1 if j == whole_at else -1) for j in present}
    exact = _exact(sums, m, whole_at) - sum((_exact(sums, m, j) for j in present if j != whole_at), Fraction(0))
    games = sums.games
    interval = None
    if games >= 2:
        ratio = {j: float(_exact(sums, m, j)) for j in present}
        weight = {j: signs[j] * games / int(sums.n[m, j]) for j in present}  # c_j / mean(n_j)
        total = 0.0
        for j in present:
            for l in present:
                total += weight[j] * weight[l] * (
                    float(sums.yy[m, j, l]) - ratio[l] * float(sums.yn[m, j, l])
                    - ratio[j] * float(sums.yn[m, l, j]) + ratio[j] * ratio[l] * float(sums.nn[m, j, l]))
        half = Z95 * math.sqrt(max(total, 0.0) / (games * (games - 1)))
        interval = [(float(exact) - half) * float(factor), (float(exact) + half) * float(factor)]
    return _figure(exact * factor, interval, games, games)


def _figure(mean: Fraction, interval, games: int, n: int) -> dict:
    return {"mean": float(mean), "ci95": interval, "games": games, "n": n,
            "exact": f"{mean.numerator}/{mean.denominator}"}
