"""Examples for /openapi.json, by operationId (api.docs attaches them while building the spec).

One evening, "Twelfth Night" (a counter is worth 5p): Mrs Bennet, Mr Collins, Lady Catherine
and Mr Darcy play Commerce at a stake of 2 at the head table, then a game of Cassino in
partnerships. The answers are what the service gave for it, with the ids made readable.
`REQUESTS` are named examples of request bodies; `RESPONSES` the main answer of each
operation, by status.
"""

from ledger import games

SID = "5e1f3c2a-8d4b-4f6e-9a7c-1b2d3e4f5a60"
BENNET = "0b8f6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a51"
COLLINS = "0b8f6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a52"
CATHERINE = "0b8f6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a53"
DARCY = "0b8f6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a54"
BATES = "0b8f6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a55"
WOODHOUSE = "0b8f6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a56"
EMMA = "0b8f6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a57"
KNIGHTLEY = "0b8f6c1e-2a3d-4e5f-8a9b-0c1d2e3f4a58"
HEAD_TABLE = "7a1c2e3f-4b5d-4c6e-8f90-a1b2c3d4e5f1"
SECOND_TABLE = "7a1c2e3f-4b5d-4c6e-8f90-a1b2c3d4e5f2"
COMMERCE = "c0a1b2c3-d4e5-4f60-8a1b-2c3d4e5f6071"
CASSINO = "c0a1b2c3-d4e5-4f60-8a1b-2c3d4e5f6072"
PROGRESSIVE = "c0a1b2c3-d4e5-4f60-8a1b-2c3d4e5f6073"
DEAL = "e1d2c3b4-a596-4877-9a8b-7c6d5e4f3a21"
STAKE = "e1d2c3b4-a596-4877-9a8b-7c6d5e4f3a22"
STAND = "e1d2c3b4-a596-4877-9a8b-7c6d5e4f3a23"
COUNTED = "e1d2c3b4-a596-4877-9a8b-7c6d5e4f3a24"
PAID = "e1d2c3b4-a596-4877-9a8b-7c6d5e4f3a25"
SEATS = [BENNET, COLLINS, CATHERINE, DARCY]
NAMES = {BENNET: ("Mrs Bennet", "lady"), COLLINS: ("Mr Collins", "gentleman"),
         CATHERINE: ("Lady Catherine", "lady"), DARCY: ("Mr Darcy", "gentleman")}
HASHES = ["dd9da18d77189764dc83472ae929e26ed313eb6f92f7666194308b7cc37d42d5",
          "b2b85e1ce5b445ae10c8c78f6b0ebddfe0dcc2070dc9bb287ca51566b4ccabec",
          "d4b7f03d98d31ee4cd8e98e54b5ba63b2513f42e5272b740e24f17da2239336c",
          "7d32c7e27fd11a98f2eee37c57c77158e389a6ad32fd73fe168042257af7ee1e",
          "a0781a2218c7de9658d614f09f1589fec0a81521bea037b86d3295b7fd0aa598",
          "e8adf1a4d6ccc46fd9ae99cd12d4aab899eb8ef7a7bc665c28c62939793cb291"]


def _event(event_id, version, event_type, data, postings=(), game_id=None, at="05:55:35.8"):
    return {"id": event_id, "session_id": SID, "version": version, "position": version,
            "type": event_type, "schema_version": 1, "game_id": game_id, "data": data,
            "postings": [{"account": account, "amount": amount} for account, amount in postings],
            "recorded_at": f"2026-11-22T{at}{version:02d}000+00:00",
            "prev_hash": HASHES[version % 5], "hash": HASHES[version % 5 + 1]}


def _example(summary: str, value) -> dict:
    return {"summary": summary, "value": value}


PLAYER_ADDED = _event(BENNET, 2, "player_added", {"name": "Mrs Bennet", "group": "lady"})
TABLE_ADDED = _event(HEAD_TABLE, 6, "table_added", {"name": "Head table", "rank": 1})
COMMERCE_STARTED = _event(COMMERCE, 7, "game_started", {
    "kind": "commerce", "seats": SEATS, "stake": 2, "table_id": HEAD_TABLE, "options": {}})
DEAL_STARTED = _event(DEAL, 8, "deal_started", {"dealer": BENNET}, [
    (f"player:{BENNET}", -4), (f"pool:{COMMERCE}", 10), (f"player:{COLLINS}", -2),
    (f"player:{CATHERINE}", -2), (f"player:{DARCY}", -2)], COMMERCE)
CASSINO_OPTIONS = {"partnerships": [[BENNET, CATHERINE], [COLLINS, DARCY]],
                   "lowest_scorer_deduction": False, "target": 11, "pack": 52,
                   "last_take_sweeps": True, "played_for": "game", "first_dealer": None}


def _counts(cards, spades, aces, great, little, sweeps) -> dict:
    return {"cards": cards, "spades": spades, "aces": aces, "great_cassino": great,
            "little_cassino": little, "sweeps": sweeps}


REQUESTS = {
    "openSession": {"evening": _example("An evening where a counter is worth 5p", {
        "name": "Twelfth Night", "counter_value": 5, "currency": "GBP",
        "time_zone": "Europe/London"})},
    "addPlayer": {"player": _example("A player, with an id chosen by the phone (a resend "
                                     "answers 200 with the original)", {
        "id": BENNET, "name": "Mrs Bennet", "group": "lady"})},
    "addTable": {"table": _example("The head table", {"name": "Head table", "rank": 1})},
    "startGame": {
        "commerce": _example("Commerce at a stake of 2 at the head table", {
            "kind": "commerce", "stake": 2, "seats": SEATS, "table_id": HEAD_TABLE}),
        "cassino": _example("Cassino in partnerships, partners opposite", {
            "kind": "cassino", "stake": 1, "seats": SEATS,
            "options": {"partnerships": [[BENNET, CATHERINE], [COLLINS, DARCY]], "target": 11}}),
    },
    "appendEvent": {
        "deal_started": _example("Mrs Bennet deals the first deal: the antes go to the pool "
                                 "(a second start of deal 1 is 409)", {
            "id": DEAL, "type": "deal_started", "game_id": COMMERCE,
            "data": {"dealer": BENNET}, "expected_version": 7, "deal": 1}),
        "stake_paid": _example("Mr Collins pays a stake of 2 into the pool", {
            "id": STAKE, "type": "stake_paid", "game_id": COMMERCE,
            "data": {"player": COLLINS, "amount": 2}}),
        "commerce_stand": _example("Lady Catherine stands; Mr Darcy's hand is better and wins", {
            "id": STAND, "type": "commerce_stand", "game_id": COMMERCE,
            "data": {"stander": CATHERINE, "winner": DARCY, "better_hands": [DARCY]}}),
        "cassino_deal_counted": _example("A deal of Cassino counted", {
            "id": COUNTED, "type": "cassino_deal_counted", "game_id": CASSINO,
            "data": {"counts": {BENNET: _counts(20, 5, 2, 1, 0, 1),
                                CATHERINE: _counts(10, 4, 1, 0, 1, 0),
                                COLLINS: _counts(12, 2, 1, 0, 0, 2),
                                DARCY: _counts(10, 2, 0, 0, 0, 0)}}}),
        "payment_made": _example("At the night's end Mrs Bennet pays Mr Darcy the 6 counters "
                                 "(30p) she owes him", {
            "id": PAID, "type": "payment_made",
            "data": {"from": BENNET, "to": DARCY, "amount": 6, "note": "cash"}}),
        "event_voided": _example("Undo: the stake was recorded twice", {
            "type": "event_voided", "data": {"event_id": STAKE, "reason": "recorded twice"}}),
    },
}

BALANCES = [(BENNET, -6), (COLLINS, -4), (CATHERINE, -4), (DARCY, 14)]

RESPONSES = {
    "openSession": {"201": {
        "id": SID, "name": "Twelfth Night", "counter_value": 5, "currency": "GBP",
        "time_zone": "Europe/London", "version": 1, "write_token": "6xipcuk_dxlEyBTOhzegpViu5xpVGJy3yBLo1tdaUBM",
        "read_token": "AzRAwps76-sWTwrdaiOlhHn7TtrvA82v4eCkMtUaA68"}},
    "getSession": {"200": {
        "id": SID, "name": "Twelfth Night", "counter_value": 5, "currency": "GBP",
        "created_at": "2026-11-22T05:55:35.842661+00:00", "time_zone": "Europe/London",
        "date": "2026-11-22", "version": 12,
        "players": [{"id": p, "name": NAMES[p][0], "group": NAMES[p][1]} for p in SEATS],
        "tables": [{"id": HEAD_TABLE, "name": "Head table", "rank": 1}],
        "games": [
            {"id": COMMERCE, "kind": "commerce", "seats": SEATS, "stake": 2,
             "table_id": HEAD_TABLE, "options": {}, "deal": 1, "settled": ["the stand"],
             "current_dealer": BENNET, "next_dealer": COLLINS},
            {"id": CASSINO, "kind": "cassino", "seats": SEATS, "stake": 1, "table_id": None,
             "options": CASSINO_OPTIONS, "deal": 0, "settled": [], "current_dealer": None,
             "next_dealer": BENNET}]}},
    "getSessionVersion": {"200": {"version": 12}},
    "addPlayer": {"201": {"id": BENNET, "version": 2, "event": PLAYER_ADDED}},
    "addTable": {"201": {"id": HEAD_TABLE, "version": 6, "event": TABLE_ADDED}},
    "startGame": {"201": {"id": COMMERCE, "version": 7, "event": COMMERCE_STARTED}},
    "appendEvent": {"201": DEAL_STARTED},
    "listEvents": {"200": {"events": [
        {**COMMERCE_STARTED, "said": "Commerce started at a stake of 2: Mrs Bennet, Mr Collins, "
                                     "Lady Catherine and Mr Darcy, at Head table"},
        {**DEAL_STARTED, "said": "Commerce · Deal 1 · Mrs Bennet dealt; each paid 2 into the "
                                 "pool, Mrs Bennet 4"}]}},
    "verifyChain": {"200": {"ok": True, "events": 12, "first_bad_version": None,
                            "head_hash": HASHES[-1]}},
    "getBalances": {"200": {
        "players": [{"id": p, "name": NAMES[p][0], "group": NAMES[p][1], "counters": n,
                     "amount_minor": 5 * n, "held": n, "issued": 0, "result_counters": n,
                     "result_minor": 5 * n, "paid_counters": 0, "paid_minor": 0}
                    for p, n in BALANCES],
        "pools_counters": 0, "counter_value": 5, "currency": "GBP", "version": 12}},
    "getPools": {"200": {"pools": [
        {"game_id": COMMERCE, "kind": "commerce", "table_id": HEAD_TABLE, "counters": 0},
        {"game_id": CASSINO, "kind": "cassino", "table_id": None, "counters": 0}],
        "version": 12}},
    "getDealing": {"200": {
        "deal": 1, "settled": ["the stand"],
        "deals": {BENNET: 1, COLLINS: 0, CATHERINE: 0, DARCY: 0}, "current_dealer": BENNET,
        "next_dealer": COLLINS, "next_turn": COLLINS, "equal": False, "sold_turns": [],
        "stakes_doubled": False}},
    "getScores": {"200": {
        "totals": {BENNET: 8, CATHERINE: 8, COLLINS: 0, DARCY: 0},
        "deals": [{"version": 12, "event_id": COUNTED,
                   "raw": {BENNET: 11, CATHERINE: 11, COLLINS: 3, DARCY: 3},
                   "scored": {BENNET: 8, CATHERINE: 8, COLLINS: 0, DARCY: 0}}],
        "winner": None, "winners": [], "target": 11,
        "sides": [[BENNET, CATHERINE], [COLLINS, DARCY]],
        "by_side": [{"players": [BENNET, CATHERINE], "points": 8},
                    {"players": [COLLINS, DARCY], "points": 0}],
        "result": None}},
    "getRefund": {"200": {
        "game_id": COMMERCE, "pool": None, "counters": 7,
        "shares": {BENNET: 2, COLLINS: 2, CATHERINE: 2, DARCY: 1}, "odd": [BENNET]}},
    "getSettlement": {"200": {
        "transfers": [{"from": p, "to": DARCY, "counters": -n, "amount_minor": -5 * n}
                      for p, n in BALANCES if n < 0],
        "unsettled_pools": [], "payments": [], "all_square": False,
        "results": [{"id": p, "name": NAMES[p][0], "counters": n, "amount_minor": 5 * n,
                     "result_counters": n, "result_minor": 5 * n, "paid_counters": 0}
                    for p, n in BALANCES],
        "currency": "GBP", "counter_value": 5, "version": 12}},
    "getStatement": {"200": {
        "player": DARCY, "name": "Mr Darcy", "balance": 14, "entries": [
            {"event_id": DEAL, "version": 8, "type": "deal_started", "game_id": COMMERCE,
             "recorded_at": "2026-11-22T05:55:35.885844+00:00", "amount": -2, "balance": -2},
            {"event_id": STAND, "version": 10, "type": "commerce_stand", "game_id": COMMERCE,
             "recorded_at": "2026-11-22T05:55:35.894630+00:00", "amount": 16,
             "balance": 14}]}},
    "getProgressive": {"200": {
        "game_id": PROGRESSIVE, "round": 2, "pots_this_round": [],
        "players": {
            BENNET: {"table_id": HEAD_TABLE, "counters": 65, "won": 15, "yellow_chips": 1,
                     "rebuys": 0},
            COLLINS: {"table_id": HEAD_TABLE, "counters": 45, "won": -5, "yellow_chips": 0,
                      "rebuys": 0},
            CATHERINE: {"table_id": SECOND_TABLE, "counters": 40, "won": -10,
                        "yellow_chips": 0, "rebuys": 0},
            DARCY: {"table_id": HEAD_TABLE, "counters": 50, "won": 0, "yellow_chips": 0,
                    "rebuys": 0},
            BATES: {"table_id": HEAD_TABLE, "counters": 55, "won": 5, "yellow_chips": 0,
                    "rebuys": 0},
            WOODHOUSE: {"table_id": SECOND_TABLE, "counters": 45, "won": -5,
                        "yellow_chips": 0, "rebuys": 0},
            EMMA: {"table_id": SECOND_TABLE, "counters": 50, "won": 0, "yellow_chips": 0,
                   "rebuys": 0},
            KNIGHTLEY: {"table_id": SECOND_TABLE, "counters": 50, "won": 0,
                        "yellow_chips": 0, "rebuys": 0}},
        "seating": {HEAD_TABLE: [BENNET, COLLINS, DARCY, BATES],
                    SECOND_TABLE: [WOODHOUSE, EMMA, KNIGHTLEY, CATHERINE]},
        "last_round": {"round": 1, "yellow_chip": BENNET, "moves": [
            {"player": CATHERINE, "from": HEAD_TABLE, "to": SECOND_TABLE,
             "why": "fewest counters"},
            {"player": BATES, "from": SECOND_TABLE, "to": HEAD_TABLE, "why": "won the pool"}]},
        "prizes": {"most_yellow_chips": BENNET, "booby": CATHERINE,
                   "groups": {"lady": BENNET, "gentleman": DARCY}}}},
    "downloadResultsCsv": {"200": (
        "\ufeffplayer_id,name,group,counters,money,currency,money_decimal,counter_value,"
        "cassino_points_1\r\n"
        f'"{BENNET}","Mrs Bennet","lady",-6,-30,"GBP",-0.30,5,8\r\n'
        f'"{COLLINS}","Mr Collins","gentleman",-4,-20,"GBP",-0.20,5,0\r\n'
        f'"{CATHERINE}","Lady Catherine","lady",-4,-20,"GBP",-0.20,5,8\r\n'
        f'"{DARCY}","Mr Darcy","gentleman",14,70,"GBP",0.70,5,0\r\n')},
    "downloadJournalCsv": {"200": (
        "\ufeffposition,version,recorded_at,event_id,type,game_id,account,amount,holder,"
        "description,money,money_decimal,currency,local_time (Europe/London)\r\n"
        f'9,9,"2026-11-22T05:55:35","{STAKE}","stake_paid","{COMMERCE}","player:{COLLINS}",-2,'
        '"Mr Collins","Commerce · Deal 1 · Mr Collins staked 2 into the pool",-10,-0.10,"GBP",'
        '"2026-11-22T05:55:35"\r\n'
        f'9,9,"2026-11-22T05:55:35","{STAKE}","stake_paid","{COMMERCE}","pool:{COMMERCE}",2,'
        '"pool of Commerce","Commerce · Deal 1 · Mr Collins staked 2 into the pool",10,0.10,'
        '"GBP","2026-11-22T05:55:35"\r\n')},
    "downloadSettlementCsv": {"200": (
        "\ufefffrom,to,from_id,to_id,counters,money,currency,kind,money_decimal,event_id,note\r\n"
        f'"Mr Collins","Mr Darcy","{COLLINS}","{DARCY}",4,20,"GBP","transfer",0.20,"",""\r\n'
        f'"Lady Catherine","Mr Darcy","{CATHERINE}","{DARCY}",4,20,"GBP","transfer",0.20,"",""'
        '\r\n'
        f'"Mrs Bennet","Mr Darcy","{BENNET}","{DARCY}",6,30,"GBP","payment",0.30,"{PAID}",'
        '"cash"\r\n')},
    "getHealth": {"200": {"ok": True, "database": "sqlite"}},
    "listGames": {"200": {"games": [games.GAMES["commerce"].described()]}},  # one of them
}

# the same evening's results after Mrs Bennet has paid Mr Darcy her 6 counters (£0.30)
RESPONSES["getResults"] = {"200": {
    "name": "Twelfth Night", "opened_at": "2026-11-22T05:55:35.871254+00:00",
    "date": "2026-11-22", "time_zone": "Europe/London", "currency": "GBP", "counter_value": 5,
    "players": [{"id": p, "name": NAMES[p][0], "group": NAMES[p][1], "result_counters": n,
                 "result_minor": 5 * n, "paid_counters": 6 if p == BENNET else -6 if p == DARCY
                 else 0, "paid_minor": 30 if p == BENNET else -30 if p == DARCY else 0,
                 "outstanding_counters": 0 if p == BENNET else 8 if p == DARCY else n,
                 "outstanding_minor": 0 if p == BENNET else 40 if p == DARCY else 5 * n}
                for p, n in BALANCES],
    "payments": [{"event_id": PAID, "version": 13, "from": BENNET, "to": DARCY, "counters": 6,
                  "amount_minor": 30, "note": None}],
    "transfers": [{"from": p, "to": DARCY, "counters": -n, "amount_minor": -5 * n}
                  for p, n in BALANCES if n < 0 and p != BENNET],
    "unclaimed_pools": [], "all_square": False, "version": 13}}

# the evening as a phone reads it in one answer: the reads above, of one version, and the
# events after the one it had (`?after=6`)
RESPONSES["getView"] = {"200": {
    "summary": RESPONSES["getSession"]["200"], "balances": RESPONSES["getBalances"]["200"],
    "settlement": RESPONSES["getSettlement"]["200"], "pools": RESPONSES["getPools"]["200"],
    "results": {**RESPONSES["getResults"]["200"], "players": [
        {**p, "paid_counters": 0, "paid_minor": 0, "outstanding_counters": p["result_counters"],
         "outstanding_minor": p["result_minor"]}
        for p in RESPONSES["getResults"]["200"]["players"]], "payments": [],
        "transfers": RESPONSES["getSettlement"]["200"]["transfers"], "version": 12},
    "events": [COMMERCE_STARTED, DEAL_STARTED]}}

# the whole evening in one file: the reads above, of one version, and its log (two events of
# it shown here), with the chain verified over the log
RESPONSES["downloadEveningJson"] = {"200": {
    "version": 12, "summary": RESPONSES["getSession"]["200"],
    "balances": RESPONSES["getBalances"]["200"], "pools": RESPONSES["getPools"]["200"],
    "settlement": RESPONSES["getSettlement"]["200"],
    "games": [{"id": COMMERCE, "kind": "commerce", "dealing": RESPONSES["getDealing"]["200"]},
              {"id": CASSINO, "kind": "cassino", "dealing": {
                  **RESPONSES["getDealing"]["200"], "deal": 1, "settled": [],
                  "deals": {BENNET: 1, COLLINS: 0, CATHERINE: 0, DARCY: 0}},
               "scores": RESPONSES["getScores"]["200"]}],
    "verify": RESPONSES["verifyChain"]["200"], "events": RESPONSES["listEvents"]["200"]["events"]}}
