"""A page's elements as a browser reads them, for the tests that read a page's HTML."""

from html.parser import HTMLParser


class Elements(HTMLParser):
    """A page's elements as a browser reads them (its HTML is minified: attributes unquoted
    where HTML allows it), each as its tag and attributes."""

    def __init__(self, html: str):
        super().__init__()
        self.found: list[tuple[str, dict]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))

    def first(self, tag: str) -> dict:
        return next(attrs for found, attrs in self.found if found == tag)

    def all(self, tag: str, **having) -> list[dict]:
        return [attrs for found, attrs in self.found if found == tag
                and all(attrs.get(k) == v for k, v in having.items())]
