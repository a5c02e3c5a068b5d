"""`heartspec replay`: good logs tell the hand, bad logs stop at the right line with the right code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.replay import replay_lines

LOGS = Path(__file__).resolve().parent / "fixtures" / "logs"


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def marked_line(path: Path) -> tuple[int, str]:
    """The line after the `# next line: <code>` marker, and that code."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, text in enumerate(lines, start=1):
        if text.startswith("# next line: "):
            return number + 1, text.removeprefix("# next line: ")
    raise AssertionError(f"{path} has no marker")


def test_a_good_log_tells_the_hand():
    result = run("replay", str(LOGS / "fi-4p-one-deal.log"))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "ruleset fi, 4 players" in out
    assert "seat 0: 2C 5C 9C QC 3D 8D JD AD 4H 9H KH 6S JS" in out  # the hands as dealt
    assert "seat 0 passes to seat 1: KH 6S JS" in out
    assert out.count("  trick ") == 13
    assert "trick  1: 0:2C, 1:TC, 2:4C, 3:8C -> seat 1 takes 0 point(s)" in out
    assert "deal points: 4 5 4 13   totals: 4 5 4 13" in out
    assert "no disagreement" in out


@pytest.mark.parametrize("name", ["bad-illegal-play.log", "bad-json.log", "bad-mismatch.log"])
def test_a_bad_log_stops_at_its_line_with_its_code(name):
    path = LOGS / name
    line, code = marked_line(path)
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert f"{path}:{line}: {code}: " in result.stderr
    assert "position: deal 1" in result.stderr
    assert "Traceback" not in result.output


def test_the_position_of_an_illegal_play_shows_hands_and_the_trick():
    result = run("replay", str(LOGS / "bad-illegal-play.log"))
    assert "phase playing, seat 1 to play" in result.stderr
    assert "trick: 0:2C" in result.stderr
    assert "seat 1: 3C 6C TC KC 4D 9D QD 2H 5H TH KH 6S JS" in result.stderr  # after the pass
    assert "seat 0: 5C 9C QC" in result.stderr  # 2C is on the table, not in the hand


def test_a_refusal_the_log_records_is_expected():
    result = run("replay", str(LOGS / "expected-refusal.log"))
    assert result.exit_code == 0, result.output
    assert "refused, as the log expects: must_follow_suit" in result.stdout


def test_a_recorded_refusal_with_another_code_is_a_mismatch():
    lines = (LOGS / "expected-refusal.log").read_text().splitlines()
    index = next(i for i, t in enumerate(lines) if '"must_follow_suit"' in t)
    lines[index] = lines[index].replace("must_follow_suit", "hearts_not_broken")
    replay = replay_lines(lines, "edited")
    assert (replay.failure.line, replay.failure.code) == (index + 1, "mismatch")


def test_a_recorded_success_for_a_refused_request_is_a_mismatch():
    lines = (LOGS / "bad-illegal-play.log").read_text().splitlines()
    lines.append('{"ok": true, "events": []}')
    replay = replay_lines(lines, "edited")
    assert (replay.failure.line, replay.failure.code) == (len(lines), "mismatch")


def test_stdin_and_json_format():
    text = (LOGS / "bad-illegal-play.log").read_text()
    result = run("replay", "-", "--format", "json", stdin=text)
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    line, code = marked_line(LOGS / "bad-illegal-play.log")
    assert document["ok"] is False
    assert (document["error"]["line"], document["error"]["code"]) == (line, code)
    assert document["error"]["position"]["turn"] == 1
    assert len(document["games"][0]["deals"][0]["tricks"]) == 0
    assert f"<stdin>:{line}: {code}: " in result.stderr


def test_comments_blank_lines_and_quit():
    lines = ["# a comment", "", "   ", '{"cmd":"hello"}', '{"cmd":"quit"}', "this line is never read"]
    replay = replay_lines(lines, "mini")
    assert replay.ok


def test_a_log_with_an_unknown_ruleset_fails_on_its_first_line():
    replay = replay_lines(['{"cmd":"new_game","ruleset":"xx","players":4}'], "x")
    assert (replay.failure.line, replay.failure.code) == (1, "unsupported")


def test_a_missing_log_file_is_a_clean_error(tmp_path):
    result = run("replay", str(tmp_path / "nope.log"))
    assert result.exit_code != 0 and "cannot read" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("ruleset, players, variants", [
    ("fi", 4, []), ("fi", 6, []), ("no", 4, []), ("dk", 3, []), ("dk", 5, []), ("se", 5, []),
    ("fi-classic", 2, ["two-player"]), ("se", 8, ["cancellation"]), ("fi", 4, ["partnership"]),
    ("no", 4, []),
])
def test_play_logs_replay(tmp_path, ruleset, players, variants):
    log = tmp_path / "games.log"
    args = ["play", "--ruleset", ruleset, "--players", str(players), "--seed", "3", "--games", "2", "--log", str(log)]
    for variant in variants:
        args += ["-v", variant]
    played = run(*args)
    assert played.exit_code == 0, played.output
    assert "games:" in played.stdout and "hands per second:" in played.stdout
    replayed = run("replay", str(log))
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout.count("Game over.") == 2


def test_play_refuses_a_game_the_ruleset_forbids():
    result = run("play", "--ruleset", "fi", "--players", "9")
    assert result.exit_code != 0 and "invalid_game" in result.output and "Traceback" not in result.output


HOUSE = Path(__file__).resolve().parent / "fixtures" / "house_spec"


def test_a_users_own_spec_plays_and_replays_with_spec(tmp_path):
    log = tmp_path / "house.log"
    played = run("play", "--ruleset", "house", "--players", "5", "-v", "house-jd", "--seed", "1",
                 "--log", str(log), "--spec", str(HOUSE))
    assert played.exit_code == 0, played.output
    replayed = run("replay", str(log), "--spec", str(HOUSE))
    assert replayed.exit_code == 0, replayed.output
    assert "ruleset house, 5 players, variants: house-jd" in replayed.stdout
    shipped = run("replay", str(log))  # the shipped spec has no `house`
    assert shipped.exit_code == 1
    assert f"{log}:1: unsupported: unknown ruleset 'house'" in shipped.stderr


def test_the_move_log_example_in_the_protocol_spec_replays():
    text = (Path(__file__).resolve().parent.parent / "spec" / "protocol.md").read_text(encoding="utf-8")
    section = text[text.index("## 10. Move logs"):]
    example = section[section.index("```\n") + 4:]
    example = example[: example.index("```")]
    replay = replay_lines(example.splitlines(), "protocol.md")
    assert replay.ok, replay.failure
    assert replay.lines_read == len(example.splitlines())


def test_play_options_reach_the_log_and_the_replay(tmp_path):
    log = tmp_path / "money.log"
    played = run("play", "--ruleset", "fi-classic", "--players", "4", "--seed", "1", "--log", str(log),
                 "-o", "settlement=zero_point_pot", "-o", "stake=0.5", "-o", "dealer=2")
    assert played.exit_code == 0, played.output
    first = json.loads(log.read_text().splitlines()[0])
    assert first["options"] == {"settlement": "zero_point_pot", "stake": 0.5, "dealer": 2}
    replayed = run("replay", str(log))
    assert replayed.exit_code == 0, replayed.output
    assert "Deal 1 (dealer seat 2" in replayed.stdout
    assert "pot carried:" in replayed.stdout and "  money: " in replayed.stdout


@pytest.mark.parametrize("option, message", [("target=0", "invalid_game"), ("dealer=7", "invalid_game"),
                                              ("bogus", "NAME=VALUE")])
def test_play_refuses_bad_options_cleanly(option, message):
    result = run("play", "--ruleset", "fi", "--players", "4", "-o", option)
    assert result.exit_code != 0 and message in result.output and "Traceback" not in result.output
