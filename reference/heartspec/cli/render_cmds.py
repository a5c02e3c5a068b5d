"""`heartspec rules` and `heartspec diff`: the spec rendered for people and tools."""

from __future__ import annotations

import json
from pathlib import Path

import click

from heartspec.cli.common import CommandError, load_spec_or_exit, parse_option_pairs, ruleset_and_variants, spec_option

variant_option = click.option(
    "-v",
    "--variant",
    "variants",
    multiple=True,
    metavar="VARIANT",
    help="Apply this variant (repeatable, applied in the order given).",
)
players_option = click.option(
    "--players", type=click.IntRange(min=1), default=None, help="Only this player count (default: every count allowed)."
)


lang_option = click.option(
    "--lang",
    default="en",
    show_default=True,
    metavar="LANG",
    help="Print in this language: en, fi, nb, da or sv (the guides' languages).",
)


def _fail(message: str) -> None:
    raise CommandError(message)  # an unknown id or table size: the command cannot do its job (exit 2)


def _language(lang: str):
    """The rendering language as a context; an unknown one is a usage error (exit 2)."""
    from heartspec.i18n import UnknownLanguage, check_language, use_language

    try:
        return use_language(check_language(lang))
    except UnknownLanguage as err:
        _fail(str(err))


def _emit(text_or_data) -> None:
    if isinstance(text_or_data, str):
        click.echo(text_or_data, nl=False)
    else:
        click.echo(json.dumps(text_or_data, ensure_ascii=False, indent=2))


@click.command("rules")
@click.argument("ruleset_id", required=False)
@variant_option
@players_option
@click.option("-o", "--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="Set a table option, e.g. target=50 or moon_effect=subtract_from_self (repeatable).")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "markdown", "json", "html"]), default="text", show_default=True,
    help="html: one self-contained page sized for A4, to print for the table.",
)
@lang_option
@spec_option
def rules_command(ruleset_id: str | None, variants: tuple[str, ...], players: int | None,
                  option_pairs: tuple[str, ...], fmt: str, lang: str, spec_dir: Path | None) -> None:
    """List rulesets and variants, or print the resolved rulebook of RULESET_ID (or RULESET+VARIANT...).

    The rulebook gives every rule as a sentence, with the guide and section it
    comes from; interpretations (where a guide is silent) are marked.  Every
    option the table may set follows, each value with the rule it makes.
    """
    from heartspec.render import RenderError, rulebook

    with _language(lang):
        spec = load_spec_or_exit(spec_dir)
        try:
            if ruleset_id is None:
                if variants or players or option_pairs:
                    _fail("-v, -o and --players need a RULESET_ID")
                if fmt == "html":
                    _fail("--format html prints one rulebook: give a RULESET_ID")
                cat = rulebook.catalog(spec)
                renderers = {"text": rulebook.render_catalog_text, "markdown": rulebook.render_catalog_markdown,
                             "json": rulebook.render_catalog_json}
                _emit(renderers[fmt](cat))
                return
            ruleset_id, variants = ruleset_and_variants(ruleset_id, variants, hint="RULESET_ID")
            book = rulebook.build_rulebook(spec, ruleset_id, variants, players, parse_option_pairs(option_pairs))
        except RenderError as err:
            _fail(str(err))
        from heartspec.render import rulebook_html

        renderers = {"text": rulebook.render_text, "markdown": rulebook.render_markdown, "json": rulebook.render_json,
                     "html": rulebook_html.render_html}
        _emit(renderers[fmt](book))


@click.command("diff")
@click.argument("ruleset_ids", nargs=-1)
@variant_option
@players_option
@click.option("--all", "show_all", is_flag=True, help="Show every rule, not only those that differ.")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "markdown", "json", "html"]), default="text", show_default=True
)
@click.option(
    "--differences",
    is_flag=True,
    help="Print spec/DIFFERENCES.md (with --lang: its sibling DIFFERENCES.LANG.md): the five guides compared at"
    " 3, 4, 5 and 6 players (markdown).",
)
@lang_option
@spec_option
def diff_command(
    ruleset_ids: tuple[str, ...],
    variants: tuple[str, ...],
    players: int | None,
    show_all: bool,
    fmt: str,
    differences: bool,
    lang: str,
    spec_dir: Path | None,
) -> None:
    """Compare rulesets rule by rule: RULESET_IDS are two or more ruleset ids.

    Each cell shows the value and where it comes from (guide §section);
    interpretations are marked.  Variants given with -v apply to every ruleset
    they apply to and are skipped (with a note) elsewhere.
    """
    from heartspec.render import RenderError, diff, html

    with _language(lang):
        spec = load_spec_or_exit(spec_dir)
        try:
            if differences:
                if ruleset_ids or variants or players or show_all:
                    _fail("--differences takes no ruleset ids, -v, --players or --all")
                _emit(diff.differences_document(spec))
                return
            comparison = diff.compare(spec, ruleset_ids, variants, players, show_all)
        except RenderError as err:
            _fail(str(err))
        renderers = {
            "text": diff.render_text,
            "markdown": diff.render_markdown,
            "json": diff.render_json,
            "html": html.render_html,
        }
        _emit(renderers[fmt](comparison))


COMMANDS: list = [rules_command, diff_command]
