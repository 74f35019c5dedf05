"""The page in the phone's language (SPEC §10 amendment 10), in Chromium with a German or French
locale: `<html lang>`, each module served with its language's words, the games' words from the
catalogue in that language, money written by `Intl` the locale's way, an evening opened in the
phone's language; the switch at the page's foot changes it (the page, the service's answers,
and the service worker's kept page and modules)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.tools import Evening, Phone, wait_for


def test_a_german_phone_sees_the_evening_in_german_and_switches_to_french(base, browser):
    evening = Evening(base).seat("Ann", "Ben", "Cy")
    evening.game("pope_joan", ["Ann", "Ben", "Cy"])
    phone = Phone(browser, locale="de-DE")
    page = phone.page
    phone.open(evening.link())
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".game h2").first).to_contain_text("Poch")  # Pope Joan's name in German
    expect(page.locator("#language")).to_have_value("de")
    modules = page.evaluate("[...document.querySelectorAll('link[rel=modulepreload]')].map(l => l.href)")
    assert modules and all(re.search(r"/phone/v/\w+\.de/", href) for href in modules), modules
    # money the German way (GBP: "0,00 £"), from the same figures as the English page
    expect(page.locator("#balances tbody")).to_contain_text(re.compile(r"\d,\d\d\s?£"))

    page.locator("#language").select_option("fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator(".game h2").first).to_contain_text("Nain jaune")
    assert any(c["name"] == "lang" and c["value"] == "fr" for c in phone.context.cookies())
    # the service's words follow the switch too: the log says who joined in French
    expect(page.locator("#log")).to_contain_text("nous rejoint")
    phone.close()
    assert phone.errors == [], phone.errors


def test_an_evening_opened_on_a_french_phone_is_a_french_evening(base, browser):
    phone = Phone(browser, locale="fr-FR")
    page = phone.page
    page.goto(base)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.fill("#open-form [name=name]", "Soirée")
    page.locator("#open-form button[type=submit]").click()
    expect(page.locator("#evening")).to_be_visible()
    opened = wait_for(page, "JSON.parse(localStorage.getItem('ledger:current'))")
    tokens = page.evaluate("JSON.parse(localStorage.getItem('ledger:evenings'))")[opened]
    summary = page.request.get(f"{base}/api/v1/sessions/{opened}",
                               headers={"Authorization": f"Bearer {tokens['read']}"}).json()
    assert summary["language"] == "fr"
    phone.close()
    assert phone.errors == [], phone.errors


def test_the_night_sheet_and_the_shared_results_are_in_the_phone_s_language(base, browser):
    import io

    from pypdf import PdfReader

    from tests.browser.test_night_end import CAPTURE, played

    evening = played(base)
    phone = Phone(browser, locale="de-DE")
    phone.context.add_init_script(CAPTURE)
    phone.context.add_init_script("window.print = () => { window.printed = true; };")
    phone.open(evening.link())
    phone.page.locator("#share-results").click()
    text = wait_for(phone.page, "window.shared")["text"]
    assert "Gespielt: Commerce, 2 Runden; Casino, Ann gewann" in text, text
    assert re.search(r"Ben: \+\d+ \(\+\d+,\d\d\s£\)", text), text  # money the German way
    phone.page.locator("#print-sheet").click()
    wait_for(phone.page, "window.printed")
    pdf = phone.page.pdf(format="A4", print_background=False)
    sheet = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)
    for german in ("Ergebnisse", "Spieler Marken Geld", "Spiele", "Seite 1 von 1", "Das Protokoll: "):
        assert german in sheet, (german, sheet)
    for english in ("Results", "Still to pay", "Games", "page 1 of", "The log", "deals", " won "):
        assert english not in sheet and english not in text, (english, sheet, text)
    phone.close()
    assert phone.errors == [], phone.errors


@pytest.mark.parametrize("locale", ["de-DE", "fr-FR"])
def test_an_evening_in_play_says_nothing_in_english(base, browser, locale):
    """A game in play on the evening's page, its card and sheets, what waits in the outbox,
    the set-up, balances and log: no phrase of the English catalogue (`tests/english.py`)."""
    from tests.browser.test_accessibility import serious
    from tests.english import english_left

    language = locale[:2]
    evening = Evening(base, name="Meryton 12").seat("Ann", "Ben", "Cy")  # (a name, not a word)
    commerce = evening.game("commerce", ["Ann", "Ben", "Cy"], stake=1)
    evening.record("deal_started", commerce)
    evening.record("card_bought", commerce, buyer=evening.players["Ben"])
    phone = Phone(browser, locale=locale)
    page = phone.page
    phone.open(evening.link())
    expect(page.locator(".game form.sheet")).to_be_visible()
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    seen = [page.locator("body").inner_text()]
    assert serious(page) == []  # axe-core, in the language
    page.locator(".game [data-fact=card_bought]").click()  # a fact's own sheet
    expect(page.locator("#sheet")).to_be_visible()
    seen.append(page.locator("#sheet").inner_text())
    page.locator("#sheet-cancel").click()
    phone.offline()  # a fact recorded offline waits, pending
    sheet = page.locator(".game form.sheet")
    sheet.locator("label.chip").first.click()
    sheet.locator("button[type=submit]").click()
    expect(page.locator("#attention li")).to_have_count(1)
    seen.append(page.locator("#attention").inner_text())
    seen.append(page.locator(".game").first.inner_text())
    for text in seen:
        assert english_left(text, language) == [], (english_left(text, language), text)
    phone.offline(False)
    phone.close()


@pytest.mark.parametrize("locale", ["de-DE", "fr-FR"])
def test_a_boards_pools_are_called_by_their_names_in_the_language(base, browser, locale):
    """Pope Joan's board dressed: each compartment left to share back, and its button, named
    as the game's catalogue calls it in the language (never its id, `matrimony`)."""
    from tests.english import english_left

    evening = Evening(base, name="Meryton 12").seat("Ann", "Ben", "Cy")
    game = evening.game("pope_joan", ["Ann", "Ben", "Cy"], stake=1)
    evening.record("deal_started", game)
    evening.record("pope_joan_out", game, player=evening.players["Ann"],
                   cards_left={evening.players["Ben"]: 1, evening.players["Cy"]: 2})
    phone = Phone(browser, locale=locale)
    page = phone.page
    phone.open(evening.link())
    names = {"de-DE": "Kasse Mariage von Poch", "fr-FR": "cagnotte Mariage de Nain jaune"}
    expect(page.locator("#settlement")).to_contain_text(names[locale])
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    said = page.locator("body").inner_text() + " ".join(
        page.locator("button[aria-label]").evaluate_all("bs => bs.map(b => b.ariaLabel)"))
    assert "matrimony" not in said and english_left(said, locale[:2]) == [], said
    phone.close()
    assert phone.errors == [], phone.errors
