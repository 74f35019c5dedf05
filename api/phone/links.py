"""The table's two links, as the phone's pages are told them behind the table's proxy
(`.ci/serve` sets LEDGER_SECURE_PORT and LEDGER_PLAIN_PORT): the secure link (https, for
recording, and a phone set up for it opens the evening offline) and the guests' (plain
http, for reading only: nothing to set up). Each on the address the phone used, which the
proxy certifies."""

import ipaddress

from flask import current_app, request


def address() -> str:
    """The address the phone used, without its port: `192.0.2.2`, `[fd00::2]`."""
    host = request.host
    return host[:host.index("]") + 1] if host.startswith("[") else host.split(":")[0]


def link(scheme: str, setting: str, usual: str) -> str | None:
    port = current_app.config.get(setting)
    if not port:
        return None
    return f"{scheme}://{address()}" + ("" if str(port) == usual else f":{port}")


def secure_link() -> str | None:
    found = link("https", "SECURE_PORT", "443")
    return found and found + "/"


def guest_origin() -> str | None:
    return link("http", "PLAIN_PORT", "80")


def on_this_computer() -> bool:
    try:
        return ipaddress.ip_address(address().strip("[]")).is_loopback
    except ValueError:
        return address() == "localhost"


def page_links() -> dict:
    """What the evening's page is told: over plain http on the network, its secure link
    (where a recorders' link or a new evening goes at once); over https, the guests' origin
    (where the table's read-only link points). On this computer itself (a secure context
    over plain http too) neither."""
    if on_this_computer():
        return {}
    if request.scheme == "https":
        return {"guest_origin": guest_origin()}
    return {"secure_link": secure_link()}
