"""Read models, each folded from the log."""

from flask.views import MethodView

from api.access import guard
from api.book import book
from api.docs import Blueprint
from api.reads import schemas
from ledger.errors import NotFound
from ledger.projections.balances import balances, pools
from ledger.projections.dealing import dealing

blp = guard(Blueprint("reads", __name__, url_prefix="/api/v1/sessions/<sid>",
                      description="Read models rebuilt from the log"))


@blp.route("/balances")
class Balances(MethodView):
    @blp.response(200, schemas.Balances)
    @blp.problems(401, 404)
    def get(self, sid):
        """Each player's result in counters and money; results plus pools sum to zero."""
        with book().reading(sid) as state:
            return balances(state)


@blp.route("/pools")
class Pools(MethodView):
    @blp.response(200, schemas.Pools)
    @blp.problems(401, 404)
    def get(self, sid):
        """The counters in each game's pool."""
        with book().reading(sid) as state:
            return pools(state)


@blp.route("/games/<gid>/dealing")
class Dealing(MethodView):
    @blp.response(200, schemas.Dealing)
    @blp.problems(401, 404)
    def get(self, sid, gid):
        """Deals per player, the current and next dealer, and whether all have dealt equally."""
        with book().reading(sid) as state:
            if gid not in state.games:
                raise NotFound(f"No game {gid} in this session.", {"gid": ["unknown game"]})
            return dealing(state.games[gid])
