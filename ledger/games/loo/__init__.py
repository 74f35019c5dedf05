"""Loo: the pool divided by tricks, the looed paying into the next pool.

Its names: "Loo" in every language. Its French forebear Mouche (or Lanturlu, whence
"Lanterloo") is a five-card game of its own (Parlett, *The Penguin Book of Card Games*,
"Five-card Loo"), and German tables have no name for it.

The rules after Professor Hoffmann (ed.), *Hoyle's Games Modernized* (Routledge, 1909), "Loo";
W. H. Peel, *Round Games with Cards*, "Loo" (seed 001's book); *Cassell's Book of In-door
Amusements, Card Games, and Fireside Fun* (c. 1881), "Loo"; *Hoyle's Games, Improved and
Enlarged*, "Loo"; *Enquire Within upon Everything*, "Loo":

- the deal: "the dealer ... places an agreed number of counters (either three or some multiple
  of three) in the pool" (Hoffmann; Cassell and Peel alike): the game's stake, option `ante` =
  `dealer`. "If every one at dealing should stake half-a-crown" (Hoyle, Improved) and "each
  player contributes to the pool" (Britannica, 1911): `each`;
- three cards each and an extra hand, the miss; three tricks, and "the pool is divided equally
  among the players possessing them" (Enquire Within): a trick takes a third of the pool, and
  "if the pool consists of such an amount as to render equal division impossible, the division
  is made as nearly equal as can be, and the winners of the first and second tricks have the
  preference" (Peel; option `odd_counters` = `first_tricks`); by agreement the odd counters
  stay in the pool instead (`stay`). Five cards and five tricks, each a fifth, "most commonly"
  in the old Hoyle, the three-card game "the most popular at the present day" (Peel): option
  `cards` (3);
- the miss: a player may take it for his own hand and must play it; its tricks are his. A
  dealer left against one player "is bound to take miss and play for the pool, i.e. the
  proceeds of any tricks he may make remain in the pool, to abide the result of the next
  round" (Hoffmann; Peel alike): a trick recorded without a winner stays in the pool. "Should
  one player take miss, and all the rest throw up their cards, he is entitled to the pool", and
  "in the event of all save the dealer passing, the dealer is entitled to the pool" (Hoffmann):
  recorded as the three tricks to him, which are the whole pool;
- the loo: "each player who fails to win a trick is looed, and pays into the next pool the
  amount determined on as the loo" (Enquire Within): limited Loo (Cassell: "the most popular"),
  a fixed sum, "usually three counters ... for the deal, and six for a loo" (Peel: option
  `loo_stakes`, 2); unlimited Loo, "a sum equal to what happens to be on the table at the time"
  (Hoyle, Improved): what the pool held when the deal was played, before it was divided; up
  to a limit, Peel's Mixed Loo (`loo_limit`, 0 for none). Who threw up his hand is not looed;
  the laws loo a player for an irregularity (Enquire Within: "for a misdeal the dealer is
  looed"), so fines are loos here;
- Club law: "all the players have to stand on their own cards, whenever the card turned up
  for trump proves to be a club. In that case the miss is withdrawn" (Peel; Enquire Within:
  "another way"): option `club_law` (false); with clubs trumps every trick has a player's
  name and everyone who took none is looed (409 otherwise);
- five-card Loo: "five cards of a suit, or four with Pam, compose a flush, which sweeps the
  board" (Hoyle, Improved): `flush`, the whole pool to its holder, no trick played; who else
  stood is looed, "except a player holding Pam, or an inferior flush" (the table names who).
  Pam (the knave of clubs) ranks the cards; the ledger records no card, so it is no option.

Who took which trick, who was looed, and the trumps are decided at the table and recorded as
one fact at the end of the deal (`loo_tricks_taken`); the deal and its outcome are one sheet.
A deal's loos must be in before the next is dealt (409). Peel ends a sitting "by an equal
division of the amount in the pool among the players, or by releasing those who failed to win
a trick in the previous deal": the table shares the last pool back (`pool_refunded`) as agreed.
"""

from marshmallow import fields, validate

from ledger.events.fields import Count, Counters, EventData, Flag, Ref, RefList
from ledger.games import generic
from ledger.games.base import Examples, Game
from ledger.games.life import DealLife, once, when_settled
from ledger.games.loo.rules import check_start, deal_started, tricks_taken
from ledger.games.loo.told import TRICKS, WORDS, looed_tally
from ledger.games.page import Button, Field
from ledger.language import N_


class LooOptions(EventData):
    cards = fields.Integer(strict=True, load_default=3, validate=validate.OneOf([3, 5]), metadata={
        "description": "cards dealt and tricks played a deal: three (Hoffmann, Peel) or five "
                       "(the old Hoyle)"})
    ante = fields.String(load_default="dealer", validate=validate.OneOf(["dealer", "each"]),
                         metadata={"description": "who puts up the stake at each deal: the dealer "
                                                  "(Hoffmann, Cassell, Peel) or every player (Hoyle)"})
    loo = fields.String(load_default="limited", validate=validate.OneOf(["limited", "unlimited"]),
                        metadata={"description": "what a looed player pays into the next pool: so "
                                                 "many stakes (limited), or what the pool held (unlimited)"})
    loo_stakes = Counters(maximum=20, load_default=2, metadata={
        "description": "limited Loo: the stakes a loo costs (Peel: three for the deal, six for a loo)"})
    loo_limit = Count(load_default=0, metadata={
        "description": "unlimited Loo: the most a loo costs, 0 for no limit (Peel's Mixed Loo)"})
    odd_counters = fields.String(load_default="first_tricks",
                                 validate=validate.OneOf(["first_tricks", "stay"]), metadata={
        "description": "a pool that does not divide: the first tricks take one more (Peel), or "
                       "the odd counters stay for the next deal"})
    club_law = Flag(load_default=False, metadata={
        "description": "clubs turned up for trumps: nobody may throw up his hand (Peel)"})


class LooTricksTaken(EventData):
    tricks = fields.Dict(keys=fields.String(validate=validate.OneOf(TRICKS)), values=Ref(),
                         load_default=dict, metadata={
        "description": "who took each trick, in order (first, second, third…); a trick left "
                       "out was taken by the miss played for the pool, or not played"})
    looed = RefList(load_default=list, metadata={
        "description": "who stood (or was looed for an irregularity) and took no trick"})
    clubs = Flag(load_default=False, metadata={"description": "clubs were trumps (club law)"})
    flush = Ref(metadata={"description": "five-card Loo: who held the flush that swept the board"})


def _kept(record, event: dict) -> None:
    record.facts[event["id"]] = {"looed": list(event["data"]["looed"])}


def examples(st) -> Examples:
    def outcome(t):
        seat = st.sampled_from(t.seats)
        tricks = st.fixed_dictionaries({}, optional=dict.fromkeys(TRICKS[:3], seat)) | \
            st.fixed_dictionaries(dict.fromkeys(TRICKS, seat))
        drawn = st.tuples(tricks, st.lists(seat, max_size=3, unique=True), st.booleans(),
                          st.none() | seat)
        return drawn.map(lambda a: _outcome(*a))
    return Examples(
        options=st.fixed_dictionaries({
            "cards": st.sampled_from([3, 5]), "ante": st.sampled_from(["dealer", "each"]),
            "loo": st.sampled_from(["limited", "unlimited"]), "loo_limit": st.integers(0, 12),
            "odd_counters": st.sampled_from(["first_tricks", "stay"]), "club_law": st.booleans()}),
        facts={"loo_tricks_taken": outcome})


def _outcome(tricks: dict, looed: list, clubs: bool, flush: str | None) -> dict:
    """A deal's outcome as a table might record it: the looed took no trick; a flush (now
    and then) is played without tricks."""
    if flush is not None and len(looed) > 1:
        tricks = {}
    else:
        flush = None
    took = {*tricks.values(), flush}
    return {"tricks": tricks, "looed": [p for p in looed if p not in took], "clubs": clubs,
            **({"flush": flush} if flush else {})}


TRICKS_SHEET = Button("Tricks", "loo_tricks_taken", (
    *(Field(f"tricks.{name}", "player", f"The {name} trick: won by", optional=True,
            hint="the pool", grid=f"{name.capitalize()} trick",
            only_with=("cards", 5) if n >= 3 else ()) for n, name in enumerate(TRICKS)),
    Field("looed", "players", "Looed (took no trick)", optional=True),
    Field("clubs", "bool", "Clubs were trumps", only_with=("club_law", True)),
    Field("flush", "player", "A flush swept the board, held by", optional=True,
          only_with=("cards", 5))), quick=True,
    said="Tricks: {tricks}[; looed {looed}][; {flush} swept the board with a flush]")


GAME = Game(
    kind="loo", title=N_("Loo"),
    book="Hoyle's Games Modernized (1909); Peel, Round Games with Cards; Cassell's Book of "
         "In-door Amusements; Hoyle's Games, Improved and Enlarged",
    seats=range(3, 17), options=LooOptions, check_start=check_start,
    facts={"loo_tricks_taken": LooTricksTaken},
    rules={"deal_started": deal_started, "loo_tricks_taken": tricks_taken},
    generic=frozenset({"deal_started", "pool_refunded"}),
    life=DealLife(settles={"loo_tricks_taken": once("the tricks")}, ends=when_settled("the tricks"),
                  one_at_a_time=True, whole=True),
    folds={"loo_tricks_taken": _kept}, tallies=looed_tally,
    page=(generic.DEAL, TRICKS_SHEET), words=WORDS, examples=examples,
)
