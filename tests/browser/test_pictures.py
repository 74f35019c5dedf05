"""The README's pictures are written over the tracked ones only on request: a test run leaves
`git status` clean (the guard in tests/conftest.py checks the run as a whole)."""

import struct

from tests.browser.tools import PICTURES, REFRESH, Pictures


class Page:
    """Enough of a Playwright page to take a picture 2 pixels wide (its PNG header)."""

    viewport_size = {"width": 2, "height": 1}

    def screenshot(self, path: str, **options) -> None:
        with open(path, "wb") as png:
            png.write(b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR" + struct.pack(">II", 2, 1))


def test_a_picture_goes_into_the_tests_own_folder_unless_a_refresh_is_asked_for(
        tmp_path, monkeypatch):
    monkeypatch.delenv(REFRESH, raising=False)
    taken = Pictures(tmp_path).screenshot(Page(), "screenshot.png")
    assert taken == tmp_path / "screenshot.png" and taken.stat().st_size > 0
    assert Pictures(tmp_path).write("results-card.png", b"png").parent == tmp_path
    monkeypatch.setenv(REFRESH, "0")
    assert Pictures(tmp_path).folder == tmp_path
    monkeypatch.setenv(REFRESH, "1")
    assert Pictures(tmp_path).folder == PICTURES  # only this way are the tracked ones rewritten
    assert {path.name for path in PICTURES.glob("*.png")} >= {
        "screenshot.png", "club-screenshot.png", "results-card.png", "night-sheet.png",
        "first-players.png", "first-game.png", "first-stand.png"}
