"""The reads of an evening and of a club, beside their handlers as *Architecture Patterns
with Python* keeps its `views.py`: each takes what it needs of the stream, the reader's own
copy made under the stream's lock (`Sessions.state`, `Clubs.state`), or its log up to that
copy's version, and computes its read model after the lock is released, so that a read
however long never holds up an append. The API parses, calls one of these and dumps what it
answers."""

from ledger import games
from ledger.clubs import imports, reading, standings, tab
from ledger.errors import NotFound
from ledger.games.dealing import dealing
from ledger.language import _
from ledger.projections.balances import balances, pools, pools_by_game
from ledger.projections.refunds import refund
from ledger.projections.results import results
from ledger.projections.settlement import settled, settlement
from ledger.projections.statement import statement
from ledger.projections.summary import summary
from ledger.service import tab as carrying
from ledger.service.clubs import Clubs
from ledger.service.sessions import Sessions

FIGURES = ()  # no game's whole record: the evening's figures read only what a game started as


class Views:
    def __init__(self, sessions: Sessions, clubs: Clubs):
        self.sessions, self.clubs = sessions, clubs

    def summary(self, sid: str) -> dict:
        """Players, tables, games (each with what is due next) and the version."""
        return summary(self.sessions.state(sid))

    def balances(self, sid: str) -> dict:
        return balances(self.sessions.state(sid, FIGURES))

    def pools(self, sid: str) -> dict:
        return pools(self.sessions.state(sid, FIGURES))

    def results(self, sid: str) -> dict:
        return results(self.sessions.state(sid, FIGURES))

    def settlement(self, sid: str) -> dict:
        return settlement(self.sessions.state(sid, FIGURES))

    def dealing(self, sid: str, gid: str) -> dict:
        record = _game(self.sessions.state(sid, (gid,)), gid)
        return dealing(record, games.of(record).keeps_deal)

    def scores(self, sid: str, gid: str) -> dict:
        """Cassino's scores; a game of another kind keeps none: 404, as for no such game."""
        state = self.sessions.state(sid, (gid,))
        record = _game(state, gid)
        read = games.of(record).reads.get("scores")
        if read is None:  # (SPEC §6: what does not exist is a 404, naming the id)
            raise NotFound(_("No scores for this game: scores are kept for Cassino games."),
                           {"gid": [_("no scores for this game")]})
        return read(record, state)

    def progressive(self, sid: str, game_id: str | None) -> dict:
        """Progressive Poker's read of the game named, or of the latest one."""
        state = self.sessions.state(sid)
        kept = [g for g in state.games.values() if "progressive" in games.of(g).reads]
        record = next((g for g in reversed(kept) if game_id in (None, g.id)), None)
        if record is None:
            raise NotFound(_("No Progressive Poker game in this session."),
                           {"game_id": [_("no such game")]})
        return games.of(record).reads["progressive"](record, state)

    def refund(self, sid: str, gid: str, name: str | None) -> dict:
        """What the game's unclaimed pool (`name`: one of its named pools) would be shared
        back as: read from the log's postings up to the state's version."""
        state = self.sessions.state(sid, (gid,))
        record = _game(state, gid)
        named = games.of(record).pools
        if name not in (named or (None,)):  # a pool it does not have: none to read
            why = (_("One of: %(pools)s.", pools=", ".join(named)) if named
                   else _("This game has one pool: leave pool out."))
            raise NotFound(_("pool: %(why)s", why=why), {"pool": [why]})
        held = pools_by_game(state)[gid].get(name, 0)
        shared = refund(self.sessions.log(sid, state.version), gid, name, held, list(record.seats))
        return {"game_id": gid, "pool": name, "counters": held, **shared}

    def statement(self, sid: str, pid: str) -> dict:
        """The player's postings in log order, up to the state's version, with his name."""
        state = self.sessions.state(sid, FIGURES)
        if pid not in state.players:
            raise NotFound(_("No player %(id)s in this session.", id=pid),
                           {"pid": [_("unknown player")]})
        return {**statement(self.sessions.log(sid, state.version), pid),
                "name": state.players[pid].name}

    def view(self, sid: str, after: int) -> dict:
        """What a phone draws an evening from, of one version: the summary, balances,
        settlement, results and pools, and the events after `after` up to that version."""
        state = self.sessions.state(sid)
        night = results(state)
        model = {"summary": summary(state), "balances": balances(state),
                 "settlement": settled(night), "results": night, "pools": pools(state)}
        model["events"] = (self.sessions.events(sid, after, state.version - after)
                           if state.version > after else [])
        return model

    def carry(self, sid: str) -> dict:
        """What carrying the evening to its club's tab would carry now, or why it cannot be,
        or the carry that stands (`ledger.service.tab.preview`)."""
        return carrying.preview(self.clubs, self.sessions, sid)

    def club(self, cid: str) -> dict:
        """The club: members, seasons, and its evenings with their players' members."""
        return reading.described(*self.clubs.state(cid))

    def standings(self, cid: str, season: str | None) -> dict:
        """Per member over the season's evenings (`season`: its id or name; None: all)."""
        state, evenings = self.clubs.state(cid)
        return standings.standings(state, evenings, reading.season(state, season))

    def history(self, cid: str, mid: str, season: str | None) -> dict:
        """A member's evenings, newest first, each with his result and running total."""
        state, evenings = self.clubs.state(cid)
        reading.member(state, mid)
        return standings.history(state, evenings, mid, reading.season(state, season))

    def club_tab(self, cid: str) -> dict:
        """The club's tab, a currency each, with the fewest payments that settle it."""
        return tab.tab(*self.clubs.state(cid))

    def member_tab(self, cid: str, mid: str) -> dict:
        """A member's statement on the club's tab, a currency each."""
        state, evenings = self.clubs.state(cid)
        reading.member(state, mid)
        return tab.statement(state, evenings, mid)

    def import_preview(self, cid: str, raw: bytes, options: dict) -> dict:
        """What a spreadsheet of past evenings would record in the club (nothing recorded)."""
        state, _evenings = self.clubs.state(cid)
        return imports.preview(state, raw, **options)


def _game(state, gid: str):
    if gid not in state.games:
        raise NotFound(_("No game %(id)s in this session.", id=gid), {"gid": [_("unknown game")]})
    return state.games[gid]
