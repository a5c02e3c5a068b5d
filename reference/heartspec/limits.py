"""Every size and time limit heartspec puts on what it reads, in one place (docs/limits.md lists them).

Input from users, logs, spec folders and engines under test may be careless or
hostile; each limit bounds the memory, time or disk one input can take, and
each refusal names the limit that was reached, so a user knows what to change.
"""

from __future__ import annotations

# --- the protocol (heartspec engine, and conform reading an engine) -------------
MAX_LINE_BYTES = 1 << 20           # one request line, newline excluded
MAX_JSON_DEPTH = 64                # nesting of arrays/objects in one request or response
MAX_RESPONSE_BYTES = 16 << 20      # one response line conform reads from an engine
COMPILED_RULES_CACHED = 256        # compiled rule sets the engine keeps, and the tables games build from them
                                   # (least recently used go first; the suite uses 110 set-ups, about 32 KiB each)

# --- conform ---------------------------------------------------------------------
STDERR_KEEP_BYTES = 64 << 10       # the end of an engine's stderr kept for failure reports
TRANSCRIPT_KEEP_BYTES = 4 << 20    # requests and responses kept for move logs (the most recent)
TRANSCRIPT_ENTRY_BYTES = 64 << 10  # a response longer than this is kept as its id, ok and error only

# --- spec files (validate, --spec) -------------------------------------------------
MAX_SPEC_FILE_BYTES = 1 << 20      # one ruleset or variant file
MAX_YAML_NODES = 20_000            # values in one file once aliases and merge keys are expanded (shipped: under 500)
MAX_YAML_DEPTH = 64                # nesting of mappings and sequences in one file

# --- replay ------------------------------------------------------------------------
MAX_LOG_LINE_BYTES = MAX_LINE_BYTES  # one move-log line: what the engine would accept
MAX_LOG_BYTES = 1 << 30            # one move log (about 40,000 games)
MAX_SEND_PARTS = 10_000            # parts of one `#!send` line (heartspec.log_bytes; conform writes a handful)
MAX_SEND_BYTES = 16 << 20          # bytes one `#!send` line sends (the suite's longest: 1 MiB and a byte)
MAX_VIEWER_STEPS = 20_000          # steps one viewer page draws (replay --html): about 20 games, a page of some 10 MiB

# --- compat --from: the saved reports it reads ---------------------------------------
MAX_REPORT_BYTES = 64 << 20        # one saved report (the largest real conform.json: about 3 MiB)
MAX_REPORTS_BYTES = 512 << 20      # all the saved reports of one run together
MAX_REPORT_DEPTH = 96              # nesting in one saved report (a kept response nests up to MAX_JSON_DEPTH in it)

# --- fuzz, simulate and the files they read and write --------------------------------
MAX_ANSWER_BYTES = 1 << 20         # one answer fuzz or simulate reads from an engine or a bot (the largest real one: under 4 KiB)
MAX_KNOWN_DIFFERENCES_BYTES = 1 << 20  # fuzz --known-differences, conform --fuzz-known-differences
MAX_COVERAGE_FILE_BYTES = 1 << 20  # coverage --check FILE (the shipped COVERAGE.md: under 16 KiB)
MAX_SIMULATED_GAMES = 100_000_000  # simulate --games (a day or more of play on one core)
MAX_PLAYED_GAMES = MAX_SIMULATED_GAMES  # play --games, either core (checked before any number reaches C)
MAX_DEALS_PER_GAME = 10_000        # a self-played game still running after this many deals is given up
CORE_LOG_CHUNK_GAMES = 64          # play --core compiled --log: games the core plays and logs at a time


class LimitError(ValueError):
    """An input went past one of the limits above; the message names it."""


def describe_bytes(count: int) -> str:
    """1048576 -> '1 MiB': limits are powers of two, said the way people write them."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= size and count % size == 0:
            return f"{count // size} {unit}"
    return f"{count} bytes"


def check_games(games: int, option: str = "--games", limit: int = MAX_PLAYED_GAMES,
                limit_name: str = "MAX_PLAYED_GAMES") -> int:
    """A count of games within 1..limit, refused with the limit's name before anything converts it."""
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= limit:
        raise LimitError(f"{option} {games} is not a count of games from 1 to {limit:,} ({limit_name})")
    return games
