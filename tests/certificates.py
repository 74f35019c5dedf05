"""Certificates for the tests of the table's authority: a server's certificate signed by a
given authority for given names, an authority without constraints to compare with, and a
tiny TLS server (Python's ssl) that presents a certificate on loopback."""

import contextlib
import datetime
import http.server
import ipaddress
import ssl
import threading
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from api.authority import folder

def now() -> datetime.datetime:
    """The time as each certificate is made or checked (never the time the tests were
    collected: a long run makes the authority minutes after that)."""
    return datetime.datetime.now(datetime.timezone.utc)


def name(text: str) -> x509.GeneralName:
    """`bank.example.com` → a DNS name, `8.8.8.8` → an IP address."""
    try:
        return x509.IPAddress(ipaddress.ip_address(text))
    except ValueError:
        return x509.DNSName(text)


def table_authority(data: Path):
    """The (certificate, key) of the authority kept in `data` (api/authority.py)."""
    where = folder(data)
    return (x509.load_pem_x509_certificate((where / "root.crt").read_bytes()),
            serialization.load_pem_private_key((where / "root.key").read_bytes(), None))


def unconstrained_authority(common_name: str = "An authority without constraints"):
    """(certificate, key) of a root as Caddy made them before: no name constraints."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    certificate = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(now() - datetime.timedelta(hours=1))
                   .not_valid_after(now() + datetime.timedelta(days=30))
                   .add_extension(x509.BasicConstraints(ca=True, path_length=1), critical=True)
                   .add_extension(x509.KeyUsage(False, False, False, False, False, True, True,
                                                False, False), critical=True)
                   .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()),
                                  critical=False)
                   .sign(key, hashes.SHA256()))
    return certificate, key


def server_certificate(authority, names: list[str]):
    """(certificate, key) of a server for `names`, signed by `authority` (certificate, key)."""
    issuer, issuer_key = authority
    key = ec.generate_private_key(ec.SECP256R1())
    certificate = (x509.CertificateBuilder().subject_name(x509.Name([])).issuer_name(issuer.subject)
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(now() - datetime.timedelta(hours=1))
                   .not_valid_after(now() + datetime.timedelta(days=1))
                   .add_extension(x509.SubjectAlternativeName([name(n) for n in names]),
                                  critical=True)
                   .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                   .add_extension(x509.KeyUsage(True, False, False, False, False, False, False,
                                                False, False), critical=True)
                   .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]),
                                  critical=False)
                   .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(
                       issuer_key.public_key()), critical=False)
                   .sign(issuer_key, hashes.SHA256()))
    return certificate, key


def pem(certificate: x509.Certificate) -> bytes:
    return certificate.public_bytes(serialization.Encoding.PEM)


@contextlib.contextmanager
def tls_server(where: Path, certificate, key):
    """A TLS server on loopback answering "served" to a GET, presenting `certificate`;
    yields its port."""
    where.mkdir(parents=True, exist_ok=True)
    chain, private = where / "server.crt", where / "server.key"
    chain.write_bytes(pem(certificate))
    private.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                          serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))

    class Served(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.end_headers()
            self.wfile.write(b"served")

        def log_message(self, *args):
            pass

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(chain, private)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Served)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
