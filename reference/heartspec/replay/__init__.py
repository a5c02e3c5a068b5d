"""Move logs: reading, replaying, re-judging under other rulesets, and driving an engine under test.

    log.py             read a log as a stream and replay it through the in-process server (`heartspec replay LOG`)
    rejudge.py         the same deals and moves under other rulesets (`replay LOG --as` / `--compare`)
    against_engine.py  an engine under test driven through a log's requests (`replay LOG --engine CMD`)

Beneath this package: heartspec.protocol (the server a log is replayed through) and heartspec.engine.
The names most callers want are re-exported here.
"""

from heartspec.replay.log import (  # noqa: F401  (re-exported)
    ENGINE_SPECIFIC_FIELDS, Collect, Failure, JsonSink, LogChecker, LogEntry, LogError, LogMismatch, Replay, Sink,
    TextSink, log_lines, read_log, replay_file, replay_lines,
)
