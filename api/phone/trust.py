"""Setting a phone up once for the table's secure link (`/trust`, served over plain http too).

On a table's Wi-Fi the service's secure link is an address, certified by the table's own
certificate authority (the proxy's local CA, `api/serve.py`); a phone trusts that authority
once and then opens the link with no warning, as a secure context (offline, the screen kept
awake, copying). Only the authority's certificate is read and served, from the one file
named by `LEDGER_TRUST_CERTIFICATE`; its private key is never read."""

import hashlib
import ssl
from pathlib import Path

from flask import Response, abort, current_app

from api.phone.links import secure_link
from api.phone.page import blp, served

CERTIFICATE_NAME = "parlour-ledger-table.crt"


def certificate() -> str | None:
    """The table's authority's certificate (PEM), or None when no proxy of ours stands in
    front (the setting is unset, or the proxy has not made its authority yet)."""
    path = current_app.config.get("TRUST_CERTIFICATE")
    if not path:
        return None
    try:
        text = Path(path).read_text()
    except OSError:
        return None
    return text if "-----BEGIN CERTIFICATE-----" in text else None


def fingerprint(pem: str) -> str:
    """SHA-256 of the certificate, as phones and browsers show it: `AB:CD:…`."""
    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem)).hexdigest().upper()
    return ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


@blp.get("/trust")
def trust_page():
    pem = certificate()
    return served("trust.html", pem=pem, fingerprint=fingerprint(pem) if pem else None,
                  secure_link=secure_link(), certificate_name=CERTIFICATE_NAME)


@blp.get(f"/trust/{CERTIFICATE_NAME}")
def trust_certificate():
    """The authority's certificate to install (PEM, which Android and iOS both take)."""
    pem = certificate()
    if pem is None:
        abort(404)
    return Response(pem, mimetype="application/x-x509-ca-cert", headers={
        "Content-Disposition": f'attachment; filename="{CERTIFICATE_NAME}"',
        "Cache-Control": "no-cache"})
