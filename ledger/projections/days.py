"""An evening's times as its own time zone has them, and so its day: the one day its file
names, its night sheet and card, its club's standings and seasons and its carry to the tab
all give it (an evening in Pacific/Kiritimati opened at 20:30 UTC on the 27th is the 28th
everywhere). An evening opened without a zone, older logs too, is in UTC; so is one whose
zone this machine's tz database does not know (a log brought from elsewhere)."""

from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ledger.projections.state import Session


def evening_zone(name: str | None) -> tuple[str, tzinfo]:
    """The evening's time zone by its IANA name (`Session.time_zone`), and the name it goes
    by: UTC for none, or one the tz database lacks."""
    if name and name != "UTC":
        try:
            return name, ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return "UTC", UTC


def local_time(recorded_at: str, zone: tzinfo = UTC) -> datetime | None:
    """A stored time (ISO 8601) in `zone`; one with no offset is UTC, as the store writes it;
    None for text that is no time (a log imported from elsewhere)."""
    try:
        moment = datetime.fromisoformat(recorded_at)
    except (TypeError, ValueError):
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(zone)


def local_day(recorded_at: str, zone_name: str | None) -> str | None:
    """The day (YYYY-MM-DD) a stored time falls on in the zone named; None for no time."""
    moment = local_time(recorded_at, evening_zone(zone_name)[1])
    return moment.date().isoformat() if moment else None


def evening_day(session: Session) -> str:
    """The day the evening opened, in its own time zone: YYYY-MM-DD."""
    return local_day(session.recorded_at, session.time_zone) or session.recorded_at[:10]
