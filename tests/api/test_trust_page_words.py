"""The trust page in the phone's language: a guest's phone opens it over plain http before it
trusts anything, so its steps, the phone's own menu names among them, are in the language the
phone asks for (German's and French's as Android and iOS name them there)."""

import base64
import html
import re

import pytest

from api import create_app
from tests.english import english_left

PEM = ("-----BEGIN CERTIFICATE-----\n" + base64.b64encode(b"the table's authority").decode()
       + "\n-----END CERTIFICATE-----\n")


def trust_page(tmp_path, language: str, certificate: bool) -> str:
    config = {"DATABASE_URL": f"sqlite:///{tmp_path}/ledger.sqlite3", "TESTING": True}
    if certificate:
        (tmp_path / "authority.pem").write_text(PEM)
        config["TRUST_CERTIFICATE"] = str(tmp_path / "authority.pem")
    answer = create_app(config).test_client().get("/trust", headers={"Accept-Language": language})
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


@pytest.mark.parametrize("language, menus", [
    ("de", ["Einstellungen", "Verschlüsselung und Anmeldedaten", "VPN und Geräteverwaltung"]),
    ("fr", ["Paramètres", "Chiffrement et identifiants", "VPN et gestion de l'appareil"])])
@pytest.mark.parametrize("certificate", [True, False])
def test_the_trust_page_speaks_the_phones_language(tmp_path, language, menus, certificate):
    page = trust_page(tmp_path, language, certificate)
    assert re.search(rf'<html lang="?{language}\b', page), page[:80]  # (minified: unquoted)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    assert english_left(text, language) == [], english_left(text, language)
    if certificate:
        assert all(menu in text for menu in menus), text
        assert "<b>" in page and "&lt;b&gt;" not in page  # the menus' names in bold, as written
    else:
        assert "<code>.ci/serve</code>" in page


def test_in_english_the_steps_are_as_they_were(tmp_path):
    page = html.unescape(re.sub(r"<[^>]+>", " ", trust_page(tmp_path, "en", True)))
    assert "Security and privacy" in page and "VPN & Device Management" in page
