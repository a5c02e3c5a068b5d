"""The fuzz loop: plan a game, play it on both engines, shrink and record what differs.

Game g of seed s is planned from `random.Random(f"{s}:{g}")`, so the same
seed and engine give the same games, and a difference is reproduced by its
seed and game number alone. A crash, hang or garbage from the engine under
test is a difference like any other (its field says which): the engine is
restarted and the run goes on.
"""

from __future__ import annotations

import dataclasses
import json
import random
import shlex
import time
from dataclasses import dataclass, field

from heartspec.fuzz.budget import Budget, Progress, cell_budget
from heartspec.fuzz.cells import BY_NAME as CELL_NAMES
from heartspec.fuzz.inprocess import InProcessReference
from heartspec.fuzz.judge import RuleNamer, refused_code, rule_for
from heartspec.fuzz.lockstep import Mismatch, Outcome, ReferenceFailed, begin, finish, run_lines
from heartspec.fuzz.plan import Planner, encode
from heartspec.fuzz.report import Finding, FuzzReport
from heartspec.fuzz.resync import MAX_RESUMES_PER_GAME, resumable, resync_lines, without_requests
from heartspec.fuzz.setups import NoSetups, SetupChooser, available_setups
from heartspec.fuzz.shrink import Candidate, move_log, shrink
from heartspec.limits import MAX_ANSWER_BYTES
from heartspec.outputs import make_output_folder, write_output
from heartspec.protocol.client import EngineError, EngineProcess, hello_problem
from heartspec.protocol.messages import decode_json
from heartspec.protocol.server import RulesCatalog, Server
from heartspec.safe_text import shortened
from heartspec.stopping import terminated_as_interrupt

REFERENCE_STARTUP_TIMEOUT = 60.0  # the reference's first answer after a (re)start: it is trusted, and slow on a busy machine
MAX_REFERENCE_FAILURES = 3  # the reference stalling once on a starved machine is weather; more is a bug
SHRINK_LIMIT_PER_SIGNATURE = 3  # shrink the first few occurrences of a signature; later ones are only counted


class FuzzError(Exception):
    """A problem the user can fix: an engine that does not start or answer hello, no set-up to play."""


@dataclass
class FuzzOptions:
    engine: str
    seconds: float | None = None
    games: int | None = None
    games_per_setup: int | None = None  # or this many games for each set-up the engine claims (compat's fixed run)
    seed: int = 0
    rulesets: list[str] = field(default_factory=list)
    players: list[int] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    timeout: float = 5.0
    startup_timeout: float | None = None  # the engine's first answer after each (re)start; default: timeout
    reference: str | None = None       # default: the bundled reference engine
    spec_dir: str | None = None
    save_dir: str | None = None        # where reproductions are written (none: kept in the report only)
    stop_at_first: bool = False        # end the run at the first new difference (as pytest -x)
    known: dict[str, str] = field(default_factory=dict)   # accepted signatures -> reason
    probes: str = "all"                # which refusal probes the games send: all, rules, protocol, none
    cell_goal: int | None = None       # each set-up until each rare cell it can reach is reached this often
    setup_games: int | None = None     # ... or it has had this many games (cells mode; default budget.py)
    setup_steps: int | None = None     # ... or this many planned requests

    def budget(self) -> Budget:
        """What bounds the run: seconds, N games per set-up, exactly N games, or (the default) the cell goal."""
        if self.seconds is not None:
            return Budget("seconds", seconds=self.seconds)
        if self.games_per_setup is not None:
            return Budget("games_per_setup", games_per_setup=self.games_per_setup)
        if self.games is not None and self.cell_goal is None and self.setup_games is None and self.setup_steps is None:
            return Budget("games", games=self.games)
        return cell_budget(self.cell_goal, self.setup_games, self.setup_steps, self.games)


def reference_command(options: FuzzOptions) -> list[str]:
    from heartspec.conformance.session import reference_engine_command

    command = shlex.split(options.reference) if options.reference else reference_engine_command()
    return command + (["--spec", options.spec_dir] if options.spec_dir and not options.reference else [])


def run_fuzz(options: FuzzOptions, progress=None) -> FuzzReport:
    from heartspec.rules import load_spec

    spec = load_spec(options.spec_dir)
    catalog = RulesCatalog(spec=spec)
    engines: list[EngineProcess] = []
    with terminated_as_interrupt():  # SIGTERM ends the run as Ctrl-C does: engines killed, findings kept
        try:
            engine = _start(options.engine, options.timeout, options.startup_timeout or options.timeout,
                            "engine under test", engines)
            if options.reference is None:  # the bundled reference: served in this process, exactly (inprocess.py)
                reference = InProcessReference(catalog)
            else:
                reference = _start(shlex.join(reference_command(options)), options.timeout,
                                   max(options.timeout, REFERENCE_STARTUP_TIMEOUT), "reference engine", engines)
            hello = _hello(engine, options.engine)
            try:
                setups = available_setups(spec, hello.get("supports") or {}, options.rulesets, options.players,
                                          options.variants)
            except NoSetups as err:
                raise FuzzError(str(err)) from None
            session = _Session(options, spec, catalog, engine, reference, setups, progress)
            session.report.engine = {"command": options.engine, **(hello.get("engine") or {})}
            session.loop()
            return session.report
        except KeyboardInterrupt:
            raise FuzzError("interrupted before the first game") from None
        finally:
            for started in engines:
                started.close()


def _start(command: str, timeout: float, startup_timeout: float, role: str, started: list) -> EngineProcess:
    try:
        engine = EngineProcess(command, timeout, startup_timeout=startup_timeout,
                               max_line_bytes=MAX_ANSWER_BYTES, limit_name="MAX_ANSWER_BYTES")
    except EngineError as err:
        raise FuzzError(f"cannot start the {role}: {err}") from None
    started.append(engine)
    return engine


def _hello(engine: EngineProcess, command: str) -> dict:
    try:
        hello = engine.request({"cmd": "hello"})
    except EngineError as err:
        raise FuzzError(f"engine {command!r} did not answer hello: {shortened(err, 600)}") from None
    if not hello.get("ok"):
        raise FuzzError(f"engine {command!r} refused hello: {_shown(hello)}")
    problem = hello_problem(hello)
    if problem:
        raise FuzzError(f"engine {command!r} answered hello wrongly (spec/protocol.md §6.1): {problem}")
    return hello


def _shown(value) -> str:
    return shortened(json.dumps(value, ensure_ascii=False), 300)


class _Session:
    def __init__(self, options, spec, catalog, engine, reference, setups, progress):
        self.options, self.spec, self.catalog = options, spec, catalog
        self.engine, self.reference = engine, reference
        self.chooser = SetupChooser(setups)
        self.planner = Planner(catalog, spec, options.probes)
        self.namer = RuleNamer(spec)
        self.progress = progress
        self.reference_failures = 0
        self.position: _Position | None = None  # the reference's position in the game being settled
        self.refused_options: set = set()  # option names, and (name, value) pairs, the engine refused
        self.budget = options.budget()
        self.cells = Progress.start(self.budget, setups, spec, catalog)
        self.report = FuzzReport(seed=options.seed, setups_available=len(setups), known=dict(options.known),
                                 probes=options.probes, budget=self.budget, cells=self.cells)
        self.game_limit = {"games": self.budget.games, "cells": self.budget.games,
                           "games_per_setup": (self.budget.games_per_setup or 0) * len(setups)}.get(self.budget.mode)

    def loop(self) -> None:
        """Plan game g+1 while the engines answer game g: planning and answering overlap."""
        started = time.monotonic()
        try:
            self._games(started)
        except KeyboardInterrupt:  # as with Hypothesis: an interrupted run still reports what it found
            self.report.notes.append(f"interrupted after {self.report.games} games")
            self.report.interrupted = True
        self.report.seconds = time.monotonic() - started

    def _games(self, started: float) -> None:
        planned_games, in_flight = 0, None
        while True:
            upcoming = None
            if not self._done(planned_games, started):
                game = self.plan(planned_games + 1)
                if game is not None:
                    planned_games += 1
                    upcoming = (planned_games, game)
            if in_flight is not None:
                self.settle(*in_flight)
                self.report.games += 1
                if self.options.stop_at_first and self.report.new_groups():
                    break
            if upcoming is None:
                break
            in_flight = (*upcoming, self._guarded(begin, upcoming[1].lines(), self.reference, self.engine))

    def _done(self, planned_games: int, started: float) -> bool:
        if self.game_limit is not None and planned_games >= self.game_limit:
            return True
        if not self.chooser.cells:
            self.report.notes.append("the engine refused every set-up it claims; the run stopped")
            return True
        if self.budget.mode == "seconds":
            return time.monotonic() - started >= (self.options.seconds or 0)
        return False

    def plan(self, game_number: int):
        """Game `game_number`, or None when the cell budget has no set-up left to play."""
        rng = random.Random(f"{self.options.seed}:{game_number}")
        if self.budget.mode == "cells":
            setup = self.cells.next_setup()
            if setup is None:
                return None
        else:
            setup = self.chooser.choose(game_number, rng)
        planned = self.planner.plan(setup, rng, self.refused_options, self.cells.aims(setup))
        self.cells.planned(setup, len(planned.requests))
        return planned

    def settle(self, game_number: int, planned, flight) -> None:
        setup = planned.setup
        self.report.setups_played.add(setup)
        self.report.reached.update({k: v for k, v in planned.reached.items() if k not in CELL_NAMES})
        end = self._compare(game_number, planned, flight)
        compared = planned.cells_through(end)  # a cell counts once the engine was compared on it
        self.report.reached.update(compared)
        self.cells.compared(setup, compared)

    def _compare(self, game_number: int, planned, flight) -> int:
        """Play the game on both engines; the index of the request where the comparison ended."""
        if flight is None:
            return 0
        outcome = self._checked(self._guarded(finish, flight, self.reference, self.engine, self.options.timeout))
        if outcome is None:
            return 0
        self.report.steps += outcome.compared
        if outcome.mismatch is None or outcome.mismatch.index > 0:
            self.refused_options -= _option_pairs(planned.rule_options)  # the engine played them
        if outcome.mismatch is None:
            return len(planned.requests)
        if outcome.mismatch.index == 0:  # the game's own new_game (a later one is a probe)
            self._leave_out_refused(outcome, planned.setup, planned.rule_options)
        self.record(game_number, planned.setup, planned, outcome)
        return self.play_on(game_number, planned, outcome.mismatch.index)

    def play_on(self, game_number: int, planned, index: int) -> int:
        """After a probe that differs (or the `state` that shows a probe changed the game), bring the engine
        back to the reference's position and play the rest of the game: a protocol difference never hides
        a rule difference later in the game (resync.py). Gives the index where the comparison ended
        (past the request that differed: the engine was compared on it)."""
        passed: list[int] = []
        while resumable(planned, index) and len(passed) < MAX_RESUMES_PER_GAME:
            if self.options.stop_at_first and self.report.new_groups():
                break
            passed.append(index)
            prefix = resync_lines(planned, index)
            self.report.resyncs += 1
            rest = planned.lines()[index + 1:]
            if not rest:
                return len(planned.requests)
            outcome = self.lockstep(prefix + rest)
            if outcome is None:
                return index
            self.report.steps += max(0, outcome.compared - len(prefix))
            if outcome.mismatch is None:
                return len(planned.requests)
            if outcome.mismatch.index < len(prefix):
                self.report.resync_failures += 1
                return index + 1  # the engine does not replay the deal as it did: nothing later can be compared
            index = outcome.mismatch.index - len(prefix) + index + 1
            mismatch = dataclasses.replace(outcome.mismatch, index=index)
            signature = self.signature_of(planned.requests, mismatch, planned.setup, position=self.position)
            if self.report.count_shrunk(signature) >= SHRINK_LIMIT_PER_SIGNATURE:
                self.count(game_number, planned, mismatch, signature)  # shown by the smallest already kept
                continue
            pruned, at = without_requests(planned, passed, index)
            replayed = self.lockstep(pruned.lines()[: at + 1])
            if replayed is None or replayed.mismatch is None or replayed.mismatch.index != at:
                self.count(game_number, planned, mismatch, signature,
                           "the difference did not show again without the earlier probes that differed")
                continue
            self.record(game_number, planned.setup, pruned, replayed)
        return index + 1  # the request that differed was compared too

    def count(self, game_number: int, planned, mismatch: Mismatch, signature, note: str | None = None) -> None:
        """An occurrence recorded without a reproduction of its own."""
        self._announce(game_number, signature, planned.setup)
        finding = Finding(signature=signature, seed=self.options.seed, game=game_number, setup=planned.setup,
                          ruling=self.namer.ruling(planned.setup, signature[2], signature[0], planned.rule_options,
                                                   _disputed_refusal(mismatch)), mismatch=mismatch,
                          notes=[note] if note else [])
        self.report.add(finding)

    def lockstep(self, lines: list[str]) -> Outcome | None:
        return self._checked(self._guarded(run_lines, lines, self.reference, self.engine, self.options.timeout))

    def _guarded(self, step, *args):
        """Run a lockstep step; when the reference fails, restart both engines and give None (game skipped)."""
        try:
            return step(*args)
        except ReferenceFailed as err:
            self.reference_failures += 1
            if self.reference_failures > MAX_REFERENCE_FAILURES:
                raise FuzzError(f"the reference engine failed {self.reference_failures} times, last: {err}") from None
            # a starved machine can stall it past --timeout; both engines' pipes hold unread answers now
            self.reference.restart()
            self.engine.restart()
            self.report.notes.append(f"the reference engine failed ({err.args[0][:160]}); both engines were "
                                     "restarted and that game was not compared (raise --timeout on a busy machine)")
            return None

    def _checked(self, outcome: Outcome | None) -> Outcome | None:
        if outcome is not None and outcome.mismatch is not None and outcome.mismatch.broke_protocol:
            self.engine.restart()
        return outcome

    def _leave_out_refused(self, outcome: Outcome, setup, rule_options: dict) -> None:
        """A set-up or start options the engine refuses are reported once, then left out of later games.

        `unsupported` with ruleset options refuses one of them (a settlement the engine cannot make):
        each option value stays out until a game the engine accepts has used it. Without options it
        refuses the set-up, which its hello claimed. `invalid_game` refuses the start options (totals...).
        """
        refusal = str(outcome.mismatch.engine_value)
        if "unsupported" in refusal:
            if rule_options:
                self.refused_options |= _option_pairs(rule_options)
            else:
                self.chooser.drop(setup)
                self.cells.refused(setup)
            return
        if "invalid_game" not in refusal:
            return
        new = {"totals", "deal_number", "dealer"} - self.refused_options
        if new:
            self.refused_options |= new
            self.report.notes.append(f"the engine refused a new_game with start options ({outcome.mismatch.engine_line}); "
                                     f"later games leave out {', '.join(sorted(new))}, so rare starting positions "
                                     "are not reached")

    def signature_of(self, planned_requests: list, mismatch: Mismatch, setup,
                     position: "_Position | None" = None) -> tuple[str, str, str]:
        """The signature, judged in the reference's position before the request (`position`: one kept for
        the game, moved forward only, for the many differences of one game a resynchronised game can show)."""
        position = position if position is not None and position.requests is planned_requests else \
            _Position(planned_requests, Server(catalog=self.catalog))
        if position.requests is planned_requests:
            self.position = position
        game = position.game_before(mismatch.index)
        request = planned_requests[mismatch.index]
        rule = rule_for(mismatch, request if isinstance(request, dict) else None, game)
        return mismatch.command, mismatch.field, rule

    def _announce(self, game_number: int, signature, setup) -> None:
        if self.progress and signature not in self.report.seen():
            known = " (known)" if " ".join(signature) in self.report.known else ""
            self.progress(f"game {game_number}: {' '.join(signature)}{known} ({setup.label()})")

    def record(self, game_number: int, setup, planned, outcome: Outcome) -> None:
        mismatch = outcome.mismatch
        signature = self.signature_of(planned.requests, mismatch, setup)
        self._announce(game_number, signature, setup)
        finding = Finding(signature=signature, seed=self.options.seed, game=game_number, setup=setup,
                          ruling=self.namer.ruling(setup, signature[2], signature[0], planned.rule_options,
                                                   _disputed_refusal(mismatch)))
        shrunk = self.report.count_shrunk(signature) < SHRINK_LIMIT_PER_SIGNATURE
        candidate_lines, stop_line, deals, moves = self._reproduction(planned, outcome, signature, shrunk, finding)
        finding.log, finding.stop_line, finding.deals, finding.moves = candidate_lines, stop_line, deals, moves
        finding.shrunk = shrunk
        self.report.add(finding)

    def _reproduction(self, planned, outcome, signature, shrunk, finding):
        candidate = Candidate(list(planned.requests), outcome.mismatch.index, list(planned.kinds)).head(outcome.mismatch.index)
        final = outcome
        if shrunk:
            def verify(lines):
                result = self.lockstep(lines)
                if result is None or result.mismatch is None:
                    return None
                requests = [_decode(line) for line in lines]
                return result, self.signature_of(requests, result.mismatch, planned.setup)
            try:
                candidate, final = shrink(planned, outcome.mismatch, signature, verify, self.catalog)
            except ValueError:
                finding.notes.append("the difference did not show again when replayed: the log is unshrunk")
        finding.mismatch = final.mismatch
        lines, stop = move_log(candidate, final, finding.header(self.options.engine))
        return lines, stop, candidate.deals, candidate.moves


class _Position:
    """The reference's position in one planned game, replayed forward only as later requests are asked for."""

    def __init__(self, requests: list, server: Server):
        self.requests, self.server, self.done = requests, server, 0

    def game_before(self, index: int):
        if index < self.done:  # asked for an earlier point: replay from the start
            self.server, self.done = Server(catalog=self.server.catalog), 0
        for request in self.requests[self.done: index]:
            self.server.handle_line(request if isinstance(request, str) else encode(request))
        self.done = max(self.done, index)
        return self.server.game


def _disputed_refusal(mismatch: Mismatch) -> str | None:
    if mismatch.field not in ("ok", "error.code"):
        return None
    return refused_code(mismatch.reference_value) or refused_code(mismatch.engine_value)


def _option_pairs(options: dict) -> set:
    return {(name, repr(value)) for name, value in options.items()}


def _decode(line: str):
    try:
        value = decode_json(line)
    except ValueError:
        return line
    return value if isinstance(value, dict) else line


def save_reproductions(report: FuzzReport, folder: str) -> None:
    from heartspec.replay.viewer import write_viewer_beside

    path = make_output_folder(folder, "--save folder")  # the folder named, never its parents
    for number, group in enumerate(report.groups(), start=1):
        smallest = group.smallest
        file = path / f"difference-{number}.log"
        write_output(file, "\n".join(smallest.log) + "\n", "reproduction")
        smallest.path = str(file)
        smallest.viewer = write_viewer_beside(str(file))  # the hand viewer up to where the engines part
