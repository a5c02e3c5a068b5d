"""Adapters that put third-party Hearts engines behind heartspec protocol v1.

Each runs as `python -m heartspec.adapters.NAME` and needs its optional extra:

* `openspiel`: OpenSpiel's `hearts` (`heartspec[openspiel]`), in any configuration of its parameters (`--config`);
* `games_collection`: games-collection's `card_games.hearts` (`heartspec[games-collection]`);
* `gym_hearts`: gym-hearts' `HeartsEnv` (`heartspec[gym-hearts]`);
* `heartsgym`: HeartsGym's one-hand `Hearts` environment (`heartspec[heartsgym]`).

`base` holds what they share.  Each adapter's `NAME-expected-failures.txt` and
`NAME-known-differences.txt` classify what the conformance suite and the fuzzer find.
"""
