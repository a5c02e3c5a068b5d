"""What spec/protocol.md lets an engine do otherwise than the reference engine: each MAY and each "either", as data.

The fuzzer's comparison (heartspec.fuzz.compare) and the conformance steps
(heartspec.conformance.steps) read these entries and nothing else, so a probe
or a step carries the set of answers the protocol allows, and an answer an
allowance covers is never a difference or a failure.

`ALLOWANCES` holds every freedom an engine has; `NOT_ENGINE_CHOICES` every
MAY, "either" or "optional" of spec/protocol.md that is no freedom of the
engine's (a client's freedom, or a choice the rules make), with the reason.
tests/test_protocol_allowances.py keeps the two in step with the text: a
clause that says MAY, "either" or "optional" and is in neither fails it, and
tests/allowance_engine.py takes each allowance in turn against the suite and
the fuzzer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

Request = dict


@dataclass(frozen=True)
class Allowance:
    """One thing an engine may do otherwise, the clause it rests on, and the answers it then allows.

    Exactly one of the shapes is filled:
      codes       a request `applies` matches may also be refused with one of these codes
      free_fields command -> response fields an engine may leave out or fill otherwise
      unordered   response fields (lists of lists, or lists) whose order is the engine's
      extra_fields any object of a response may carry fields the protocol does not define
      free_text   response fields whose text is the engine's own (a non-empty string)
    """

    name: str                 # the switch tests/allowance_engine.py takes it by
    clause: str               # the clause id, or the section where the text gives none
    says: str                 # the freedom, in a line
    codes: frozenset[str] = frozenset()
    applies: Callable[[Request], bool] | None = None
    free_fields: dict[str, tuple[str, ...]] = field(default_factory=dict)
    unordered: tuple[str, ...] = ()
    extra_fields: bool = False
    free_text: tuple[str, ...] = ()


def _deal_by_seed(request: Request) -> bool:
    return request.get("cmd") == "deal" and request.get("seed") is not None


ALLOWANCES: tuple[Allowance, ...] = (
    Allowance("refuse-seed", "P-deal-2",
              "an engine other than the reference may refuse a deal given by `seed` with bad_request, in any phase "
              "(bad_request is checked before wrong_phase)",
              codes=frozenset({"bad_request"}), applies=_deal_by_seed),
    Allowance("extra-fields", "P-envelope-16",
              "a response may carry fields the protocol does not define, at any level: beside ok, in an event, "
              "in the error object, in a trick entry, in a moon (not in a map keyed by ids, such as supports.players, "
              "where a key is a claim)", extra_fields=True),
    Allowance("own-messages", "P-envelope-8", "an error's message is any non-empty text",
              free_text=("error.message",)),
    Allowance("key-order", "§2", "the keys of a response come in any order (clients must not depend on it)"),
    Allowance("hand-order", "§3", "the cards of a hand in `state` are listed in the engine's order",
              unordered=("hands",)),
    Allowance("no-echo", "P-new_game-1",
              "new_game's echo of ruleset, variants, players, dealer and deal_number is informative: an engine "
              "may leave it out", free_fields={"new_game": ("ruleset", "variants", "players", "dealer", "deal_number")}),
    Allowance("own-hello", "P-hello-3",
              "hello names the engine as it likes, and `supports.players` is optional (left out, every size the "
              "ruleset allows is claimed); further `supports` fields are extensions",
              free_fields={"hello": ("engine", "supports")}),
)
"""Every freedom, by name. The `key-order` entry needs no data: every comparison decodes the JSON first."""

NOT_ENGINE_CHOICES: dict[str, str] = {
    "P-framing-5": "a client MAY write several requests before reading: the client's freedom, which every engine "
                   "must serve (the fuzzer relies on it)",
    "P-envelope-2": "`id` is optional in a request: the client's freedom; the engine must echo what was sent",
    "P-envelope-7": "an optional request field given as null counts as absent: what every engine must do",
    "§3": "a hand may hold a name twice with two decks: the rules' deck, not an engine's choice",
    "§6.1": "a client may ignore the extensions of `supports`: the client's freedom",
    "§6.2": "`variants` and `options` are optional in new_game, and a ruleset may offer fewer values than the "
            "range: the client's freedom and the rules' values",
    "P-pass-4": "a name may appear twice in a pass with two decks: the rules' deck",
    "P-play-2": "the end of a deal brings either moon_choice alone or deal_scored and then next_deal or game_over: "
                "the rules decide which, the engine has no choice",
    "§6.8": "`legal` lists the cards a seat may play: the rules decide",
    "§6.10": "the players may stop an open-ended game whenever they like: the client's freedom",
    "P-events-6": "a game's money may differ by a cent from the sum of the rounded per-deal figures: what exact "
                  "arithmetic rounded once gives, not a freedom (money is compared to the cent)",
}
"""Clauses where spec/protocol.md says MAY, "either", "may" or "optional" of something other than an engine's answer."""


def by_name() -> dict[str, Allowance]:
    return {allowance.name: allowance for allowance in ALLOWANCES}


def allowed_codes(request: Any) -> frozenset[str]:
    """Error codes an engine may answer `request` with, beyond the reference's own answer."""
    if not isinstance(request, dict):
        return frozenset()
    codes: set[str] = set()
    for allowance in ALLOWANCES:
        if allowance.codes and allowance.applies is not None and allowance.applies(request):
            codes |= allowance.codes
    return frozenset(codes)


def free_fields(command: str) -> frozenset[str]:
    """Fields of `command`'s success response an engine may leave out or fill otherwise."""
    return frozenset(name for allowance in ALLOWANCES for name in allowance.free_fields.get(command, ()))


def unordered_fields() -> frozenset[str]:
    """Response fields whose lists come in the engine's own order."""
    return frozenset(name for allowance in ALLOWANCES for name in allowance.unordered)


def extra_fields_allowed() -> bool:
    return any(allowance.extra_fields for allowance in ALLOWANCES)


def free_text_fields() -> frozenset[str]:
    return frozenset(name for allowance in ALLOWANCES for name in allowance.free_text)


def allowed_refusal(request: Any, engine: dict) -> str | None:
    """The clause that allows the engine's refusal of `request`, when one does (else None)."""
    if not isinstance(engine, dict) or engine.get("ok") is not False or not isinstance(request, dict):
        return None
    error = engine.get("error")
    code = error.get("code") if isinstance(error, dict) else None
    for allowance in ALLOWANCES:
        if allowance.codes and code in allowance.codes and allowance.applies and allowance.applies(request):
            return allowance.clause
    return None


def defined_only(value: Any, defined: tuple[str, ...]) -> Any:
    """An object cut to the fields the protocol defines for it, where extra fields are allowed (P-envelope-16)."""
    if not extra_fields_allowed() or not isinstance(value, dict):
        return value
    return {key: item for key, item in value.items() if key in defined}
