"""Replay a move log through the in-process server and tell the hand as a person reads it.

A move log (spec/protocol.md, "Move logs") is protocol requests, one a line;
response lines (objects with `ok`) may follow a request and are then checked
against what the engine answers. A logged `ok: false` response right after a
request marks that refusal as expected, so a transcript of a session with
refused moves replays cleanly. Blank lines and `#` comment lines are ignored, except a `#!send` line:
a request kept byte for byte (bytes that are not UTF-8, an over-long line; heartspec.log_bytes).

A log is read as a stream: `read_log` yields its entries one at a time, and the
story is handed to a sink deal by deal (`TextSink`, `JsonSink`, or `Collect`
for callers that want every game in memory), so memory stays flat however long
the log, and output appears while it is read. What a log may hold is bounded
(`heartspec.limits`: MAX_LOG_LINE_BYTES, MAX_LOG_BYTES); a log past a limit, or
not UTF-8, stops with `unreadable_log` at its line.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import IO, Any, Iterable, Iterator, TextIO

from heartspec.cards import parse_card, sort_key
from heartspec.limits import MAX_LOG_BYTES, MAX_LOG_LINE_BYTES, describe_bytes
from heartspec.protocol.messages import decode_json
from heartspec.protocol.server import RulesCatalog, Server
from heartspec.safe_text import safe_json

# Fields a response line may record that legitimately differ between engines.
ENGINE_SPECIFIC_FIELDS = frozenset({"engine", "supports"})


class LogError(Exception):
    """A log that cannot be read at `line`: past a limit, or not UTF-8 text."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line, self.message = line, message


@dataclass(frozen=True)
class LogEntry:
    """One request or response line of a move log; `value` is the decoded response (None for a request)."""

    line: int
    kind: str  # "request" or "response"
    text: str
    value: dict | None = None
    sent: bytes | None = None  # a `#!send` line's bytes (heartspec.log_bytes): what goes out in place of `text`

    @property
    def request_lines(self) -> list[bytes | str]:
        """What this request sends, one item per line an engine answers (blank lines get no answer)."""
        if self.sent is None:
            return [self.text]
        from heartspec.log_bytes import request_lines

        return list(request_lines(self.sent))


def log_lines(stream: IO[bytes]) -> Iterator[bytes]:
    """The raw lines of a binary stream, refusing (LogError) a line or a log past its limit before reading it whole."""
    total = 0
    number = 0
    while True:
        try:
            line = stream.readline(MAX_LOG_LINE_BYTES + 2)
        except OSError as err:
            raise LogError(number + 1, f"cannot read the log: {err.strerror or err}") from None
        if not line:
            return
        number += 1
        total += len(line)
        content = len(line.rstrip(b"\r\n"))
        if content > MAX_LOG_LINE_BYTES:
            raise LogError(number, f"line longer than {describe_bytes(MAX_LOG_LINE_BYTES)} (MAX_LOG_LINE_BYTES)")
        if total > MAX_LOG_BYTES:
            raise LogError(number, f"the log goes on past {describe_bytes(MAX_LOG_BYTES)} (MAX_LOG_BYTES)")
        yield line


def read_log(lines: Iterable[bytes | str]) -> Iterator[LogEntry]:
    """The requests and responses of a log, in order, numbered by line; blank and `#` lines are skipped.

    `lines` may be raw bytes (from `log_lines`) or text; a UTF-8 byte-order mark on the first
    line is dropped; bytes that are not UTF-8 raise LogError naming the line.
    """
    for number, raw in enumerate(lines, start=1):
        text = _text(raw, number)
        if number == 1:
            text = text.removeprefix("\ufeff")
        stripped = text.strip()
        if stripped.startswith("#!send "):
            yield LogEntry(number, "request", stripped, None, _sent(stripped, number))
            continue
        if not stripped or stripped.startswith("#"):
            continue
        logged = _as_response(stripped)
        yield LogEntry(number, "request" if logged is None else "response", stripped, logged)


def _sent(text: str, number: int) -> bytes:
    from heartspec.log_bytes import SendError, sent_bytes

    try:
        return sent_bytes(text)
    except SendError as err:
        raise LogError(number, str(err)) from None


def _text(raw: bytes | str, number: int) -> str:
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise LogError(number, f"not UTF-8 text: {err.reason} at byte {err.start + 1} of the line") from None


@dataclass
class Failure:
    line: int
    code: str
    message: str
    position: dict | None = None


@dataclass
class Replay:
    """What a replay found: the story of the games so far and, if it stopped early, why."""

    source: str
    games: list[dict] = field(default_factory=list)
    lines_read: int = 0
    failure: Failure | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


def replay_lines(lines: Iterable[bytes | str], source: str = "<log>", catalog: RulesCatalog | None = None,
                 sink: "Sink | None" = None) -> Replay:
    """Replay log lines; with no sink every game is collected in `Replay.games`."""
    collect = sink is None
    runner = _Runner(source, catalog or RulesCatalog(), Collect() if collect else sink)
    runner.run(lines)
    if collect:
        runner.result.games = runner.story.sink.games
    return runner.result


def replay_file(path: str, catalog: RulesCatalog | None = None, sink: "Sink | None" = None) -> Replay:
    """Replay a log file (`-` for stdin) as a stream; raises OSError when the file cannot be read."""
    catalog = catalog or RulesCatalog()
    if path == "-":
        return replay_lines(log_lines(sys.stdin.buffer), "<stdin>", catalog, sink)
    with open(path, "rb") as stream:
        return replay_lines(log_lines(stream), path, catalog, sink)


class LogMismatch(Exception):
    """Where a log parts from its own game: a refusal it does not mark as expected, or a logged response
    that disagrees. `positioned` is False when the log breaks before any game could stand anywhere."""

    def __init__(self, line: int, code: str, message: str, positioned: bool = True):
        super().__init__(message)
        self.line, self.code, self.message, self.positioned = line, code, message, positioned


class LogChecker:
    """How a log is held to its own game, the check `heartspec replay` makes and re-judging reuses:
    a refused request must be marked expected by a logged `ok: false` right after it, and every
    logged response must agree with the engine's (ENGINE_SPECIFIC_FIELDS aside)."""

    def __init__(self, server: Server):
        self.server = server
        self.last: dict | None = None              # the engine's response to the last request
        self.pending: LogMismatch | None = None    # a refusal the log has not (yet) marked expected

    def request(self, number: int, text: str, lines: list | None = None) -> dict | None:
        """The engine's response when it accepts the request; None when it refuses (pending until marked).
        `lines`: what a `#!send` line sends, each answered in turn, the last answer kept."""
        if self.pending:
            raise self.pending
        response = None
        for line in lines if lines is not None else [text]:
            response = self.server.handle_line(line) or response
        if response is None:
            raise LogMismatch(number, "mismatch", "the line sends nothing but blank lines: nothing answers it")
        self.last = response
        if response["ok"]:
            return response
        self.pending = LogMismatch(number, response["error"]["code"], response["error"]["message"])
        return None

    def response(self, number: int, logged: dict) -> LogMismatch | None:
        """Check a logged response against the engine's; the refusal it marks as expected, if it does."""
        if self.last is None:
            raise LogMismatch(number, "mismatch", "a response line with no request before it", positioned=False)
        problem = _disagreement(logged, self.last)
        if problem:
            raise LogMismatch(number, "mismatch", problem)
        expected = None
        if not logged["ok"]:
            expected, self.pending = self.pending, None
        self.last = None
        return expected

    def finish(self) -> None:
        """The log is over: a refusal still not marked as expected is where it parts from its game."""
        if self.pending:
            raise self.pending


class _Runner:
    def __init__(self, source: str, catalog: RulesCatalog, sink: "Sink"):
        self.server = Server(catalog=catalog)
        self.checker = LogChecker(self.server)
        self.result = Replay(source)
        self.story = _Story(sink)

    def run(self, lines: Iterable[bytes | str]) -> None:
        try:
            for entry in read_log(lines):
                self.result.lines_read = entry.line
                if not self._take(entry):
                    break
            self.checker.finish()
        except LogError as err:
            self.result.lines_read = err.line
            self._fail(Failure(err.line, "unreadable_log", err.message, self._position()))
        except LogMismatch as mismatch:
            self._fail(Failure(mismatch.line, mismatch.code, mismatch.message,
                               self._position() if mismatch.positioned else None))
        self.story.finish()
        self.story.sink.finish(self.result)

    def _take(self, entry: LogEntry) -> bool:
        """Handle one log entry; False once the log is over (quit)."""
        if entry.kind == "response":
            self.story.refused_as_expected(self.checker.response(entry.line, entry.value))
            return True
        if self.checker.pending:
            self.checker.finish()
        if self.server.finished:
            return False
        response = self.checker.request(entry.line, entry.text, entry.request_lines if entry.sent is not None else None)
        if response is not None and entry.sent is None:
            self.story.record(json.loads(entry.text), response, self.server.game)
        return True

    def _fail(self, failure: Failure) -> None:
        self.result.failure = failure

    def _position(self) -> dict | None:
        game = self.server.game
        return dict(game.state()) if game is not None else None


def _as_response(text: str) -> dict | None:
    if '"ok"' not in text:
        return None
    try:
        value = decode_json(text)
    except ValueError:  # not a response then: the engine will say what is wrong with it as a request
        return None
    return value if isinstance(value, dict) and "ok" in value else None


def _disagreement(logged: dict, engine: dict) -> str | None:
    """Why a logged response line disagrees with the engine's, or None when it agrees."""
    if logged.get("ok") != engine["ok"]:
        said = "refused" if engine["ok"] is False else "accepted"
        detail = f" ({engine['error']['code']}: {engine['error']['message']})" if not engine["ok"] else ""
        return f"the log says ok={json.dumps(logged.get('ok'))} but the engine {said} the request{detail}"
    if not engine["ok"]:
        error = logged.get("error")
        if error is not None and not isinstance(error, dict):
            return f"the log records the error as {_brief(error)}, which is not an object with a code"
        logged_code = (error or {}).get("code")
        if logged_code != engine["error"]["code"]:
            return f"the log expects error {logged_code!r} but the engine answered {engine['error']['code']!r}"
        return None
    for key, value in logged.items():
        if key in ENGINE_SPECIFIC_FIELDS or key == "ok" or key.startswith("#"):  # "#...": a transcript's own remarks
            continue
        if key not in engine:
            return f"the log records {key!r} but the engine's response has no such field"
        if engine[key] != value:
            return f"{key!r} differs: the log has {_brief(value)}, the engine answered {_brief(engine[key])}"
    return None


def _brief(value: Any) -> str:
    text = safe_json(value)
    return text if len(text) <= 300 else text[:297] + "..."


class _Story:
    """Builds a plain record of each game from accepted requests and their events, and hands it
    to the sink a deal at a time: only the game and the deal in progress are held."""

    def __init__(self, sink: "Sink"):
        self.sink = sink
        self.game: dict | None = None
        self.deal: dict | None = None

    def finish(self) -> None:
        self._close_game()

    def _close_deal(self) -> None:
        if self.deal is not None:
            self.sink.deal(self.deal)
            self.deal = None

    def _close_game(self) -> None:
        self._close_deal()
        if self.game is not None:
            self.sink.game_over(self.game)
            self.game = None

    def record(self, request: dict, response: dict, game: Any) -> None:
        cmd = request.get("cmd")
        if cmd == "new_game":
            self._close_game()
            self.game = {
                "ruleset": response.get("ruleset"), "players": response.get("players"),
                "variants": response.get("variants", []), "options": request.get("options") or {},
                "end": None,
            }
            self.sink.game_started(self.game)
        elif cmd == "deal":
            self._start_deal(game)
        elif cmd == "choose":
            self._note(f"seat {request.get('seat')} chooses {request.get('option')}")
        for event in response.get("events") or []:
            self._event(event)

    def refused_as_expected(self, failure: "LogMismatch | None") -> None:
        if failure is not None:
            self._note(f"line {failure.line} refused, as the log expects: {failure.code}: {failure.message}")

    def _start_deal(self, game: Any) -> None:
        state = game.state()
        deal = {
            "deal_number": state.get("deal_number"), "dealer": state.get("dealer"),
            "pass_direction": state.get("pass_direction"), "hands": _sorted_hands(state.get("hands") or []),
            "passes": [], "tricks": [], "notes": [], "trick": [],
            "points": None, "totals": None, "moon": None, "money": None,
        }
        if state.get("kitty_size"):
            deal["notes"].append(f"kitty of {state['kitty_size']} card(s) face down")
        if state.get("stock_size"):
            deal["notes"].append(f"stock of {state['stock_size']} card(s)")
        self._close_deal()
        self.deal = deal

    def _deal(self) -> dict | None:
        return self.deal

    def _note(self, text: str) -> None:
        """Attach a remark to the trick in progress, else the last trick, else the deal."""
        deal = self._deal()
        if deal is None:
            return
        if deal["trick"]:
            deal.setdefault("trick_notes", []).append(text)
        elif deal["tricks"]:
            deal["tricks"][-1]["notes"].append(text)
        else:
            deal["notes"].append(text)

    def _event(self, event: dict) -> None:
        kind = event.get("type")
        deal = self._deal()
        if deal is None:
            return
        if kind == "cards_received":
            deal["passes"].append({"seat": event["seat"], "from": event["from"], "cards": event["cards"]})
        elif kind == "card_played":
            deal["trick"].append({"seat": event["seat"], "card": event["card"]})
        elif kind in ("trick_won", "trick_set_aside"):
            notes = deal.pop("trick_notes", [])
            deal["tricks"].append({
                "number": len(deal["tricks"]) + 1, "cards": deal["trick"], "winner": event.get("seat"),
                "points": event.get("points"), "notes": notes,
            })
            deal["trick"] = []
        elif kind == "set_aside_taken":
            self._note(f"seat {event['seat']} also takes the set-aside cards: {' '.join(event.get('cards', []))}")
        elif kind == "hearts_broken":
            self._note("hearts are broken")
        elif kind == "kitty_taken":
            self._note(f"seat {event['seat']} takes the kitty: {' '.join(event.get('cards', []))}")
        elif kind == "cards_drawn":
            self._note(f"seat {event['seat']} draws {event.get('count')} card(s) from the stock")
        elif kind == "moon_choice":
            self._note(f"seat {event['seat']} shot the moon and chooses how it scores")
        elif kind == "deal_scored":
            deal.update(points=event.get("points"), totals=event.get("totals"), moon=event.get("moon"),
                        money=event.get("money"), pot=event.get("pot"))
        elif kind == "game_over":
            self.game["end"] = {k: event.get(k) for k in ("totals", "winners", "money")}


def _sorted_hands(hands: list[list[str]]) -> list[list[str]]:
    return [sorted(hand, key=lambda name: sort_key(parse_card(name))) for hand in hands]


# --- printing -------------------------------------------------------------


class Sink:
    """Where a replay's story goes, a deal at a time (a game, its deals in order, then its end)."""

    def game_started(self, game: dict) -> None: ...

    def deal(self, deal: dict) -> None: ...

    def game_over(self, game: dict) -> None: ...

    def finish(self, replay: Replay) -> None:
        """The log is over: `replay` says how (ok, or the failure and its position)."""


class Collect(Sink):
    """Every game, with its deals, kept in memory (for tests and callers that need the whole story)."""

    def __init__(self) -> None:
        self.games: list[dict] = []

    def game_started(self, game: dict) -> None:
        self.games.append({**game, "deals": []})

    def deal(self, deal: dict) -> None:
        self.games[-1]["deals"].append(deal)

    def game_over(self, game: dict) -> None:
        self.games[-1]["end"] = game["end"]


class TextSink(Sink):
    """The hand as a person reads it, written as the log is read; the failure and its position to `err`."""

    def __init__(self, out: TextIO, err: TextIO):
        self.out, self.err = out, err
        self.games = 0

    def game_started(self, game: dict) -> None:
        self.games += 1
        variants = ", ".join(game["variants"]) or "none"
        options = " ".join(f"{k}={json.dumps(v)}" for k, v in game["options"].items()) or "defaults"
        self.out.write(f"Game {self.games}: ruleset {game['ruleset']}, {game['players']} players, "
                       f"variants: {variants}, options: {options}\n")
        self.out.write("(tricks list seat:card in the order played)\n")
        self.out.flush()

    def deal(self, deal: dict) -> None:
        _print_deal(deal, self.out)
        self.out.flush()

    def game_over(self, game: dict) -> None:
        end = game["end"]
        if end:
            winners = ", ".join(f"seat {s}" for s in end.get("winners") or [])
            self.out.write(f"Game over. Totals: {_row(end.get('totals'))}. Winner(s): {winners}\n")
            if end.get("money") is not None:
                self.out.write(f"  money: {_row(end['money'])}\n")
        self.out.write("\n")

    def finish(self, replay: Replay) -> None:
        if replay.failure:
            _print_failure(replay, self.err)
        else:
            self.out.write(f"replayed {replay.source}: {self.games} game(s), no disagreement\n")


class JsonSink(Sink):
    """One JSON document, written as the log is read: {"source", "games": [...], "ok", "error"}.

    Each game opens with its settings, then its deals one a line, then its end, so a
    reader may parse the whole document or follow it line by line.
    """

    def __init__(self, out: TextIO, err: TextIO, source: str):
        self.out, self.err = out, err
        self.games = 0
        self.deals = 0
        out.write('{"source": ' + _json(source) + ', "games": [')

    def game_started(self, game: dict) -> None:
        settings = {k: v for k, v in game.items() if k != "end"}
        self.out.write(("," if self.games else "") + "\n" + _json(settings)[:-1] + ', "deals": [')
        self.games += 1
        self.deals = 0

    def deal(self, deal: dict) -> None:
        public = {k: v for k, v in deal.items() if k not in ("trick", "trick_notes")}
        self.out.write(("," if self.deals else "") + "\n " + _json(public))
        self.deals += 1
        self.out.flush()

    def game_over(self, game: dict) -> None:
        self.out.write('], "end": ' + _json(game["end"]) + "}")

    def finish(self, replay: Replay) -> None:
        failure = replay.failure
        error = None if failure is None else {
            "line": failure.line, "code": failure.code, "message": failure.message, "position": failure.position,
        }
        self.out.write('\n], "ok": ' + _json(replay.ok) + ', "error": ' + _json(error) + "}\n")
        if failure:
            self.err.write(_failure_line(replay) + "\n")


def _json(value: Any) -> str:
    return safe_json(value, separators=(", ", ": "))


def _print_deal(deal: dict, out: TextIO) -> None:
    out.write(f"\nDeal {deal['deal_number']} (dealer seat {deal['dealer']}, pass {deal['pass_direction']})\n")
    for seat, hand in enumerate(deal["hands"]):
        out.write(f"  seat {seat}: {' '.join(hand)}\n")
    for note in deal["notes"]:
        out.write(f"  {note}\n")
    for received in deal["passes"]:
        out.write(f"  seat {received['from']} passes to seat {received['seat']}: {' '.join(received['cards'])}\n")
    for trick in deal["tricks"]:
        played = _played(trick["cards"])
        taker = "set aside for a later taker:" if trick["winner"] is None else f"seat {trick['winner']} takes"
        out.write(f"  trick {trick['number']:>2}: {played} -> {taker} {trick['points']} point(s)\n")
        for note in trick["notes"]:
            out.write(f"            {note}\n")
    if deal["trick"]:
        played = _played(deal["trick"])
        out.write(f"  trick in progress: {played}\n")
    if deal["points"] is not None:
        out.write(f"  deal points: {_row(deal['points'])}   totals: {_row(deal['totals'])}\n")
    if deal["moon"]:
        out.write(f"  moon: seat {deal['moon'].get('seat')} took it all ({deal['moon'].get('effect')})\n")
    if deal["money"] is not None:
        pot = f"   pot carried: {deal['pot']}" if deal.get("pot") is not None else ""
        out.write(f"  money: {_row(deal['money'])}{pot}\n")


def _played(cards: list[dict]) -> str:
    return ", ".join(f"{p['seat']}:{p['card']}" for p in cards)


def _row(values: Any) -> str:
    if not values:
        return "-"
    return " ".join(f"{v:g}" if isinstance(v, float) else str(v) for v in values)


def _failure_line(replay: Replay) -> str:
    failure = replay.failure
    return f"{replay.source}:{failure.line}: {failure.code}: {failure.message}"


def _print_failure(replay: Replay, err: TextIO) -> None:
    err.write(_failure_line(replay) + "\n")
    position = replay.failure.position
    if position is None:
        err.write("position: no game started\n")
        return
    turn = position.get("turn")
    err.write(f"position: deal {position.get('deal_number')}, phase {position.get('phase')}"
              f"{'' if turn is None else f', seat {turn} to play'}\n")
    if position.get("phase") == "deal":
        err.write(f"  waiting for the cards of deal {position.get('deal_number')}; totals: {_row(position.get('totals'))}\n")
        return
    for seat, hand in enumerate(_sorted_hands(position.get("hands") or [])):
        err.write(f"  seat {seat}: {' '.join(hand)}\n")
    trick = position.get("trick") or []
    err.write(f"  trick: {_played(trick) or 'none yet'}\n")
    err.write(f"  hearts broken: {'yes' if position.get('hearts_broken') else 'no'}; totals: {_row(position.get('totals'))}\n")
