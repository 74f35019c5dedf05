"""Examples for the set-up's mends in /openapi.json: at "Twelfth Night" (`api.examples`) Mr
Collins was typed "Mr Colins", Mr Bates was added twice, and a game of Brag was started by a
tap too many."""

from api.examples import COLLINS, _event, _example

BATES_TWICE = "0b8f6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5f"
BRAG = "c0a1b2c3-d4e5-4f60-8a1b-2c3d4e5f607f"
RENAMED_ID = "f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a61"
RENAMED = _event(RENAMED_ID, 13, "player_renamed", {"player": COLLINS, "name": "Mr Collins"})
PLAYER_REMOVED = _event("9b1d1c55-4a7e-5f1e-8f3a-2d6c0b7e4a19", 14, "player_removed",
                        {"player": BATES_TWICE})
GAME_REMOVED = _event("5c3e8a21-7b9d-5e4f-a1c2-3d4e5f6a7b8c", 15, "game_removed", {},
                      game_id=BRAG)

REQUESTS = {
    "renamePlayer": {"rename": _example("Mr Colins was a slip of the thumb", {
        "id": RENAMED_ID, "name": "Mr Collins"})},
}
EVENTS = {
    "player_renamed": _example("A player's name mended", {
        "id": RENAMED_ID, "type": "player_renamed",
        "data": {"player": COLLINS, "name": "Mr Collins"}}),
    "player_removed": _example("Mr Bates was added twice: the second, with nothing recorded of "
                               "him, leaves the evening", {
        "type": "player_removed", "data": {"player": BATES_TWICE}}),
    "game_removed": _example("A game of Brag started by mistake, nothing standing in it", {
        "type": "game_removed", "game_id": BRAG}),
}
RESPONSES = {
    "renamePlayer": {"200": {"id": COLLINS, "version": 13, "event": RENAMED}},
    "removePlayer": {"200": {"id": BATES_TWICE, "version": 14, "event": PLAYER_REMOVED}},
    "removeGame": {"200": {"id": BRAG, "version": 15, "event": GAME_REMOVED}},
}
