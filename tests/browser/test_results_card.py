"""The night's results card in real Chromium: a long name beside a result of four digits is
drawn clear of it. Measured on the card as shared (the PNG): in each row of results, the
name's ink (dark and grey) ends well before the figures' ink (green or red) begins."""

import pytest

from tests.browser.test_night_end import CAPTURE
from tests.browser.tools import Evening, Phone, wait_for

pytestmark = pytest.mark.browser
LONG = "Bartholomew-Ignatius"
CLEAR = 24  # pixels between a name and its figures, at least

# Each band of pixel rows holding figures' ink (saturated: green or red) that holds a name's
# ink too (dark, unsaturated): where the name's ink ends and the figures' begins.
ROWS = """async bytes => {
  const raw = Uint8Array.from(atob(bytes), ch => ch.charCodeAt(0));
  const card = await createImageBitmap(new Blob([raw], {type: "image/png"}));
  const canvas = document.createElement("canvas");
  [canvas.width, canvas.height] = [card.width, card.height];
  const c = canvas.getContext("2d");
  c.drawImage(card, 0, 0);
  const {data} = c.getImageData(0, 0, card.width, card.height), rows = [];
  let band = null;
  for (let y = 0; y < card.height; y++) {
    let name = -1, figures = Infinity;
    for (let x = 0; x < card.width; x++) {
      const i = 4 * (y * card.width + x), [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      const spread = Math.max(r, g, b) - Math.min(r, g, b);
      if (spread > 40) figures = Math.min(figures, x);
      else if (spread < 20 && Math.max(r, g, b) < 160) name = Math.max(name, x);
    }
    if (figures === Infinity) { if (band) rows.push(band); band = null; continue; }
    band = band || {top: y, name: -1, figures: Infinity};
    band.name = Math.max(band.name, name);
    band.figures = Math.min(band.figures, figures);
  }
  return rows.filter(row => row.name >= 0);
}"""


def test_a_long_name_is_drawn_clear_of_a_four_digit_result(base, browser):
    evening = Evening(base).seat("Al", LONG, "Bo")
    p = evening.players
    commerce = evening.game("commerce", ["Al", LONG, "Bo"], stake=1250)
    evening.record("deal_started", commerce)
    evening.record("commerce_stand", commerce, stander=p["Al"], winner=p["Al"],
                   better_hands=[])
    phone = Phone(browser)
    phone.context.add_init_script(CAPTURE)
    phone.open(evening.link())
    phone.page.locator("#share-results").click()
    shared = wait_for(phone.page, "window.shared")
    assert f"{LONG}: −1250 (" in shared["text"]
    rows = phone.page.evaluate(ROWS, shared["files"][0]["bytes"])
    assert len(rows) == 3, rows  # Al, Bartholomew-Ignatius and Bo, each with his figures
    assert all(row["figures"] - row["name"] >= CLEAR for row in rows), rows
    phone.close()
    assert phone.errors == [], phone.errors
