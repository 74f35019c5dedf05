"""An evening carried to the club's tab while a payment is recorded in it from another phone,
through two app servers (each a real gunicorn) on one database, round after round: the
evening's own write orders them, so exactly one order is taken each time (the payment first,
then the carry of what is left; or the carry first, and the payment refused as carried), and
the tab says what the evening carried, member by member."""

import threading
import uuid
from collections import Counter

import pytest
import requests

from tests.server import REQUEST_SECONDS, gunicorn, run_threads

ROUNDS = 12
NAMES = ("Ann", "Ben", "Cat")


class Http:
    def __init__(self, base: str, token: str):
        self.base, self.session = base, requests.Session()
        self.auth = {"Authorization": f"Bearer {token}"}

    def post(self, path: str, body: dict) -> requests.Response:
        return self.session.post(f"{self.base}{path}", json=body, headers=self.auth,
                                 timeout=REQUEST_SECONDS)

    def get(self, path: str) -> dict:
        answer = self.session.get(f"{self.base}{path}", headers=self.auth,
                                  timeout=REQUEST_SECONDS)
        assert answer.status_code == 200, answer.text
        return answer.json()


def an_evening(club: Http, members: dict, n: int) -> tuple[dict, list[str]]:
    """Tonight's evening: Ann and Cat each pay 3 and 2 into a pool that Ben wins."""
    opened = club.post(f"/api/v1/clubs/{club.cid}/evenings", {
        "name": f"Week {n}", "counter_value": 5, "members": list(members.values())})
    assert opened.status_code == 201, opened.text
    evening = opened.json()
    ann, ben, cat = (p["id"] for p in evening["players"])
    recorder = Http(club.base, evening["write_token"])
    path = f"/api/v1/sessions/{evening['id']}"
    game = recorder.post(f"{path}/games", {"kind": "other", "stake": 1,
                                           "seats": [ann, ben, cat]}).json()["id"]
    for payer, amount in ((ann, 3), (cat, 2)):
        assert recorder.post(f"{path}/events", {"type": "stake_paid", "game_id": game, "data": {
            "player": payer, "amount": amount}}).status_code == 201
    assert recorder.post(f"{path}/events", {"type": "pool_won", "game_id": game,
                                            "data": {"winners": [ben]}}).status_code == 201
    return evening, [ann, ben, cat]


@pytest.mark.server
def test_a_carry_and_a_payment_racing_take_one_order_each_time(database_url, tmp_path):
    with (gunicorn(database_url, workers=2, log_dir=tmp_path) as server_a,
          gunicorn(database_url, workers=2, log_dir=tmp_path) as server_b):
        founded = requests.post(f"{server_a}/api/v1/clubs", json={"name": "Meryton"},
                                timeout=REQUEST_SECONDS).json()
        club = Http(server_a, founded["write_token"])
        club.cid = founded["id"]
        members = {name: club.post(f"/api/v1/clubs/{club.cid}/members", {"name": name}).json()["id"]
                   for name in NAMES}
        orders, expected = Counter(), {m: 0 for m in members.values()}
        for n in range(ROUNDS):
            evening, (ann, ben, cat) = an_evening(club, members, n)
            path = f"/api/v1/sessions/{evening['id']}/events"
            phones = [Http(server_a, evening["write_token"]), Http(server_b, evening["write_token"])]
            requests_ = [{"id": str(uuid.uuid4()), "type": "carried_to_tab", "data": {}},
                         {"id": str(uuid.uuid4()), "type": "payment_made",
                          "data": {"from": ann, "to": ben, "amount": 1}}]
            start, answers = threading.Barrier(2), {}
            first = n % 2  # which phone carries, and which server: both ways round

            def send(index: int) -> None:
                phone = phones[(index + first) % 2]
                start.wait(REQUEST_SECONDS)
                answers[index] = phone.post(path, requests_[index])

            run_threads(send, 2)
            carried, paid = answers[0], answers[1]
            assert carried.status_code == 201, carried.text  # something is owed either way
            log = Http(server_a, evening["write_token"]).get(path.removesuffix("/events") + "/events")
            kinds = [e["type"] for e in log["events"]]
            if paid.status_code == 201:  # the payment first, then the carry of what was left
                assert kinds[-2:] == ["payment_made", "carried_to_tab"]
                orders["payment, then the carry"] += 1
                figures = {ann: -10, ben: 20, cat: -10}
            else:  # the carry first: the payment refused, in the table's words
                assert paid.status_code == 409, paid.text
                assert "carried to the club's tab on" in paid.json()["detail"]
                assert kinds[-1] == "carried_to_tab" and "payment_made" not in kinds
                orders["the carry, then the payment refused"] += 1
                figures = {ann: -15, ben: 25, cat: -10}
            links = dict(zip((ann, ben, cat), members.values()))
            for player, minor in figures.items():
                expected[links[player]] += minor
            night = Http(server_b, evening["read_token"]).get(
                path.removesuffix("/events") + "/results")
            assert {p["id"]: p["amount_minor"] for p in night["carried"]["players"]} == figures
            tab = club.get(f"/api/v1/clubs/{club.cid}/tab")["currencies"][0]
            entry = tab["entries"][-1]
            assert (entry["session_id"], entry["carry"]) == (evening["id"], carried.json()["id"])
            assert {m["member"]: m["amount_minor"] for m in entry["moves"]} == {
                links[p]: minor for p, minor in figures.items()}
            on_b = Http(server_b, founded["read_token"]).get(f"/api/v1/clubs/{club.cid}/tab")
            assert {m["member"]: m["balance_minor"] for m in on_b["currencies"][0]["members"]} \
                == expected
        print(dict(orders))
        assert sum(orders.values()) == ROUNDS
        assert Http(server_b, founded["read_token"]).get(
            f"/api/v1/clubs/{club.cid}/verify")["ok"] is True
