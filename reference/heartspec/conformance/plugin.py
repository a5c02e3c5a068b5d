"""The pytest plugin: `pytest --heartspec-engine "CMD"` runs the conformance suite against CMD.

It is loaded in every pytest run on a machine where heartspec is installed, so
without `--heartspec-engine` it only adds its options and does nothing else.
"""

from __future__ import annotations

import functools
import json
import re
import time
from pathlib import Path

import pytest

SUITE_MODULE = Path(__file__).resolve().with_name("suite.py")
# the feature files suite.py turns into tests: every shipped one, or only those holding the scenarios of --heartspec-id
FEATURE_FILES: list[Path] = []
NOTHING_CHECKED = 2  # the exit status of a run that checked no scenario: a green run must have checked something
OUTPUT_ERRORS: list[str] = []  # reports a run could not write; `heartspec conform` turns them into exit 2


def pytest_addoption(parser):
    group = parser.getgroup("heartspec", "heartspec conformance suite")
    group.addoption("--heartspec-engine", default=None, metavar="CMD",
                    help="run the heartspec conformance suite against this engine command")
    group.addoption("--heartspec-timeout", type=float, default=5.0, metavar="SECONDS",
                    help="seconds to wait for each engine response (default 5)")
    group.addoption("--heartspec-max-seconds", type=float, default=None, metavar="SECONDS",
                    help="seconds the whole run may take; then the engine is killed and the run stops")
    group.addoption("--heartspec-startup-timeout", type=float, default=None, metavar="SECONDS",
                    help="seconds a fresh engine has to start and give its first answer (default 30)")
    group.addoption("--heartspec-ruleset", action="append", default=[], metavar="ID",
                    help="only scenarios for this ruleset (repeatable)")
    group.addoption("--heartspec-id", action="append", default=[], metavar="ID",
                    help="only this scenario: an id as the summary prints it, e.g. end-006[fi-4p-2], or a bare "
                         "scenario id for all its rows (repeatable)")
    group.addoption("--heartspec-tier", action="append", default=[], metavar="TIER",
                    help="only scenarios of this tier: rules, protocol or hardening (repeatable)")
    group.addoption("--heartspec-expected-failures", default=None, metavar="FILE",
                    help="scenario ids expected to fail, one per line, '# reason' optional")
    group.addoption("--heartspec-report-json", default=None, metavar="FILE",
                    help="write every scenario's outcome and failure details as JSON")
    group.addoption("--heartspec-save", default=None, metavar="DIR",
                    help="write each failing scenario's move log, transcript and replay command into DIR")
    group.addoption("--heartspec-record", default=None, metavar="FILE",
                    help="write every scenario's lines as sent and the engine's answers as JSON "
                         "(heartspec.conformance.recorded_run replays them)")
    group.addoption("--heartspec-fuzz", type=float, default=None, metavar="SECONDS",
                    help="after the scenarios, fuzz the engine against the reference engine this long (heartspec fuzz)")
    group.addoption("--heartspec-fuzz-known-differences", default=None, metavar="FILE",
                    help="signatures the fuzz pass accepts, 'command field rule  # reason' per line")


def pytest_configure(config):
    if config.getoption("heartspec_engine", None):
        FEATURE_FILES[:] = feature_files_holding(config.getoption("heartspec_id"))
        config.pluginmanager.register(ConformanceRun(config), "heartspec-conformance-run")
        if config.getoption("heartspec_fuzz", None):
            from heartspec.fuzz.pytest_pass import FuzzPass

            config.pluginmanager.register(FuzzPass(config), "heartspec-fuzz-pass")


def feature_files_holding(scenario_ids: list[str]) -> list[Path]:
    """The shipped feature files, or, when scenario ids are chosen, only the files that tag those scenarios: a run of
    a few scenarios need not build the other thousand. An id no file tags leaves every file in, so the run can
    name it with the known ones (ConformanceRun.refuse_unknown_filters)."""
    from heartspec.paths import data_dir

    files = sorted(data_dir("features").glob("*.feature"))
    if not scenario_ids:
        return files
    tagged = {path: set(re.findall(r"@id:(\S+)", path.read_text(encoding="utf-8"))) for path in files}
    wanted = {scenario_id.split("[")[0] for scenario_id in scenario_ids}
    holding = [path for path in files if tagged[path] & wanted]
    found = set().union(*(tagged[path] for path in holding)) & wanted
    return holding if found == wanted else files


def rename_node(item, nodeid: str) -> None:
    """Give a collected scenario the node id -v prints and -k matches.

    pytest has no public way to do this; it keeps the id in `_nodeid` up to 9.1 and as a
    parsed `_id` from 9.2 on, so both are handled here rather than pinning pytest.
    """
    try:
        from _pytest.nodeid import coerce_node_id
    except ImportError:
        item._nodeid = nodeid
    else:
        item._id = coerce_node_id(nodeid)


def remember_step_lookups() -> None:
    """Have pytest-bdd look up each distinct step once per test module or class, not once per step run.

    pytest-bdd finds a step's definition by asking pytest for every fixture name the run has, for
    each step it executes: about a fifth of the suite's time against a fast engine. A step's text
    and type, seen from the same parent node, always resolve to the same definitions, so the
    answer is kept. pytest-bdd has no public hook for this; a version without the function is left alone.
    """
    import importlib

    bdd_scenario = importlib.import_module("pytest_bdd.scenario")  # `import ... as` would bind the scenario() function

    find = getattr(bdd_scenario, "find_fixturedefs_for_step", None)
    if find is None or getattr(find, "heartspec_remembers", False):
        return
    remembered: dict = {}

    def find_remembered(step, fixturemanager, node):
        key = (step.type, step.name, getattr(node.parent, "nodeid", None))
        if key not in remembered:
            remembered[key] = list(find(step=step, fixturemanager=fixturemanager, node=node))
        return iter(remembered[key])

    find_remembered.heartspec_remembers = True
    bdd_scenario.find_fixturedefs_for_step = find_remembered
    # and it reads each step function's signature afresh on every call; a function's signature is fixed
    bdd_utils = importlib.import_module("pytest_bdd.utils")
    for module in (bdd_scenario, bdd_utils):
        if callable(getattr(module, "signature", None)):
            module.signature = functools.lru_cache(maxsize=None)(module.signature)


def is_scenario(item) -> bool:
    module = getattr(item, "module", None)
    return module is not None and Path(module.__file__) == SUITE_MODULE


class ConformanceRun:
    """The hooks of a run that has an engine to check; registered only then."""

    def __init__(self, config):
        # imported here, not at module level: the plugin loads in every pytest run on the machine
        from heartspec.conformance import report

        self.reporting = report
        self.config = config
        remember_step_lookups()
        # scenario tags such as id:first-trick-001 become marks whose names pytest cannot register
        config.addinivalue_line("filterwarnings", "ignore::pytest.PytestUnknownMarkWarning")
        if not any(Path(arg.split("::")[0]).resolve() == SUITE_MODULE for arg in config.args):
            config.args.append(str(SUITE_MODULE))
        self.results = self.reporting.Results()
        max_seconds = config.getoption("heartspec_max_seconds", None)
        # every engine wait of the run is bounded by this (EngineProcess(deadline=...)), so a run cannot hang
        config.heartspec_deadline = time.monotonic() + max_seconds if max_seconds else None
        self.max_seconds = max_seconds
        self.expected = self.reporting.read_expected_failures(config.getoption("heartspec_expected_failures"))
        self.record_path = config.getoption("heartspec_record", None)
        self.recorded: dict[str, dict] = {}  # scenario id -> its lines and answers, in the order they ran

    @pytest.hookimpl(tryfirst=True)  # before -k and -m deselect: they match the stable ids given here
    def pytest_collection_modifyitems(self, config, items):
        scenarios = [item for item in items if is_scenario(item)]
        infos = [self.reporting.item_tags(item) for item in scenarios]
        self.reporting.assign_example_ids(infos)
        wanted = set(config.getoption("heartspec_ruleset"))
        chosen = config.getoption("heartspec_id")
        tiers = set(config.getoption("heartspec_tier", None) or [])
        self.refuse_unknown_filters(sorted(wanted), chosen, [info["id"] for info in infos], sorted(tiers))
        dropped = []
        for item, info in zip(scenarios, infos):
            item.user_properties.extend([("heartspec_id", info["id"]), ("heartspec_area", info["area"]),
                                         ("heartspec_depends", info["depends"]), ("heartspec_ruleset", info["ruleset"]),
                                         ("heartspec_tier", info["tier"]), ("heartspec_clauses", info["clauses"])])
            # -v prints the stable id, and -k matches it, so an id copied from the summary selects its row
            rename_node(item, f"{info['area'] or 'scenario'}::{info['id']}")
            item.repr_failure = functools.partial(self.scenario_failure_text, item)
            item.extra_keyword_matches.add(info["id"])
            if (wanted and info["ruleset"] not in wanted) or (tiers and info["tier"] not in tiers):
                dropped.append(item)
                continue
            if chosen and not any(self.reporting.example_id_matches(entry, info["id"]) for entry in chosen):
                dropped.append(item)
                continue
            listed = next((e for e in self.expected if self.reporting.example_id_matches(e, info["id"])), None)
            if listed is not None:
                reason = self.expected[listed] or "listed as an expected failure"
                item.add_marker(pytest.mark.xfail(reason=reason, strict=True))
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            gone = set(dropped)
            items[:] = [item for item in items if item not in gone]

    def refuse_unknown_filters(self, rulesets: list[str], chosen: list[str], scenario_ids: list[str],
                               tiers: list[str] = ()) -> None:
        """An unknown --heartspec-ruleset, --heartspec-tier or --heartspec-id is named, with the known ones, and the
        run stops (exit 2)."""
        from heartspec.conformance.layout import shipped_spec
        from heartspec.conformance.tiers import TIERS
        from heartspec.rules.problems import unknown_ids_message

        message = (unknown_ids_message("ruleset", rulesets, sorted(shipped_spec().rulesets))
                   or unknown_ids_message("tier", list(tiers), list(TIERS)))
        unknown = [entry for entry in chosen
                   if not any(self.reporting.example_id_matches(entry, sid) for sid in scenario_ids)]
        if message is None and unknown:
            message = (f"unknown scenario id{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} "
                       f"(known: {id_ranges(scenario_ids)})")
        if message:
            self.stop_checking_nothing(message)

    def stop_checking_nothing(self, message: str) -> None:
        self.config.heartspec_nothing_checked = message
        pytest.exit(message, returncode=NOTHING_CHECKED)

    def pytest_bdd_before_scenario(self, request, feature, scenario):
        request.node.heartspec_scenario = scenario

    def pytest_bdd_step_error(self, request, feature, scenario, step, step_func, step_func_args, exception):
        request.node.heartspec_failed_step = f"{step.keyword} {step.name}"

    def scenario_failure_text(self, item, excinfo, style=None) -> str:
        """What a scenario's failed step reports, in place of pytest's traceback: pytest would parse the source
        of every frame on the way (about a tenth of a second per failure) for text this report replaces."""
        item.heartspec_details = self.reporting.failure_details(item, excinfo.value)
        return self.reporting.format_failure(item.heartspec_details)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        details = item.__dict__.pop("heartspec_details", None)  # set by scenario_failure_text, this call only
        if is_scenario(item) and report.failed and call.excinfo is not None and call.when == "call":
            details = details or self.reporting.failure_details(item, call.excinfo.value)
            report.user_properties.append(("heartspec_details", details))
            report.longrepr = self.reporting.format_failure(details)
        if self.record_path and call.when == "call" and is_scenario(item):
            taken = getattr(item, "heartspec_session", None) and item.heartspec_session.take_recording()
            if taken is not None:
                self.recorded[dict(item.user_properties)["heartspec_id"]] = taken

    def pytest_runtest_logreport(self, report):
        self.results.record(report)
        deadline = self.config.heartspec_deadline
        if report.when == "teardown" and deadline is not None and time.monotonic() >= deadline:
            self.config.heartspec_session_ref.shouldstop = (
                f"the run's time limit (--max-seconds {self.max_seconds:g}) ran out; the scenarios left were not run")

    def pytest_sessionstart(self, session):
        self.config.heartspec_session_ref = session

    def pytest_sessionfinish(self, session, exitstatus):
        if session.shouldstop and self.config.heartspec_deadline is not None:
            session.exitstatus = pytest.ExitCode.INTERRUPTED  # a run cut short is not a pass
        elif exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED) and not self.results.checked():
            self.config.heartspec_nothing_checked = self.results.why_nothing_checked()
            session.exitstatus = NOTHING_CHECKED

    def recording_text(self) -> str:
        """The run's recording (heartspec.conformance.recorded_run): the answer to the session's hello, which every
        scenario's claims rest on, and each scenario's lines and answers in the order they ran."""
        from heartspec.conformance.recorded_run import RECORDING_FORMAT
        from heartspec.conformance.schema_check import command_of

        hello = next((answer for scenario in self.recorded.values() for line, answer in scenario["exchanges"]
                      if isinstance(line, str) and command_of(line) == "hello"), None)
        return json.dumps({"format": RECORDING_FORMAT, "hello": hello, "scenarios": self.recorded})

    def save_reproductions(self, terminalreporter, folder: str) -> None:
        from heartspec.conformance.saved import SaveError, check_folder, save_failures, summary_line
        from heartspec.outputs import OutputError

        try:
            check_folder(folder)
            entries = save_failures(folder, self.results.rows.values())
        except (SaveError, OutputError) as err:
            terminalreporter.write_line(f"heartspec conform: {err}")
            OUTPUT_ERRORS.append(str(err))
            return
        terminalreporter.write_line(summary_line(folder, entries))

    def pytest_unconfigure(self, config):
        """The tiers' verdicts as the run's very last line, after pytest's own count of outcomes."""
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None and self.results.rows:
            reporter.write_line(self.reporting.tiers_line(self.results.rows.values()))

    def pytest_terminal_summary(self, terminalreporter, exitstatus, config):
        unknown = sorted(set(self.expected) - self.results.ids_seen)
        for line in self.results.summary_lines(unknown):
            terminalreporter.write_line(line)
        nothing = getattr(config, "heartspec_nothing_checked", None)
        if nothing:
            terminalreporter.write_line(f"heartspec: nothing was checked: {nothing}")
        if config.getoption("heartspec_save", None):
            self.save_reproductions(terminalreporter, config.getoption("heartspec_save"))
        documents = [(config.getoption("heartspec_report_json"), lambda: json.dumps(self.results.as_json(), indent=2),
                      "JSON report"),
                     (self.record_path, self.recording_text, "recording")]
        for path, text, what in documents:
            if path:
                from heartspec.outputs import OutputError, write_output

                try:
                    write_output(path, text(), what)
                except OutputError as err:  # checked before the run, so a full disk: `conform` exits 2 on it
                    terminalreporter.write_line(f"heartspec conform: {err}")
                    OUTPUT_ERRORS.append(str(err))


def id_ranges(scenario_ids: list[str]) -> str:
    """Scenario ids as families with their first and last number: `end-001..end-040, first-trick-001..first-trick-020`."""
    families: dict[str, list[str]] = {}
    for sid in sorted({sid.split("[")[0] for sid in scenario_ids}):
        families.setdefault(sid.rsplit("-", 1)[0], []).append(sid)
    return ", ".join(ids[0] if len(ids) == 1 else f"{ids[0]}..{ids[-1]}" for ids in families.values())
