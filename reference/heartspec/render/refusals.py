"""A request `heartspec rules` cannot print, refused in one line in the reader's language.

The rules package refuses with its own one-line message (the protocol and English output keep it) and
with the same facts as data (`ResolveError.kind` and `details`).  Under another language the refusal
is said here in the rulebook's own words: a choice by its heading ("Shooting the moon"), its values as
the rulebook words them, rulesets and variants by title.  What a user types to get it right follows
after a dash on the rulebook's "on the command line:" marking, the only place program names show.
"""

from __future__ import annotations

from typing import Any

from heartspec.i18n import SOURCE_LANGUAGE, N_, _, current_language, spec_text
from heartspec.i18n.glossary import number

# Each refusal as one whole sentence a translator can translate; the command line follows it.
SENTENCES = {
    "option_value": N_("“{value}” is not one of the choices for “{choice}”; the choices are: {choices}"),
    "option_free": N_("“{value}” is not a choice for “{choice}”: {takes}"),
    "unknown_option": N_("“{option}” is not a choice at this table; the choices are: {choices}"),
    "no_options": N_("“{option}” is not a choice at this table: these rules leave nothing to choose"),
    "variant_elsewhere": N_("The variant “{variant}” is not played with “{ruleset}”; it is played with: {rulesets}"),
    "target_and_deal_limit": N_("“{ruleset}” plays a set number of deals instead of a points target: "
                                "the table agrees one or the other, not both"),
    "needs_one": N_("“{value}” for “{choice}” is played only together with {setting}"),
    "needs_any": N_("“{value}” for “{choice}” is played only together with one of: {settings}"),
    "never_ends": N_("With no points target and no set number of deals the game would never end; "
                     "the table also agrees one of: {fixes}"),
    "never_ends_unfixed": N_("With no points target and no set number of deals the game would never end"),
    "unplayable": N_("These choices together do not make a game that can be played at {players} players; "
                     "the table also agrees one of: {fixes}"),
    "unplayable_unfixed": N_("These choices together do not make a game that can be played at {players} players"),
    "variant_twice": N_("The variant “{variant}” is named twice"),
    "variant_conflict": N_("The variants “{first}” and “{second}” cannot be played together"),
    "players": N_("“{ruleset}” is played by {counts} players, not by {players}"),
    "unknown_ruleset": N_("There is no ruleset “{name}”; the list of rulesets shows every one"),
    "unknown_variant": N_("There is no variant “{name}”; the list of variants shows every one"),
    "not_a_setting": N_("“{given}” does not say what the table chose"),
}


def in_english() -> bool:
    return current_language() == SOURCE_LANGUAGE


def _with_command_line(sentence: str, settings: list[str]) -> str:
    """The refusal, then (after a dash) what to type, on the rulebook's own command-line marking."""
    if not settings:
        return sentence
    return f"{sentence} — " + _("on the command line: {settings}").format(settings=" | ".join(dict.fromkeys(settings)))


def resolve_refusal(err: Exception, spec, ruleset_id: str, variant_ids: tuple[str, ...], players: int,
                    options: dict | None, english: str) -> str:
    """`english` (the program's own line) in English or where the refusal carries no facts; else in words."""
    kind = getattr(err, "kind", None)
    if in_english() or kind is None:
        return english
    details = getattr(err, "details", {})
    table = _Table(spec, ruleset_id, variant_ids, players, dict(options or {}))
    if kind == "option_value":
        return table.option_value(details["option"], details["given"])
    if kind == "unknown_option":
        return table.unknown_option(details["option"])
    if kind == "variant_elsewhere":
        return variant_elsewhere(spec, details["variant"], details["ruleset"], english)
    if kind == "target_and_deal_limit":
        return table.target_and_deal_limit()
    if kind == "variant_twice":
        return _(SENTENCES["variant_twice"]).format(variant=variant_title(spec, details["variant"]))
    if kind == "variant_conflict":
        first, second = details["variants"]
        sentence = _(SENTENCES["variant_conflict"]).format(first=variant_title(spec, first),
                                                           second=variant_title(spec, second))
        return _with_command_line(sentence, [f"heartspec rules {ruleset_id} -v {v}" for v in (first, second)])
    if kind == "unplayable":
        return table.unplayable(details.get("issues", []))
    return english


def ruleset_title(spec, ruleset_id: str) -> str:
    return spec_text(spec.rulesets[ruleset_id].get("title", ruleset_id))


def variant_title(spec, variant_id: str) -> str:
    return spec_text(spec.variants[variant_id].get("title", variant_id))


def variant_elsewhere(spec, variant_id: str, ruleset_id: str, english: str) -> str:
    if in_english():
        return english
    applies = list(spec.variants[variant_id].get("applies_to", []))
    sentence = _(SENTENCES["variant_elsewhere"]).format(
        variant=variant_title(spec, variant_id), ruleset=ruleset_title(spec, ruleset_id),
        rulesets="; ".join(ruleset_title(spec, r) for r in applies))
    return _with_command_line(sentence, [f"heartspec rules {r} -v {variant_id}" for r in applies])


def players_refused(spec, ruleset_id: str, variant_ids: tuple[str, ...], players: int, allowed: list[int],
                    english: str) -> str:
    if in_english():
        return english
    from heartspec.render.rulebook import _sizes  # the rulebook's own "3, 4 and 5"

    title = " + ".join([ruleset_title(spec, ruleset_id)] + [variant_title(spec, v) for v in variant_ids])
    sentence = _(SENTENCES["players"]).format(ruleset=title, counts=_sizes(tuple(allowed)), players=number(players))
    variants = "".join(f" -v {v}" for v in variant_ids)
    return _with_command_line(sentence, [f"heartspec rules {ruleset_id}{variants} --players {n}" for n in allowed])


def unknown_id(kind: str, name: str, english: str) -> str:
    """An unknown ruleset or variant id; the catalogue (`heartspec rules`) lists them all."""
    if in_english():
        return english
    return _with_command_line(_(SENTENCES[f"unknown_{kind}"]).format(name=name), ["heartspec rules"])


def not_a_setting(given: str, english: str) -> str:
    """A `-o` without NAME=VALUE."""
    if in_english():
        return english
    return _with_command_line(_(SENTENCES["not_a_setting"]).format(given=given), ["-o NAME=VALUE"])


def given_words(value: Any) -> str:
    """A value as the user typed it, a number in the language's own writing (1,5, not 1.5)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return number(value)
    from heartspec.render.options import shown_value

    return shown_value(value)


class _Table:
    """The table the user asked for, with its choices as the rulebook words them."""

    def __init__(self, spec, ruleset_id, variant_ids, players, options):
        self.spec, self.ruleset_id, self.variant_ids = spec, ruleset_id, tuple(variant_ids)
        self.players, self.options = players, options
        self._choices = None

    def choices(self) -> dict:
        """Option name -> RenderedOption, as the rulebook lists them when the table agrees nothing."""
        if self._choices is None:
            from heartspec.render.options import table_options

            try:
                found = table_options(self.spec, self.ruleset_id, self.variant_ids, self.players, {})
            except Exception as err:
                if not type(err).__module__.startswith("heartspec."):
                    raise
                found = []
            self._choices = {o.name: o for o in found}
        return self._choices

    def option_value(self, name: str, given: Any) -> str:
        from heartspec.render.options import any_value_line, option_heading, value_words

        option = self.choices().get(name)
        if option is None:
            return self.unknown_option(name)
        if option.any_value:
            sentence = _(SENTENCES["option_free"]).format(value=given_words(given), choice=option_heading(option),
                                                          takes=any_value_line(option))
        else:
            sentence = _(SENTENCES["option_value"]).format(
                value=given_words(given), choice=option_heading(option),
                choices="; ".join(value_words(option, v.value) for v in option.values))
        return self._then(sentence, option)

    def unknown_option(self, name: str) -> str:
        from heartspec.render.options import option_heading

        choices = self.choices()
        if not choices:
            return _(SENTENCES["no_options"]).format(option=name)
        sentence = _(SENTENCES["unknown_option"]).format(
            option=name, choices="; ".join(option_heading(o) for o in choices.values()))
        return self._then(sentence, *choices.values())

    def target_and_deal_limit(self) -> str:
        sentence = _(SENTENCES["target_and_deal_limit"]).format(ruleset=ruleset_title(self.spec, self.ruleset_id))
        either = [o for o in self.choices().values() if o.rule in ("game_end.target", "game_end.max_deals")]
        return self._then(sentence, *either)

    def _then(self, sentence: str, *options) -> str:
        """The refusal and, on the command line, every `-o` the choices it names take, as one line."""
        from heartspec.render.options import command_line_settings

        return _with_command_line(sentence, [setting for option in options for setting in command_line_settings(option)])

    def unplayable(self, issues: list[str]) -> str:
        """A value that needs another choice says which; otherwise what the table may add to make a game."""
        needing = next(((name, value) for name, value in self.options.items() if self._needs(name, value)), None)
        if needing:
            return self._needs_refusal(*needing)
        fixes = self._fixes()
        words = "; ".join(self._setting_words(setting) for setting in fixes)
        key = "never_ends" if "game_end.target" in issues else "unplayable"
        sentence = _(SENTENCES[key if fixes else f"{key}_unfixed"]).format(fixes=words, players=number(self.players))
        return _with_command_line(sentence, [f"-o {setting}" for setting in fixes])

    def _needs_refusal(self, name: str, value: Any) -> str:
        from heartspec.render.options import option_heading, setting_words, value_words

        option, needs = self.choices()[name], self._needs(name, value)
        words = [setting_words(setting, self.choices()) for setting in needs]
        sentence = _(SENTENCES["needs_one" if len(words) == 1 else "needs_any"]).format(
            value=value_words(option, self._listed(name, value)), choice=option_heading(option),
            setting=words[0], settings="; ".join(words))
        return _with_command_line(sentence, [f"-o {name}={_shown(value)} -o {setting}" for setting in needs])

    def _listed(self, name: str, value: Any) -> Any:
        """The value as the option lists it (`none` typed for no target is the option's None)."""
        from heartspec.render.options import shown_value

        option = self.choices()[name]
        return next((v.value for v in option.values if shown_value(v.value) == _shown(value)), value)

    def _needs(self, name: str, value: Any) -> list[str]:
        """The settings, any one of which this given value needs (the rulebook marks them on the value)."""
        from heartspec.render.options import shown_value

        option = self.choices().get(name)
        if option is None:
            return []
        listed = next((v for v in option.values if shown_value(v.value) == _shown(value)), None)
        return list(listed.needs) if listed else []

    def _fixes(self) -> list[str]:
        """Settings (NAME=VALUE, N for a free number) that, added to those given, make the game playable."""
        from heartspec.render.options import shown_value

        fixes = []
        for name, option in self.choices().items():
            if name in self.options:
                continue
            for value in option.values:
                tried = value.value
                if option.any_value and tried is None:
                    tried = 1  # any number of deals, say, ends the game: try one
                if self._playable({**self.options, name: tried}):
                    fixes.append(f"{name}=N" if option.any_value else f"{name}={shown_value(value.value)}")
        return list(dict.fromkeys(fixes))

    def _playable(self, options: dict) -> bool:
        try:
            self.spec.resolve(self.ruleset_id, self.variant_ids, self.players, options)
        except Exception as err:
            if not type(err).__module__.startswith("heartspec."):
                raise
            return False
        return True

    def _setting_words(self, setting: str) -> str:
        from heartspec.render.options import option_heading, setting_words

        name, _sep, shown = setting.partition("=")
        if shown == "N":
            return option_heading(self.choices()[name])
        return setting_words(setting, self.choices())


def _shown(value: Any) -> str:
    from heartspec.render.options import shown_value

    if isinstance(value, str) and value.strip().lower() in ("none", "null"):
        return "none"
    return shown_value(value)
