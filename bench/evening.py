"""A plausible long evening for the benches: Commerce on two tables, with a share of voids
as a table makes them, built straight into an SQLite store (bench/replay, bench/hostile)."""

import random
import sqlite3
import uuid
from pathlib import Path

import orjson

from ledger.events.store import open_store

SESSION = str(uuid.uuid4())
STAKE = 2


def _transfer(source: str, target: str, amount: int) -> list[dict]:
    return [{"account": source, "amount": -amount}, {"account": target, "amount": amount}]


def _reverse(postings: list[dict]) -> list[dict]:
    return [{"account": p["account"], "amount": -p["amount"]} for p in postings]


class Evening:
    """(event id, type, game id, data, postings) of a plausible log: Commerce on two tables,
    deal after deal, with a share `voids` of the events undoing an earlier one as a table
    does (a purchase, a deal before its stand, a stand)."""

    def __init__(self, count: int, voids: float):
        self.rng, self.count, self.voids = random.Random(7), count, voids
        self.players = [str(uuid.uuid4()) for _ in range(8)]
        self.games = {str(uuid.uuid4()): {"pool": 0, "deal": None, "trades": []} for _ in range(2)}
        self.made = 0

    def __iter__(self):
        yield self.event(SESSION, "session_created", None,
                         {"name": "Bench", "counter_value": 5, "currency": "GBP"}, [])
        for n, pid in enumerate(self.players):
            yield self.event(pid, "player_added", None, {"name": f"P{n}", "group": None}, [])
        for gid in self.games:
            yield self.event(gid, "game_started", None, {
                "kind": "commerce", "seats": self.players, "stake": STAKE, "table_id": None,
                "options": {}}, [])
        while self.made < self.count:
            yield from self.step(self.rng.choice(list(self.games)))

    def event(self, event_id, kind, game_id, data, postings):
        self.made += 1
        if game_id is not None:
            for p in postings:
                if p["account"] == f"pool:{game_id}":
                    self.games[game_id]["pool"] += p["amount"]
        return event_id, kind, game_id, data, postings

    def new(self, kind, gid, data, postings):
        return self.event(str(uuid.uuid4()), kind, gid, data, postings)

    def void(self, gid, target):
        return self.new("event_voided", gid, {"event_id": target[0], "reason": "mistake"},
                        _reverse(target[1]))

    def step(self, gid):
        """One event of the game (or two: a void and what the table records again)."""
        game, rng, players = self.games[gid], self.rng, self.players
        pool = f"pool:{gid}"
        if game["deal"] is None:
            dealer = rng.choice(players)
            postings = [{"account": f"player:{p}", "amount": -2 * STAKE if p == dealer else -STAKE}
                        for p in players] + [{"account": pool, "amount": STAKE * (len(players) + 1)}]
            event = self.new("deal_started", gid, {"dealer": dealer}, postings)
            game["deal"], game["trades"] = (event[0], postings, dealer), []
            yield event
            return
        roll = rng.random()
        if roll < self.voids:
            choice = rng.random()
            if choice < 0.5 and game["trades"]:
                yield self.void(gid, game["trades"].pop())
            elif choice < 0.75 and not game["trades"]:
                yield self.void(gid, game["deal"])  # the deal was misdealt: dealt again
                game["deal"] = None
            else:
                yield from self.stand(gid, undone=True)
        elif roll < 0.85:
            buyer, seller = rng.sample(players, 2)
            kind = rng.choice(("card_bought", "stake_paid", "penalty_paid"))
            if kind == "card_bought":
                postings = _transfer(f"player:{buyer}", f"player:{seller}", STAKE)
                data = {"buyer": buyer, "seller": seller, "item": "card"}
            else:
                postings = _transfer(f"player:{buyer}", pool, 1)
                data = {"player": buyer, "amount": 1}
            event = self.new(kind, gid, data, postings)
            game["trades"].append((event[0], postings))
            yield event
        else:
            yield from self.stand(gid)

    def stand(self, gid, undone=False):
        """The stand: the pool and a stake from the dealer to the winner; `undone`: recorded,
        undone (a wrong winner), and recorded again."""
        game, players = self.games[gid], self.players
        stander, winner = self.rng.sample(players, 2)
        dealer = game["deal"][2]
        for attempt in range(2 if undone else 1):
            postings = [*_transfer(f"pool:{gid}", f"player:{winner}", game["pool"]),
                        *_transfer(f"player:{dealer}", f"player:{winner}", STAKE)]
            event = self.new("commerce_stand", gid, {"stander": stander, "winner": winner,
                                                     "better_hands": [winner]}, postings)
            yield event
            if undone and attempt == 0:
                yield self.void(gid, (event[0], postings))
        game["deal"] = None


def build(path: Path, count: int, voids: float) -> None:
    open_store(f"sqlite:///{path}").dispose()  # the schema, migrated
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=WAL")
    rows = ((SESSION, version, event_id, kind, 1, gid, orjson.dumps(data).decode(),
             orjson.dumps(postings).decode(), "2026-11-21T20:00:00.000000+00:00", "0" * 64, "0" * 64)
            for version, (event_id, kind, gid, data, postings)
            in enumerate(Evening(count, voids), 1))
    with connection:
        connection.executemany(
            "INSERT INTO events (session_id, version, event_id, type, schema_version, game_id, "
            "data, postings, recorded_at, hash, prev_hash) VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # as a live store's autocheckpoint would
    connection.close()


