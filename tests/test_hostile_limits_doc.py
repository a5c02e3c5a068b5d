"""docs/limits.md lists every bound and promise, and a test checks each one it lists.

Every constant of heartspec.limits has a row whose value is the constant's, and every row names the
tests that check it (ROW_TESTS, below): a row without one, or naming a test that does not exist, fails
here, so the table cannot promise what nothing checks.
"""

from __future__ import annotations

import re
from pathlib import Path

import heartspec.limits as limits
from heartspec.limits import describe_bytes

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "limits.md"

# row (its first cell, as written) -> tests (file::function) that check what the row says
ROW_TESTS = {
    "`MAX_SEND_PARTS`": ["test_conformance_saved::test_a_send_line_past_its_limits_is_a_one_line_error_before_anything_is_sent"],
    "`MAX_SEND_BYTES`": ["test_conformance_saved::test_a_send_line_past_its_limits_is_a_one_line_error_before_anything_is_sent"],
    "`MAX_VIEWER_STEPS`": ["test_viewer::test_a_page_draws_at_most_max_viewer_steps_and_says_where_it_stopped"],
    "`MAX_LINE_BYTES`": ["test_hostile_engine::test_each_hostile_line_gets_its_answer_and_the_engine_goes_on"],
    "`MAX_JSON_DEPTH`": ["test_hostile_engine::test_each_hostile_line_gets_its_answer_and_the_engine_goes_on",
                         "test_hostile_replay::test_each_hostile_log_gets_its_answer"],
    "strict JSON": ["test_hostile_engine::test_every_answer_is_strict_json"],
    "stake": ["test_hostile_engine::test_each_hostile_line_gets_its_answer_and_the_engine_goes_on"],
    "`COMPILED_RULES_CACHED`": ["test_hostile_engine::test_the_compiled_rules_cache_is_bounded_and_keeps_the_recent"],
    "`MAX_RESPONSE_BYTES`": ["test_hostile_conform::test_an_answer_without_end_is_cut_at_its_limit"],
    "`TRANSCRIPT_KEEP_BYTES`": ["test_hostile_conform::test_huge_answers_are_not_all_kept"],
    "`TRANSCRIPT_ENTRY_BYTES`": ["test_hostile_conform::test_huge_answers_are_not_all_kept"],
    "`STDERR_KEEP_BYTES`": ["test_hostile_conform::test_stderr_is_kept_to_its_limit"],
    "`--timeout`": ["test_hostile_conform::test_careless_arguments_are_a_usage_error",
                    "test_hostile_conform::test_a_run_against_a_hostile_engine_ends_and_leaves_no_process"],
    "`--max-seconds`": ["test_hostile_conform::test_the_run_deadline_bounds_every_wait"],
    "process group": ["test_hostile_conform::test_closing_a_healthy_engine_ends_what_it_started"],
    "process tree": ["test_hostile_process_tree::test_a_command_killed_outright_takes_every_child_with_it",
                     "test_hostile_process_tree::test_replay_through_an_engine_killed_outright_leaves_nothing",
                     "test_hostile_process_tree::test_simulate_killed_outright_takes_its_workers_and_bots"],
    "`MAX_SPEC_FILE_BYTES`": ["test_hostile_spec::test_validate_refuses_dev_zero_after_its_size_limit"],
    "`MAX_YAML_DEPTH`": ["test_hostile_spec::test_validate_answers_each_hostile_file"],
    "`MAX_YAML_NODES`": ["test_hostile_spec::test_validate_answers_each_hostile_file"],
    "recursive alias": ["test_hostile_spec::test_validate_answers_each_hostile_file"],
    "NaN, infinity": ["test_hostile_spec::test_validate_answers_each_hostile_file"],
    "`MAX_LOG_LINE_BYTES`": ["test_hostile_replay::test_each_hostile_log_gets_its_answer"],
    "`MAX_LOG_BYTES`": ["test_hostile_replay::test_a_log_past_its_size_limit_stops_at_the_line_that_passes_it"],
    "UTF-8": ["test_hostile_replay::test_each_hostile_log_gets_its_answer",
              "test_hostile_spec::test_validate_answers_each_hostile_file"],
    "`MAX_ANSWER_BYTES`": ["test_hostile_fuzz::test_a_bad_answer_is_a_difference_and_the_run_goes_on"],
    "strict answers": ["test_hostile_fuzz::test_a_bad_answer_is_a_difference_and_the_run_goes_on"],
    "`hello` shape": ["test_hostile_fuzz::test_a_wrong_hello_is_the_engines_fault_in_one_line"],
    "echoed `id`": ["test_hostile_fuzz::test_a_bad_answer_is_a_difference_and_the_run_goes_on"],
    "fuzz start-up": ["test_hostile_fuzz::test_timeout_bounds_start_up",
                      "test_hostile_fuzz::test_timeout_bounds_every_restart_and_the_run_ends"],
    "stop signals": ["test_hostile_fuzz::test_a_stopped_run_leaves_no_engine_running",
                     "test_hostile_simulate::test_a_stopped_run_leaves_no_bot_and_no_worker",
                     "test_hostile_process_tree::test_compat_told_to_stop_stops_conform_and_its_engine_first",
                     "test_hostile_play::test_sigterm_during_a_log_leaves_no_partial_file",
                     "test_hostile_process_tree::test_replay_through_an_engine_told_to_stop_stops_it"],
    "dead worker": ["test_hostile_simulate::test_a_bot_that_breaks_the_run_is_named_in_one_line"],
    "`MAX_PLAYED_GAMES`": ["test_hostile_play::test_games_out_of_bounds_are_one_line"],
    "`MAX_DEALS_PER_GAME`": ["test_hostile_play::test_a_game_that_never_ends_is_one_line"],
    "`CORE_LOG_CHUNK_GAMES`": ["test_hostile_play::test_the_compiled_log_is_written_in_bounded_memory",
                               "test_hostile_play::test_the_same_seed_gives_the_same_games_with_and_without_a_log"],
    "`-o NAME=VALUE`": ["test_hostile_play::test_every_option_error_is_one_line_whatever_its_depth_or_size"],
    "`MAX_SIMULATED_GAMES`": ["test_hostile_simulate::test_a_careless_argument_is_one_line_and_exit_2"],
    "`MAX_KNOWN_DIFFERENCES_BYTES`": ["test_hostile_fuzz::test_known_differences_from_dev_zero_stop_at_their_limit",
                                      "test_hostile_files::test_conform_refuses_a_bad_file_before_the_run"],
    "`MAX_COVERAGE_FILE_BYTES`": ["test_hostile_files::test_coverage_check_of_dev_zero_stops_at_its_limit"],
    "`MAX_REPORT_BYTES`": ["test_hostile_compat::test_a_report_past_its_size_limit_is_refused_unread"],
    "`MAX_REPORTS_BYTES`": ["test_hostile_limits_doc::test_the_reports_of_a_run_are_bounded_together"],
    "`MAX_REPORT_DEPTH`": ["test_hostile_compat::test_an_unreadable_report_is_one_line"],
    "report shape": ["test_hostile_compat::test_a_report_of_the_wrong_shape_is_one_line_and_builds_nothing",
                     "test_hostile_compat::test_every_number_reaches_a_page_through_the_escaper"],
    "links in reports/": ["test_hostile_compat::test_links_in_reports_are_refused_never_followed",
                          "test_hostile_compat::test_a_device_in_reports_is_refused",
                          "test_hostile_compat::test_only_the_reports_read_are_copied"],
    "page names": ["test_hostile_compat::test_a_label_that_is_no_page_name_is_refused_before_anything_is_read",
                   "test_hostile_compat::test_slugs_never_leave_the_folder_and_clashes_are_found",
                   "test_hostile_compat::test_a_label_naming_a_file_of_the_site_is_refused_before_any_engine_runs"],
    "the site folder": ["test_hostile_compat::test_a_full_disk_leaves_the_previous_site_whole",
                        "test_hostile_compat::test_the_site_replaces_no_folder_holding_other_files",
                        "test_hostile_compat::test_a_run_into_a_folder_of_other_files_is_refused_before_any_engine_runs",
                        "test_hostile_compat::test_a_rebuilt_site_keeps_what_its_publisher_added"],
    "the compiled core's tables": ["test_engine_core::test_a_table_the_core_cannot_read_is_refused"],
    "core start options": ["test_engine_core_protocol::test_start_options_past_the_cores_numbers_are_played_by_the_pure_engine_said_once",
                           "test_hostile_play::test_start_options_past_the_cores_numbers_are_played_by_the_pure_engine"],
    "the core's own checks": ["test_engine_core_protocol::test_the_core_game_refuses_a_step_it_cannot_take_and_stays_as_it_was"],
}


def rows() -> dict[str, str]:
    """First cell -> second cell of every row of the limits table."""
    found = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.split("|")[1:-1]]
        if len(cells) >= 4 and cells[0] not in ("limit", "---"):
            found[cells[0]] = cells[1]
    return found


def constants() -> dict[str, int]:
    return {name: value for name, value in vars(limits).items()
            if re.fullmatch(r"[A-Z][A-Z_]+", name) and isinstance(value, int)}


def shown(name: str, value: int) -> str:
    return describe_bytes(value) if name.endswith("BYTES") else f"{value:,}"


def test_every_limit_constant_has_its_row_with_its_value():
    table = rows()
    for name, value in constants().items():
        assert f"`{name}`" in table, f"docs/limits.md has no row for {name}"
        assert table[f"`{name}`"] == shown(name, value), name


def test_every_row_names_tests_that_exist():
    table = rows()
    assert set(table) == set(ROW_TESTS), (sorted(set(table) - set(ROW_TESTS)), sorted(set(ROW_TESTS) - set(table)))
    for row, tests in ROW_TESTS.items():
        assert tests, row
        for test in tests:
            module, function = test.split("::")
            source = (ROOT / "tests" / f"{module}.py").read_text(encoding="utf-8")
            assert re.search(rf"^def {function}\(", source, re.M), f"{row}: no test {test}"


def test_the_reports_of_a_run_are_bounded_together(tmp_path, monkeypatch):
    import shutil

    import pytest

    from heartspec.compat import reports_in
    from heartspec.compat.run import CompatError

    shutil.copytree(Path(__file__).parent / "fixtures" / "compat" / "reports", tmp_path / "reports")
    monkeypatch.setattr(reports_in, "MAX_REPORTS_BYTES", 100_000)  # the fixture's reports are about 800 KB
    with pytest.raises(CompatError, match=r"larger than 100000 bytes together \(MAX_REPORTS_BYTES\)"):
        reports_in.load_reports(tmp_path)
