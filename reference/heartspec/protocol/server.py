"""The protocol v1 server: JSON lines in, one JSON line out per request.

The server translates; the engine (`heartspec.engine.Game`) judges. Every
handler parses the request completely before it calls the engine, and the
engine mutates nothing until its own checks pass, so a refused request leaves
the game as it was.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO, Any, Callable

from heartspec import __version__
from heartspec.engine import Game, RuleError
from heartspec.limits import COMPILED_RULES_CACHED
from heartspec.protocol.endpoint import Endpoint
from heartspec.protocol.messages import (
    MAX_LINE_BYTES,
    MOON_OPTIONS,
    PROTOCOL_VERSION,
    CARD_BY_SPELLING,
    NULL_IS_A_VALUE,
    RequestError,
    card_or_unknown,
    cards_from_json,
    check_option_types,
    describe_error,
    encode,
    field_int,
    field_object,
    field_str,
    field_str_list,
    names,
)

GAME_OPTIONS = ("dealer", "deal_number", "totals")


class RulesCatalog:
    """The loaded spec, with compiled rules cached: replays and self-play logs start many games."""

    def __init__(self, spec_dir: Path | None = None, spec: Any = None):
        from heartspec.rules.problems import SpecError

        if spec is None:
            from heartspec.rules import load_spec

            spec = load_spec(spec_dir)
        self.spec = spec
        self._spec_error = SpecError
        self._compiled: dict[str, Any] = {}

    def ruleset_ids(self) -> list[str]:
        return sorted(_ids(self.spec, "rulesets"))

    def variant_ids(self) -> list[str]:
        return sorted(_ids(self.spec, "variants"))

    def compile(self, ruleset: str, variants: list[str], players: int, options: dict, exact: bool = False) -> Any:
        """The compiled rules; `exact`: option values as protocol data, each exactly a value the ruleset offers
        (the command line's `-o` may spell them as text: "JD", "Pot")."""
        key = json.dumps([ruleset, variants, players, options, exact], sort_keys=True)
        compiled = self._compiled.pop(key, None)
        if compiled is None:
            compiled = self._compile_uncached(ruleset, variants, players, options, exact)
            if len(self._compiled) >= COMPILED_RULES_CACHED:  # a client may send endless distinct option sets
                del self._compiled[next(iter(self._compiled))]
        self._compiled[key] = compiled  # (re)inserted last: dicts keep insertion order, so the first is the least recent
        return compiled

    @property
    def cached(self) -> int:
        """How many compiled rule sets are kept now (at most COMPILED_RULES_CACHED)."""
        return len(self._compiled)

    def players_by_ruleset(self) -> dict[str, list[int]]:
        """Each ruleset's table sizes, alone or with any variant that applies to it (hello's supports.players)."""
        from heartspec.rules.resolve import variant_players_on

        sizes = {rid: set(self.spec.players_of(rid)) for rid in self.ruleset_ids()}
        for variant in self.spec.variants.values():
            for rid in variant.get("applies_to", []):
                if rid in sizes:
                    sizes[rid] |= set(variant_players_on(variant, rid) or variant.get("players") or ())
        return {rid: sorted(counts) for rid, counts in sizes.items()}

    def require_known(self, ruleset: str, variants: list[str]) -> None:
        """An unknown ruleset or variant is unsupported, before any option is judged (spec/protocol.md P-new_game-5)."""
        if ruleset not in _ids(self.spec, "rulesets"):
            known = ", ".join(self.ruleset_ids())
            raise RequestError("unsupported", f"unknown ruleset {ruleset!r}; this engine plays: {known}")
        unknown = [v for v in variants if v not in _ids(self.spec, "variants")]
        if unknown:
            raise RequestError("unsupported", f"unknown variant(s) {', '.join(map(repr, unknown))}")

    def _compile_uncached(self, ruleset, variants, players, options, exact=False):
        from heartspec.rules.resolve import refuse_inexact_options

        self.require_known(ruleset, variants)
        try:
            if exact:
                refuse_inexact_options(self.spec, ruleset, variants, options)
            return self.spec.compile(ruleset, variants=tuple(variants), players=players, options=options)
        except self._spec_error as err:
            raise RequestError("invalid_game", describe_error(err)) from None


def _ids(spec: Any, kind: str) -> Any:
    """Ruleset or variant ids of a spec, whether it keeps them in a dict or a list of objects."""
    items = getattr(spec, kind)
    if isinstance(items, dict):
        return items.keys()
    return {getattr(item, "id", item) for item in items}


class Server(Endpoint):
    """One protocol session over one game at a time, judged by the reference engine, or by the game
    `game_factory` makes (called as Game is: compiled rules and the start options), named `engine_name`."""

    refusals = (RuleError,)  # the engine's refusals, and the server's own RequestError

    def __init__(self, spec_dir: Path | None = None, catalog: RulesCatalog | None = None,
                 game_factory: Callable[..., Any] = Game, engine_name: str = "heartspec"):
        super().__init__()
        self.catalog = catalog or RulesCatalog(spec_dir)
        self.game_factory, self.engine_name = game_factory, engine_name
        self._handlers: dict[str, Callable[[dict], dict]] = {
            "hello": self._hello,
            "new_game": self._new_game,
            "deal": self._deal,
            "pass": self._pass,
            "play": self._play,
            "choose": self._choose,
            "state": self._state,
            "legal": self._legal,
            "stop": self._stop,
            "quit": self._quit,
        }

    # --- commands -----------------------------------------------------

    def _hello(self, request: dict) -> dict:
        return {
            "protocol": PROTOCOL_VERSION,
            "engine": {"name": self.engine_name, "version": __version__},
            "supports": {"rulesets": self.catalog.ruleset_ids(), "variants": self.catalog.variant_ids(),
                         "players": self.catalog.players_by_ruleset()},
        }

    def _new_game(self, request: dict) -> dict:
        ruleset = field_str(request, "ruleset")
        players = field_int(request, "players")
        variants = field_str_list(request, "variants")
        options = field_object(request, "options")
        check_option_types(options)
        self.catalog.require_known(ruleset, variants)
        game_options, rule_options = split_options(options)
        compiled = self.catalog.compile(ruleset, variants, players, rule_options, exact=True)
        game = self.game_factory(compiled, **game_options)
        self.game, self.players = game, players
        return {
            "phase": game.phase,
            "ruleset": ruleset,
            "variants": variants,
            "players": players,
            "dealer": game_options.get("dealer", 0),
            "deal_number": game_options.get("deal_number", 1),
        }

    def _deal(self, request: dict) -> dict:
        game = self._require_game()
        seed = field_int(request, "seed", required=False)
        hands = request.get("hands")
        if seed is not None:
            if hands is not None:
                raise RequestError("bad_request", "give 'hands' or 'seed', not both")
            events = game.deal_seeded(seed)
        else:
            piles = deal_piles(request)  # the whole shape first: bad_request before wrong_phase
            if game.phase != "deal":
                raise RequestError("wrong_phase", f"no deal now: the game is in phase {game.phase}")
            hand_ids = [cards_from_json(h, "hands[]") for h in piles.pop("hands")]
            extras = {k: cards_from_json(v, k) for k, v in piles.items()}
            events = game.deal(hands=hand_ids, **extras)
        state = game.state()
        return {
            "phase": state["phase"],
            "pass_direction": state.get("pass_direction"),
            "turn": state.get("turn"),
            "events": events or [],
        }

    def _pass(self, request: dict) -> dict:
        game = self._require_game()
        seat = self._seat(request)
        raw = request.get("cards")
        if not isinstance(raw, list):
            raise RequestError("bad_request", "'cards' is required (a list of card names)")
        return {"events": game.pass_cards(seat, [card_or_unknown(c) for c in raw])}

    def _play(self, request: dict) -> dict:
        game = self._require_game()
        seat = self._seat(request)
        raw = request.get("card")
        card = CARD_BY_SPELLING.get(raw) if isinstance(raw, str) else None
        if card is None:
            if raw is None:
                raise RequestError("bad_request", "'card' is required (a card name such as \"QS\")")
            card = card_or_unknown(raw)
        return {"events": game.play(seat, card)}

    def _choose(self, request: dict) -> dict:
        game = self._require_game()
        seat = self._seat(request)
        option = request.get("option")
        if option not in MOON_OPTIONS:
            raise RequestError("bad_request", f"'option' must be one of {', '.join(MOON_OPTIONS)}")
        return {"events": game.choose(seat, option)}

    def _state(self, request: dict) -> dict:
        return dict(self._require_game().state())

    def _legal(self, request: dict) -> dict:
        game = self._require_game()
        return {"cards": names(game.legal(self._seat(request)))}

    def _stop(self, request: dict) -> dict:
        return {"events": self._require_game().stop()}


def deal_piles(request: dict) -> dict[str, list]:
    """A deal's card lists, checked for shape only: hands a list of lists of strings, kitty and stock lists of strings."""
    hands = request.get("hands")
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise RequestError("bad_request", "'hands' (a list of card lists, one per seat) or 'seed' is required")
    piles = {"hands": hands}
    piles.update({k: request[k] for k in ("kitty", "stock") if request.get(k) is not None})
    for name, pile in piles.items():
        cards = [c for hand in pile for c in hand] if name == "hands" else pile
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise RequestError("bad_request", f"'{name}' must hold card names (strings)")
    return piles


def split_options(options: dict) -> tuple[dict, dict]:
    """new_game options as (the Game's own: dealer, deal_number, totals; the ruleset's: target, ...).

    Every other option goes to the rules, which refuse one the ruleset and variants do not offer. An option
    given as null is absent (spec/protocol.md 2), except where null is a value of its own (target: no target).
    """
    game = {k: options[k] for k in GAME_OPTIONS if options.get(k) is not None}
    rules = {k: v for k, v in options.items() if k not in GAME_OPTIONS and (v is not None or k in NULL_IS_A_VALUE)}
    return game, rules


# --- the stdin/stdout loop ---------------------------------------------


def read_limited_line(stream: IO[bytes]) -> bytes | None:
    """The next line (None at end of input); a too-long line comes back as its first chunk only.

    The rest of a too-long line is consumed in bounded chunks, never held whole in
    memory; the returned chunk has no newline and exceeds the limit, which is how
    `Server.handle_line` recognises it.
    """
    line = stream.readline(MAX_LINE_BYTES + 2)
    if not line or line.endswith(b"\n") or len(line) <= MAX_LINE_BYTES:
        return line or None
    while True:
        chunk = stream.readline(1 << 16)
        if not chunk or chunk.endswith(b"\n"):
            return line


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None, spec_dir: Path | None = None) -> int:
    """Serve requests until end of input or `quit`; returns the exit status."""
    return serve_with(Server(spec_dir), stdin or sys.stdin.buffer, stdout or sys.stdout.buffer)


def serve_with(server: Server, stdin: IO[bytes], stdout: IO[bytes]) -> int:
    write, flush, handle_line = stdout.write, stdout.flush, server.handle_line
    while not server.finished:
        line = read_limited_line(stdin)
        if line is None:
            break
        response = handle_line(line)
        if response is not None:
            write(encode(response).encode("utf-8") + b"\n")
            flush()
    return 0
