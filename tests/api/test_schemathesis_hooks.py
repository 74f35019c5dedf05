"""The schemathesis hooks (`tests/schemathesis_hooks.py`) draw what a schema cannot say as the
document says it in words: here, a tab opened from the club's book sums to zero, each figure
within its bounds, and a body drawn malformed stays as drawn."""

from hypothesis import given
from hypothesis import strategies as st

from ledger.events.fields import MAX_AMOUNT
from tests.schemathesis_hooks import a_book_that_sums_to_zero

FIGURES = st.integers(-MAX_AMOUNT, MAX_AMOUNT)


@given(st.dictionaries(st.text(max_size=3), FIGURES, min_size=1, max_size=12), st.text())
def test_a_tab_opened_from_the_book_sums_to_zero_within_its_bounds(balances, currency):
    body = {"type": "tab_opened", "data": {"currency": currency, "balances": balances}}
    drawn = a_book_that_sums_to_zero(None, body)
    owed = drawn["data"]["balances"]
    assert list(owed) == list(balances) and sum(owed.values()) == 0
    assert all(-MAX_AMOUNT <= n <= MAX_AMOUNT for n in owed.values())
    assert drawn["data"]["currency"] == currency and drawn["type"] == "tab_opened"


@given(st.one_of(st.dictionaries(st.text(max_size=3), st.one_of(st.booleans(), st.text(),
                                                                 st.floats()), min_size=1),
                 st.lists(st.integers()), st.none(), st.text()))
def test_a_book_drawn_malformed_stays_so(balances):
    body = {"type": "tab_opened", "data": {"currency": "GBP", "balances": balances}}
    assert a_book_that_sums_to_zero(None, body) == body
