"""The table's certificate authority: a root that can vouch for the table's own addresses and
names only, made once and kept beside the proxy's data (`LEDGER_CADDY_DATA`), which Caddy
signs its intermediate with (`api/deploy/table.Caddyfile`).

A phone that trusts an authority trusts whatever it signs. The table's root carries X.509
name constraints (critical, RFC 5280 §4.2.1.10): it vouches for private, loopback and
link-local addresses and for names no public site can have (`localhost`, mDNS's `.local`,
`.home.arpa`, `.internal`), so that its key, were it ever taken from the host's computer,
could not make a certificate that a phone would accept for a bank or a mail site."""

import datetime
import ipaddress
import os
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

COMMON_NAME = "Parlour Ledger table authority"
LIFETIME = datetime.timedelta(days=3652)  # ten years, as Caddy's own roots: a phone trusts once
NETWORKS = ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16",  # private (RFC 1918)
            "100.64.0.0/10",  # shared address space (RFC 6598): carrier NAT, phone hotspots, VPNs
            "127.0.0.0/8", "169.254.0.0/16",  # loopback, link-local
            # documentation (RFC 5737), routed nowhere: a lab's or a test machine's network
            "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24",
            "::1/128", "fc00::/7", "fe80::/10")  # loopback, unique local, link-local
NAMES = ("localhost", "local", "home.arpa", "internal")  # each with its subdomains (RFC 5280)
PERMITTED = [*(x509.IPAddress(ipaddress.ip_network(n)) for n in NETWORKS),
             *(x509.DNSName(name) for name in NAMES)]


def permits(address: str) -> bool:
    """The table's authority can vouch for this address or name."""
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return any(address == name or address.endswith("." + name) for name in NAMES)
    return any(ip in ipaddress.ip_network(network) for network in NETWORKS)


def folder(data: Path) -> Path:
    """Where Caddy keeps its local authority `local` in its storage: the root is kept there,
    as Caddy would have it, because Caddy reads the root's key from there to renew the
    intermediate."""
    return data / "pki" / "authorities" / "local"


def constraints(certificate: x509.Certificate) -> x509.NameConstraints | None:
    """The certificate's name constraints, if it has them and they are critical."""
    try:
        extension = certificate.extensions.get_extension_for_class(x509.NameConstraints)
    except x509.ExtensionNotFound:
        return None
    return extension.value if extension.critical else None


def kept(data: Path) -> bool:
    """The authority kept in `data` is the table's: its root has the key beside it and
    permits exactly the table's names and addresses."""
    where = folder(data)
    try:
        root = x509.load_pem_x509_certificate((where / "root.crt").read_bytes())
        key = serialization.load_pem_private_key((where / "root.key").read_bytes(), None)
    except (OSError, ValueError):
        return False
    limits = constraints(root)
    return (limits is not None and limits.excluded_subtrees is None
            and set(limits.permitted_subtrees) == set(PERMITTED)
            and key.public_key() == root.public_key())


def keep_or_make(data: Path) -> bool:
    """Keep the table's authority in `data`, or make it: an authority without the
    constraints (one Caddy made itself, before) is replaced, with what it signed. True when
    a new one was made (every phone must trust it once)."""
    if kept(data):
        return False
    where = folder(data)
    where.mkdir(parents=True, exist_ok=True)
    for path in (data, data / "pki", data / "pki" / "authorities", where):
        path.chmod(0o700)
    # what the old root signed goes: Caddy would go on serving it (the intermediate, each
    # address's certificate) rather than sign again with the new one
    for name in ("intermediate.crt", "intermediate.key"):
        (where / name).unlink(missing_ok=True)
    issued = data / "certificates" / "local"
    if issued.is_dir():
        for path in sorted(issued.rglob("*"), reverse=True):
            path.rmdir() if path.is_dir() else path.unlink()
        issued.rmdir()
    key = ec.generate_private_key(ec.SECP256R1())
    write(where / "root.key", key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()), 0o600)
    write(where / "root.crt", root_certificate(key).public_bytes(serialization.Encoding.PEM), 0o644)
    return True


def root_certificate(key: ec.EllipticCurvePrivateKey) -> x509.Certificate:
    """A self-signed root that may sign one intermediate below it, for the table's names."""
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, COMMON_NAME)])
    now = datetime.datetime.now(datetime.timezone.utc)
    public = key.public_key()
    return (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(public).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + LIFETIME)
            .add_extension(x509.BasicConstraints(ca=True, path_length=1), critical=True)
            .add_extension(x509.KeyUsage(
                digital_signature=False, content_commitment=False, key_encipherment=False,
                data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
            .add_extension(x509.NameConstraints(permitted_subtrees=PERMITTED,
                                                excluded_subtrees=None), critical=True)
            .sign(key, hashes.SHA256()))


def write(path: Path, content: bytes, mode: int) -> None:
    """Written whole with its mode from the start (a key is never readable by others, even
    for a moment), replacing what was there."""
    partial = path.with_name(path.name + ".new")
    partial.unlink(missing_ok=True)
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(descriptor, "wb") as file:
        file.write(content)
    os.chmod(partial, mode)  # whatever the umask took away
    os.replace(partial, path)
