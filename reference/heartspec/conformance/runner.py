"""`heartspec conform`: run the shipped scenarios against an engine, in-process with pytest."""

from __future__ import annotations

import gc
import json
import os
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from heartspec.conformance.plugin import SUITE_MODULE
from heartspec.conformance.session import reference_engine_command
from heartspec.safe_text import plain, shortened

SETTINGS = Path(__file__).with_name("pytest.ini")
NO_AUTOLOAD = "PYTEST_DISABLE_PLUGIN_AUTOLOAD"


class RunnerError(Exception):
    """A problem the user can fix (an engine that does not start, a filter that matches nothing)."""


@dataclass
class ConformOptions:
    engine: str | None = None
    rulesets: list[str] = field(default_factory=list)
    tiers: list[str] = field(default_factory=list)  # rules, protocol, hardening (heartspec.conformance.tiers)
    keyword: str | None = None
    tags: str | None = None
    timeout: float = 5.0
    startup_timeout: float = 30.0  # an engine's start and first answer, apart from each later answer
    ids: list[str] = field(default_factory=list)
    max_seconds: float | None = None  # the whole run's bound
    expected_failures: str | None = None
    report_json: str | None = None
    junitxml: str | None = None
    verbose: bool = False
    fuzz: float | None = None  # seconds of `heartspec fuzz` after the scenarios
    fuzz_known_differences: str | None = None
    record: str | None = None  # every scenario's lines and answers, for heartspec.conformance.recorded_run
    save: str | None = None  # a folder for each failing scenario's move log, transcript and replay command


def engine_command(options: ConformOptions) -> str:
    return options.engine or shlex.join(reference_engine_command())


def preflight(command: str, timeout: float, startup_timeout: float = 30.0, keep: bool = False) -> dict:
    """Start the engine once and ask hello, so a wrong command is one clear error, not 200 failures.
    With `keep`, an engine that answered well is handed over to the run's session (session.hand_over)."""
    from heartspec.protocol.client import EngineError, EngineProcess, hello_problem

    try:
        engine = EngineProcess(command, timeout)
    except EngineError as err:
        raise RunnerError(str(err)) from None
    try:
        hello = engine.request({"cmd": "hello"}, timeout=startup_timeout)
        if not hello.get("ok") or hello.get("protocol") != 1:
            raise RunnerError(f"engine `{command}` does not speak protocol 1: it answered hello with "
                              f"{shortened(json.dumps(hello), 300)}")
        problem = hello_problem(hello)
        if problem:
            raise RunnerError(f"engine `{command}` answered hello wrongly (spec/protocol.md §6.1): {problem}")
    except EngineError as err:
        engine.close()
        raise RunnerError(f"engine `{command}` did not answer hello: {shortened(err, 600)}") from None
    except BaseException:
        engine.close()
        raise
    if keep:
        from heartspec.conformance.session import hand_over

        hand_over(command, engine)
    else:
        engine.close()
    return hello


def pytest_arguments(options: ConformOptions) -> list[str]:
    args = [
        str(SUITE_MODULE), "-c", str(SETTINGS), "--rootdir", str(SUITE_MODULE.parent),
        "--heartspec-engine", engine_command(options),
        "--heartspec-timeout", str(options.timeout),
        "--heartspec-startup-timeout", str(options.startup_timeout),
        *(["--heartspec-max-seconds", str(options.max_seconds)] if options.max_seconds else []),
        "-q" if not options.verbose else "-v", "--no-header",
        # our summary names each failed scenario by id; pytest's short summary would repeat them by function name
        "-rN",
        # only the plugins the suite needs: a run must not depend on what else is installed
        "-p", "pytest_bdd.plugin", "-p", "heartspec.conformance.plugin",
        # the steps' assertions carry their own messages; rewriting them costs startup time
        "--assert=plain",
    ]
    for ruleset in options.rulesets:
        args += ["--heartspec-ruleset", ruleset]
    for tier in options.tiers:
        args += ["--heartspec-tier", tier]
    for scenario_id in options.ids:
        args += ["--heartspec-id", scenario_id]
    pairs = [("-k", options.keyword), ("-m", options.tags),
             ("--heartspec-expected-failures", options.expected_failures),
             ("--heartspec-report-json", options.report_json), ("--junitxml", options.junitxml),
             ("--heartspec-fuzz", str(options.fuzz) if options.fuzz else None),
             ("--heartspec-fuzz-known-differences", options.fuzz_known_differences),
             ("--heartspec-record", options.record), ("--heartspec-save", options.save)]
    for flag, value in pairs:
        if value:
            args += [flag, value]
    return args


class ConfigProbe:
    """Keeps the run's pytest config, so the runner can read why a run checked nothing (plugin.py sets it)."""

    config = None

    def pytest_configure(self, config):
        self.config = config

    @property
    def nothing_checked(self) -> str | None:
        return getattr(self.config, "heartspec_nothing_checked", None)


class CollectedFrozen:
    """Puts what collection built (a thousand scenarios with their marks and fixtures) out of the garbage
    collector's sight while they run: each automatic collection, and the five pytest makes at the end, would walk
    them all again, a tenth of a whole run's time. run_isolated thaws them when pytest returns."""

    def pytest_collection_finish(self, session):
        if not gc.get_freeze_count():  # a caller's own frozen objects are left as they are
            gc.freeze()
            self.froze = True

    froze = False


def run_isolated(args: list[str], probe: ConfigProbe | None = None) -> int:
    """pytest.main with plugin autoloading off, restoring the environment afterwards."""
    import pytest

    saved = os.environ.get(NO_AUTOLOAD)
    os.environ[NO_AUTOLOAD] = "1"
    frozen = CollectedFrozen()
    try:
        return pytest.main(args, plugins=[frozen, *([probe] if probe else [])])
    finally:
        if frozen.froze:
            gc.unfreeze()
        if saved is None:
            del os.environ[NO_AUTOLOAD]
        else:
            os.environ[NO_AUTOLOAD] = saved


def _run_writing_junit(options: ConformOptions, probe: ConfigProbe | None = None) -> int:
    """pytest writes the JUnit report to a temporary file beside it, renamed into place at the end,
    so a run cut short leaves no half-written report (heartspec.outputs)."""
    from dataclasses import replace

    from heartspec.outputs import OutputError, written_by

    statuses = []
    try:
        written_by(options.junitxml, lambda where: statuses.append(run_isolated(
            pytest_arguments(replace(options, junitxml=where)), probe)), "JUnit report")
    except OutputError as err:
        raise RunnerError(str(err)) from None
    return statuses[0]


def run(options: ConformOptions) -> int:
    """Exit status: 0 when nothing failed unexpectedly, 1 otherwise; RunnerError (exit 2) when nothing was
    checked. SIGTERM and SIGHUP stop the run as Ctrl-C does (pytest tears down every scenario's engine), so no
    engine outlives it."""
    from heartspec.stopping import terminated_as_interrupt

    with terminated_as_interrupt():
        return _run(options)


def _run(options: ConformOptions) -> int:
    import pytest

    from heartspec.conformance.report import read_expected_failures
    from heartspec.outputs import OutputError, check_output

    try:  # before the engine starts: a file that cannot be read or written costs no run
        read_expected_failures(options.expected_failures)
        if options.fuzz_known_differences:
            from heartspec.fuzz.report import read_known_differences

            read_known_differences(options.fuzz_known_differences)
        for path, what in ((options.report_json, "JSON report"), (options.junitxml, "JUnit report"),
                           (options.record, "recording")):
            if path:
                check_output(path, what)
        if options.save:
            from heartspec.conformance.saved import check_folder

            check_folder(options.save)
    except (OutputError, ValueError) as err:
        raise RunnerError(str(err)) from None
    try:
        hello = preflight(engine_command(options), options.timeout, options.startup_timeout, keep=True)
    except RunnerError as err:
        from heartspec.conformance.report import write_handshake_failure

        write_handshake_failure(str(err), options.report_json, options.junitxml)
        raise
    engine = hello.get("engine") or {}
    print(f"checking {plain(engine.get('name', '?'))} {plain(engine.get('version', ''))} ({engine_command(options)})")
    from heartspec.conformance.plugin import OUTPUT_ERRORS

    OUTPUT_ERRORS.clear()
    probe = ConfigProbe()
    from heartspec.conformance.session import release_greeted

    try:
        status = _run_writing_junit(options, probe) if options.junitxml else run_isolated(pytest_arguments(options), probe)
    finally:
        release_greeted()
    if OUTPUT_ERRORS:
        raise RunnerError(OUTPUT_ERRORS[0])
    if probe.nothing_checked:
        raise RunnerError(f"nothing was checked: {probe.nothing_checked}")
    if status == pytest.ExitCode.NO_TESTS_COLLECTED:
        raise RunnerError("no scenario matched the filters (--ruleset, --tier, --id, -k, --tags)")
    if status in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.INTERNAL_ERROR):
        raise RunnerError("the scenario run could not start (see the message above; a -k or --tags expression?)")
    return 0 if status == pytest.ExitCode.OK else 1
