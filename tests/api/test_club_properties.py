"""Invariants of a club over random sequences of its facts, its evenings' play and the past
evenings it brings in, corrects and withdraws: the
standings a warm service keeps (club states and evening summaries folded as they come) equal
the standings a new service folds from the log alone; every member's counters add up to
what the evenings' linked players won; a refused request changes nothing."""

import uuid

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import create_app
from tests.factories import Club

NAMES = ["Ann", "Ben", "Cleo", "Dora", "Edwin"]
step = st.one_of(
    st.tuples(st.just("evening"), st.lists(st.sampled_from(NAMES), min_size=2, max_size=4,
                                           unique=True), st.sampled_from(["GBP", "EUR"])),
    st.tuples(st.just("deal"), st.integers(0, 9), st.integers(0, 3), st.integers(1, 5)),
    st.tuples(st.just("link"), st.integers(0, 9), st.integers(0, 3), st.none() | st.sampled_from(NAMES)),
    st.tuples(st.just("rename"), st.sampled_from(NAMES), st.text("xyz", min_size=1, max_size=3)),
    st.tuples(st.just("retire"), st.sampled_from(NAMES)),
    st.tuples(st.just("season"), st.sampled_from(["Winter", "All", "Never"])),
    # a past evening brought in (again, with other figures: corrected), or withdrawn
    st.tuples(st.just("import"), st.integers(0, 2), st.sampled_from(NAMES[:3]), st.integers(-9, 9)),
    st.tuples(st.just("withdraw"), st.integers(0, 2)),
)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(steps=st.lists(step, max_size=14))
def test_kept_standings_equal_standings_folded_from_the_log(tmp_path_factory, steps):
    url = f"sqlite:///{tmp_path_factory.mktemp('club')}/ledger.sqlite3"
    client = create_app({"DATABASE_URL": url, "REQUEST_LOG": False}).test_client()
    club = Club(client, members=tuple(NAMES))
    evenings, kept = [], {None: club.get("/standings")}
    for kind, *args in steps:
        before = club.get()["version"]
        answer = play(client, club, evenings, kind, *args)
        if answer is not None and answer.status_code >= 400:
            assert answer.status_code in (404, 409, 422), answer.get_json()
            assert club.get()["version"] == before  # a refusal changes nothing
        kept = {name: club.get("/standings", season=name) for name in seasons(club)}
    cold = create_app({"DATABASE_URL": url, "REQUEST_LOG": False}).test_client()
    for name, table in kept.items():
        query = {"season": name} if name else {}
        assert cold.get(club.url("/standings"), query_string=query,
                        headers=club.read).get_json() == table
    # what the members won is what their linked players won, evening by evening
    everything = kept[None]
    linked = club.get()["evenings"]
    total = 0
    for evening in linked:
        results = {p["id"]: p["counters"] for p in client.get(
            f"/api/v1/sessions/{evening['session_id']}/balances", headers=club.read
        ).get_json()["players"]}
        total += sum(results[p["id"]] for p in evening["players"] if p["member"])
    assert sum(row["counters"] for row in everything["members"]) == total


def seasons(club) -> list:
    return [None, *(s["name"] for s in club.get()["seasons"])]


def play(client, club, evenings, kind, *args):
    if kind == "evening":
        names, currency = args
        body = {"name": f"Evening {len(evenings)}", "currency": currency,
                "members": [club.members[n] for n in names]}
        answer = client.post(club.url("/evenings"), json=body, headers=club.write)
        if answer.status_code == 201:
            evenings.append(answer.get_json())
        return answer
    if not evenings and kind in ("deal", "link"):
        return None
    if kind == "deal":
        which, winner, stake = args
        evening = evenings[which % len(evenings)]
        seats = [p["id"] for p in evening["players"]]
        auth = {"Authorization": f"Bearer {evening['write_token']}"}
        game = client.post(f"/api/v1/sessions/{evening['id']}/games", headers=auth, json={
            "kind": "commerce", "stake": stake, "seats": seats}).get_json()["id"]
        for event_type, data in (("deal_started", {}), ("commerce_stand", {
                "stander": seats[winner % len(seats)], "winner": seats[winner % len(seats)],
                "better_hands": []})):
            client.post(f"/api/v1/sessions/{evening['id']}/events", headers=auth, json={
                "id": str(uuid.uuid4()), "type": event_type, "game_id": game, "data": data})
        return None
    if kind == "link":
        which, seat, name = args
        evening = evenings[which % len(evenings)]
        player = evening["players"][seat % len(evening["players"])]["id"]
        return club.post("player_linked", session_id=evening["id"], player=player,
                         member=club.members[name] if name else None)
    if kind == "import":
        n, winner, counters = args
        text = (f"date,evening,member,counters\n2026-12-0{n + 1},Past {n},{winner},{counters}\n"
                f"2026-12-0{n + 1},Past {n},Edwin,{-counters}\n")
        return client.post(club.url("/imports"), data=text.encode(), headers={
            **club.write, "Content-Type": "text/csv"}, query_string={
            "confirm": "true", "correct": "true"})
    if kind == "withdraw":
        past = [e for e in club.get()["imported"] if e["name"] == f"Past {args[0]}"]
        if not past:
            return None
        return client.post(club.url(f"/imported/{past[0]['id']}/withdrawal"), headers=club.write,
                           json={"reason": "brought in by mistake"})
    if kind == "rename":
        name, new = args
        return club.post("member_renamed", member=club.members[name], name=f"{name} {new}")
    if kind == "retire":
        return club.post("member_retired", member=club.members[args[0]])
    dates = {"Winter": ("2026-11-01", "2027-02-28"), "All": ("2000-01-01", "2099-12-31"),
             "Never": ("2000-01-01", "2000-01-02")}[args[0]]
    return club.post("season_declared", name=args[0], starts=dates[0], ends=dates[1])
