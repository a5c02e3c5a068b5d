"""Rebuild docs/compat/, the published compatibility report, with one command.

    python docs/build_compat.py            # run every default engine installed here, then build the site
    python docs/build_compat.py --from     # only rebuild the pages from docs/compat/reports/ (no engine runs)

It runs `heartspec compat --out docs/compat` with the default engines (the reference and
every shipped adapter whose library is installed: `pip install -e '.[openspiel,...]'` first)
from the checkout's root, so the saved commands and reports name no machine path. The
settings are the command's defaults (the fuzz cell budget, seed 0): a re-run on the same
engines gives the same reports. Exit status: that of `heartspec compat`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = Path("docs") / "compat"


def main(argv: list[str]) -> int:
    if argv not in ([], ["--from"]):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    os.chdir(ROOT)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "reference"), os.environ.get("PYTHONPATH")])))
    command = [sys.executable, "-m", "heartspec", "compat", "--out", str(SITE)]
    if argv:
        command += ["--from", str(SITE)]
    return subprocess.run(command, env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
