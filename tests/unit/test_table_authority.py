"""The table's certificate authority (api/authority.py): a root with critical name
constraints, permitting the private, loopback and link-local addresses and the local names
only, so that what it signs for a public name or address is refused by a verifier that
trusts it; made once, its key readable by its owner alone, and made again in place of one
without them (Caddy's own, before), with what that one signed."""

import stat
from datetime import timedelta

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.x509.verification import PolicyBuilder, Store, VerificationError

from api.authority import NAMES, NETWORKS, constraints, folder, keep_or_make, kept, permits
from tests.certificates import (name, now, pem, server_certificate, table_authority,
                                unconstrained_authority)


@pytest.fixture
def data(tmp_path):
    keep_or_make(tmp_path / "caddy")
    return tmp_path / "caddy"


def verified(authority, names: list[str], asked: str) -> bool:
    """Does a verifier that trusts `authority` accept its certificate for `names` as `asked`?"""
    certificate, _ = server_certificate(authority, names)
    verifier = (PolicyBuilder().store(Store([authority[0]])).time(now() + timedelta(minutes=1))
                .build_server_verifier(name(asked)))
    try:
        verifier.verify(certificate, [])
    except VerificationError:
        return False
    return True


def test_the_root_permits_the_private_addresses_and_local_names_only(data):
    root, _ = table_authority(data)
    extension = root.extensions.get_extension_for_class(x509.NameConstraints)
    assert extension.critical
    permitted = {(type(n).__name__, str(n.value)) for n in extension.value.permitted_subtrees}
    assert permitted == {
        *(("IPAddress", network) for network in NETWORKS), *(("DNSName", n) for n in NAMES)}
    assert {"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "127.0.0.0/8",
            "::1/128", "fc00::/7", "fe80::/10"} <= set(NETWORKS)
    assert {"localhost", "local", "home.arpa"} <= set(NAMES)
    assert extension.value.excluded_subtrees is None
    assert root.extensions.get_extension_for_class(x509.BasicConstraints).value.ca


@pytest.mark.parametrize("names, asked", [
    (["192.168.1.5"], "192.168.1.5"), (["10.0.0.2"], "10.0.0.2"), (["172.20.1.1"], "172.20.1.1"),
    (["100.101.1.2"], "100.101.1.2"), (["127.0.0.1"], "127.0.0.1"), (["fd00::2"], "fd00::2"),
    (["laptop.local"], "laptop.local"), (["ledger.home.arpa"], "ledger.home.arpa"),
    (["localhost"], "localhost")])
def test_what_it_signs_for_the_table_is_accepted(data, names, asked):
    assert verified(table_authority(data), names, asked)


@pytest.mark.parametrize("names, asked", [
    (["bank.example.com"], "bank.example.com"), (["www.example.org"], "www.example.org"),
    (["mail.google.com"], "mail.google.com"), (["8.8.8.8"], "8.8.8.8"),
    (["2001:4860:4860::8888"], "2001:4860:4860::8888"),
    (["local.example.com"], "local.example.com"),
    (["192.168.1.5", "bank.example.com"], "192.168.1.5"),  # one public name is enough
    (["172.32.0.1"], "172.32.0.1")])  # just past the private 172.16/12
def test_what_it_signs_for_a_public_name_or_address_is_refused(data, names, asked):
    assert not verified(table_authority(data), names, asked)
    assert verified(unconstrained_authority(), names, asked)  # refused for its constraints


def test_it_is_made_once_its_key_kept_from_others(data):
    where = folder(data)
    assert stat.S_IMODE((where / "root.key").stat().st_mode) == 0o600
    for path in (data, data / "pki", data / "pki" / "authorities", where):
        assert stat.S_IMODE(path.stat().st_mode) == 0o700, path
    made = (where / "root.crt").read_bytes()
    assert keep_or_make(data) is False and (where / "root.crt").read_bytes() == made


def test_an_authority_without_the_constraints_is_replaced_with_what_it_signed(tmp_path):
    data, where = tmp_path, folder(tmp_path)
    old = unconstrained_authority("Parlour Ledger table authority")
    where.mkdir(parents=True)
    (where / "root.crt").write_bytes(pem(old[0]))
    (where / "root.key").write_bytes(old[1].private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption()))
    for signed in (where / "intermediate.crt", where / "intermediate.key",
                   data / "certificates" / "local" / "192.0.2.2" / "192.0.2.2.crt"):
        signed.parent.mkdir(parents=True, exist_ok=True)
        signed.write_text("signed by the old root")
    assert not kept(data)
    assert keep_or_make(data) is True
    assert kept(data) and constraints(table_authority(data)[0]) is not None
    assert (where / "root.crt").read_bytes() != pem(old[0])
    assert not (where / "intermediate.crt").exists() and not (where / "intermediate.key").exists()
    assert not (data / "certificates" / "local").exists()


def test_a_root_whose_key_is_not_beside_it_is_not_kept(data):
    (folder(data) / "root.key").unlink()
    assert not kept(data)


def test_the_addresses_it_can_vouch_for():
    assert permits("192.168.1.5") and permits("10.1.2.3") and permits("laptop.local")
    assert permits("[fd00::2]") and permits("localhost")
    assert not permits("8.8.8.8") and not permits("bank.example.com") and not permits("notlocal")
