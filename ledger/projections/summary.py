"""The session summary: players, tables, games and the current version."""

from ledger import games
from ledger.games.dealing import dealing
from ledger.projections.session import SessionState


def summary(state: SessionState) -> dict:
    session = state.session
    return {
        "id": session["id"],
        "name": session["name"],
        "counter_value": session["counter_value"],
        "currency": session["currency"],
        "created_at": session["recorded_at"],
        "version": state.version,
        "players": list(state.players.values()),
        "tables": sorted(state.tables.values(), key=lambda table: table["rank"]),
        "games": [_game(game) for game in state.games.values()],
    }


SHOWN = ("id", "kind", "seats", "stake", "table_id", "options")


def _game(game: dict) -> dict:
    shown = {key: value for key, value in game.items() if key in SHOWN}
    turn = dealing(game, games.of(game).keeps_deal)
    for key in ("deal", "settled", "current_dealer", "next_dealer"):  # what a phone's next tap needs
        shown[key] = turn[key]
    return shown
