"""The service with one more game in its registry: the README's Pig (`tests/unit/
test_adding_a_game.py`), listed before the API draws its catalogue from the registry, as its
line in `ledger/games/__init__.py` would. For gunicorn: `tests.browser.with_pig:create_app()`."""

from ledger import games
from tests.unit.test_adding_a_game import GAME as PIG

games.register(PIG)

from api import create_app  # noqa: E402,F401 - the catalogue is drawn as the API is imported
