"""Drive the reference engine and OpenSpiel (through the adapter) through the same deals and list where they disagree.

    python benchmarks/compare_openspiel.py [--deals N] [--seed S] [--spec DIR]

Both engines get the same cards, the same passes and, at every turn, the same
card, chosen at random from the cards *both* call legal.  Wherever the two
legal sets, the events of a play, or a deal's score differ, the position is
recorded under a kind (first trick, leading with hearts broken in one engine
only, ...), with one example per kind.  This is direct evidence for
docs/openspiel-report.md, independent of the conformance suite.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from heartspec.cards import card_name

PLAYERS = 4


@dataclass
class Findings:
    deals: int = 0
    positions: int = 0
    kinds: Counter = field(default_factory=Counter)
    examples: dict = field(default_factory=dict)

    def note(self, kind: str, example: str) -> None:
        self.kinds[kind] += 1
        self.examples.setdefault(kind, example)


def compare_ruleset(rules, fit, deals: int, seed: int) -> Findings:
    from heartspec.adapters.openspiel import AdapterGame, GameSetup
    from heartspec.engine import Game

    findings = Findings()
    rng = random.Random(seed)
    for number in range(1, deals + 1):
        ref = Game(rules, dealer=0, deal_number=number)
        ours = AdapterGame(GameSetup(rules, fit, 0, number, [0] * PLAYERS))
        deck = list(rules.deck)
        rng.shuffle(deck)
        hands = [deck[s * 13:(s + 1) * 13] for s in range(PLAYERS)]
        ref.deal(hands)
        ours.deal(hands)
        if ref.phase == "passing":
            for seat in range(PLAYERS):
                chosen = rng.sample(hands[seat], 3)
                ref.pass_cards(seat, chosen)
                ours.pass_cards(seat, chosen)
        _play_deal(ref, ours, rng, findings)
        findings.deals += 1
    return findings


def _play_deal(ref, ours, rng: random.Random, findings: Findings) -> None:
    played = 0
    while ref.phase == "playing" and ours.phase == "playing":
        seat = ref.turn
        if ours.turn() != seat:
            findings.note("turn differs", f"reference: seat {seat}, OpenSpiel: seat {ours.turn()}")
            return
        ref_legal, os_legal = set(ref.legal(seat)), set(ours.legal(seat))
        findings.positions += 1
        if ref_legal != os_legal:
            kind, example = _describe_legal(ref, ours, seat, played, ref_legal, os_legal)
            findings.note(kind, example)
        both = sorted(ref_legal & os_legal)
        if not both:
            findings.note("no common legal card", f"seat {seat}")
            return
        card = rng.choice(both)
        ref_events = ref.play(seat, card)
        os_events = ours.play(seat, card_name(card))["events"]
        _compare_events(ref_events, os_events, findings, played)
        played += 1
    _compare_scores(ref, ours, findings)


def _describe_legal(ref, ours, seat, played, ref_legal, os_legal) -> tuple[str, str]:
    only_ref = " ".join(card_name(c) for c in sorted(ref_legal - os_legal)) or "-"
    only_os = " ".join(card_name(c) for c in sorted(os_legal - ref_legal)) or "-"
    hand = " ".join(ours.snapshot()["hands"][seat])
    trick = " ".join(card_name(c) for _, c in ref.trick) or "(leading)"
    ref_broken, os_broken = bool(ref.hearts_broken), bool(ours.state.hearts_broken())
    if played < PLAYERS:
        kind = "first trick"
    elif not ref.trick and ref_broken != os_broken:
        kind = f"lead with hearts broken in {'OpenSpiel' if os_broken else 'the reference'} only"
    elif not ref.trick:
        kind = "lead"
    else:
        kind = "follow or discard"
    example = (f"trick {played // PLAYERS + 1}, seat {seat} holds {hand}; trick so far {trick}; "
               f"hearts broken: reference {ref_broken}, OpenSpiel {os_broken}; "
               f"legal only in reference: {only_ref}; only in OpenSpiel: {only_os}")
    return kind, example


def _compare_events(ref_events, os_events, findings: Findings, played: int) -> None:
    ref_break = any(e["type"] == "hearts_broken" for e in ref_events)
    os_break = any(e["type"] == "hearts_broken" for e in os_events)
    if ref_break != os_break:
        card = next(e["card"] for e in ref_events if e["type"] == "card_played")
        who = "OpenSpiel" if os_break else "the reference"
        findings.note(f"hearts broken by a play in {who} only", f"card {card}, play {played + 1} of the deal")
    ref_won = [(e["seat"], e["points"]) for e in ref_events if e["type"] == "trick_won"]
    os_won = [(e["seat"], e["points"]) for e in os_events if e["type"] == "trick_won"]
    if ref_won != os_won:
        findings.note("trick winner or points differ", f"reference {ref_won}, OpenSpiel {os_won}")


def _compare_scores(ref, ours, findings: Findings) -> None:
    if ref.phase == "moon_choice":
        findings.note("moon: the reference offers the shooter a choice, OpenSpiel does not",
                      f"seat {ref.turn} shot the moon")
        ref.choose(ref.turn, "add_to_others")
    ref_points, os_points = ref.state()["totals"], ours.totals  # each deal starts a fresh game at zero
    if ref_points != os_points:
        findings.note("deal score differs", f"reference {ref_points}, OpenSpiel {os_points}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spec", type=Path, default=None)
    args = parser.parse_args(argv)
    from heartspec.adapters.openspiel import Catalogue, Unsupported, fit_rules

    catalogue = Catalogue(args.spec)
    summary = []
    for ruleset in catalogue.ruleset_ids():
        for variants in [()] + [(v,) for v in catalogue.variant_ids()]:
            label = " + ".join((ruleset,) + variants)
            try:
                rules = catalogue.compile(ruleset, variants, PLAYERS, {})
                fit = fit_rules(rules)
            except Unsupported as why:
                print(f"## {label}: unsupported ({why})\n")
                continue
            except Exception:  # noqa: BLE001 - not a game at four players, or the variant does not apply
                continue
            findings = compare_ruleset(rules, fit, args.deals, args.seed)
            _print_findings(label, fit, findings)
            summary.append((label, findings))
    _print_summary(summary)
    return 0


def _print_findings(ruleset: str, fit, findings: Findings) -> None:
    print(f"## {ruleset}\n")
    print(f"OpenSpiel parameters: {fit.params}\n")
    print(f"{findings.deals} deals, {findings.positions} positions compared.\n")
    if not findings.kinds:
        print("No disagreement found.\n")
        return
    print("| kind | positions | example |")
    print("|---|---:|---|")
    for kind, count in findings.kinds.most_common():
        print(f"| {kind} | {count} | {findings.examples[kind]} |")
    print()


def _print_summary(summary: list[tuple[str, Findings]]) -> None:
    print("## Summary\n")
    print("| ruleset + variant | deals | positions where legal cards differ | plays that break hearts in one engine only "
          "| moons where only the reference offers a choice | deals scored differently |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, findings in summary:
        def count(*prefixes: str) -> int:
            return sum(n for kind, n in findings.kinds.items() if kind.startswith(prefixes))
        print(f"| {label} | {findings.deals} | {count('lead', 'first trick', 'follow', 'no common')} "
              f"| {count('hearts broken by')} | {count('moon')} | {count('deal score', 'turn', 'trick winner')} |")
    print()


if __name__ == "__main__":
    sys.exit(main())
