"""A player's statement (SPEC §5): every posting that touched him, in log order, with the
event that caused it and a running balance ending at his result in the balances."""

from collections.abc import Iterable

from ledger.events.postings import BANK, player


def statement(events: Iterable[dict], player_id: str) -> dict:
    """Counters the bank issued him are listed as `issued` and charged at settling, so they
    add nothing to the running balance (his result)."""
    account, balance, entries = player(player_id), 0, []
    for event in events:
        moved = sum(p["amount"] for p in event["postings"] if p["account"] == account)
        if not moved:
            continue
        from_bank = any(p["account"] == BANK for p in event["postings"])
        amount = 0 if from_bank else moved
        balance += amount
        entry = {"event_id": event["id"], "version": event["version"], "type": event["type"],
                 "game_id": event["game_id"], "recorded_at": event["recorded_at"],
                 "amount": amount, "balance": balance}
        if from_bank:
            entry["issued"] = moved
        entries.append(entry)
    return {"player": player_id, "entries": entries, "balance": balance}
