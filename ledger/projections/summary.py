"""The session summary: players, tables, games (each with what is due next) and the version."""

from dataclasses import asdict

from ledger import games
from ledger.events.postings import pool
from ledger.games.dealing import dealing
from ledger.games.due import due
from ledger.games.record import GameRecord
from ledger.projections.days import evening_day
from ledger.projections.state import SessionState


def summary(state: SessionState) -> dict:
    session = state.session
    return {
        "id": session.id,
        "name": session.name,
        "counter_value": session.counter_value,
        "currency": session.currency,
        "created_at": session.recorded_at,
        "time_zone": session.time_zone,
        "language": session.language,
        "date": evening_day(session),
        "version": state.version,
        "players": [asdict(player) for player in state.players.values()],
        "tables": [asdict(table) for table in sorted(state.tables.values(), key=lambda t: t.rank)],
        "games": [_game(game, state) for game in state.games.values()],
    }


def _game(record: GameRecord, state: SessionState) -> dict:
    """What a phone's next tap needs: who deals, what is settled, and what is due."""
    game = games.of(record)
    held = {name: state.balances.get(pool(record.id, name), 0) for name in game.pools or (None,)}
    turn = dealing(record, game.keeps_deal)
    return {"id": record.id, "kind": record.kind, "seats": record.seats, "stake": record.stake,
            "table_id": record.table_id, "options": record.options,
            **{key: turn[key] for key in ("deal", "settled", "current_dealer", "next_dealer",
                                          "stakes_doubled")},
            "due": due(game, record, held)}
