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


def kits_dir() -> Path:
    """The engine kits' folder (`kits/`: the JavaScript kit, the examples, new-engine's templates).

    A wheel carries it under `heartspec/_data/kits`; a checkout keeps it beside the package, in `reference/kits`."""
    bundled = _PACKAGE / "_data" / "kits"
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parent / "kits"
