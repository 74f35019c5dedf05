"""The page offers only what the service takes. Every registered game (and the README's Pig,
registered as its recipe says) is walked through its deals on the page; in each state, every
control of the game's card that records a fact — its buttons, its sheets, a pool's share back,
another dealer — is used as a table would use it (the sheet's defaults, a tap for what it asks),
and the service must take what the page sends. Each fact tried is then undone (a void takes
back all it did) and the walk goes on with what is due next, recorded from the page too. A
page that offers what the rules refuse in that state fails here, naming the game, the control
and the service's reason."""

import re
from dataclasses import dataclass, field

import pytest
import requests
from playwright.sync_api import expect

from ledger import games
from tests.browser.tools import Evening, Phone
from tests.server import REQUEST_SECONDS, gunicorn, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.long]
NAMES = ["Ann", "Ben", "Cy", "Dot"]
ADVANCES = 8  # facts recorded from the page along the walk: two deals of most games
OPTIONS = {  # the options under which each game offers all it can
    "speculation": {"knave_five_fine": True}, "vingt_un": {"overdraw_penalty": 1},
    "snip_snap_snorum": {"pool_ante": 1}, "brag": {"betting_limit": 5},
}
KINDS = [*games.GAMES, "pig"]


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """The service with the README's Pig in its registry, as the recipe lists it."""
    where = tmp_path_factory.mktemp("offers")
    with gunicorn(f"sqlite:///{where}/ledger.sqlite3", workers=1, log_dir=where,
                  app="tests.browser.with_pig:create_app()") as base:
        yield base


@dataclass
class Walk:
    """A phone on an evening of one game, what it sent and what the service answered."""

    phone: Phone
    evening: Evening
    game: str
    kind: str
    answers: list = field(default_factory=list)

    def __post_init__(self):
        page = self.phone.page
        sent = lambda r: r.method == "POST" and "/api/v1/sessions/" in r.url  # noqa: E731
        page.on("response", lambda r: sent(r.request) and self.answers.append(r))

    @property
    def page(self):
        return self.phone.page

    @property
    def card(self):
        return self.page.locator(f".game[data-game='{self.game}']")

    def due(self) -> dict:
        return next(g["due"] for g in self.evening.get("")["games"] if g["id"] == self.game)

    def caught_up(self) -> None:
        """The page shows the evening as the service has it, nothing waiting or on its way."""
        version = self.evening.get("")["version"]
        wait_until(lambda: self.page.evaluate(f"""() => {{
            const view = JSON.parse(localStorage.getItem('ledger:view:{self.evening.id}'));
            const queue = JSON.parse(localStorage.getItem('ledger:queue:{self.evening.id}') || '[]');
            return view && view.summary.version === {version} && !queue.length
              && !document.querySelector('#sheet[open]'); }}"""), 30, "the page caught up")
        expect(self.card).to_be_visible()

    def offers(self) -> list[tuple[str, str, str]]:
        """What the card offers to record now: (how, fact, its words)."""
        return self.card.evaluate("""card => [
            ...[...card.querySelectorAll('button[data-fact]')].filter(b => !b.closest('form'))
              .map(b => [b.classList.contains('primary') && b.dataset.fact === 'deal_started'
                         ? 'at once' : 'sheet', b.dataset.fact, b.textContent]),
            ...[...card.querySelectorAll('button')].filter(b => b.textContent === 'Other dealer…' && !b.dataset.fact)
              .map(b => ['sheet', 'deal_started', b.textContent]),
            ...[...card.querySelectorAll('form.sheet')].map(f => ['inline', f.querySelector('[type=submit]').dataset.fact, f.dataset.key])]""")

    def use(self, how: str, fact: str, words: str) -> list[tuple[int, dict]]:
        """The control used as a table would; what the service answered to what it sent."""
        self.answers.clear()
        dealer = self.evening.name_of(self.due().get("dealer"))
        if how == "inline":
            form = self.card.locator(f"form.sheet[data-key='{words}']")
            fill(self.page, form, dealer)
            form.locator("button[type=submit]").click()
        else:
            control = self.card.locator("button", has_text=re.compile(f"^{re.escape(words)}$"))
            control.first.click()
            if how == "sheet":
                sheet = self.page.locator("#sheet")
                expect(sheet).to_be_visible()
                expect(self.page.locator("#sheet-ok")).to_be_enabled()  # (a refund's shares read)
                fill(self.page, sheet, dealer)
                self.page.locator("#sheet-ok").click()
        self.sent()
        return [(r.status, r.json()) for r in self.answers]

    def sent(self) -> None:
        """Until what the control queued has been answered (or refused on its sheet), and its
        sheet closed (or showing why not)."""
        wait_until(lambda: self.page.evaluate(f"""() => {{
            const queue = JSON.parse(localStorage.getItem('ledger:queue:{self.evening.id}') || '[]');
            const open = document.querySelector('#sheet[open]');
            return queue.every(i => i.look) && (!open || open.querySelector('#sheet-error').textContent)
              || [...document.querySelectorAll('form.sheet .error')].some(e => e.textContent); }}"""),
                   30, "sent")
        local = self.page.evaluate("""() => [...document.querySelectorAll('#sheet[open] #sheet-error, form.sheet .error')]
            .map(e => e.textContent).filter(Boolean).join(' ')""")
        assert not local or self.answers, f"{self.kind}: the page refused its own sheet: {local}"

    def undo(self, answers) -> None:
        for _, event in reversed(answers):
            self.evening.record("event_voided", event_id=event["id"], reason="tried on the walk")
        self.page.evaluate("window.dispatchEvent(new Event('online'))")


def fill(page, box, dealer: str | None) -> None:
    """A sheet as a recorder fills it: its defaults as they are; a tap for each choice it asks
    (a name not yet chosen on it, not the dealer's where another will do), a number where one
    is asked, aces and sweeps counted to the first seat."""
    took = box.locator(".took")
    for _ in range(12):  # who took what: each thing asked, the first name (it moves on)
        open_things = took.locator("button.thing", has=page.locator("b", has_text=re.compile(r"^\?$")))
        if not open_things.count():
            break
        open_things.first.click()
        took.locator("fieldset.pick label.chip").first.click()
    for row in box.locator("fieldset[data-most]").all():  # aces, sweeps: the first seat's
        if row.is_visible() and not row.locator("b.n", has_text=re.compile("[1-9]")).count():
            for _ in range(min(int(row.get_attribute("data-most") or 1), 4)):
                row.locator("button.tally").first.click()
    for number in box.locator("label.number input, label.stepper input").all():
        if number.is_visible() and not number.input_value():
            number.fill("1")
    sweeps = box.locator("input[aria-label$=': sweeps']")
    if sweeps.count() and all(s.input_value() in ("", "0") for s in sweeps.all()):
        sweeps.first.fill("1")
        sweeps.first.dispatch_event("input")
    chosen = {dealer}
    for group in box.locator(".field:not([data-optional]) fieldset.chips:has(label.chip)").all():
        if not group.is_visible():
            continue
        picked = group.locator("label.chip:has(input:checked)")
        if not picked.count():
            chips = group.locator("label.chip").all()
            picked = next((c for c in chips if c.inner_text().strip() not in chosen), chips[0])
            picked.click()
        chosen.update(c.inner_text().strip() for c in group.locator("label.chip:has(input:checked)").all())


def opened(base: str, kind: str) -> tuple[Evening, str]:
    evening = Evening(base, name=f"The {kind} walk").seat(*NAMES)
    options = dict(OPTIONS.get(kind, {}))
    if kind == "progressive_poker":
        tables = [evening.post("/tables", {"name": f"Table {n}", "rank": n}).json()["id"]
                  for n in (1, 2)]
        options["tables"] = [{"table_id": tables[0], "seats": [evening.players[n] for n in NAMES[:2]]},
                             {"table_id": tables[1], "seats": [evening.players[n] for n in NAMES[2:]]}]
    return evening, evening.game(kind, NAMES, stake=1, **options)


@pytest.mark.parametrize("kind", KINDS)
def test_every_control_the_page_offers_is_taken_by_the_service(base, browser, kind):
    evening, game = opened(base, kind)
    phone = Phone(browser, width=360, height=740)
    walk = Walk(phone, evening, game, kind)
    phone.open(evening.link())
    tried, advanced = set(), 0
    try:
        while advanced < ADVANCES:
            due = walk.due()
            if due["over"] or not due["next"]:
                break
            walk.caught_up()
            state = ("in play" if due["open"] else "between deals", bool(due.get("settled")))
            for how, fact, words in walk.offers():
                control = (how, fact, re.sub(r"\d+|: \w+ deals", "", words) if how != "inline" else "")
                if (control, state) in tried:
                    continue
                tried.add((control, state))
                answers = walk.use(how, fact, words)
                refused = [(s, a.get("detail")) for s, a in answers if s >= 300]
                assert answers and not refused, (
                    f"{kind}, {state}: the page offered {words!r} ({fact}) and the service "
                    f"refused it: {refused or 'nothing was sent'}")
                walk.undo(answers)
                walk.caught_up()
            advance(walk, due)
            advanced += 1
    finally:
        phone.close()
    assert phone.errors == [], phone.errors
    assert {fact for (_, fact, _), _ in tried} >= {"deal_started"} or kind == "progressive_poker"


def advance(walk: Walk, due: dict) -> None:
    """What is due next, recorded from the page (and kept): the deal, or its outcome."""
    offers = walk.offers()
    inline = [o for o in offers if o[0] == "inline"]
    at_once = [o for o in offers if o[0] == "at once" and o[1] == due["next"]]
    chosen = at_once or [o for o in inline if o[1] == due["next"] or due.get("whole")] or \
        [o for o in offers if o[1] == due["next"]]
    assert chosen, f"{walk.kind}: {due['next']} is due and the page does not offer it: {offers}"
    answers = walk.use(*chosen[0])
    assert answers and all(s < 300 for s, _ in answers), (walk.kind, chosen[0], answers)
    walk.caught_up()
