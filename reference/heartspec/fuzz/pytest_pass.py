"""A fuzz pass after the conformance scenarios: `pytest --heartspec-engine CMD --heartspec-fuzz SECONDS`.

`heartspec conform --fuzz SECONDS` runs it the same way. The pass plays the
engine against the reference engine for that long once the scenarios are
done, prints the fuzz report under the scenario summary, and fails the run
when it finds a difference not listed in --heartspec-fuzz-known-differences.
"""

from __future__ import annotations

import pytest

from heartspec.fuzz import FuzzError, FuzzOptions, fuzz_and_report


class FuzzPass:
    def __init__(self, config):
        self.config = config
        self.lines: list[str] = []

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session, exitstatus):
        config = self.config
        options = FuzzOptions(engine=config.getoption("heartspec_engine"),
                              seconds=config.getoption("heartspec_fuzz"),
                              timeout=config.getoption("heartspec_timeout"),
                              startup_timeout=config.getoption("heartspec_startup_timeout", None),
                              rulesets=list(config.getoption("heartspec_ruleset") or []))
        try:
            status = fuzz_and_report(options, self.lines.append,
                                     config.getoption("heartspec_fuzz_known_differences"))
        except FuzzError as err:
            self.lines.append(f"heartspec fuzz: {err}")
            status = 1
        if status:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    @pytest.hookimpl(trylast=True)
    def pytest_terminal_summary(self, terminalreporter):
        terminalreporter.write_line("")
        terminalreporter.write_line("heartspec fuzz pass")
        for line in self.lines:
            terminalreporter.write_line(line)
