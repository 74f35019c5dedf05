"""The games this service records, for any client to offer them (the phone page draws its
start-game form and its fact sheets from this)."""

import functools
import hashlib
import json
from functools import partial

from flask.views import MethodView

from api.blueprint import Blueprint
from api.games import schemas
from ledger import games
from ledger.language import current, speaking

blp = Blueprint("games", __name__, url_prefix="/api/v1/games",
                description="The games this service records")


@functools.cache
def catalogue(language: str = "en") -> dict:
    """Every game described in `language` (built once per language a process is asked)."""
    with speaking(language):
        return {"games": [game.described() for game in games.GAMES.values()]}


@functools.cache
def tag(language: str = "en") -> str:
    """The catalogue's weak ETag in `language`: the same catalogue, the same tag (a phone
    keeps it and asks with it); another language's is another tag."""
    return hashlib.sha256(json.dumps(catalogue(language), sort_keys=True).encode()).hexdigest()[:16]


TAG = tag()  # the English catalogue's (the page's version is made with it)


@blp.route("")
class Games(MethodView):
    @partial(blp.conditional, current=lambda _kwargs: tag(current()))
    @blp.response(200, schemas.Catalogue)
    @blp.doc(security=[])
    @blp.problems()
    def get(self):
        """Each game: its title, seats, options and the facts it records, in the table's
        words (in the language asked for: `Accept-Language`; a key at its default is left
        out). Answered 304 while If-None-Match holds its ETag."""
        return catalogue(current())
