"""The pseudo-locale (`en-XA`, `ledger.language.Pseudo`): every message of the catalogues
⟦marked⟧, accented and 40% longer. The evening's page with a game in play, its set-up, sheets
and what waits, at 320 and 360 px, light and dark: every word on it is a catalogue's (a word
left hard-coded in a script or template shows unmarked), and words grown by 40% cut nothing
and scroll nothing sideways."""

import pytest
from playwright.sync_api import expect

from tests.browser.tools import Evening, Phone

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Ben", "Cy"]
# Every visible text on the page, and each placeholder, less what is ⟦marked⟧ and what is not
# words of ours: the players' and evening's names, file names, numbers and money, the
# language switch's own names of its languages
UNMARKED = """names => {
  const ours = /⟦[^⟦⟧]*⟧/g, theirs = new RegExp(`\\\\b(${names.join('|')})\\\\b`, 'g');
  const unmarked = text => (text.search(ours) < 0 ? text : unmarked(text.replace(ours, ' ')));  // (nested: a title in a sentence)
  const left = text => unmarked(text).replace(theirs, ' ').replace(/\\S+\\.(csv|xlsx|json)\\b/g, ' ')
    .match(/[A-Za-z]{3,}/g) || [];
  const found = [], walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const host = node.parentElement;
    if (!host.checkVisibility() || host.closest('script, style, #language, [hidden]')) continue;
    for (const word of left(node.textContent)) found.push(`${word} in "${node.textContent.trim().slice(0, 60)}"`);
  }
  for (const field of document.querySelectorAll('[placeholder]'))
    for (const word of left(field.placeholder)) found.push(`${word} in placeholder "${field.placeholder}"`);
  return found;
}"""
CUT = """() => [...document.querySelectorAll('button, label, legend, summary, h2, h3, p, li, th, td')]
  .filter(e => e.checkVisibility() && getComputedStyle(e).overflow !== 'visible' && e.scrollWidth > e.clientWidth + 1)
  .map(e => e.textContent.trim().slice(0, 60))"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_word_is_the_catalogues_and_longer_words_cut_nothing(base, browser, scheme):
    evening = Evening(base, name="Meryton 12").seat(*NAMES)
    commerce = evening.game("commerce", NAMES, stake=1)
    evening.record("deal_started", commerce)
    evening.record("card_bought", commerce, buyer=evening.players["Ben"])
    phone = Phone(browser, width=320, height=740, locale="en-XA", color_scheme=scheme)
    page = phone.page
    phone.open(evening.link())
    expect(page.locator("html")).to_have_attribute("lang", "en-XA")
    expect(page.locator(".game form.sheet")).to_be_visible()
    expect(page.locator("#log li").first).to_contain_text("⟦")  # the service's words too
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    names = [*NAMES, "Meryton", "GBP"]
    unmarked, cut, wide = {}, {}, {}

    def look(screen: str) -> None:  # at each width the page is read at: 320 and 360 px
        for width in (320, 360):
            page.set_viewport_size({"width": width, "height": 740})
            page.evaluate("new Promise(requestAnimationFrame)")
            unmarked[f"{screen}, {width}"] = page.evaluate(UNMARKED, names)
            cut[f"{screen}, {width}"] = page.evaluate(CUT)
            wide[f"{screen}, {width}"] = page.evaluate("document.documentElement.scrollWidth - innerWidth")

    look("the evening")
    page.locator(".game [data-fact=card_bought]").click()  # a fact's own sheet
    expect(page.locator("#sheet")).to_be_visible()
    look("a sheet")
    page.locator("#sheet-cancel").click()
    phone.offline()  # what waits
    sheet = page.locator(".game form.sheet")
    sheet.locator("label.chip").first.click()
    sheet.locator("button[type=submit]").click()
    expect(page.locator("#attention li")).to_have_count(1)
    look("what waits")
    phone.offline(False)
    phone.close()
    assert {screen: found for screen, found in unmarked.items() if found} == {}
    assert {screen: found for screen, found in cut.items() if found} == {}
    assert {screen: px for screen, px in wide.items() if px > 0} == {}
    assert phone.errors == [], phone.errors
