"""`heartspec replay LOG --html FILE`: the log as one self-contained page that draws the table, step by step.

The page is built here, in Python, from the reference engine: every step of the log (each accepted
request, each refusal the log marks as expected, and where the log parts from its game) is kept as
what a viewer draws: each seat's hand, the trick on the table, whose turn it is and the cards the
rules let that seat play (game.legal, so the rules stay in the engine, not in the page's script),
hearts broken, the kitty, the stock, the set-aside cards, each deal's points, the totals and money.
With `compare`, each ruleset named follows the same log (replay.follow.Follower) and every step
carries one view per ruleset, so the page shows them side by side; a refusal carries its rule and
guide section, rendered in `lang`.

The data goes into the page as JSON inside a `<script type="application/json">` element, with
`<`, `>`, `&` and the line separators escaped, so nothing a log holds can close the element or add
markup; the page's script sets text only through `textContent`. The page (viewer_assets/) needs no
network and works from file://.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from heartspec.cards import card_name, parse_card, sort_key
from heartspec.limits import MAX_VIEWER_STEPS
from heartspec.protocol.server import RulesCatalog, Server
from heartspec.replay.follow import Follower, RuleLookup, Ruling, rule_key
from heartspec.replay.log import LogChecker, LogError, LogMismatch, log_lines, read_log

ASSETS = Path(__file__).resolve().parent / "viewer_assets"
VIEW_SCHEMA = 1


@dataclass
class Table:
    """One ruleset's side of the page: the log's own game, or a ruleset it is compared under."""

    label: str
    server: Server
    follower: Follower | None = None
    end: dict | None = None  # the game_over event's totals, winners and money

    @property
    def game(self):
        return self.server.game


def build_view(lines: Iterable[bytes | str], source: str, catalog: RulesCatalog | None = None,
               compare: Iterable[tuple[str, str, tuple[str, ...]]] = (), lang: str = "en") -> dict:
    """Every step of the log, one view per table (the log's own first), as the page's data."""
    catalog = catalog or RulesCatalog()
    rules = RuleLookup(catalog, lang)
    logged = Table("logged", Server(catalog=catalog))
    followers = [Follower(label, ruleset, variants, catalog, rules) for label, ruleset, variants in compare]
    others = [Table(follower.label, follower.server, follower) for follower in followers]
    builder = _Builder(logged, others, rules)
    builder.run(lines)
    return {"schema": VIEW_SCHEMA, "source": source, "lang": lang,
            "tables": [logged.label, *(t.label for t in others)], "games": builder.games,
            "steps": builder.steps, "failure": builder.failure}


class _PageFull(Exception):
    def __init__(self, line: int):
        super().__init__(line)
        self.line = line


class _Builder:
    def __init__(self, logged: Table, others: list[Table], rules: RuleLookup):
        self.logged, self.others, self.rules = logged, others, rules
        self.checker = LogChecker(logged.server)
        self.steps: list[dict] = []
        self.games: list[dict] = []
        self.failure: dict | None = None
        self.pending: tuple[int, dict, dict, str | None] | None = None  # a refused request awaiting its ok:false
        self.trick = 0

    def run(self, lines: Iterable[bytes | str]) -> None:
        try:
            for entry in read_log(lines):
                if entry.kind == "response":
                    self._response(entry.line, entry.value)
                elif self._request(entry.line, entry.text):
                    break
            self.checker.finish()
        except LogError as err:
            self._fail(err.line, "the log cannot be read here: " + err.message)
        except LogMismatch as mismatch:
            self._fail(mismatch.line, f"the log parts from its game here: {mismatch.message}")
        except _PageFull as full:
            self._fail(full.line, f"the page stops here: it draws at most {MAX_VIEWER_STEPS:,} steps (MAX_VIEWER_STEPS)")

    def _request(self, line: int, text: str) -> bool:
        """Take one request; True once the log is over (quit)."""
        if self.checker.pending:
            self.checker.finish()
        game = self.logged.game
        phase = game.phase if game is not None else None
        response = self.checker.request(line, text)
        request = _as_request(text)
        if response is None:
            self.pending = (line, request, self.checker.last["error"], phase)
            return False
        if request.get("cmd") == "quit":
            return True
        if request.get("cmd") in ("new_game", "deal", "pass", "play", "choose"):
            self._step(line, request, response)
        return False

    def _response(self, line: int, logged: dict) -> None:
        expected = self.checker.response(line, logged)
        if expected is not None and self.pending is not None:
            number, request, error, phase = self.pending
            self.pending = None
            self._refused_step(number, request, error, phase)

    # ------------------------------------------------------------- steps

    def _room(self, line: int) -> None:
        if len(self.steps) >= MAX_VIEWER_STEPS:
            raise _PageFull(line)

    def _step(self, line: int, request: dict, response: dict) -> None:
        self._room(line)
        cmd = request.get("cmd")
        events = response.get("events") or []
        if cmd == "new_game":
            self.games.append({"ruleset": response["ruleset"], "variants": response["variants"],
                               "players": response["players"], "options": request.get("options") or {}})
            for table in (self.logged, *self.others):
                table.end = None
        if cmd == "deal":
            self.trick = 1
        views = [self._view(self.logged, events, None)]
        for table in self.others:
            rulings = table.follower.follow(line, request, self.logged.game)
            views.append(self._view(table, [e for r in rulings for e in r.events], rulings))
        step = {"line": line, "game": len(self.games) - 1, "cmd": cmd, "request": _shown(request),
                "events": events, "views": views}
        step.update(self._where())
        self.steps.append(step)
        if any(e.get("type") in ("trick_won", "trick_set_aside") for e in events):
            self.trick += 1

    def _refused_step(self, line: int, request: dict, error: dict, phase: str | None) -> None:
        self._room(line)
        game = self.logged.game
        view = self._view(self.logged, [], None)
        players = game.players if game is not None else request.get("players")
        ruleset, variants = (self.games[-1]["ruleset"], tuple(self.games[-1]["variants"])) if self.games else ("", ())
        rule = self.rules.rule(ruleset, variants, players, rule_key(error.get("code"), request, phase, game, False))
        view["ruling"] = _ruling_json(Ruling(line, request, "refused", code=error.get("code"),
                                             message=error.get("message", ""), rule=rule), self.rules)
        step = {"line": line, "game": len(self.games) - 1, "cmd": request.get("cmd"), "request": _shown(request),
                "events": [], "refused": True, "views": [view, *(self._view(t, [], []) for t in self.others)]}
        step.update(self._where())
        self.steps.append(step)

    def _fail(self, line: int, message: str) -> None:
        self.failure = {"line": line, "message": message}

    def _where(self) -> dict:
        game = self.logged.game
        if game is None:
            return {"deal": 0, "trick": 0}
        return {"deal": game.deal_number, "trick": self.trick}

    def _view(self, table: Table, events: list[dict], rulings: list[Ruling] | None) -> dict:
        """What the page draws of `table` after this step."""
        for event in events:
            if event.get("type") == "game_over":
                table.end = {k: event.get(k) for k in ("totals", "winners", "money")}
        game = table.game
        if game is None or (table.follower is not None and not table.follower.in_game):
            ruling = _rulings_json(rulings, self.rules)
            if ruling and not ruling["text"] and table.follower is not None:
                ruling["text"] = table.follower.why_left
            return {"absent": True, "ruling": ruling}
        state = game.state()
        turn = state.get("turn")
        view = {
            "phase": state["phase"], "dealer": state["dealer"], "deal_number": state["deal_number"],
            "pass_direction": state["pass_direction"], "turn": turn,
            "hands": [_sorted(hand) for hand in state["hands"]], "trick": state["trick"],
            "hearts_broken": state["hearts_broken"], "totals": state["totals"], "deal_points": state["deal_points"],
            "passed": state["passed"], "events": events,
            "legal": _legal(game, turn) if state["phase"] == "playing" else [],
        }
        for key in ("kitty_size", "stock_size", "set_aside", "team_totals", "winners"):
            if key in state:
                view[key] = state[key]
        if state["phase"] == "game_over":
            view["end"] = table.end
        if rulings is not None:
            view["ruling"] = _rulings_json(rulings, self.rules)
            view["left"] = bool(table.follower.deal_left)
            if view["ruling"] and view["ruling"]["kind"] == "left" and not view["ruling"]["text"]:
                view["ruling"]["text"] = table.follower.why_left
        return view


def _legal(game, turn) -> list[str]:
    return [card_name(card) for card in game.legal(turn)] if turn is not None else []


def _sorted(hand: list[str]) -> list[str]:
    return sorted(hand, key=lambda name: sort_key(parse_card(name)))


def _shown(request: dict) -> dict:
    """The request as the page shows it: its command and the fields a reader looks for."""
    return {k: request[k] for k in ("cmd", "seat", "card", "cards", "option", "ruleset", "players", "variants")
            if k in request}


def _rulings_json(rulings: list[Ruling] | None, rules: RuleLookup) -> dict | None:
    """The ruling worth showing for a step (a refusal first), or None when every request stood."""
    if not rulings:
        return None
    shown = [r for r in rulings if r.kind == "refused"] or [r for r in rulings if r.text] or \
        [r for r in rulings if r.kind == "left"]
    return _ruling_json(shown[0], rules) if shown else None


def _ruling_json(ruling: Ruling, rules: RuleLookup) -> dict:
    rule = ruling.rule
    return {
        "kind": ruling.kind, "message": ruling.message, "text": ruling.text, "played_anyway": ruling.played_anyway,
        "rule": None if rule is None else {"key": rule.key, "label": rule.label, "text": rule.text,
                                           "source": rules.cite(rule)},
    }


# ---------------------------------------------------------------- the page

def page_json(view: dict) -> str:
    """The view as JSON that is safe inside a <script> element: no `<`, `>`, `&` or line separators left raw."""
    text = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return text


def viewer_html(view: dict) -> str:
    """The whole page: inline style, inline script, the data; nothing fetched."""
    css = (ASSETS / "viewer.css").read_text(encoding="utf-8")
    script = (ASSETS / "viewer.js").read_text(encoding="utf-8")
    title = "heartspec viewer: " + view["source"]
    return (
        "<!DOCTYPE html>\n<html lang=\"" + _attr(view.get("lang", "en")) + "\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        "script-src 'unsafe-inline'\">\n"
        f"<title>{_attr(title)}</title>\n<style>\n{css}</style>\n</head>\n<body>\n"
        "<noscript>This viewer draws the table with a script; `heartspec replay LOG` tells the same hand as text.</noscript>\n"
        f"<script type=\"application/json\" id=\"heartspec-view\">{page_json(view)}</script>\n"
        f"<script>\n{script}</script>\n</body>\n</html>\n"
    )


def _attr(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def _as_request(text: str) -> dict:
    """A logged request line as a mapping: a line that is JSON but no object (refused as bad_request) or no
    JSON at all is shown as the text it was."""
    try:
        request = json.loads(text)
    except (ValueError, RecursionError):
        return {"sent": text}
    return request if isinstance(request, dict) else {"sent": text}


def write_viewer(log_path: str, html_path: str, catalog: RulesCatalog | None = None,
                 compare: Iterable[tuple[str, str, tuple[str, ...]]] = (), lang: str = "en") -> dict:
    """Write the viewer page of the log at `log_path` to `html_path` (whole or not at all); the view it drew.

    For `fuzz --save`, `conform --save` and `replay --html`. A log that parts from its game is drawn up to
    that point, the failure shown at its end. Raises OSError when the log cannot be read, OutputError when
    the page cannot be written."""
    from heartspec.outputs import write_output

    with open(log_path, "rb") as stream:
        view = build_view(log_lines(stream), log_path, catalog, compare, lang)
    write_output(html_path, viewer_html(view), what="viewer page")
    return view


def write_viewer_beside(log_path: str) -> str | None:
    """The viewer page beside a saved log (LOG.html for LOG.log), for `fuzz --save` and `conform --save`; its
    path, or None when the page cannot be drawn or written (the log, the reproduction itself, still stands)."""
    from heartspec.outputs import OutputError
    from heartspec.replay.log import LogError

    page = str(Path(log_path).with_suffix(".html"))
    try:
        write_viewer(log_path, page)
    except (OSError, OutputError, LogError, ValueError):
        return None
    return page
