"""Console examples in README.md, CONTRIBUTING.md and docs/*.md, run as tests and regenerated from real runs.

A ```console block holds commands (`$ ` lines; a line ending in `\\` goes on) each followed
by what it prints, stdout and stderr together. The block is checked against a real run:

- `...` on a line of its own stands for any number of lines (zero or more): the long
  middles of an output;
- `...` inside a line stands for any text on that line: timings, paths (a rewrite elides
  timings and rates by itself, `VOLATILE`);
- `[exit status N]` on the last line of a command's output is its exit status; a command
  without one must exit 0.

An HTML comment on the line before the fence says how else to treat the block:

- `<!-- example: parse-only REASON -->`: the block is not run (it needs a cluster, or
  takes minutes); each `heartspec` command line in it must still parse.
- `<!-- example: stdin -->`: the block shows a session with `heartspec engine`; its lines
  that are JSON requests (objects with a "cmd") are the command's standard input.

Every block of a document runs in order, in one scratch folder in which the
repository's top-level folders are linked, so a block may read a file an earlier one
wrote and every repository path in an example works as it does from a clone.

    python tests/doc_examples.py            # check every example, print what differs
    python tests/doc_examples.py --update   # rewrite outputs from a real run, elisions kept
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = ("README.md", "CONTRIBUTING.md", "docs/*.md")
ELISION = "..."
EXIT_LINE = re.compile(r"^\[exit status (\d+)\]$")
DIRECTIVE = re.compile(r"^<!--\s*example:\s*(parse-only|stdin)\b\s*(.*?)\s*-->$")
FENCE = "```"
# A command that prints more than this, or runs longer, is no example for a front page.
COMMAND_TIMEOUT_SECONDS = 600
# Commands run in a terminal-like width so wrapped output is the same everywhere.
ENVIRONMENT = {"COLUMNS": "100", "TERM": "dumb", "NO_COLOR": "1", "PYTHONHASHSEED": "0"}


@dataclass
class Command:
    line: int                     # line number of the `$ ` line in the document (1-based)
    text: str                     # the command as the shell gets it (continuations joined)
    expected: list[str]           # the output lines the document shows, exit line excluded
    exit_status: int = 0
    stdin: str | None = None
    raw: list[str] = field(default_factory=list)   # the `$ ` line and its continuations, as written


@dataclass
class Block:
    path: Path
    line: int                     # line number of the opening fence
    end: int                      # line number of the closing fence
    mode: str = "run"             # run | parse-only | stdin
    reason: str = ""
    commands: list[Command] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path}:{self.line}"


# ---- reading documents -------------------------------------------------------------------

def documents(root: Path = ROOT) -> list[Path]:
    found = []
    for pattern in DOCUMENTS:
        found += sorted(root.glob(pattern))
    return found


def read_blocks(path: Path) -> list[Block]:
    """Every console or sh block of a document that runs or mentions a `heartspec` command.

    A sh block shows commands without their output: it is parse-only.
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks, index = [], 0
    while index < len(lines):
        kind = lines[index].strip()[len(FENCE):] if lines[index].strip().startswith(FENCE) else None
        if kind in ("console", "sh", "bash", "shell"):
            end = next((i for i in range(index + 1, len(lines)) if lines[i].strip() == FENCE), None)
            if end is None:
                raise ValueError(f"{path}:{index + 1}: a {kind} block that is never closed")
            body = lines[index + 1:end]
            if kind == "console":
                block = parse_block(path, index + 1, end + 1, body, directive_before(lines, index))
            else:
                block = script_block(path, index + 1, end + 1, body)
            if any(heartspec_arguments(command.text) is not None for command in block.commands):
                blocks.append(block)
            index = end
        index += 1
    return blocks


def script_block(path: Path, line: int, end: int, body: list[str]) -> Block:
    """A sh block: each `heartspec` command in it (after `&&`, `;` or `|` too), parse-only."""
    block = Block(path, line, end, mode="parse-only", reason="a sh block shows no output")
    joined, first = "", None
    for offset, text in enumerate(body):
        first = line + offset + 1 if first is None else first
        joined += text.rstrip("\\").split(" #")[0] + " "
        if text.endswith("\\"):
            continue
        for part in re.split(r"&&|\|\||;|\|", joined):
            block.commands.append(Command(first, part.strip(), []))
        joined, first = "", None
    return block


def directive_before(lines: list[str], fence_index: int) -> tuple[str, str]:
    previous = next((lines[i].strip() for i in range(fence_index - 1, -1, -1) if lines[i].strip()), "")
    match = DIRECTIVE.match(previous)
    return (match.group(1), match.group(2)) if match else ("run", "")


def parse_block(path: Path, line: int, end: int, body: list[str], directive: tuple[str, str]) -> Block:
    block = Block(path, line, end, mode=directive[0], reason=directive[1])
    index = 0
    while index < len(body):
        if not body[index].startswith("$ "):
            raise ValueError(f"{path}:{line + index + 1}: output before any `$ ` command in a console block")
        start, text = index, body[index][2:]
        while text.endswith("\\") and index + 1 < len(body):
            index += 1
            text = text[:-1] + " " + body[index].strip()
        index += 1
        output = []
        while index < len(body) and not body[index].startswith("$ "):
            output.append(body[index])
            index += 1
        command = make_command(line + start + 1, text, output, block.mode)
        command.raw = body[start:index - len(output)]
        block.commands.append(command)
    return block


def make_command(line: int, text: str, output: list[str], mode: str) -> Command:
    exit_status = 0
    if output and EXIT_LINE.match(output[-1]):
        exit_status = int(EXIT_LINE.match(output[-1]).group(1))
        output = output[:-1]
    stdin = None
    if mode == "stdin":
        stdin = "".join(line + "\n" for line in output if is_request(line))
        output = [line for line in output if not is_request(line)]
    return Command(line, text, output, exit_status, stdin)


def is_request(line: str) -> bool:
    return line.startswith("{") and '"cmd"' in line


# ---- matching ----------------------------------------------------------------------------

def line_pattern(expected: str) -> re.Pattern:
    return re.compile(".*?".join(re.escape(part) for part in expected.rstrip().split(ELISION)) + r"\Z")


def line_matches(expected: str, actual: str) -> bool:
    return expected.strip() != ELISION and bool(line_pattern(expected).match(actual.rstrip()))


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the output fits the shown lines, `...` lines standing for any run of lines."""
    memo: dict[tuple[int, int], bool] = {}

    def fits(e: int, a: int) -> bool:
        if (e, a) not in memo:
            if e == len(expected):
                result = a == len(actual)
            elif expected[e].strip() == ELISION:
                result = any(fits(e + 1, k) for k in range(a, len(actual) + 1))
            else:
                result = a < len(actual) and line_matches(expected[e], actual[a]) and fits(e + 1, a + 1)
            memo[(e, a)] = result
        return memo[(e, a)]

    return fits(0, 0)


def refreshed(expected: list[str], actual: list[str]) -> list[str]:
    """New output lines for a block: the real output, with the document's elisions kept.

    Lines the document shows that still match are the anchors (a longest common
    subsequence); between two anchors the document's `...` stays if it had one there, else
    the real lines go in.
    """
    n, m = len(expected), len(actual)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for e in range(n - 1, -1, -1):
        for a in range(m - 1, -1, -1):
            if line_matches(expected[e], actual[a]):
                best[e][a] = best[e + 1][a + 1] + 1
            else:
                best[e][a] = max(best[e + 1][a], best[e][a + 1])
    result, gap_expected, gap_actual = [], [], []
    e = a = 0
    while e < n or a < m:
        if e < n and a < m and line_matches(expected[e], actual[a]) and best[e][a] == best[e + 1][a + 1] + 1:
            result += refreshed_gap(gap_expected, gap_actual) + [expected[e].rstrip()]
            gap_expected, gap_actual = [], []
            e, a = e + 1, a + 1
        elif e < n and (a == m or best[e + 1][a] >= best[e][a + 1]):
            gap_expected.append(expected[e])
            e += 1
        else:
            gap_actual.append(actual[a].rstrip())
            a += 1
    return result + refreshed_gap(gap_expected, gap_actual)


# What varies from run to run, elided when a page is rewritten: timings and rates.
VOLATILE = (
    (re.compile(r"\bin \d+(\.\d+)?s\b"), "in ...s"),
    (re.compile(r"\((\d[\d,]*)/s\)"), "(.../s)"),
    (re.compile(r"(hands per second:\s+)\d+(\.\d+)?"), r"\1..."),
)


def elide_volatile(line: str) -> str:
    for pattern, replacement in VOLATILE:
        line = pattern.sub(replacement, line)
    return line


def refreshed_gap(expected: list[str], actual: list[str]) -> list[str]:
    """The real lines between two anchors, shaped like the document's.

    A shown line that changed a little (a count, a word) is paired with the most similar
    real line and replaced by it; around the pairs, as many lines stand before and after
    an elision as the document showed there, and the elision is kept as written.
    """
    elisions = [i for i, line in enumerate(expected) if line.strip() == ELISION]
    if not elisions:
        return actual
    pair = similar_pair(expected, actual)
    if pair:
        e, a = pair
        return refreshed_gap(expected[:e], actual[:a]) + [actual[a]] + refreshed_gap(expected[e + 1:], actual[a + 1:])
    head, tail = elisions[0], len(expected) - elisions[-1] - 1
    if head + tail >= len(actual):
        return actual if head + tail == len(actual) else actual + [expected[elisions[0]].rstrip()]
    return actual[:head] + [expected[elisions[0]].rstrip()] + (actual[len(actual) - tail:] if tail else [])


# How alike a shown line and a real one must be to count as the same line, changed.
SIMILAR = 0.75


def similar_pair(expected: list[str], actual: list[str]) -> tuple[int, int] | None:
    """The first shown line (not an elision) with a real line close to it, and that line."""
    for e, line in enumerate(expected):
        if line.strip() == ELISION:
            continue
        scores = [(difflib.SequenceMatcher(None, line, candidate).ratio(), a) for a, candidate in enumerate(actual)]
        best = max(scores, default=(0.0, -1))
        if best[0] >= SIMILAR:
            return e, best[1]
    return None


# ---- running -----------------------------------------------------------------------------

@dataclass
class Outcome:
    command: Command
    actual: list[str]
    exit_status: int

    @property
    def holds(self) -> bool:
        return self.exit_status == self.command.exit_status and matches(self.command.expected, self.actual)

    def report(self) -> str:
        lines = [f"$ {self.command.text}"]
        if self.exit_status != self.command.exit_status:
            lines.append(f"exit status: shown {self.command.exit_status}, got {self.exit_status}")
        diff = difflib.unified_diff(self.command.expected, self.actual, "shown in the document", "printed by the command",
                                    lineterm="", n=2)
        lines += list(diff) or ["(output matches)"]
        return "\n".join(lines)


def scratch_folder() -> Path:
    """A folder that looks like the top of a clone, where examples may write files."""
    folder = Path(tempfile.mkdtemp(prefix="heartspec-examples-"))
    for entry in ROOT.iterdir():
        if not entry.name.startswith("."):
            (folder / entry.name).symlink_to(entry)
    return folder


def run_command(command: Command, folder: Path) -> Outcome:
    environment = {**os.environ, **ENVIRONMENT}
    try:
        done = subprocess.run(["bash", "-c", command.text], cwd=folder, input=command.stdin or "",
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment,
                              timeout=COMMAND_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return Outcome(command, [f"(did not finish within {COMMAND_TIMEOUT_SECONDS} s)"], -1)
    return Outcome(command, [line.rstrip() for line in done.stdout.splitlines()], done.returncode)


def heartspec_arguments(text: str) -> list[str] | None:
    """The arguments of a `heartspec` command line, up to the first shell operator."""
    try:
        words = shlex.split(text, comments=True)
    except ValueError:
        return None
    while words and "=" in words[0] and not words[0].startswith("-"):
        words = words[1:]                                  # VAR=value prefixes
    if not words or words[0] != "heartspec":
        return None
    stops = {">", ">>", "<", "|", "&&", "||", ";", "2>", "2>&1"}
    end = next((i for i, word in enumerate(words) if word in stops or word.startswith((">", "2>"))), len(words))
    return words[1:end]


def parse_error(text: str) -> str | None:
    """Why click refuses the command line, or None when it parses."""
    import click

    from heartspec.cli import main

    arguments = heartspec_arguments(text)
    if arguments is None:
        return None
    try:
        with main.make_context("heartspec", list(arguments)) as context:
            # click 8.2 keeps the subcommand in a private field (the public one is deprecated)
            tokens = [*getattr(context, "_protected_args", []), *context.args]
            name, command, rest = main.resolve_command(context, tokens)
            command.make_context(name, rest, parent=context).close()
    except click.BadParameter as err:
        if err.param is not None and isinstance(err.param.type, click.Path):
            return None                    # a file the example would make or name: checked when it runs, not here
        return err.format_message()
    except click.ClickException as err:
        return err.format_message()
    except click.exceptions.Exit:
        return None
    return None


def run_document(path: Path) -> dict[int, list[Outcome]]:
    """Run every runnable block of a document in order; outcomes by the block's fence line."""
    folder = scratch_folder()
    outcomes = {}
    for block in read_blocks(path):
        if block.mode != "parse-only":
            outcomes[block.line] = [run_command(command, folder) for command in block.commands]
    return outcomes


# ---- rewriting ---------------------------------------------------------------------------

def rewrite(path: Path, outcomes: dict[int, list[Outcome]]) -> bool:
    """Put each command's real output under it, keeping the document's elisions; True if changed."""
    lines = path.read_text(encoding="utf-8").splitlines()
    original = list(lines)
    for block in sorted(read_blocks(path), key=lambda b: b.line, reverse=True):
        if block.line in outcomes:
            body = []
            for outcome in outcomes[block.line]:
                body += command_lines(outcome, block.mode)
            lines[block.line:block.end - 1] = body
    if lines == original:
        return False
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return True


def command_lines(outcome: Outcome, mode: str) -> list[str]:
    command = outcome.command
    output = command.expected if outcome.holds else refreshed(command.expected, outcome.actual)
    output = [elide_volatile(line) for line in output]
    if mode == "stdin":
        output = interleave(command.stdin.splitlines(), output)
    lines = command.raw + output
    if outcome.exit_status:
        lines.append(f"[exit status {outcome.exit_status}]")
    return lines


def interleave(requests: list[str], responses: list[str]) -> list[str]:
    """A request line, then its response line, as a session shows them."""
    merged = []
    for index, request in enumerate(requests):
        merged.append(request)
        if index < len(responses):
            merged.append(responses[index])
    return merged + responses[len(requests):]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="documents (default: README.md and docs/*.md)")
    parser.add_argument("--update", action="store_true", help="rewrite each block's output from a real run")
    args = parser.parse_args(argv)
    paths = [path.resolve() for path in args.files] or documents()
    failures = 0
    for path in paths:
        outcomes = run_document(path)
        for block in read_blocks(path):
            if block.mode == "parse-only":
                for command in block.commands:
                    if (error := parse_error(command.text)) is not None:
                        failures += 1
                        print(f"{path.name}:{command.line}: does not parse: {error}")
                continue
            for outcome in outcomes[block.line]:
                if not outcome.holds:
                    failures += 1
                    print(f"{path.name}:{outcome.command.line}:\n{outcome.report()}\n")
        if args.update and rewrite(path, outcomes):
            print(f"rewrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    if not args.update:
        print(f"{failures} example(s) differ" if failures else "every example holds")
    return 1 if failures and not args.update else 0


if __name__ == "__main__":
    sys.exit(main())
