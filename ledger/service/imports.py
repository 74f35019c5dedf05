"""What comes into the ledger from elsewhere, each one unit of work: a club's past evenings
from a spreadsheet (`ledger.clubs.imports`), and a stream's log moved from another store
(`ledger export-log` / `import-log`), its chain checked as it is copied."""

import hashlib
import uuid

import orjson

from ledger.clubs import corrections, facts, imports, rules
from ledger.clubs.dates import MONTHS
from ledger.clubs.state import fold
from ledger.errors import Conflict, Inconsistent, Invalid, NotFound
from ledger.events.draft import Draft
from ledger.events.hashing import chain_hash, hashed_content
from ledger.events.store.base import CLUB_TOKENS, SESSION_TOKENS
from ledger.service.unit_of_work import Units


class Imports:
    def __init__(self, units: Units):
        self.units = units

    def results(self, club_id: str, raw: bytes, options: dict, request_id: str | None = None,
                correct: bool = False) -> dict:
        """Record what a spreadsheet of past evenings previews, in one transaction: the
        members it adds (as ordinary members), each evening not imported already, and, if
        `correct`, each evening imported already whose figures the file changes (its
        `evening_corrected`). Refused whole (422, each problem by line) unless the preview
        is ready; 422 naming `dates` while its dates read two ways and the import has not
        said which, and naming `correct` while it changes evenings and does not say so. Ids
        of evenings and members are made from the club and the names, so a confirmation
        sent twice records nothing new; a confirmation with nothing new to record records
        nothing at all (the club's version stays).

        With a client `request_id`, the confirmation is kept as the club's `import_recorded`
        under that id (with a digest of the file and its options): the same request again
        answers the original answer, the preview as it was before, and records nothing; the
        same id with another file or other options is 409. An id whose confirmation recorded
        nothing is kept by nothing: sent again, it is answered as a new one."""
        digest = _digest(raw, {**options, **({"correct": True} if correct else {})})
        for uow in self.units.attempts(club_id, busy="club"):
            with uow:
                state = uow.club()
                original = uow.event(request_id) if request_id else None
                if original is not None:
                    answer = _again(uow.writer, club_id, original, raw, options, digest)
                else:
                    seen = imports.preview(state, raw, **options)
                    _ready(seen, correct)
                    answer = _recorded(uow, club_id, state, seen, request_id, digest)
        return answer

    def log(self, stream: str, events: list[dict], digests: dict[str, str], club: bool) -> int:
        """Copy a session's (or a club's) events verbatim (ids, versions, times, postings,
        hashes) after checking their chain; events already here with the same hash are
        skipped, so an import can be repeated. A club's index of its evenings is rebuilt from
        its `evening_attached`, in the same transaction. Returns how many were added."""
        added = 0
        with self.units.unit(stream) as uow:
            writer = uow.writer
            version, prev_hash = writer.head(stream)
            for event in events:
                _check_chained(event, stream)
                if event["version"] <= version:
                    here = writer.events(stream, event["version"] - 1, event["version"])
                    if here[0]["hash"] != event["hash"]:
                        raise Conflict(f"Version {event['version']} differs from the one here.",
                                       {"version": [str(event["version"])]})
                    continue
                if event["version"] != version + 1 or event["prev_hash"] != prev_hash:
                    raise Conflict(f"Version {event['version']} does not follow {version}.",
                                   {"version": [str(event["version"])]})
                writer.copy(event)
                version, prev_hash, added = event["version"], event["hash"], added + 1
            whose = CLUB_TOKENS if club else SESSION_TOKENS
            known = writer.token_roles(whose, stream)
            writer.add_tokens(whose, stream, {r: d for r, d in digests.items() if r not in known})
            if club:
                _index(writer, stream, events)
        self.units.store.forget(stream)
        return added


def _recorded(uow, club_id: str, state, seen: dict, request_id: str | None,
              digest: str) -> dict:
    drafts, made = [], {}
    for unknown in seen["unknown_members"]:
        member_id = imports.member_id(club_id, unknown["name"], state.members)
        made[f"new:{imports._key(unknown['name'])}"] = member_id
        if member_id not in state.members:
            data = facts.load("member_added", {"name": unknown["name"]})
            rules.decide(state, "member_added", data)
            drafts.append(Draft(member_id, "member_added", None, data))
    for evening in seen["evenings"]:
        if not evening["already"]:
            drafts.append(Draft(evening["id"], "evening_imported", None, facts.load(
                "evening_imported", _imported(evening, made))))
    for evening, changes in corrections.changes(seen["conflicts"], made).items():
        data = facts.load("evening_corrected", {"evening": evening, "changes": changes})
        rules.corrected(state, data, frozenset(made.values()))
        drafts.append(Draft(str(uuid.uuid4()), "evening_corrected", None, data))
    for draft in drafts:  # made from names: an id a client chose may have taken it
        if (taken := uow.event(draft.id)) is not None:
            raise Conflict(f"The id {draft.id} that the file's "
                           f"{'member' if draft.type == 'member_added' else 'evening'} "
                           f"{draft.data['name']} takes is used by the club's "
                           f"{taken['type']} (version {taken['version']}).",
                           {"file": [f"{draft.data['name']}: id taken"]})
    counts = {"recorded": sum(d.type == "evening_imported" for d in drafts),
              "members_added": sum(d.type == "member_added" for d in drafts),
              "corrected": sum(d.type == "evening_corrected" for d in drafts)}
    if request_id and drafts:  # nothing new, nothing recorded: no club phone refreshes
        drafts.append(Draft(request_id, "import_recorded", None,
                            facts.load("import_recorded", {"request": digest, **counts})))
    for n, draft in enumerate(drafts):
        (uow.append if n == len(drafts) - 1 else uow.place)(draft, [])
    return {**seen, **counts}


def _again(writer, club_id: str, original: dict, raw: bytes, options: dict, digest: str) -> dict:
    """The answer a confirmation recorded under this id gave: its preview of the club as it
    stood before it (the events it wrote came just before its own), and what it recorded."""
    data = original["data"]
    if original["type"] != "import_recorded" or data["request"] != digest:
        raise Conflict(f"Id {original['id']} was already recorded with other content.",
                       {"id": ["already used for a different event"]})
    made = data["recorded"] + data["members_added"] + data.get("corrected", 0)
    before = original["version"] - 1 - made
    seen = imports.preview(fold(writer.events(club_id, 0, before)), raw, **options)
    return {**seen, "recorded": data["recorded"], "members_added": data["members_added"],
            "corrected": data.get("corrected", 0)}


def _digest(raw: bytes, options: dict) -> str:
    """What a confirmation asked: the file and its options (currency, counter value, names)."""
    return hashlib.sha256(raw + b"\n" + orjson.dumps(options, option=orjson.OPT_SORT_KEYS)
                          ).hexdigest()


def _ready(seen: dict, correct: bool) -> None:
    """Recorded only as the preview stands ready, its dates read one way, and its
    corrections, if any, accepted."""
    if seen["dates"]["asked"]:
        example = seen["dates"]["example"]
        read = {order: _day(day) for order, day in example["readings"].items()}
        raise Inconsistent.field("dates", f"The dates can be read two ways (line {example['line']}: "
                            f"{example['text']} is {read['day_first']} read day first, "
                            f"{read['month_first']} read month first): say which, dates=day_first "
                            "or dates=month_first.")
    if seen["conflicts"] and not correct:  # (the club's book as it stands: a conflict)
        raise Conflict.field("correct", f"The file changes {seen['corrections']} evening(s) "
                             "brought in already (the preview lists each difference): confirm "
                             "with correct=true to record the corrections.")
    if seen["ready"]:
        return
    problems = [f"line {p['line']}: {p['message']}" for p in seen["problems"]]
    strangers = [f"line {u['line']}: {u['name']} is no member: add or link"
                 for u in seen["unknown_members"] if not u["added"]]
    # A line the file itself gets wrong is malformed (422); a name that is not (yet) one of
    # the club's members, or a line at odds with the book (`book`), is the club's state (409).
    own = [p for p in seen["problems"] if not p.get("book")]
    raise (Invalid if own else Conflict)(
        "The file is not ready to record: " + "; ".join(problems + strangers),
        {"file": problems or ["members to add or link"]})


def _day(iso: str | None) -> str:
    """A day in words (2025-04-03: 3 April 2025), or that there is none."""
    if iso is None:
        return "no day"
    year, month, day = (int(part) for part in iso.split("-"))
    return f"{day} {MONTHS[month - 1]} {year}"


def _imported(evening: dict, made: dict) -> dict:
    return {"date": evening["date"], "name": evening["name"], "currency": evening["currency"],
            "game": evening["game"], "results": {
                made.get(r["member"], r["member"]): {key: r[key] for key in (
                    "name", "counters", "amount_minor")} for r in evening["results"]}}


def _check_chained(event: dict, stream: str) -> None:
    if event["session_id"] != stream:
        raise Conflict("An event of another session.", {"session_id": [event["id"]]})
    if chain_hash(event["prev_hash"], hashed_content(event)) != event["hash"]:
        raise Conflict(f"Event version {event['version']} does not match its hash.",
                       {"hash": [str(event["version"])]})


def _index(writer, club_id: str, events: list[dict]) -> None:
    """A club's evenings, each of which must be here and in no other club."""
    for sid in [e["data"]["session_id"] for e in events if e["type"] == "evening_attached"]:
        if writer.opened_by(sid) != "session_created":
            raise NotFound(f"The club names an evening {sid} that is not here.",
                           {"session_id": [sid]})
        owner = writer.club_of(sid)
        if owner is None:
            writer.index_evening(sid, club_id)
        elif owner != club_id:
            raise Conflict(f"Evening {sid} belongs to another club here.", {"session_id": [sid]})
