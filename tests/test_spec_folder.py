"""A `--spec` folder that holds no rulesets is a user's mistake: one clear line from every command, no traceback."""

import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.rules import SpecError, load_spec


def test_loading_a_folder_without_rulesets_is_refused(tmp_path):
    with pytest.raises(SpecError, match="no rulesets here"):
        load_spec(tmp_path)


@pytest.mark.parametrize("command", [["rules"], ["engine"], ["play", "--ruleset", "fi", "--players", "4"], ["validate"]])
def test_every_command_refuses_an_empty_spec_folder(tmp_path, command):
    if command == ["validate"]:
        command = ["validate", str(tmp_path)]
    result = CliRunner().invoke(main, command + ["--spec", str(tmp_path)], input="")
    assert result.exit_code == (1 if command[0] == "validate" else 2)  # validate found problems; the rest cannot run
    assert "no" in result.output and str(tmp_path) in result.output
    assert "Traceback" not in result.output
