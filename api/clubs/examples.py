"""Examples for the clubs' operations in /openapi.json: the Meryton card club, whose members
are the evening's players of `api.examples` ("Twelfth Night" is one of its evenings)."""

from api.examples import (BENNET, CATHERINE, COLLINS, DARCY, HASHES, NAMES, SEATS, SID,
                          _example)

CLUB = "b7c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d41"
MEMBERS = {BENNET: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c51", COLLINS: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c52",
           CATHERINE: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c53", DARCY: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c54"}
WINTER = "d0e1f2a3-b4c5-4d6e-8f70-8192a3b4c5d6"
SEASON = {"id": WINTER, "name": "Winter 2026", "starts": "2026-11-01", "ends": "2027-02-28"}
RESULTS = {BENNET: -6, COLLINS: -4, CATHERINE: -4, DARCY: 14}


def _club_event(event_id, version, event_type, data):
    return {"id": event_id, "session_id": CLUB, "version": version, "position": 100 + version,
            "type": event_type, "schema_version": 1, "game_id": None, "data": data,
            "postings": [], "recorded_at": f"2026-11-22T05:50:0{version}.000000+00:00",
            "prev_hash": HASHES[version % 5], "hash": HASHES[version % 5 + 1]}


def _member(player):
    return {"id": MEMBERS[player], "name": NAMES[player][0], "group": NAMES[player][1],
            "retired": False}


def _result(player, running=True):
    line = {"session_id": SID, "name": "Twelfth Night", "date": "2026-11-22", "player_id": player,
            "counters": RESULTS[player], "amount_minor": RESULTS[player] * 5, "currency": "GBP",
            "deals": 1 if player == BENNET else 0, "tallies": {"cassino_games_won": 0}}
    return {**line, "running_counters": RESULTS[player],
            "running_money": {"GBP": RESULTS[player] * 5}} if running else line


def _standing(player):
    return {"member_id": MEMBERS[player], "name": NAMES[player][0], "group": NAMES[player][1],
            "retired": False, "evenings": 1, "counters": RESULTS[player],
            "money": {"GBP": RESULTS[player] * 5}, "deals": 1 if player == BENNET else 0,
            "tallies": {"cassino_games_won": 0},
            "biggest_win": _result(player, False) if RESULTS[player] > 0 else None,
            "biggest_loss": _result(player, False) if RESULTS[player] < 0 else None,
            "running": [RESULTS[player]]}


ATTACHED = _club_event("attach-" + SID, 6, "evening_attached", {
    "session_id": SID, "links": {player: MEMBERS[player] for player in SEATS}})
REQUESTS = {
    "createClub": {"club": _example("A club of the evening's players", {"name": "Meryton"})},
    "addMember": {"member": _example("A member, with an id chosen by the phone", {
        "id": MEMBERS[BENNET], "name": "Mrs Bennet", "group": "lady"})},
    "appendClubEvent": {
        "season_declared": _example("The winter season", {
            "type": "season_declared",
            "data": {"name": "Winter 2026", "starts": "2026-11-01", "ends": "2027-02-28"}}),
        "member_renamed": _example("A member renamed", {
            "type": "member_renamed", "data": {"member": MEMBERS[COLLINS], "name": "Rev. Collins"}}),
        "member_retired": _example("A member retired (his history stays)", {
            "type": "member_retired", "data": {"member": MEMBERS[COLLINS]}}),
        "player_linked": _example("An evening's player linked to a member", {
            "type": "player_linked",
            "data": {"session_id": SID, "player": DARCY, "member": MEMBERS[DARCY]}})},
    "openClubEvening": {"tonight": _example("Tonight's evening with four members seated, "
                                            "with the id of this tap (a retry answers the "
                                            "original)", {
        "id": "3b9e6f0a-1c2d-4e5f-8a7b-6c5d4e3f2a10", "name": "Twelfth Night",
        "counter_value": 5, "currency": "GBP", "time_zone": "Europe/London",
        "members": [MEMBERS[p] for p in SEATS]})},
    "attachEvening": {"evening": _example("An evening recorded before the club was founded", {
        "write_token": "6xipcuk_dxlEyBTOhzegpViu5xpVGJy3yBLo1tdaUBM",
        "links": {player: MEMBERS[player] for player in SEATS}})},
}
IMPORTED = "imported-3f1c0a9e2b7d4c6a8e5f1b2c3d4e5f6a7b8c9d0e"
REASON = "Christmas Eve was played at Netherfield's, not in the club: brought in by mistake"
REQUESTS["withdrawEvening"] = {"withdrawal": _example("An evening brought in by mistake", {
    "id": "5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e", "reason": REASON})}
REQUESTS["appendClubEvent"]["evening_withdrawn"] = _example(
    "An evening brought in, withdrawn (it stays in the log)", {
        "type": "evening_withdrawn", "data": {"evening": IMPORTED, "reason": REASON}})
RESPONSES = {
    "importEvenings": {"200": {
        "evenings": [{"id": IMPORTED, "date": "2025-12-24", "name": "Christmas Eve", "game": None,
                      "currency": "GBP", "line": 2, "already": False, "results": [
                          {"member": MEMBERS[BENNET], "name": "Mrs Bennet", "counters": 6,
                           "amount_minor": 30, "line": 2},
                          {"member": MEMBERS[COLLINS], "name": "Mr Collins", "counters": -6,
                           "amount_minor": -30, "line": 3}]}],
        "unknown_members": [], "problems": [], "new": 1, "ready": True, "format": "csv",
        "sheet": None, "left_out": [], "corrections": 1, "dates": {
            "choice": None, "ambiguous": False, "evident": "day_first", "asked": False,
            "example": None},
        "conflicts": [{"evening": IMPORTED.replace("3f1c", "4a2d"), "date": "2025-11-05",
                       "evening_name": "Guy Fawkes", "member": MEMBERS[BENNET],
                       "name": "Mrs Bennet", "line": 4,
                       "before": {"counters": -6, "amount_minor": -30},
                       "after": {"counters": -4, "amount_minor": -20}},
                      {"evening": IMPORTED.replace("3f1c", "4a2d"), "date": "2025-11-05",
                       "evening_name": "Guy Fawkes", "member": MEMBERS[DARCY],
                       "name": "Mr Darcy", "line": 5,
                       "before": {"counters": 6, "amount_minor": 30},
                       "after": {"counters": 4, "amount_minor": 20}}]}},
    "withdrawEvening": {"201": _club_event("7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b", 8,
                                           "evening_withdrawn",
                                           {"evening": IMPORTED, "reason": REASON})},
    "createClub": {"201": {"id": CLUB, "name": "Meryton", "version": 1,
                           "write_token": "Qm1nZ2VfZGl4aGFyZF9leGFtcGxlX3Rva2VuXzAx",
                           "read_token": "cmVhZF9leGFtcGxlX3Rva2VuX2Zvcl9tZXJ5dG9u"}},
    "getClub": {"200": {
        "id": CLUB, "name": "Meryton", "created_at": "2026-11-22T05:50:01.000000+00:00",
        "version": 7, "members": [_member(p) for p in SEATS], "seasons": [SEASON],
        "evenings": [{"session_id": SID, "name": "Twelfth Night", "date": "2026-11-22",
                      "currency": "GBP", "players": [
                          {"id": p, "name": NAMES[p][0], "member": MEMBERS[p]} for p in SEATS]}]}},
    "addMember": {"201": {"id": MEMBERS[BENNET], "version": 2, "event": _club_event(
        MEMBERS[BENNET], 2, "member_added", {"name": "Mrs Bennet", "group": "lady"})}},
    "appendClubEvent": {"201": _club_event(WINTER, 7, "season_declared", {
        "name": "Winter 2026", "starts": "2026-11-01", "ends": "2027-02-28"})},
    "listClubEvents": {"200": {"events": [ATTACHED]}},
    "openClubEvening": {"201": {
        "id": SID, "name": "Twelfth Night", "counter_value": 5, "currency": "GBP",
        "time_zone": "Europe/London", "version": 5,
        "write_token": "6xipcuk_dxlEyBTOhzegpViu5xpVGJy3yBLo1tdaUBM",
        "read_token": "AzRAwps76-sWTwrdaiOlhHn7TtrvA82v4eCkMtUaA68",
        "players": [{"id": p, "member": MEMBERS[p]} for p in SEATS], "club_version": 6}},
    "attachEvening": {"201": ATTACHED},
    "getStandings": {"200": {
        "club_id": CLUB, "version": 7, "season": SEASON,
        "evenings": [{"session_id": SID, "name": "Twelfth Night", "date": "2026-11-22",
                      "currency": "GBP"}],
        "members": [_standing(p) for p in sorted(SEATS, key=lambda p: -RESULTS[p])]}},
    "getMemberHistory": {"200": {
        "member": _member(DARCY), "season": None, "evenings": [_result(DARCY)],
        "counters": 14, "money": {"GBP": 70}, "deals": 0, "tallies": {"cassino_games_won": 0},
        "biggest_win": _result(DARCY, False), "biggest_loss": None}},
    "downloadStandingsCsv": {"200": (
        "\ufeffrank,member_id,name,group,retired,evenings,counters,money_GBP,"
        "money_decimal_GBP,deals,cassino_games_won,biggest_win_counters,"
        "biggest_loss_counters,season\r\n"
        f'1,"{MEMBERS[DARCY]}","Mr Darcy","gentleman","no",1,14,70,0.70,0,0,14,"","Winter 2026"\r\n')},
    "verifyClub": {"200": {"ok": True, "events": 7, "first_bad_version": None,
                           "head_hash": HASHES[3]}},
}

# The tab (SPEC amendment 9): Twelfth Night carried once Mrs Bennet had paid Mr Darcy her 6
# counters (30p); then Mr Collins pays Mr Darcy his 20p on the tab.
CARRY = "e1d2c3b4-a596-4877-9a8b-7c6d5e4f3a26"
CARRIED = "f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a61"
TAB_PAID = "f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a62"
CARRIED_FIGURES = {COLLINS: -20, CATHERINE: -20, DARCY: 40}
EVENTS = {"carried_to_tab": _example(
    "The rest of the evening put on its club's tab (its players linked to members)", {
        "id": CARRY, "type": "carried_to_tab", "data": {}})}
REQUESTS["appendClubEvent"].update({
    "tab_opened": _example("The tab started from the club's paper book", {
        "type": "tab_opened", "data": {"currency": "GBP", "balances": {
            MEMBERS[BENNET]: 100, MEMBERS[COLLINS]: -100}}}),
    "tab_paid": _example("Mr Collins pays Mr Darcy what he owes on the tab", {
        "id": TAB_PAID, "type": "tab_paid", "data": {
            "from": MEMBERS[COLLINS], "to": MEMBERS[DARCY], "currency": "GBP",
            "amount_minor": 20, "note": "cash"}})})


def _move(figures: dict) -> list[dict]:
    return [{"member": MEMBERS[p], "amount_minor": n} for p, n in figures.items()]


CARRIED_ENTRY = {
    "type": "evening_carried", "event_id": CARRIED, "version": 8,
    "at": "2026-11-22T23:10:04.000000+00:00", "session_id": SID, "carry": CARRY,
    "evening": "Twelfth Night", "date": "2026-11-22", "carried_on": "2026-11-22",
    "moves": _move(CARRIED_FIGURES),
    "said": "Twelfth Night carried to the tab: Mr Collins −£0.20, Lady Catherine −£0.20, "
            "Mr Darcy +£0.40"}
PAID_ENTRY = {
    "type": "tab_paid", "event_id": TAB_PAID, "version": 9,
    "at": "2026-11-29T20:02:11.000000+00:00", "from": MEMBERS[COLLINS], "to": MEMBERS[DARCY],
    "note": "cash", "moves": _move({COLLINS: 20, DARCY: -20}),
    "said": "Mr Collins paid Mr Darcy £0.20 on the tab (cash)"}
RESPONSES.update({
    "previewCarry": {"200": {
        "club": {"id": CLUB, "name": "Meryton"}, "currency": "GBP", "carried": None,
        "refused": None, "players": [
            {"id": p, "name": NAMES[p][0], "member": MEMBERS[p], "member_name": NAMES[p][0],
             "counters": n // 5, "amount_minor": n} for p, n in CARRIED_FIGURES.items()]}},
    "getTab": {"200": {"club_id": CLUB, "version": 9, "currencies": [{
        "currency": "GBP",
        "members": [{"member": MEMBERS[p], "name": NAMES[p][0], "balance_minor": n}
                    for p, n in ((COLLINS, 0), (CATHERINE, -20), (DARCY, 20))],
        "transfers": [{"from": MEMBERS[CATHERINE], "to": MEMBERS[DARCY], "amount_minor": 20}],
        "exact": True, "bound": None, "entries": [CARRIED_ENTRY, PAID_ENTRY]}]}},
    "getMemberTab": {"200": {"member": _member(DARCY), "currencies": [{
        "currency": "GBP", "balance_minor": 20, "entries": [
            {**CARRIED_ENTRY, "amount_minor": 40, "balance_minor": 40},
            {**PAID_ENTRY, "amount_minor": -20, "balance_minor": 20}]}]}},
    "downloadTabCsv": {"200": (
        "\ufeffcurrency,kind,member_id,name,from,to,from_id,to_id,amount_minor,money_decimal,"
        "type,recorded_at,said,event_id\r\n"
        f'"GBP","balance","{MEMBERS[DARCY]}","Mr Darcy","","","","",20,0.20,"","","",""\r\n'
        f'"GBP","transfer","","","Lady Catherine","Mr Darcy","{MEMBERS[CATHERINE]}",'
        f'"{MEMBERS[DARCY]}",20,0.20,"","","",""\r\n')},
})
