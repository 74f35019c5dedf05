"""The games this service records, for any client to offer them (the phone page draws its
start-game form and its fact sheets from this)."""

import hashlib
import json
from functools import partial

from flask.views import MethodView

from api.blueprint import Blueprint
from api.games import schemas
from ledger import games

blp = Blueprint("games", __name__, url_prefix="/api/v1/games",
                description="The games this service records")

CATALOGUE = {"games": [game.described() for game in games.GAMES.values()]}
# Its weak ETag: the same catalogue, the same tag (a phone keeps it and asks with it).
TAG = hashlib.sha256(json.dumps(CATALOGUE, sort_keys=True).encode()).hexdigest()[:16]


@blp.route("")
class Games(MethodView):
    @partial(blp.conditional, current=lambda _kwargs: TAG)
    @blp.response(200, schemas.Catalogue)
    @blp.doc(security=[])
    @blp.problems()
    def get(self):
        """Each game: its title, seats, options and the facts it records, in the table's
        words (a key at its default is left out). Answered 304 while If-None-Match holds
        its ETag."""
        return CATALOGUE
