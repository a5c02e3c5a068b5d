"""`conform --save DIR`: every failing scenario row's reproduction, written where an author can run it.

For each failing row, named by a file-safe form of its id (`hearts-001[fi-4p]` -> `hearts-001_fi-4p_`):

    ROW.log              the move log (spec/protocol.md §10; bytes no text line holds as `#!send` lines), led by
                         comments naming the scenario, its tier and protocol clauses, and the command to run
    ROW.transcript.txt   every request sent (>) and response received (<) in the scenario
    ROW.html             the move log in the hand viewer (heartspec.replay.viewer): hands, tricks and legal cards
                         step by step up to the failing line; for a log that reproduces its failure
    index.json           per row: its files, whether the log reproduces the failure, the line a replay stops at,
                         the replay command, or why the log cannot reproduce it and the command that does
    README.txt           the same, for a person

Everything is written whole (heartspec.outputs), so a run cut short leaves no half-written file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterable

from heartspec.conformance.report import not_reproduced_words, replay_command, reproduces

INDEX, README = "index.json", "README.txt"


class SaveError(ValueError):
    """A folder --save cannot write into."""


def check_folder(folder: str) -> None:
    """Before the run: the folder exists or can be made (its parent must exist), and can be written."""
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise SaveError(f"--save {folder}: not a folder")
    if not path.exists():
        if not path.parent.is_dir():
            raise SaveError(f"--save {folder}: its parent folder {path.parent} does not exist")
        try:
            path.mkdir()
        except OSError as err:
            raise SaveError(f"--save {folder}: cannot make the folder: {err.strerror or err}") from None
    from heartspec.outputs import OutputError, check_output

    try:
        check_output(str(path / INDEX), "saved reproductions")
    except OutputError as err:
        raise SaveError(str(err)) from None


def file_stem(row_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", row_id)


def transcript_lines(exchanges: list[dict]) -> list[str]:
    lines = []
    for entry in exchanges:
        if "#" in entry:
            lines.append(f"# {entry['#']}")
        elif "#raw" in entry:
            lines.append(f"> {entry['#raw']}")
        else:
            lines.append(f"{'<' if 'ok' in entry else '>'} {json.dumps(entry, ensure_ascii=False)}")
    return lines


def log_text(row_id: str, details: dict[str, Any], log_name: str) -> str:
    head = [f"# scenario {row_id}: {details.get('scenario', '')}",
            f"# tier: {details.get('tier', '')}"
            + (f"; protocol clauses: {' '.join(details['clauses'])}" if details.get("clauses") else ""),
            f"# failed step: {details.get('step') or '(setup)'}"]
    if reproduces(details):
        head.append(f"# reproduce: {replay_command(details, log_name)}  (stops at line "
                    f"{details['move_log_stop'] + len(head) + 1} while the fault is there)")
    else:
        head.append(f"# {not_reproduced_words(details)}")
    return "\n".join([*head, *details.get("move_log", [])]) + "\n"


def save_failures(folder: str, rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Write every failing row's reproduction into `folder` (checked by check_folder); the index entries."""
    from heartspec.outputs import write_output

    entries = []
    for row in sorted(rows, key=lambda r: r["id"]):
        details = row.get("details") or {}
        if row.get("outcome") != "failed" or "move_log" not in details:
            continue  # an unexpected pass has no failure to reproduce
        stem = file_stem(row["id"])
        log_name, transcript_name = f"{stem}.log", f"{stem}.transcript.txt"
        text = log_text(row["id"], details, str(Path(folder) / log_name))
        header = text.count("\n") - len(details.get("move_log", []))
        write_output(str(Path(folder) / log_name), text, "move log")
        write_output(str(Path(folder) / transcript_name),
                     "\n".join(transcript_lines(details.get("exchanges", []))) + "\n", "transcript")
        entry = {"id": row["id"], "tier": details.get("tier", row.get("tier", "")), "clauses": details.get("clauses", []),
                 "log": log_name, "transcript": transcript_name, "reproduces": reproduces(details)}
        if entry["reproduces"]:
            entry.update(stop_line=details["move_log_stop"] + header,
                         replay=replay_command(details, str(Path(folder) / log_name)),
                         viewer=viewer_page(folder, stem))
        else:
            entry["why_not"] = not_reproduced_words(details)
        entries.append(entry)
    write_output(str(Path(folder) / INDEX), json.dumps({"failures": entries}, indent=1, ensure_ascii=False) + "\n",
                 "saved reproductions")
    write_output(str(Path(folder) / README), readme_text(entries), "saved reproductions")
    return entries


def viewer_page(folder: str, stem: str) -> str | None:
    """ROW.html beside ROW.log; None when the page cannot be drawn (the log and transcript still stand)."""
    from heartspec.replay.viewer import write_viewer_beside

    return f"{stem}.html" if write_viewer_beside(str(Path(folder) / f"{stem}.log")) else None


def readme_text(entries: list[dict[str, Any]]) -> str:
    lines = [f"{len(entries)} failing scenario row(s). Run each command where conform ran (the engine's command, "
             f"and the log's path, are as it was given them)."]
    for entry in entries:
        clauses = f" ({' '.join(entry['clauses'])})" if entry["clauses"] else ""
        lines += ["", f"{entry['id']} [{entry['tier']} tier]{clauses}: {entry['log']}, {entry['transcript']}"]
        lines.append(f"  {entry['replay']}  (stops at line {entry['stop_line']})" if entry["reproduces"]
                     else f"  {entry['why_not']}")
        if entry.get("viewer"):
            lines.append(f"  step through it in a browser: {entry['viewer']}")
    return "\n".join(lines) + "\n"


def summary_line(folder: str, entries: list[dict[str, Any]]) -> str:
    replayable = sum(1 for entry in entries if entry["reproduces"])
    return (f"saved {len(entries)} failing scenario row(s) in {folder} ({replayable} reproduced by their move log; "
            f"see {Path(folder) / README})")
