"""The bodies of a spreadsheet's import: its query, and the preview it answers (the evenings
found, the names the club lacks, every problem by line, the lines that are no results, how its
dates read, and each figure it gives otherwise for an evening brought in already)."""

from marshmallow import Schema, fields, validate

from api.clubs.schemas import PastEvening
from ledger.clubs.dates import ORDERS
from ledger.events.fields import CURRENCY, Ref


class ImportQuery(Schema):
    confirm = fields.Boolean(load_default=False, metadata={
        "description": "record it (nothing is recorded without it: a preview)"})
    id = Ref(metadata={"description": "client-chosen id of this confirmation (one a tap, kept "
                                      "for its retries): the same file and options again "
                                      "answer the original answer and record nothing; the "
                                      "same id with another file or options is 409. A preview "
                                      "records nothing: there the id counts for nothing"})
    currency = fields.String(load_default="GBP", validate=CURRENCY,
                             metadata={"description": "of the lines with no currency column"})
    counter_value = fields.Integer(load_default=1, validate=validate.Range(1, 10**9),
                                   metadata={"description": "minor units a counter is worth: "
                                             "makes counters of money, or money of counters "
                                             "(each figure at most 10⁹ of either)"})
    new = fields.List(fields.String(), load_default=list, metadata={
        "description": "names in the file to add as new members"})
    link = fields.List(fields.String(), load_default=list, metadata={
        "description": "`name=member id`: a name in the file that is that member"})
    dates = fields.String(validate=validate.OneOf(ORDERS), metadata={
        "description": "how dates that are not ISO are written: day_first (25/12/2026, the "
                       "default) or month_first (12/25/2026). A file whose dates read both ways "
                       "(03/04/2025) is recorded only once this says which"})
    correct = fields.Boolean(load_default=False, metadata={
        "description": "with confirm=true: record the figures the file gives otherwise for "
                       "evenings brought in already (the preview's `conflicts`) as corrections; "
                       "without it, such a file is refused (409 naming `correct`: the club's book "
                       "stands otherwise)"})


class ImportProblem(Schema):
    line = fields.Integer()
    field = fields.String()
    message = fields.String()
    book = fields.Boolean(metadata={
        "description": "true: the line is at odds with the club's book as it stands (an evening "
                       "brought in in another currency, a new name too like a member's), not "
                       "wrong in itself; a file whose only problems are such is refused with "
                       "409 on confirmation, any other with 422"})


class ImportResult(Schema):
    member = fields.String(metadata={"description": "the member's id, or new:<name>"})
    name = fields.String(metadata={"description": "as the file wrote it"})
    counters = fields.Integer()
    amount_minor = fields.Integer()
    line = fields.Integer()


class ImportEvening(PastEvening):
    line = fields.Integer(metadata={"description": "its first line in the file"})
    results = fields.List(fields.Nested(ImportResult), metadata={
        "description": "each member's result, in the file's order"})
    already = fields.Boolean(metadata={"description": "imported before: recorded again never "
                                                      "(its changed figures are `conflicts`)"})
    withdrawn = fields.Boolean(metadata={"description": "imported before and withdrawn since: "
                                                        "neither recorded nor corrected"})


class Figures(Schema):
    counters = fields.Integer()
    amount_minor = fields.Integer()


class Conflict(Schema):
    evening = fields.String(metadata={"description": "the evening's `evening_imported` id"})
    date = fields.String()
    evening_name = fields.String()
    member = fields.String(metadata={"description": "the member's id, or new:<name>"})
    name = fields.String(metadata={"description": "the member as the file (or the club) names him"})
    line = fields.Integer(allow_none=True, metadata={"description": "null: the file no longer "
                                                                    "names him that evening"})
    before = fields.Nested(Figures, allow_none=True, metadata={
        "description": "his result as the club has it; null: none"})
    after = fields.Nested(Figures, allow_none=True, metadata={
        "description": "his result as the file gives it; null: none"})


class DateReadings(Schema):
    day_first = fields.String(allow_none=True)
    month_first = fields.String(allow_none=True)


class DateExample(Schema):
    line = fields.Integer()
    text = fields.String()
    readings = fields.Nested(DateReadings, metadata={"description": "YYYY-MM-DD, each way; "
                                                                    "null: no day that way"})


class Dates(Schema):
    choice = fields.String(allow_none=True, metadata={"description": "the `dates` asked for"})
    ambiguous = fields.Boolean(metadata={"description": "every date reads both ways"})
    evident = fields.String(allow_none=True, metadata={
        "description": "the one way every date reads, if only one does"})
    asked = fields.Boolean(metadata={"description": "the import must say which (`dates`) "
                                                    "before it is recorded"})
    example = fields.Nested(DateExample, allow_none=True)


class LeftOut(Schema):
    line = fields.Integer()
    message = fields.String()


class UnknownMember(Schema):
    name = fields.String()
    line = fields.Integer()
    added = fields.Boolean(metadata={"description": "to be added as a new member"})


class ImportPreview(Schema):
    format = fields.String(metadata={"description": "what the file was read as: csv, xlsx, or "
                                                    "splitwise (an export of Splitwise's)"})
    sheet = fields.String(allow_none=True, metadata={"description": "the worksheet read, of "
                                                                    "a workbook"})
    dates = fields.Nested(Dates)
    evenings = fields.List(fields.Nested(ImportEvening))
    unknown_members = fields.List(fields.Nested(UnknownMember))
    problems = fields.List(fields.Nested(ImportProblem))
    left_out = fields.List(fields.Nested(LeftOut), metadata={
        "description": "lines that are no results (a Splitwise payment or total), and why"})
    conflicts = fields.List(fields.Nested(Conflict), metadata={
        "description": "each result the file gives otherwise for an evening brought in already"})
    corrections = fields.Integer(metadata={"description": "evenings the conflicts would correct"})
    new = fields.Integer(metadata={"description": "evenings not imported already"})
    ready = fields.Boolean(metadata={"description": "no problem left, no date to choose: it can "
                                                    "be confirmed (with correct=true if there "
                                                    "are conflicts)"})
    recorded = fields.Integer(metadata={"description": "(confirmed) evenings recorded"})
    members_added = fields.Integer()
    corrected = fields.Integer(metadata={"description": "(confirmed) evenings corrected"})
