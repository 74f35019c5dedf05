"""Read models, each folded from the log: the service's views (`ledger.service.views`),
dumped by their schemas."""

from flask.views import MethodView
from marshmallow import RAISE

from api.access import guard
from api.service import ledger
from api.blueprint import Blueprint
from api.reads import schemas

blp = guard(Blueprint("reads", __name__, url_prefix="/api/v1/sessions/<sid>",
                      description="Read models rebuilt from the log"))


@blp.route("/balances")
class Balances(MethodView):
    @blp.conditional
    @blp.response(200, schemas.Balances)
    @blp.problems(401, 404)
    def get(self, sid):
        """Each player's result in counters and money; results plus pools sum to zero."""
        return ledger().views.balances(sid)


@blp.route("/pools")
class Pools(MethodView):
    @blp.conditional
    @blp.response(200, schemas.Pools)
    @blp.problems(401, 404)
    def get(self, sid):
        """The counters in each game's pool."""
        return ledger().views.pools(sid)


@blp.route("/games/<gid>/dealing")
class Dealing(MethodView):
    @blp.response(200, schemas.Dealing)
    @blp.problems(401, 404)
    def get(self, sid, gid):
        """Deals per player, the current and next dealer, and whether all have dealt equally."""
        return ledger().views.dealing(sid, gid)


@blp.route("/games/<gid>/scores")
class Scores(MethodView):
    @blp.response(200, schemas.Scores)
    @blp.problems(401, 404)
    def get(self, sid, gid):
        """Cassino: each deal's raw and scored points, totals, and the winner once reached.
        A game of another kind keeps no scores: 404, as for a game that does not exist."""
        return ledger().views.scores(sid, gid)


@blp.route("/games/<gid>/refund")
class Refund(MethodView):
    @blp.arguments(schemas.RefundQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.Refund)
    @blp.problems(401, 404, 422)
    def get(self, query, sid, gid):
        """An unclaimed pool of the game, shared back by default: to those who put it there,
        each his share, an odd counter named; what the page offers to record as
        `pool_refunded` (the table may change it) so that the evening can be all square."""
        return ledger().views.refund(sid, gid, query.get("pool"))


@blp.route("/settlement")
class Settlement(MethodView):
    @blp.conditional
    @blp.response(200, schemas.Settlement)
    @blp.problems(401, 404)
    def get(self, sid):
        """The fewest transfers between players that settle the evening; unclaimed pools apart."""
        return renamed(ledger().views.settlement(sid))


@blp.route("/results")
class Results(MethodView):
    @blp.conditional
    @blp.response(200, schemas.Results)
    @blp.problems(401, 404)
    def get(self, sid):
        """What the night comes to: each player's result, his payments and what is still
        outstanding; the payments made, the transfers still to pay and the unclaimed pools."""
        return renamed(ledger().views.results(sid))


@blp.route("/players/<pid>/statement")
class Statement(MethodView):
    @blp.response(200, schemas.Statement)
    @blp.problems(401, 404)
    def get(self, sid, pid):
        """Every posting that touched the player, in log order, with a running balance."""
        return ledger().views.statement(sid, pid)


@blp.route("/progressive")
class Progressive(MethodView):
    @blp.arguments(schemas.ProgressiveQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.Progressive)
    @blp.problems(401, 404, 422)
    def get(self, query, sid):
        """Progressive Poker: seating, counters held and won, yellow chips, rebuys, the last
        bell's moves, and each prize's current holder."""
        return moves_renamed(ledger().views.progressive(sid, query.get("game_id")))


@blp.route("/view")
class View(MethodView):
    @blp.arguments(schemas.ViewQuery(), location="query", unknown=RAISE)
    @blp.response(200, schemas.View)
    @blp.problems(401, 404, 422)
    def get(self, query, sid):
        """What a phone draws an evening from, in one answer and of one version: the summary,
        balances, settlement, results and pools, and the events with version > after up to that
        version (those recorded since come with the next read), each with `said`."""
        model = ledger().views.view(sid, query["after"])
        renamed(model["settlement"])
        renamed(model["results"])
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
