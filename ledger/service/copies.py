"""A reader's copy of a kept state, made under the stream's lock so that the read model is
computed after the lock is released: however long a read takes (a long evening's summary,
its files, a club's standings), the stream's appends never wait for it.

A copy costs what the fold would change under it, no more. The fold adds entries to the
state's mappings and removes them (by event id), and replaces a value rather than change it
(a renamed player is a new `Player`), a deal's settled marks and a club's nested records
aside: so each mapping is copied, and what it holds is shared, but for those. The tests fold
random evenings on after a copy and compare (tests/unit/test_copies.py)."""

from collections.abc import Collection
from dataclasses import replace

from ledger.clubs.state import ClubState
from ledger.games.record import GameRecord
from ledger.projections.state import SessionState


def session_copy(state: SessionState, records: Collection[str] | None = None) -> SessionState:
    """The session's state, copied. `records`: the games whose whole record the read needs
    (None: every game's); any other game comes as it was started (kind, seats, stake, table,
    options; no deals or facts), which is all the evening's figures read of a game (balances,
    pools, results, settlement)."""
    games = {gid: record_copy(record) if records is None or gid in records else replace(
        record, seats=list(record.seats), dealing={}, deals={}, settling={}, dealt_at={},
        facts={}) for gid, record in state.games.items()}
    whole = records is None
    return replace(state, players=dict(state.players), tables=dict(state.tables), games=games,
                   balances=dict(state.balances), issued=dict(state.issued),
                   voided=dict(state.voided) if whole else {},
                   kept_in=dict(state.kept_in) if whole else {},
                   payments=dict(state.payments))


def record_copy(record: GameRecord) -> GameRecord:
    """A game's record, copied: its deals' settled marks too (`GameRecord.settle` changes
    them in place)."""
    return replace(record, seats=list(record.seats), dealing=dict(record.dealing),
                   deals={deal: dict(settled) for deal, settled in record.deals.items()},
                   settling=dict(record.settling), dealt_at=dict(record.dealt_at),
                   facts=dict(record.facts))


def club_copy(state: ClubState) -> ClubState:
    """The club's state, copied: the fold changes a member, an evening's links, an evening
    brought in (its results, corrections, withdrawal) and a tab (its balances, its entries)
    in place; a season, a result line and a tab's entry it only adds or removes."""
    return replace(
        state, members={mid: dict(member) for mid, member in state.members.items()},
        seasons=dict(state.seasons),
        evenings={sid: {**evening, "links": dict(evening["links"])}
                  for sid, evening in state.evenings.items()},
        imported={eid: {**evening, "results": dict(evening["results"])}
                  for eid, evening in state.imported.items()},
        tabs={currency: {**book, "balances": dict(book["balances"]),
                         "entries": list(book["entries"])}
              for currency, book in state.tabs.items()})
