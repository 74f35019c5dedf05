"""The journal's time and its sums. `recorded_at` is written as ISO 8601 with its `T`
(`2026-11-25T21:16:20`, UTC) and its twin `local_time (<zone>)` in the evening's time zone,
so that LibreOffice's default import (a double-click) opens both as date-times; and the
journal summed by game (a spreadsheet's SUMIFS on `game_id`) is what each game, played alone,
moves: a void's rows count in the game of what it undid."""

import collections
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import openpyxl
import pytest

from ledger.projections.exports import evening_zone, spreadsheet_time
from tests.api.test_csv_in_a_spreadsheet import SOFFICE, download, parsed, saved_by_calc
from tests.api.test_exports import JOURNAL, records
from tests.api.test_exports import download as csv_rows
from tests.factories import Table


@pytest.mark.parametrize("zone", ["Europe/London", "America/Los_Angeles", "Pacific/Chatham"])
def test_the_journal_says_each_time_in_the_evening_s_zone_too(client, zone):
    table = Table(client, players=2, time_zone=zone)
    assert table.get("")["time_zone"] == zone
    game = table.start_game(kind="other")
    table.record("stake_paid", game, player=table.players[0], amount=1)
    rows = csv_rows(table, "journal")
    assert rows[0] == [*JOURNAL, f"local_time ({zone})"]  # the SPEC's columns kept, first
    recorded = {e["id"]: e["recorded_at"] for e in table.get("/events")["events"]}
    for row in records(rows):
        moment = datetime.fromisoformat(recorded[row["event_id"]]).astimezone(ZoneInfo(zone))
        assert row[f"local_time ({zone})"] == moment.strftime("%Y-%m-%dT%H:%M:%S")
        assert row["recorded_at"] == moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")


def test_a_time_is_written_in_a_zone_and_text_that_is_no_time_is_kept():
    london = ZoneInfo("Europe/London")
    assert spreadsheet_time("2026-11-22T21:15:03.892128+01:00") == "2026-11-22T20:15:03"
    assert spreadsheet_time("2026-11-22T20:15:03+00:00") == "2026-11-22T20:15:03"
    assert spreadsheet_time("2026-07-22T20:15:03+00:00", london) == "2026-07-22T21:15:03"
    assert spreadsheet_time("2026-07-22 20:15:03", london) == "2026-07-22T21:15:03"  # UTC
    assert spreadsheet_time("yesterday", london) == "yesterday"
    assert evening_zone("Europe/London") == ("Europe/London", london)
    assert evening_zone("Mars/Olympus_Mons") == ("UTC", UTC)  # a zone this machine lacks



# An evening of three games and a payment, every id chosen, so that each game can be played
# again alone in an evening of its own: (game, type, data, event id) in the order recorded.
IDS = {name: f"{name.lower()}-0000" for name in ("Ann", "Ben", "Cleo", "Dot")}
ANN, BEN, CLEO, DOT = IDS.values()
COMMERCE, VINGT_UN, OTHER = "commerce-1", "vingt-un-1", "other-1"
PLAYED = [
    (COMMERCE, "deal_started", {"dealer": ANN}, "c1"),
    (VINGT_UN, "deal_started", {"dealer": CLEO}, "v1"),
    (OTHER, "stake_paid", {"player": ANN, "amount": 3, "to": BEN}, "o1"),
    (COMMERCE, "card_bought", {"buyer": BEN}, "c2"),
    (COMMERCE, "event_voided", {"event_id": "c2", "reason": "wrong buyer"}, "c3"),
    (VINGT_UN, "vingt_un_hand_settled", {"player": ANN, "winner": "player", "natural": False,
                                         "tie": False}, "v2"),
    (COMMERCE, "card_bought", {"buyer": CLEO}, "c4"),
    (OTHER, "stake_paid", {"player": CLEO, "amount": 2}, "o2"),
    (VINGT_UN, "vingt_un_hand_settled", {"player": BEN, "winner": "dealer", "natural": False,
                                         "tie": False}, "v3"),
    (COMMERCE, "commerce_stand", {"stander": DOT, "winner": DOT, "better_hands": []}, "c5"),
    (OTHER, "pool_won", {"winners": [DOT]}, "o3"),
    (None, "payment_made", {"from": ANN, "to": DOT, "amount": 2}, "p1"),
    (VINGT_UN, "penalty_paid", {"player": DOT, "amount": 1, "reason": "a misdeal"}, "v4"),
    (COMMERCE, "deal_started", {"dealer": BEN}, "c6"),  # its pool left unclaimed
    (OTHER, "stake_paid", {"player": DOT, "amount": 1}, "o4"),
    (OTHER, "event_voided", {"event_id": "o4", "reason": "recorded twice"}, "o5"),
]


def played(client, games: set, zone: str = "UTC") -> Table:
    """The evening above, or the part of it played in `games` (the same ids)."""
    table = Table(client, players=0, name="Twelfth Night", time_zone=zone)
    table.players = [table.add_player(id=pid, name=name) for name, pid in IDS.items()]
    for game_id, kind in ((COMMERCE, "commerce"), (VINGT_UN, "vingt_un"), (OTHER, "other")):
        if game_id in games:
            table.start_game(id=game_id, kind=kind, stake=2)
    for game_id, event_type, data, event_id in PLAYED:
        if game_id in games:
            on = None if event_type in ("event_voided", "payment_made") else game_id
            response = table.post(event_type, on, id=event_id, data=data)
            assert response.status_code == 201, response.get_json()
    return table


@pytest.mark.spreadsheet
@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed (no soffice)")
def test_the_journal_s_times_open_as_dates_and_its_rows_sum_by_game_to_each_game_s_result(
        client, tmp_path):
    """LibreOffice's default import (a double-click) reads both times as date-times, in UTC
    and in the evening's zone; and a game's rows, summed by account (SUMIFS on game_id), are
    what that game played alone moves: a void's rows count in the game of what it undid."""
    zone = "America/Los_Angeles"
    evening = played(client, {COMMERCE, VINGT_UN, OTHER, None}, zone)
    text = download(evening, "journal")
    fields = parsed(text)
    path = tmp_path / "journal.csv"
    path.write_bytes(text.encode("utf-8"))
    sheet = openpyxl.load_workbook(saved_by_calc([path], tmp_path)["journal"]).active
    rows = list(sheet.iter_rows())
    header = [cell.value for cell in rows[0]]
    assert header[1:] == fields[0][1:] and header[-1] == f"local_time ({zone})"
    recorded, local = header.index("recorded_at"), len(header) - 1
    for cells, written in zip(rows[1:], fields[1:]):
        for column in (recorded, local):
            cell = cells[column]
            assert cell.data_type == "d" and cell.is_date, (cell.value, cell.number_format)
            assert "yy" in cell.number_format and "hh:mm" in cell.number_format
            assert cell.value == datetime.fromisoformat(written[column])
        moment = cells[recorded].value.replace(tzinfo=UTC).astimezone(ZoneInfo(zone))
        assert cells[local].value == moment.replace(tzinfo=None)

    summed = collections.Counter()
    for cells in rows[1:]:
        game, account, amount = (cells[header.index(name)].value
                                 for name in ("game_id", "account", "amount"))
        assert isinstance(amount, int)
        if game:
            summed[game, account] += amount
    for game in (COMMERCE, VINGT_UN, OTHER):
        alone = played(client, {game})
        moved = {f"player:{p['id']}": p["result_counters"] for p in alone.get("/balances")["players"]}
        moved.update({f"pool:{p['game_id']}": p["counters"] for p in alone.get("/pools")["pools"]})
        by_game = {account: n for (g, account), n in summed.items() if g == game and n}
        assert by_game == {account: n for account, n in moved.items() if n}, game
    assert sum(summed.values()) == 0 and len({g for g, _ in summed}) == 3
