"""The club's event types and the schemas of their data. A member's id is the id of the
`member_added` event that brought him in (as a player's is his `player_added`'s)."""

import datetime as dt

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from ledger.errors import Invalid
from ledger.events.fields import (CURRENCY, MAX_AMOUNT, EventData, Language, MemberKey, Ref,
                                  RefKey, Text, WholeNumber)
from ledger.language import _


class ClubCreated(EventData):
    name = Text(200, required=True)
    language = Language(metadata={
        "description": "the language the club's words are said in when a request asks for none "
                       "it speaks (Accept-Language); stored only when given: without it, English"})


class LanguageChanged(EventData):
    """The language the club's words are said in when a request asks for none, changed: from
    here on its log, its files and its refusals speak it (an evening keeps its own)."""

    language = Language(required=True)


class MemberAdded(EventData):
    name = Text(100, required=True)
    group = Text(50, allow_none=True, load_default=None, metadata={
        "description": "e.g. lady, gentleman: Progressive Poker's group prizes"})


class MemberRenamed(EventData):
    member = Ref(required=True)
    name = Text(100, required=True)


class MemberRetired(EventData):
    member = Ref(required=True, metadata={
        "description": "he keeps his history and standings; new evenings no longer offer him"})


class SeasonDeclared(EventData):
    name = Text(100, required=True)
    starts = fields.Date(required=True, metadata={"description": "first day, YYYY-MM-DD"})
    ends = fields.Date(required=True, metadata={"description": "last day, YYYY-MM-DD, not "
                                                              "before the first"})


class EveningAttached(EventData):
    session_id = Ref(required=True)
    links = fields.Dict(keys=RefKey(), values=Ref(), load_default=dict, metadata={
        "description": "the evening's players (by id) linked to the club's members (by id)"})


class PlayerLinked(EventData):
    session_id = Ref(required=True)
    player = Ref(required=True)
    member = Ref(required=True, allow_none=True, metadata={
        "description": "the member he is; null: he is no member's"})


class ImportedResult(Schema):
    class Meta:
        unknown = RAISE

    name = Text(100, required=True, metadata={"description": "as the file wrote it"})
    counters = fields.Integer(strict=True, required=True,
                              validate=validate.Range(-MAX_AMOUNT, MAX_AMOUNT))
    amount_minor = fields.Integer(strict=True, required=True,
                                  validate=validate.Range(-MAX_AMOUNT, MAX_AMOUNT))


class EveningImported(EventData):
    """A past evening's results brought in from a spreadsheet (results only: no deals)."""

    date = fields.Date(required=True)
    name = Text(200, required=True)
    currency = fields.String(required=True, validate=CURRENCY)
    game = Text(100, allow_none=True, load_default=None)
    results = fields.Dict(keys=RefKey(), values=fields.Nested(ImportedResult), required=True,
                          metadata={"description": "member id -> his result"})


class Figures(Schema):
    class Meta:
        unknown = RAISE

    counters = fields.Integer(strict=True, required=True,
                              validate=validate.Range(-MAX_AMOUNT, MAX_AMOUNT))
    amount_minor = fields.Integer(strict=True, required=True,
                                  validate=validate.Range(-MAX_AMOUNT, MAX_AMOUNT))


class Change(Schema):
    """One member's result on an evening brought in, as it stood and as it stands corrected."""

    class Meta:
        unknown = RAISE

    member = Ref(required=True)
    name = Text(100, required=True, metadata={"description": "as the file wrote it"})
    before = fields.Nested(Figures, required=True, allow_none=True, metadata={
        "description": "his result as it stood; null: he had none that evening"})
    after = fields.Nested(Figures, required=True, allow_none=True, metadata={
        "description": "his result corrected; null: he had none that evening after all"})


class EveningCorrected(EventData):
    """An evening brought in, its results mended by a file brought in again with other
    figures: each difference, from what stood to what stands (the evening still sums to 0)."""

    evening = Ref(required=True, metadata={"description": "its `evening_imported` fact's id"})
    changes = fields.List(fields.Nested(Change), required=True,
                          validate=validate.Length(1, 10_000))


class EveningWithdrawn(EventData):
    """An evening brought in, left out of the standings from here on; it stays in the log."""

    evening = Ref(required=True, metadata={"description": "its `evening_imported` fact's id"})
    reason = Text(200, required=True, metadata={"description": "why, for the club's log"})


class ImportRecorded(EventData):
    """A spreadsheet's confirmation sent with a client's id (the event's): what it asked and
    what it recorded, so that the same request again is answered as it was."""

    request = fields.String(required=True, validate=validate.Regexp(r"^[0-9a-f]{64}$"), metadata={
        "description": "SHA-256 of the file and its options"})
    recorded = WholeNumber(0, required=True, metadata={"description": "evenings recorded"})
    members_added = WholeNumber(0, required=True)
    corrected = WholeNumber(0, load_default=0, metadata={"description": "evenings corrected"})


MINOR_UNITS = validate.Range(-MAX_AMOUNT, MAX_AMOUNT)


class TabOpened(EventData):
    """The club's tab in a currency started from its paper book: what each member owes (−)
    or is owed (+) in minor units; the book sums to zero (else 422). Once a currency."""

    currency = fields.String(required=True, validate=CURRENCY)
    balances = fields.Dict(keys=MemberKey(), values=fields.Integer(
        strict=True, validate=MINOR_UNITS), required=True, validate=validate.Length(1, 1000),
        metadata={"description": "member id -> what he is owed (+) or owes (−), in minor "
                                 "units; summing to zero"})


# `from` is a Python keyword, so the schema is built from a dict (as a payment's).
TabPaid = EventData.from_dict({
    "from": Ref(refers_to="member", required=True, metadata={"description": "the member who "
                                                                             "paid"}),
    "to": Ref(refers_to="member", required=True, metadata={"description": "the member he "
                                                                          "paid: not himself"}),
    "currency": fields.String(required=True, validate=CURRENCY, metadata={
        "description": "the tab it is paid on"}),
    "amount_minor": WholeNumber(1, required=True, metadata={
        "description": "no more than the payer owes or the payee is owed on that tab"}),
    "note": Text(200, metadata={"description": "e.g. cash, bank transfer"}),
}, name="TabPaid")


class EveningCarried(EventData):
    """An evening of the club carried to its tab (the evening's own `carried_to_tab`, noted
    in the club's log in the same transaction): each linked member's figure that evening."""

    session_id = Ref(required=True)
    carry = Ref(required=True, metadata={"description": "the evening's carried_to_tab's id"})
    currency = fields.String(required=True, validate=CURRENCY)
    balances = fields.Dict(keys=MemberKey(), values=fields.Integer(strict=True,
                                                                   validate=MINOR_UNITS))


class CarryUndone(EventData):
    """An evening's carry undone in its own log: its figures come off the tab."""

    session_id = Ref(required=True)
    carry = Ref(required=True, metadata={"description": "the evening's carried_to_tab's id"})
    reason = Text(200, required=True)


SCHEMAS: dict[str, type[Schema]] = {
    "club_created": ClubCreated, "member_added": MemberAdded, "member_renamed": MemberRenamed,
    "member_retired": MemberRetired, "season_declared": SeasonDeclared,
    "evening_attached": EveningAttached, "player_linked": PlayerLinked,
    "evening_imported": EveningImported, "evening_corrected": EveningCorrected,
    "evening_withdrawn": EveningWithdrawn, "import_recorded": ImportRecorded,
    "tab_opened": TabOpened, "tab_paid": TabPaid, "evening_carried": EveningCarried,
    "carry_undone": CarryUndone, "language_changed": LanguageChanged,
}
# Recorded by their own endpoints: the club's creation, its evenings (which need the
# evening's own token, or open a new one), what a spreadsheet brings in, and the carries
# to the tab (which the evening's own log records).
APPENDED = frozenset(SCHEMAS) - {"club_created", "evening_attached", "evening_imported",
                                 "evening_corrected", "import_recorded", "evening_carried",
                                 "carry_undone"}


class ClubEnvelope(Schema):
    """An append to a club: `{id?, type, data, expected_version?}`."""

    class Meta:
        unknown = RAISE

    id = Ref(metadata={"description": "client-generated UUID; a resend returns the original"})
    type = fields.String(required=True, metadata={"description": "one of: " + ", ".join(sorted(APPENDED))})
    data = fields.Dict(required=True)
    expected_version = WholeNumber(0, load_default=None, allow_none=False, metadata={
        "description": "the club's version the writer last saw"})


_INSTANCES = {name: schema() for name, schema in SCHEMAS.items()}


def load_request(body, types=APPENDED) -> dict:
    """An append request validated, its data by its type's schema (422 names each field)."""
    if not isinstance(body, dict):
        raise Invalid.field("body", _("Must be a JSON object."))
    try:
        loaded = ClubEnvelope().load({"data": {}, **body})
    except ValidationError as error:
        raise Invalid(_("Invalid event: %(fields)s", fields=", ".join(error.messages)),
                      {k: _flat(v) for k, v in error.messages.items()}) from None
    if loaded["type"] not in types:
        raise Invalid.field("type", _("Unknown club event type %(type)s: one of %(types)s.",
                                      type=repr(loaded["type"]), types=", ".join(sorted(types))))
    loaded["data"] = load(loaded["type"], loaded["data"])
    return loaded


def load(event_type: str, data: dict) -> dict:
    try:
        loaded = _INSTANCES[event_type].load(data)
    except ValidationError as error:
        at_fault = {f"data.{k}": _flat(v) for k, v in error.messages.items()}
        raise Invalid(_("Invalid event data: %(fields)s", fields=", ".join(at_fault)),
                      at_fault) from None
    return {k: v.isoformat() if isinstance(v, dt.date) else v for k, v in loaded.items()}


def _flat(messages) -> list[str]:
    if isinstance(messages, dict):
        return [f"{k}: {m}" for k, v in messages.items() for m in _flat(v)]
    return [messages] if isinstance(messages, str) else [str(m) for m in messages]
