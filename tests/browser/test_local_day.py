"""An evening's day is its own time zone's on the page too, whatever the phone's zone: the night
sheet, the card and text shared, and the list of evenings a phone keeps give the evening's
day; tonight's evening opened on the club's page takes the phone's zone, and the club dates it
on that day. Pacific/Kiritimati is UTC+14 and Pacific/Pago_Pago UTC−11: 25 hours apart, never
on one day, so a page that gave the phone's day could not pass."""

import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.test_night_end import CAPTURE, DRAWN, SEATS, cassino_won
from tests.browser.tools import Evening, Phone, wait_for
from tests.server import REQUEST_SECONDS

pytestmark = pytest.mark.browser
KIRITIMATI, PAGO_PAGO = "Pacific/Kiritimati", "Pacific/Pago_Pago"
LONG = '{weekday: "long", day: "numeric", month: "long", year: "numeric"}'
SHORT = '{weekday: "short", day: "numeric", month: "short", year: "numeric"}'


def days(page, at: str, style: str) -> tuple[str, str]:
    """The day of `at` as Chromium's own calendar writes it in `style`: in the evening's zone
    (Kiritimati), and in the phone's."""
    return tuple(page.evaluate(f"""([at, zone]) => [zone, undefined].map(timeZone =>
        new Date(at).toLocaleDateString(undefined, {{...{style}, timeZone}}))""", [at, KIRITIMATI]))


def test_the_sheet_the_card_and_the_kept_list_give_the_evening_s_own_day(base, browser):
    evening = Evening(base, name="Twelfth Night", time_zone=KIRITIMATI).seat(*SEATS)
    cassino_won(evening, ["Ann", "Cy"], winner="Ann")
    opened_at = evening.get("")["created_at"]
    phone = Phone(browser, timezone_id=PAGO_PAGO)
    phone.context.add_init_script(CAPTURE + DRAWN + "window.print = () => { window.printed = true; };")
    page = phone.open(evening.link()).page
    own, phones = days(page, opened_at, LONG)
    assert own != phones

    page.locator("#print-sheet").click()
    wait_for(page, "window.printed")
    said = page.locator("#night-sheet > p").first.text_content()
    assert said.startswith(f"{own} · ") and phones not in said, (said, own)

    page.locator("#share-results").click()
    shared = wait_for(page, "window.shared")
    assert shared["text"].splitlines()[0] == f"Twelfth Night — {own}"
    drawn = page.evaluate("window.drawn")
    assert own in drawn and phones not in drawn, drawn  # the card's line under its title

    own, phones = days(page, opened_at, SHORT)  # the evenings this phone keeps, from another
    phone.open(Evening(base, name="Epiphany").link())
    kept = page.locator("#other-evenings li", has_text="Twelfth Night").locator(".meta")
    expect(kept).to_have_text(f" {own} · recording")
    phone.close()
    assert phone.errors == [], phone.errors


def test_tonight_s_evening_is_opened_in_the_phone_s_time_zone_and_dated_on_its_day(
        base, browser):
    club = requests.post(f"{base}/api/v1/clubs", json={"name": "Christmas Island"},
                         timeout=REQUEST_SECONDS).json()
    auth = {"Authorization": f"Bearer {club['write_token']}"}
    for name in ("Ann", "Ben"):
        assert requests.post(f"{base}/api/v1/clubs/{club['id']}/members", json={"name": name},
                             headers=auth, timeout=REQUEST_SECONDS).status_code == 201
    phone = Phone(browser, timezone_id=KIRITIMATI)
    page = phone.page
    page.goto(f"{base}/club#c={club['id']}&w={club['write_token']}")
    page.locator("#tonight-form [name=name]").fill("Twelfth Night")
    for name in ("Ann", "Ben"):
        page.locator("#tonight-members label.chip", has_text=name).click()
    page.get_by_role("button", name="Open tonight's evening").click()
    expect(page.locator("#title")).to_have_text("Twelfth Night")
    sid = page.evaluate("JSON.parse(localStorage.getItem('ledger:current'))")
    summary = requests.get(f"{base}/api/v1/sessions/{sid}", headers=auth,
                           timeout=REQUEST_SECONDS).json()
    assert summary["time_zone"] == KIRITIMATI
    day = dt.datetime.fromisoformat(summary["created_at"]).astimezone(
        ZoneInfo(KIRITIMATI)).date().isoformat()
    assert summary["date"] == day
    standings = requests.get(f"{base}/api/v1/clubs/{club['id']}/standings", headers=auth,
                             timeout=REQUEST_SECONDS).json()
    assert [e["date"] for e in standings["evenings"]] == [day]
    page.goto(f"{base}/club")
    shown = page.evaluate("""day => new Date(`${day}T12:00`).toLocaleDateString(
        'en', {day: 'numeric', month: 'short', year: 'numeric'})""", day)  # as the page writes it
    expect(page.locator("#evenings li a")).to_have_text([f"{shown} · Twelfth Night"])
    phone.close()
    assert phone.errors == [], phone.errors


def test_the_club_s_tab_dates_a_carry_on_its_evening_s_day(base, browser):
    evening = Evening(base, name="Twelfth Night", time_zone=KIRITIMATI).seat("Ann", "Cy")
    cassino_won(evening, ["Ann", "Cy"], winner="Ann")
    club = requests.post(f"{base}/api/v1/clubs", json={"name": "Christmas Island"},
                         timeout=REQUEST_SECONDS).json()
    auth = {"Authorization": f"Bearer {club['write_token']}"}
    members = {name: requests.post(f"{base}/api/v1/clubs/{club['id']}/members", headers=auth,
                                   json={"name": name}, timeout=REQUEST_SECONDS).json()["id"]
               for name in ("Ann", "Cy")}
    attached = requests.put(
        f"{base}/api/v1/clubs/{club['id']}/evenings/{evening.id}", headers=auth,
        timeout=REQUEST_SECONDS, json={"write_token": evening.write, "links": {
            pid: members[name] for name, pid in evening.players.items()}})
    assert attached.status_code == 201, attached.text
    carried_at = evening.record("carried_to_tab")["recorded_at"]
    phone = Phone(browser, timezone_id=PAGO_PAGO)
    page = phone.page
    page.goto(f"{base}/club#c={club['id']}&r={club['read_token']}")
    own, phones = days(page, carried_at, '{day: "numeric", month: "short", year: "numeric"}')
    assert own != phones
    entry = page.locator("#tab ol.log li", has_text="carried to the tab")
    expect(entry).to_have_text(re.compile(rf"^{re.escape(own)} · Twelfth Night"))
    phone.close()
    assert phone.errors == [], phone.errors
