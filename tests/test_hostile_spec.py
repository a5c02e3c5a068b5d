"""Hostile spec files under `heartspec validate FILE` and every command's `--spec FOLDER`.

CASES is the table: a file's text (built from a shipped ruleset where it needs one) and the
`file:line: path: message` answer it must get: the line, and words of the message. Every case
runs under a 1 GiB address-space cap, so a file that expands without bound fails its case
instead of filling the machine. A new case is one line.
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from heartspec.limits import MAX_SPEC_FILE_BYTES, MAX_YAML_DEPTH, MAX_YAML_NODES

SPEC = Path(__file__).resolve().parent.parent / "spec"
HEARTSPEC = [sys.executable, "-c", "from heartspec.cli import main; main()"]
MEMORY_CAP = 1 << 30


def laughs(levels: int = 9, width: int = 9) -> str:
    text = 'a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n'
    for level in range(1, levels + 1):
        text += f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * width) + "]\n"
    return text


def merges(levels: int = 40) -> str:
    text = "m0: &m0 {k0: 1, k1: 2}\n"
    for level in range(1, levels + 1):
        text += f"m{level}: &m{level} {{<<: [*m{level - 1}, *m{level - 1}], z{level}: 1}}\n"
    return text


def stake(value: str) -> str:
    """The shipped fi-classic ruleset with its stake rule set to `value` (on line STAKE_LINE)."""
    text = (SPEC / "rulesets" / "fi-classic.yaml").read_text(encoding="utf-8")
    old = "  settlement.stake:\n    value: 1\n"
    assert old in text, "fi-classic.yaml changed shape: update this helper"
    return text.replace(old, f"  settlement.stake:\n    value: {value}\n")


STAKE_LINE = (SPEC / "rulesets" / "fi-classic.yaml").read_text(encoding="utf-8").splitlines().index(
    "  settlement.stake:") + 2

# (name, file text or bytes, line, words in the message)
CASES = [
    # a limit is reported at the top-level key whose value passes it: a4 and a3 here (line 1 is `id`)
    ("billion laughs", "id: x\n" + laughs(), 6, f"/a4: the file expands to more than {MAX_YAML_NODES} values"),
    ("billion laughs, wide and shallow", "id: x\n" + laughs(levels=5, width=40), 5, "MAX_YAML_NODES"),
    ("merge keys doubling", merges(), 14, "MAX_YAML_NODES"),
    ("a recursive alias", "id: x\na: &a [1, *a]\n", 2, "recursive alias"),
    ("a recursive alias through a mapping", "id: x\na: &a {b: *a}\n", 2, "recursive alias"),
    ("a recursive merge key", "id: x\na: &a\n  b: 1\n  <<: *a\n", 2, "recursive alias"),
    ("flow nesting 50,000 deep", "id: x\nx: " + "[" * 50_000 + "]" * 50_000 + "\n", 2, "MAX_YAML_DEPTH"),
    ("flow nesting past the limit", "id: x\nx: " + "[" * (MAX_YAML_DEPTH + 1) + "]" * (MAX_YAML_DEPTH + 1) + "\n",
     2, "MAX_YAML_DEPTH"),
    ("aliases nesting past the limit", "id: x\n" + "".join(
        f"n{i}: &n{i} [{'*n' + str(i - 1) if i else '0'}]\n" for i in range(MAX_YAML_DEPTH + 2)), MAX_YAML_DEPTH + 1,
     "MAX_YAML_DEPTH"),
    ("a file past the size limit", "id: x\n# " + "x" * MAX_SPEC_FILE_BYTES + "\n", 1, "MAX_SPEC_FILE_BYTES"),
    ("NaN", "id: x\nstake: .nan\n", 2, "NaN"),
    ("infinity", "id: x\nstake: -.inf\n", 2, "infinity"),
    ("a NaN stake in a real ruleset", stake(".nan"), STAKE_LINE, "NaN"),
    ("a 400-digit stake", stake("9" * 400), STAKE_LINE, "maximum"),
    ("a stake past the maximum", stake("1000001"), STAKE_LINE, "maximum"),
    ("not UTF-8", b"id: x\ntitle: \xff\n", 1, "not UTF-8"),
]


def cap_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def heartspec(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*HEARTSPEC, *args], capture_output=True, text=True, timeout=300, preexec_fn=cap_memory)


def write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def check(done: subprocess.CompletedProcess, path: Path, line: int, words: str, status: int = 1) -> None:
    assert done.returncode == status, done.stdout + done.stderr[-2000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    lines = [text for text in done.stderr.splitlines() if text.startswith(f"{path}:")]
    assert any(text.startswith(f"{path}:{line}: ") and words in text for text in lines), done.stderr[-3000:]


@pytest.mark.parametrize("name, content, line, words", CASES, ids=[case[0] for case in CASES])
def test_validate_answers_each_hostile_file(name, content, line, words, tmp_path):
    path = write(tmp_path / "rulesets" / "hostile.yaml", content)
    check(heartspec("validate", str(path)), path, line, words)


@pytest.mark.parametrize("name, content, line, words", CASES, ids=[case[0] for case in CASES])
def test_a_spec_folder_holding_it_is_refused_by_every_command(name, content, line, words, tmp_path):
    folder = tmp_path / "spec"
    shutil.copytree(SPEC / "rulesets", folder / "rulesets")
    path = write(folder / "rulesets" / "hostile.yaml", content)
    for command in (["rules"], ["engine"]):
        check(heartspec(*command, "--spec", str(folder)), path, line, words, status=2)  # a spec they cannot use


def test_validate_refuses_dev_zero_after_its_size_limit():
    done = heartspec("validate", "/dev/zero")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "/dev/zero:1: /: file larger than 1 MiB (MAX_SPEC_FILE_BYTES)" in done.stderr


def test_a_byte_order_mark_is_accepted(tmp_path):
    shipped = (SPEC / "rulesets" / "fi.yaml").read_bytes()
    path = write(tmp_path / "rulesets" / "fi.yaml", b"\xef\xbb\xbf" + shipped)
    done = heartspec("validate", str(path))
    assert done.returncode == 0, done.stderr
