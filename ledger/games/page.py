"""A game as the phone page offers it (`GET /api/v1/games`): its facts as buttons, each with
the sheet it asks for, and its options read from its marshmallow schema. Compact: a key at
its default (none, false, no text) is left out, so that the catalogue stays small on a
phone's slow network; lists are always given, empty or not."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from marshmallow import fields, missing, validate

from ledger.language import _


def compact(described: dict) -> dict:
    """`described` without the keys at their default: none, false or no text (a number 0 and
    an empty list are kept)."""
    return {key: value for key, value in described.items()
            if value is not None and value is not False and value != ""}


def option_described(name: str, field: fields.Field) -> dict:
    """One option as a start-game form offers it, read from its marshmallow field: `input` is
    `bool`, `choice` (of `choices`), `number` (from `min`), `seat` (a seated player),
    `tables` (players seated at the session's tables) or `partners` (two sides of two). An
    option that applies only to some tables says so: `seats` (offered for this many seated
    players, [fewest, most]) and `without` (not with that other option set)."""
    choices = next((v.choices for v in field.validators if isinstance(v, validate.OneOf)), None)
    if isinstance(field, fields.Boolean):
        form = {"input": "bool"}
    elif choices is not None:
        form = {"input": "choice", "choices": list(choices)}
    elif isinstance(field, fields.Integer):
        form = {"input": "number", "min": field.metadata.get("minimum", 0)}
    elif isinstance(field, fields.String):
        form = {"input": "seat"}  # a reference among the options is a seated player
    elif isinstance(field, fields.List) and isinstance(field.inner, fields.Nested):
        form = {"input": "tables"}
    else:
        form = {"input": "partners"}
    default = field.load_default
    return compact({"name": name, "label": _(name.replace("_", " ").capitalize()),
                    "hint": _(field.metadata.get("description", "")),
                    "choice_labels": choice_labels(form.get("choices", ())),
                    "default": None if default is missing or callable(default) else default,
                    "seats": field.metadata.get("seats"), "without": field.metadata.get("without"),
                    **form})


def choice_labels(choices) -> dict[str, str] | None:
    """A choice's values in the table's words (`pope_only` → "pope only")."""
    said = {choice: _(choice.replace("_", " ")) for choice in choices if isinstance(choice, str)}
    return said or None


@dataclass(frozen=True)
class Field:
    """One input of a button's sheet on the phone page.

    `input`: `player`, `players`, `amount`, `text`, `bool`, `choice` (one of `choices`),
    `table`, or `counts` (a number per seat, or with `choices` several: Cassino's cards,
    spades…). `label`: the table's words for it. `default`: a number, or what the page knows
    when the sheet opens: `next_dealer`, `dealer` (of the deal in progress), `stake`, `none`
    (a grid row that may be left alone: a compartment not won), or
    `=<field>` (another field's value, until it is chosen). The page sends every default it
    resolved explicitly, so that a fact sent late means what its recorder saw; `=<field>` is left
to the service, which works it out from that field unless chosen (`hint` says how). `totals`: for
    `counts`, what the counts of a whole deal add up to, by the value of the game's option
    `totals_option` (Cassino's pack): the page shows running totals and refuses a deal that
    does not add up before sending it. `grid`: the field is a row (this its short name) of one
    table with its sheet's other grid fields, a column per seat: a player field a row of
    radios (an optional one with a column for none: `hint` says what none means), a count per
    seat a row of cells that count taps (to `most`). `only_with`: asked only in a game started
    with this option at this value (Cassino's Little Cassino: a 52-card pack has one, a
    32-card pack none); what a game in play admits of a field (the choices still open, whether it is asked
    at all, a default worked out from the game) is its `due` (`ledger.games.due`)."""

    name: str
    input: str
    label: str = ""
    default: int | str | None = None
    optional: bool = False
    choices: tuple[str, ...] = ()
    totals: Mapping[int, Mapping[str, int]] | None = None
    totals_option: str = ""
    hint: str = ""  # what the page says of a default it leaves to the service
    besides: str = ""  # `counts`: every seat but the one chosen in this other field
    grid: str = ""  # a row of one table with the sheet's other `grid` fields, a column a seat
    most: int = 0  # a `grid` count: a tap adds one, up to this (then back to none)
    unless: str = ""  # not asked once the deal in play has settled this (`the king`)
    only_with: tuple[str, object] = ()  # (option, value): asked only in such a game
    fixed: bool = False  # its default is what the rules allow: said on the sheet, sent, not asked

    def described(self) -> dict:
        """What the page needs of it; a key at its default (none, false, no text) is left out."""
        return compact({"name": self.name, "input": self.input,
                        "label": _(self.label or self.name.replace("_", " ")),
                        "default": self.default, "optional": self.optional,
                        "choices": list(self.choices), "choice_labels": choice_labels(self.choices),
                        "totals": self.totals and {str(k): dict(v) for k, v in self.totals.items()},
                        "totals_option": self.totals_option, "hint": _(self.hint),
                        "besides": self.besides, "grid": _(self.grid), "most": self.most or None,
                        "fixed": self.fixed,
                        "unless": self.unless})


@dataclass(frozen=True)
class Button:
    """A fact the phone page offers for a game, with the sheet it asks for.

    `quick`: the sheet that settles a deal, shown open in the game's card while a deal is in
    progress (a typical deal: Deal, a tap or two on it, Record). `outcomes`: a sheet for the
    whole deal with one row per seat but the dealer; each row's outcome (label → the fact's
    data) becomes one fact for that seat (`player`), the first outcome preselected.
    When it is offered comes from the game's deal life: what is due in each game is a read
    of its own (`ledger.games.due`); `only_if(options)`: offered only in a game started so
    (Speculation's knave-or-five fine, Vingt-un's over-draw penalty). `said`: the fact in the
    log's words while it waits to be sent, each `{field}` its value in the table's words, and a
    `[…]` part only when what it names was given: "{stander} stood[; {winner} won]" (the log
    then tells what the rules made of it, with its figures)."""

    label: str
    type: str
    fields: tuple[Field, ...] = ()
    quick: bool = False
    outcomes: tuple[tuple[str, Mapping], ...] = ()
    only_if: Callable[[Mapping], bool] | None = None
    said: str = ""  # the fact as the log tells it, before the service has it: "{winner} won"

    def described(self) -> dict:
        return compact({"label": _(self.label), "type": self.type, "quick": self.quick,
                        "said": _(self.said), "fields": [f.described() for f in self.fields],
                        "outcomes": [[_(label), dict(data)] for label, data in self.outcomes]})
