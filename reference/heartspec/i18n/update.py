"""`python -m heartspec.i18n.update`: extract → update every .po → compile every .mo, in one step.

Run it from a source checkout after changing a marked message or any note,
title or summary in spec/; then translate what it lists as untranslated (or
fuzzy, where a message changed) and run it again to compile.  Exit 1 while any
language lacks a translation, so it doubles as a check.
"""

from __future__ import annotations

import sys

from heartspec.i18n.catalogues import TRANSLATED, template, untranslated, update


def main() -> int:
    pot = template()
    total = len([m for m in pot if m.id])
    missing_anywhere = False
    for lang in TRANSLATED:
        update(lang, pot)
        missing = untranslated(lang, pot)
        missing_anywhere |= bool(missing)
        print(f"{lang}: {total - len(missing)} of {total} messages translated")
        for msgid in missing:
            print(f"  to translate (new, or changed and marked fuzzy): {msgid[:100]}")
    return 1 if missing_anywhere else 0


if __name__ == "__main__":
    sys.exit(main())
