"""Any other game played for counters (SPEC §4 'Generic'): the shared facts, no antes."""

from ledger.events.fields import EventData
from ledger.games import generic
from ledger.games.base import Examples, Game
from ledger.games.life import DealLife, when_settled
from ledger.language import N_


class OtherOptions(EventData):
    pass


GAME = Game(
    kind="other", title=N_("Game"), offered_as=N_("Another game"), book="SPEC §4 (any game played for counters)",
    seats=range(2, 65), options=OtherOptions, generic=generic.ALL,
    # any game: deals are counted and nothing of them is refused; a pool won makes the next
    # deal due (a second in the same deal is still taken)
    life=DealLife(marks={"pool_won": "a pool won"}, done=when_settled("a pool won")),
    page=(generic.DEAL, *generic.SHARED),
    examples=lambda st: Examples(options=st.just({})),
)
