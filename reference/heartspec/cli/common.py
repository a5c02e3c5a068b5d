"""What every command that reads rulesets shares: the --spec option and loading with clean errors."""

from __future__ import annotations

import math
import shlex
import sys
from pathlib import Path

import click

from heartspec.safe_text import shortened

spec_option = click.option(
    "--spec",
    "spec_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="Use the rulesets and variants in this folder (with rulesets/ and variants/) instead of the shipped ones.",
)


def load_spec_or_exit(spec_dir: Path | None):
    """Load and validate a spec; print every problem as `file:line: path: message` and exit 2 on failure.

    Exit 2, not 1: for every command but `validate` a broken spec is input it cannot work with."""
    from heartspec.rules import SpecError, load_spec

    try:
        return load_spec(spec_dir)
    except SpecError as err:
        for problem in err.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)


class Seconds(click.ParamType):
    """A positive, finite number of seconds (inf and nan would disable the very bound they set)."""

    name = "seconds"

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(number) or number <= 0:
            self.fail(f"{value!r} is not a positive, finite number of seconds", param, ctx)
        return number


def engine_words(ctx, param, value: str | None) -> str | None:
    """Refuse an engine command that names no program: an unset variable must not check the bundled engine."""
    if value is None:
        return None
    try:
        words = shlex.split(value)
    except ValueError as err:
        raise click.BadParameter(f"cannot read {value!r} as a shell-style command: {err}") from None
    if not words:
        raise click.BadParameter("is empty; give the engine's command")
    return value


def parse_option_pairs(pairs: tuple[str, ...]) -> dict:
    """NAME=VALUE pairs; a value is read as JSON when it is JSON (50, null, [0,0,0,0]), else as text.

    The one reader of `-o` for every command: strict JSON within the protocol's bounds (MAX_LINE_BYTES,
    MAX_JSON_DEPTH), so a value of any size or depth is a one-line usage error, never a RecursionError."""
    from heartspec.limits import MAX_JSON_DEPTH, MAX_LINE_BYTES, describe_bytes
    from heartspec.protocol.messages import NotJson, decode_json, nesting_exceeds

    options = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            from heartspec.render.refusals import not_a_setting  # in the language of a --lang command

            raise CommandError(not_a_setting(shortened(pair, 80), f"-o {shortened(pair, 80)!r} is not NAME=VALUE"))
        if len(text.encode("utf-8", "surrogatepass")) > MAX_LINE_BYTES:
            raise CommandError(f"-o {shortened(name, 80)}: the value is longer than "
                               f"{describe_bytes(MAX_LINE_BYTES)} (MAX_LINE_BYTES)")
        if nesting_exceeds(text):
            raise CommandError(f"-o {shortened(name, 80)}: the value is nested deeper than {MAX_JSON_DEPTH} "
                               "arrays/objects (MAX_JSON_DEPTH)")
        try:
            options[name.strip()] = decode_json(text)
        except (NotJson, ValueError):
            options[name.strip()] = text
    return options


def ruleset_and_variants(ruleset: str, variants: tuple[str, ...] = (), hint: str = "RULESET") -> tuple[str, tuple[str, ...]]:
    """A ruleset named as RULESET[+VARIANT...] (fi+moon-choice), then any -v variants, in that order."""
    from heartspec.rules.tables import TableNameError, with_variants

    try:
        return with_variants(ruleset, variants)
    except TableNameError as err:
        raise click.BadParameter(str(err), param_hint=hint) from None


# What a refusal code means, in words, for a person reading a command's error (the code alone says little).
CODE_WORDS = {
    "bad_request": "malformed request",
    "unsupported": "unknown ruleset or variant",
    "invalid_game": "the ruleset does not allow this game",
    "invalid_deal": "the cards are not this game's deck",
    "wrong_phase": "not possible in this phase",
}


def in_words(code: str, message: str) -> str:
    """A protocol refusal as a CLI user reads it: what it means first, the code in brackets for searching."""
    return f"{CODE_WORDS.get(code, code.replace('_', ' '))}: {message} [{code}]"


class CommandError(click.ClickException):
    """A command that could not do its job (input, I/O): `heartspec CMD: message` on stderr, exit status 2.

    click's own ClickException exits 1, which this project reserves for "something checked does not hold".
    """

    exit_code = 2

    def __init__(self, message: str):
        super().__init__(message)
        ctx = click.get_current_context(silent=True)  # read now: by show() time click has left the command
        self.command = ctx.info_name if ctx is not None and ctx.parent is not None else None

    def show(self, file=None) -> None:
        prefix = f"heartspec {self.command}" if self.command else "heartspec"
        click.echo(f"{prefix}: {self.format_message()}", err=True)


def check_filter_ids(rulesets: list[str] = (), variants: list[str] = ()) -> None:
    """Refuse a --ruleset or --variant filter naming no shipped id, listing the known ones (exit 2)."""
    if not rulesets and not variants:
        return
    from heartspec.rules import load_spec
    from heartspec.rules.problems import unknown_ids_message

    spec = load_spec()
    for kind, given, known in (("ruleset", rulesets, sorted(spec.rulesets)), ("variant", variants, sorted(spec.variants))):
        message = unknown_ids_message(kind, list(given), known)
        if message:
            raise CommandError(message)
