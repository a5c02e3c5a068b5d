"""Re-judging never stops dead: a whole logged game of every shipped set-up, judged under every shipped ruleset,
is followed to its last request, and the text report speaks of rules, never of protocol error codes."""

from __future__ import annotations

import io
import re

import pytest

from heartspec.engine.selfplay import play_games
from heartspec.paths import data_dir
from heartspec.protocol.server import RulesCatalog
from heartspec.replay.rejudge import print_as, print_compare, rejudge_lines, verdict_json
from shipped_setups import shipped_setups

CATALOG = RulesCatalog()
# The protocol's error codes, as spec/protocol.md's table of them lists them.
PROTOCOL = (data_dir("spec") / "protocol.md").read_text(encoding="utf-8")
ERROR_CODES = set(re.findall(r"^\| `([a-z_]+)` \|", PROTOCOL.split("## 9. Error codes")[1].split("\n## ")[0], re.M))


def _one_count_per_setup():
    """Every ruleset at every table size, and every ruleset with each variant at its smallest table."""
    seen = set()
    for ruleset, variants, players, rules in shipped_setups(CATALOG):
        key = (ruleset, tuple(variants), players if not variants else None)
        if key not in seen:
            seen.add(key)
            yield ruleset, variants, players, rules


SETUPS = list(_one_count_per_setup())


def test_the_error_codes_are_read_from_the_protocol():
    assert {"wrong_phase", "must_follow_suit", "not_your_turn", "invalid_deal", "card_not_in_hand"} <= ERROR_CODES


@pytest.mark.parametrize("ruleset, variants, players, rules", SETUPS,
                         ids=["+".join((r, *v)) + f"@{n}" for r, v, n, _ in SETUPS])
def test_every_logged_game_is_judged_to_its_end_under_every_ruleset(ruleset, variants, players, rules):
    log = io.StringIO()
    play_games(rules, games=1, seed=players, log=log)
    lines = log.getvalue().splitlines()
    tables = [(other, other, ()) for other in CATALOG.ruleset_ids()]
    logged, others = rejudge_lines(lines, tables, CATALOG)
    assert logged.games and logged.games[-1]["winners"] is not None
    out = io.StringIO()
    print_compare(logged, others, "game.log", out)
    for judged in others:
        print_as(logged, judged, "game.log", out)
        assert len(judged.games) == len(logged.games)
        if judged.ruleset == ruleset and not variants:
            assert judged.stands and judged.games == logged.games  # its own ruleset: every move, the same scores
    words = set(re.findall(r"[a-z_]+", out.getvalue()))
    assert not words & ERROR_CODES, sorted(words & ERROR_CODES)
    assert verdict_json(logged, others, "game.log")["rulesets"]


def test_every_ruleset_and_variant_under_every_ruleset_and_variant():
    """A game of each shipped ruleset+variant, judged under all of them at once, to its end and in rule terms."""
    tables = sorted({("+".join((r, *v)), r, tuple(v)) for r, v, _, _ in shipped_setups(CATALOG)})
    seen = set()
    for ruleset, variants, players, rules in shipped_setups(CATALOG):
        if (ruleset, tuple(variants)) in seen:
            continue
        seen.add((ruleset, tuple(variants)))
        log = io.StringIO()
        play_games(rules, games=1, seed=players + 1, log=log)
        logged, others = rejudge_lines(log.getvalue().splitlines(), tables, CATALOG)
        out = io.StringIO()
        print_compare(logged, others, "game.log", out)
        assert not set(re.findall(r"[a-z_]+", out.getvalue())) & ERROR_CODES, (ruleset, variants)
        own = next(judged for judged in others if (judged.ruleset, judged.variants) == (ruleset, tuple(variants)))
        assert own.stands and own.games == logged.games
