"""Read models, each folded from the log."""

from flask.views import MethodView
from marshmallow import RAISE

from api.access import guard
from api.service import ledger
from api.blueprint import Blueprint
from api.reads import schemas
from ledger import games
from ledger.errors import NotFound
from ledger.games.dealing import dealing
from ledger.projections.balances import balances, pools
from ledger.projections.refunds import refund
from ledger.projections.results import results
from ledger.projections.session import pools_by_game
from ledger.projections.settlement import settled, settlement
from ledger.projections.statement import statement
from ledger.projections.summary import summary

blp = guard(Blueprint("reads", __name__, url_prefix="/api/v1/sessions/<sid>",
                      description="Read models rebuilt from the log"))


@blp.route("/balances")
class Balances(MethodView):
    @blp.conditional
    @blp.response(200, schemas.Balances)
    @blp.problems(401, 404)
    def get(self, sid):
        """Each player's result in counters and money; results plus pools sum to zero."""
        with ledger().sessions.reading(sid) as state:
            return balances(state)


@blp.route("/pools")
class Pools(MethodView):
    @blp.conditional
    @blp.response(200, schemas.Pools)
    @blp.problems(401, 404)
    def get(self, sid):
        """The counters in each game's pool."""
        with ledger().sessions.reading(sid) as state:
            return pools(state)


@blp.route("/games/<gid>/dealing")
class Dealing(MethodView):
    @blp.response(200, schemas.Dealing)
    @blp.problems(401, 404)
    def get(self, sid, gid):
        """Deals per player, the current and next dealer, and whether all have dealt equally."""
        with ledger().sessions.reading(sid) as state:
            game = _game(state, gid)
            return dealing(game, games.of(game).keeps_deal)


@blp.route("/games/<gid>/scores")
class Scores(MethodView):
    @blp.response(200, schemas.Scores)
    @blp.problems(401, 404)
    def get(self, sid, gid):
        """Cassino: each deal's raw and scored points, totals, and the winner once reached.
        A game of another kind keeps no scores: 404, as for a game that does not exist."""
        with ledger().sessions.reading(sid) as state:
            game = _game(state, gid)
            read = games.of(game).reads.get("scores")
            if read is None:  # (SPEC §6: what does not exist is a 404, naming the id)
                raise NotFound("No scores for this game: scores are kept for Cassino games.",
                               {"gid": ["no scores for this game"]})
            return read(game, state)


@blp.route("/games/<gid>/refund")
class Refund(MethodView):
    @blp.arguments(schemas.RefundQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.Refund)
    @blp.problems(401, 404, 422)
    def get(self, query, sid, gid):
        """An unclaimed pool of the game, shared back by default: to those who put it there,
        each his share, an odd counter named; what the page offers to record as
        `pool_refunded` (the table may change it) so that the evening can be all square."""
        name = query.get("pool")
        with ledger().sessions.reading(sid) as state:
            game = _game(state, gid)
            named = games.of(game).pools
            if name not in (named or (None,)):  # a pool it does not have: none to read
                why = f"One of: {', '.join(named)}." if named else "This game has one pool: " \
                    "leave pool out."
                raise NotFound(f"pool: {why}", {"pool": [why]})
            held = pools_by_game(state)[gid].get(name, 0)
            seats = list(game.seats)
        shared = refund(ledger().store.stream(sid), gid, name, held, seats)
        return {"game_id": gid, "pool": name, "counters": held, **shared}


@blp.route("/settlement")
class Settlement(MethodView):
    @blp.conditional
    @blp.response(200, schemas.Settlement)
    @blp.problems(401, 404)
    def get(self, sid):
        """The fewest transfers between players that settle the evening; unclaimed pools apart."""
        with ledger().sessions.reading(sid) as state:
            return renamed(settlement(state))


@blp.route("/results")
class Results(MethodView):
    @blp.conditional
    @blp.response(200, schemas.Results)
    @blp.problems(401, 404)
    def get(self, sid):
        """What the night comes to: each player's result, his payments and what is still
        outstanding; the payments made, the transfers still to pay and the unclaimed pools."""
        with ledger().sessions.reading(sid) as state:
            return renamed(results(state))


@blp.route("/players/<pid>/statement")
class Statement(MethodView):
    @blp.response(200, schemas.Statement)
    @blp.problems(401, 404)
    def get(self, sid, pid):
        """Every posting that touched the player, in log order, with a running balance."""
        with ledger().sessions.reading(sid) as state:
            if pid not in state.players:
                raise NotFound(f"No player {pid} in this session.", {"pid": ["unknown player"]})
            name = state.players[pid].name
        return {**statement(ledger().store.stream(sid), pid), "name": name}


@blp.route("/progressive")
class Progressive(MethodView):
    @blp.arguments(schemas.ProgressiveQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.Progressive)
    @blp.problems(401, 404, 422)
    def get(self, query, sid):
        """Progressive Poker: seating, counters held and won, yellow chips, rebuys, the last
        bell's moves, and each prize's current holder."""
        with ledger().sessions.reading(sid) as state:
            kept = [g for g in state.games.values() if "progressive" in games.of(g).reads]
            wanted = query.get("game_id")
            game = next((g for g in reversed(kept) if wanted in (None, g.id)), None)
            if game is None:
                raise NotFound("No Progressive Poker game in this session.",
                               {"game_id": ["no such game"]})
            model = games.of(game).reads["progressive"](game, state)
        return moves_renamed(model)


@blp.route("/view")
class View(MethodView):
    @blp.arguments(schemas.ViewQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.View)
    @blp.problems(401, 404, 422)
    def get(self, query, sid):
        """What a phone draws an evening from, in one answer and of one version: the summary,
        balances, settlement, results and pools, and the events with version > after up to that
        version (those recorded since come with the next read), each with `said`."""
        with ledger().sessions.reading(sid) as state:
            night = results(state)
            model = {"summary": summary(state), "balances": balances(state),
                     "settlement": renamed(settled(night)), "results": renamed(night),
                     "pools": pools(state)}
            version = state.version
        model["events"] = (ledger().sessions.events(sid, query["after"], version - query["after"])
                           if version > query["after"] else [])
        return model


def renamed(model: dict) -> dict:
    """`from` is a Python keyword: the schema's attribute is `from_`."""
    for listed in ("transfers", "payments"):
        model[listed] = [{"from_": t.pop("from"), **t} for t in model[listed]]
    return model


def moves_renamed(model: dict) -> dict:
    """The same, for the moves of Progressive Poker's last round (if one has ended)."""
    if model.get("last_round"):
        model["last_round"]["moves"] = [{"from_": m.pop("from"), **m}
                                        for m in model["last_round"]["moves"]]
    return model


def _game(state, gid: str) -> dict:
    if gid not in state.games:
        raise NotFound(f"No game {gid} in this session.", {"gid": ["unknown game"]})
    return state.games[gid]
