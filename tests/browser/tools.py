"""What the browser tests share: real headless Chromium, an evening opened over the API, and
phone pages opened on it by its share links."""

import collections
import contextlib
import os
import struct
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import requests
from playwright.sync_api import expect, sync_playwright

from tests.server import REQUEST_SECONDS, wait_until

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
OUTPUT = Path(__file__).resolve().parents[1] / "output"
PICTURES = Path(__file__).resolve().parents[2] / "api" / "phone"  # the README's, tracked
REFRESH = "LEDGER_REFRESH_PICTURES"
PHONE = {"width": 360, "height": 640}
# Deadlines, not measures of speed: a loaded 2-core machine can take seconds over one step.
WAIT_MS = 30_000
ACTION_MS = 60_000


@contextlib.contextmanager
def chromium(env: dict | None = None, args: tuple[str, ...] = ()):
    """Debian's Chromium, headless; `env` for its process (a HOME whose NSS database trusts
    a certificate authority, as a phone that has trusted the table's), `args` besides the
    usual ones."""
    with chromiums(env, args=args) as (browser,):
        yield browser


_DRIVER = []  # the test process's one Playwright, started when first needed


def driver():
    """The process's Playwright (one: Playwright's sync API cannot run two at once in a
    thread, and a Chromium of the browser tests' shared fixture may be open while a module
    starts Chromiums of its own)."""
    if not _DRIVER:
        expect.set_options(timeout=WAIT_MS)
        _DRIVER.append(sync_playwright().start())
    return _DRIVER[0]


def stop_driver() -> None:
    if _DRIVER:
        _DRIVER.pop().stop()


@contextlib.contextmanager
def chromiums(*envs: dict | None, args: tuple[str, ...] = ()):
    """One Chromium for each `env`, side by side (one Playwright drives them all): phones
    that trust different authorities."""
    with contextlib.ExitStack() as stack:
        browsers = []
        for env in envs:
            browsers.append(driver().chromium.launch(
                executable_path=CHROMIUM, headless=True, args=[*ARGS, *args],
                timeout=ACTION_MS, env=env))
            stack.callback(browsers[-1].close)
        yield browsers


@dataclass
class Evening:
    """An evening opened over the API, with its players (by name) and games."""

    base: str
    name: str = "Twelfth Night"
    players: dict[str, str] = field(default_factory=dict)
    games: list[str] = field(default_factory=list)
    time_zone: str | None = None  # the zone it is played in (none: opened without, UTC)

    def __post_init__(self):
        zone = {"time_zone": self.time_zone} if self.time_zone else {}
        opened = requests.post(f"{self.base}/api/v1/sessions", timeout=REQUEST_SECONDS,
                               json={"name": self.name, "counter_value": 5, "currency": "GBP",
                                     **zone})
        assert opened.status_code == 201, opened.text
        body = opened.json()
        self.id, self.write, self.read = body["id"], body["write_token"], body["read_token"]

    def url(self, path: str = "") -> str:
        return f"{self.base}/api/v1/sessions/{self.id}{path}"

    def post(self, path: str, body: dict) -> requests.Response:
        return requests.post(self.url(path), json=body, timeout=REQUEST_SECONDS,
                             headers={"Authorization": f"Bearer {self.write}"})

    def get(self, path: str = "") -> dict:
        answer = requests.get(self.url(path), timeout=REQUEST_SECONDS,
                              headers={"Authorization": f"Bearer {self.read}"})
        assert answer.status_code == 200, answer.text
        return answer.json()

    def seat(self, *names: str) -> "Evening":
        for name in names:
            answer = self.post("/players", {"name": name})
            assert answer.status_code == 201, answer.text
            self.players[name] = answer.json()["id"]
        return self

    def game(self, kind: str, names: list[str], stake: int = 2, **options) -> str:
        answer = self.post("/games", {"kind": kind, "stake": stake, "options": options,
                                      "seats": [self.players[n] for n in names]})
        assert answer.status_code == 201, answer.text
        self.games.append(answer.json()["id"])
        return self.games[-1]

    def record(self, event_type: str, game_id: str | None = None, **data) -> dict:
        answer = self.post("/events", {"id": str(uuid.uuid4()), "type": event_type,
                                       "game_id": game_id, "data": data})
        assert answer.status_code == 201, answer.text
        return answer.json()

    def name_of(self, player_id: str | None) -> str | None:
        return next((name for name, pid in self.players.items() if pid == player_id), None)

    def events(self) -> list[dict]:
        return self.get("/events")["events"]

    def link(self, role: str = "w") -> str:
        return f"{self.base}/#s={self.id}&{role}={self.write if role == 'w' else self.read}"


OPENED: list["Phone"] = []  # the phones a test opened (`tests/browser/conftest.py` reports on them)


class Phone:
    """A page at a phone's size in its own browser context (its own storage), collecting the
    page's errors."""

    def __init__(self, browser, width: int = PHONE["width"], height: int = PHONE["height"],
                 **context):
        self.context = browser.new_context(viewport={"width": width, "height": height}, **context)
        self.context.set_default_timeout(ACTION_MS)
        self.closed = False
        self.page = self.context.new_page()
        self.errors: list[str] = []
        # a refusal by the Content-Security-Policy is an error of the page, whatever it blocked
        self.context.add_init_script("""document.addEventListener('securitypolicyviolation',
            e => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`))""")
        # what the page asked for and has had no answer to (a failed test reports them)
        self.waiting: dict = {}
        self.context.on("request", lambda r: self.waiting.__setitem__(r, time.monotonic()))
        # and the last it had answered, with the answer's status (a refusal is answered too),
        # or that failed (whether the page was still asking)
        self.answered: collections.deque = collections.deque(maxlen=20)
        statuses: dict = {}
        self.context.on("response", lambda r: statuses.__setitem__(r.request, r.status))
        for answered in ("requestfinished", "requestfailed"):
            self.context.on(answered, lambda r, how=answered: self.answered.append(
                (self.waiting.pop(r, None), time.monotonic(),
                 f"{how} {statuses.pop(r, '')}".strip(), r.method, r.url)))
        OPENED.append(self)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self._console)

    def _console(self, message) -> None:
        """An error the page logs is the page's, but a module it was still loading when the
        test closed it (the page gone, not broken)."""
        cut = self.closed and "Failed to fetch dynamically imported module" in message.text
        if message.type == "error" and "Failed to load resource" not in message.text and not cut:
            self.errors.append(message.text)

    def open(self, url: str) -> "Phone":
        self.page.goto(url)
        expect(self.page.locator("#evening")).to_be_visible()
        return self

    def offline(self, off: bool = True) -> None:
        self.context.set_offline(off)
        if not off:
            self.page.evaluate("window.dispatchEvent(new Event('online'))")

    def game(self, n: int = 0):
        return self.page.locator(".game").nth(n)

    def chip(self, within, legend: str, name: str) -> None:
        """Taps the chip `name` in the chip group headed `legend`."""
        within.locator("fieldset", has=self.page.locator(f"legend:text-is('{legend}')")) \
            .locator("label.chip", has_text=name).first.click()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.context.close()


def wait_for(page, expression: str, ms: int = WAIT_MS):
    """Until the page's `expression` is true (its value). Polled with `evaluate`, which the
    page's Content-Security-Policy does not govern: Playwright's own `wait_for_function`
    evaluates a string inside the page, which a policy without 'unsafe-eval' refuses."""
    return wait_until(lambda: page.evaluate(expression), ms / 1000, expression, interval=0.05)


def withheld(phone: Phone, pattern: str, fail: bool = False) -> tuple[list, Callable]:
    """What the phone (page or service worker) asks for at `pattern` fails (`fail`) or waits
    until `let_go()`, then goes on: the addresses asked for meanwhile, and `let_go`."""
    asked, waiting, let = [], [], []

    def route(route):
        if let:
            return route.continue_()
        asked.append(route.request.url)
        return route.abort() if fail else waiting.append(route)

    def let_go() -> None:
        let.append("from now on")
        for route in waiting:
            route.continue_()

    phone.context.route(pattern, route)
    return asked, let_go


def handled(page, condition, seconds: float, what: str):
    """Until `condition` holds of what the page's handlers (a route's, a request event's) keep
    in this process: Playwright runs them only while it is waited on, so each poll waits on
    the page a moment."""
    return wait_until(lambda: page.wait_for_timeout(1) or condition(), seconds, what)


def counters(page) -> dict[str, str]:
    """The balances table as shown: name → counters."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#balances tbody tr')]
        .map(row => [row.cells[0].textContent, row.cells[1].textContent]))""")


def open_club(page, name: str) -> tuple[str, str]:
    """A club opened from the club page's welcome form (the page open at `/club`), its members'
    panel opened: the club's id and write token, as the phone keeps them."""
    page.locator("#club-form [name=name]").fill(name)
    page.get_by_role("button", name="Open the club").click()
    expect(page.locator("#title")).to_have_text(name)
    page.locator("#members-panel > summary").click()
    return page.evaluate("""() => { const id = JSON.parse(localStorage.getItem('ledger:club'));
        return [id, JSON.parse(localStorage.getItem('ledger:clubs'))[id].write]; }""")


def open_evening(page, name: str, players: list[str]) -> None:
    """An evening opened from the welcome form, as a host does (the page open at `/`), and
    its players added by name, each typed and Enter."""
    page.fill("#open-form [name=name]", name)
    page.locator("#open-form button").click()
    expect(page.locator("#title")).to_have_text(name)
    for player in players:
        page.keyboard.type(player)
        page.keyboard.press("Enter")
    expect(page.locator("#players li")).to_have_count(len(players))


def pay_everything(page, check=None, square: str = "All square.") -> None:
    """Every transfer of the night's end paid from the page, each as proposed, to "All
    square" (`square`: as the page's language says it); `check(screen)` on the first
    payment's sheet, if given."""
    paid, sheet = page.locator("#settlement [data-fact=payment_made]"), page.locator("#sheet")
    while paid.count():
        before = paid.count()
        paid.first.click()
        if check:
            check("a payment")
            check = None
        sheet.locator("#sheet-ok").click()
        wait_until(lambda: paid.count() < before, 30, "a transfer paid")
    expect(page.locator("#settlement li")).to_have_text([square])


class Pictures:
    """The README's pictures (api/phone/*.png) as a test takes them: over the tracked ones only
    when LEDGER_REFRESH_PICTURES=1 (`.ci/pictures`), else into the test's own `tmp_path`, so
    that a test run changes nothing tracked. Either way each is taken, and checked."""

    def __init__(self, tmp_path: Path):
        self.folder = PICTURES if os.environ.get(REFRESH) == "1" else tmp_path

    def screenshot(self, page, name: str, **options) -> Path:
        path = self.folder / name
        page.screenshot(path=str(path), **options)
        check_png(path.read_bytes(), page.viewport_size["width"])
        return path

    def write(self, name: str, png: bytes) -> Path:
        path = self.folder / name
        path.write_bytes(png)
        return path


def check_png(png: bytes, width: int) -> None:
    """A PNG image `width` pixels wide."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert struct.unpack(">I", png[16:20])[0] == width
