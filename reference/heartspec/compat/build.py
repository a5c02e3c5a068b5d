"""Saved reports -> compat.json and the site, and the exit status of a compat run."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Callable

from heartspec.compat.summary import build_summary, load_reports
from heartspec.compat.run import REPORTS, CompatError
from heartspec.compat.site import site_files
from heartspec.output_folders import write_folder
from heartspec.outputs import OutputError
from heartspec.safe_text import shortened


def build_site(reports_from: Path, out: Path, echo: Callable[[str], None]) -> int:
    """0: built, every engine ran scenarios; 1: built, some engine ran none; CompatError when none ran at all."""
    loaded = load_reports(reports_from)
    try:
        summary = build_summary(loaded)
    except (KeyError, TypeError, AttributeError) as err:
        raise CompatError(f"the reports in {reports_from / REPORTS} are not a compat run's (missing {err}); "
                          "run `heartspec compat` again") from None
    if not summary["engines"] or all("no_scenario_ran" in engine["flags"] for engine in summary["engines"]):
        raise CompatError("no engine ran any scenario: "
                          + ("; ".join(f"{engine['label']}: {shortened(engine['problem'] or 'nothing it claims matched', 300)}"
                                       for engine in summary["engines"]) or "no engine was given"))
    refuse_shared_names(summary)
    files = {**site_files(summary, loaded), **{f"{REPORTS}/{name}": data for name, data in loaded["raw"].items()}}
    try:
        write_folder(out, files, "site folder", keep_others=is_site(out))
    except OutputError as err:
        raise CompatError(str(err)) from None
    for engine in summary["engines"]:
        t = engine["totals"]
        mark = f" [{', '.join(engine['flags'])}]" if engine["flags"] else ""
        echo(f"{engine['label']:<24} passed {t['passed']:>4}  failed {t['failed']:>4}  errored {t['errored']:>4}  "
             f"skipped {t['skipped']:>4}  fuzz differences {len(engine['fuzz']['differences'])}{mark}")
    echo(f"site: {out / 'index.html'}")
    return 1 if any("no_scenario_ran" in engine["flags"] for engine in summary["engines"]) else 0


def check_out(out: Path) -> None:
    """Before a run: --out must be new, empty or a compat site, since the site replaces the folder whole
    (a folder of the user's own, `--out .`, is refused now rather than after every engine has run)."""
    if not out.exists():
        return
    if not out.is_dir():
        raise CompatError(f"cannot write the site folder {out}: it is a file")
    if any(out.iterdir()) and not is_site(out):
        raise CompatError(f"cannot write the site folder {out}: it holds files and is not a compat site "
                          "(the folder is replaced whole; give an empty or new folder)")


def refuse_shared_names(summary: dict) -> None:
    """Two pages the summary names alike would be one file, the later overwriting the earlier: refused."""
    names = [engine[key] for engine in summary["engines"] for key in ("page", "badge")]
    names += [scenario["page"] for scenario in summary["scenarios"]]
    shared = sorted(name for name, count in Counter(names).items() if count > 1)
    if shared:
        raise CompatError(f"cannot build the site: two pages would both be {shared[0]}")


def is_site(folder: Path) -> bool:
    """A folder compat wrote before: what else it holds (`.nojekyll`, `CNAME`) is kept when it is rebuilt."""
    return (folder / "compat.json").is_file() or (folder / REPORTS / "run.json").is_file()
