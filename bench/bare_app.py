"""The peer for bench/http: a bare Flask endpoint inserting one SQLite row per request
(WAL, synchronous=NORMAL, one transaction per row: the same durability as the service)."""

import os
import sqlite3

from flask import Flask, request

app = Flask(__name__)
_connection = None


def connection() -> sqlite3.Connection:
    global _connection
    if _connection is None:
        _connection = sqlite3.connect(os.environ["BARE_DATABASE"], isolation_level=None,
                                      timeout=30)
        _connection.execute("PRAGMA journal_mode=WAL")
        _connection.execute("PRAGMA synchronous=NORMAL")
        _connection.execute("CREATE TABLE IF NOT EXISTS rows (position INTEGER PRIMARY KEY, "
                            "event_id TEXT UNIQUE, body TEXT)")
    return _connection


@app.post("/insert")
def insert():
    body = request.get_json()
    db = connection()
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO rows (event_id, body) VALUES (?, ?)", (body["id"], request.data))
    db.execute("COMMIT")
    return {"id": body["id"]}, 201


@app.get("/healthz")
def healthz():
    return {"ok": True}
