"""The phone's pages: the evening's and the club's (`page`), and the trust page (`trust`), on
one blueprint."""

from api.phone import trust  # noqa: F401  (its routes, on the page's blueprint)
from api.phone.page import VERSION, blp  # noqa: F401
