"""The JavaScript engine kit's own tests (reference/kits/js/test, node's test runner), and the two kits agreeing
line for line on the envelope's hard cases."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

KITS = Path(__file__).resolve().parents[1] / "reference" / "kits"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")

HARD_LINES = [
    b'{"id": 1, "cmd": "hello"}', b'{"id": 1.0, "cmd": "hello"}', b'{"id": 9007199254740992, "cmd": "hello"}',
    b'{"id": -9007199254740991, "cmd": "hello"}', b'{"id": 2, "cmd": "hello", "x": NaN}',
    b'{"id": 3, "cmd": "hello", "x": [1e400]}', b'{"id": 4, "cmd": "hello", "x": "\\ud800"}',
    b'{"id": 5, "cmd": "hello", "x": "\\ud83d\\ude00"}', b'{"id": 6, "cmd": "hello"} trailing', b"[1]", b"\xff",
    b'{"id": 7, "cmd": "hello", "x": ' + b"[" * 64 + b"]" * 64 + b"}", b"\xe3\x80\x80", b"\r",
    b'{"id": 8, "cmd": "play", "seat": 0, "card": "2C"}', b'{"id": 9, "cmd": "bid"}', b'{"id": 10, "cmd": 4}',
    b'{"id": 11, "cmd": "new_game", "ruleset": "fi", "players": 4.0}',
    b'{"id": 12, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"dealer": 1.0}}',
    b'{"id": 13, "cmd": "new_game", "ruleset": "fi", "players": 5}',
    b'{"id": 14, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"target": null, "max_deals": 2}}',
    b'{"id": 15, "cmd": "legal", "seat": 4}', b'{"id": 16, "cmd": "deal", "seed": 3}', b'{"id": 17, "cmd": "deal", "hands": [["ZZ"]]}',
    b'{"id": 18, "cmd": "pass", "seat": 0, "cards": ["2C", 2]}', b'{"id": 19, "cmd": "choose", "seat": 0, "option": "x"}',
    b'{"id": 20, "cmd": "stop"}', b'{"id": 21, "cmd": "quit"}', b'{"id": 22, "cmd": "hello"}',
]


@needs_node
def test_the_javascript_kit_passes_its_own_tests():
    done = subprocess.run([NODE, "--test", "test/"], cwd=KITS / "js", capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout


def answers(command: list[str]) -> list[tuple]:
    done = subprocess.run(command, input=b"\n".join(HARD_LINES) + b"\n", capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [(r["id"], r["ok"], r.get("error", {}).get("code")) for r in map(json.loads, done.stdout.splitlines())]


@needs_node
def test_both_kits_answer_the_hard_lines_alike():
    python = answers([sys.executable, str(KITS / "python" / "examples" / "fi4.py")])
    javascript = answers([NODE, str(KITS / "js" / "examples" / "fi4.js")])
    assert python == javascript
    assert len(python) == len(HARD_LINES) - 3  # two blank lines, and nothing after quit
    assert python[0] == (1, True, None) and python[-1] == (21, True, None)
