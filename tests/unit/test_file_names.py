"""A download's name says what it is of, in characters any file system and mail client keep."""

import pytest

from ledger.projections import exports


@pytest.mark.parametrize("said, stem", [
    (("Twelfth Night", "2026-11-25"), "twelfth-night-2026-11-25"),
    (("Zoë's Club", "Winter 2026/27"), "zoes-club-winter-2026-27"),
    (("Ёлка 🎄", ""), "parlour"),  # nothing plain to keep: the project's own word
    (("a" * 80,), "a" * 60),
])
def test_a_download_is_named_by_what_it_is_of_in_plain_characters(said, stem):
    assert exports.file_stem(*said) == stem
