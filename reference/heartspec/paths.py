"""Where the shipped data lives: inside the wheel, or at the top of a source checkout."""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the shipped `spec`, `schemas` or `features` folder.

    A wheel carries them under `heartspec/_data/`; an editable install reads
    them from the checkout, two levels above the package.
    """
    bundled = _PACKAGE / "_data" / name
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parent.parent / name
