"""The club's page in the phone's language (SPEC §10 amendment 10), in Chromium with a German
or French locale: its standings, evenings, members and seasons, the tab with its payments and
a member's statement, the import's preview; no phrase of the English catalogue on any of it,
and axe-core finds nothing serious."""

import pytest
import requests
from playwright.sync_api import expect

from tests.api.test_tab import week
from tests.browser.test_accessibility import serious
from tests.english import english_left
from tests.factories import Club
from tests.server import REQUEST_SECONDS

pytestmark = pytest.mark.browser
SAID = {"de": ("Tabelle", "Die Clubrechnung", "Ann zahlt Cat"), "fr": ("Classement", "L'ardoise", "Ann paie")}


class OverHttp:
    """The Flask test client's calls as the API tests' factories make them, over HTTP to a
    real server: a club built there as the API tests build theirs."""

    def __init__(self, base: str):
        self.base = base

    @staticmethod
    def _answer(response: requests.Response) -> requests.Response:
        response.get_json = response.json
        return response

    def post(self, path: str, json=None, headers=None):
        return self._answer(requests.post(self.base + path, json=json, headers=headers,
                                          timeout=REQUEST_SECONDS))

    def get(self, path: str, headers=None, query_string=None):
        return self._answer(requests.get(self.base + path, headers=headers, params=query_string,
                                         timeout=REQUEST_SECONDS))


@pytest.mark.parametrize("locale", ["de-DE", "fr-FR"])
def test_the_clubs_page_says_nothing_in_english(base, browser, locale):
    language = locale[:2]
    club = Club(OverHttp(base), members=("Ann", "Ben", "Cat", "Dan"))
    club.record("season_declared", name="Winter", starts="2026-01-01", ends="2026-12-31")
    assert week(club, name="Woche 1").post("carried_to_tab").status_code == 201
    token = club.write["Authorization"].split()[1]
    context = browser.new_context(locale=locale, viewport={"width": 360, "height": 740})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{base}/club#c={club.id}&w={token}")
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator("#standings tbody tr")).to_have_count(4)
        expect(page.locator("#tab li").first).to_be_visible()
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        expect(page.locator("#club-log li").first).to_be_visible()
        page_text = page.locator("body").inner_text()
        page.locator("#tab tbody button").first.click()  # a member's statement
        expect(page.locator("#sheet-fields ol li").first).to_be_visible()
        statement = page.locator("#sheet").inner_text()
        page.locator("#sheet-ok").click()
        page.locator("#tab li button").first.click()  # paying on the tab
        paying = page.locator("#sheet").inner_text()
        page.locator("#sheet-cancel").click()
        page.locator("#import-form [name=file]").set_input_files(files=[{  # old results previewed
            "name": "season.csv", "mimeType": "text/csv",
            "buffer": "date,evening,member,counters\n04/03/2026,Old,Ann,3\n04/03/2026,Old,Zoë,-3\n".encode()}])
        page.locator("#import-form button[type=submit]").click()
        expect(page.locator("#import-preview select").first).to_be_visible()
        preview = page.locator("#import-preview").inner_text()
        assert "Zoë" in preview, preview
        for text in (page_text, statement, paying, preview):
            assert english_left(text, language) == [], (english_left(text, language), text)
        assert [word for word in SAID[language] if word not in page_text] == [], page_text
        assert serious(page) == []
    finally:
        context.close()
    assert errors == [], errors
