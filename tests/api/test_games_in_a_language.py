"""The games' catalogue in the language asked for (`GET /api/v1/games`, SPEC §10 amendment
10): titles, labels, hints, outcomes, the log's words for a waiting fact and each choice's
label are said in it; kinds, types, names, inputs and values are the same in every language;
each language's catalogue has its own tag, and the page names its own language's."""

from ledger.games.words import SAID, words
from tests.elements import Elements

GERMAN, FRENCH = {"Accept-Language": "de-DE,de;q=0.9"}, {"Accept-Language": "fr-FR"}


def machine(described):
    """What a client reads as data: every key but the words (outcomes' data kept)."""
    if isinstance(described, dict):
        kept = {key: machine(value) for key, value in described.items()
                if key not in (*SAID, "choice_labels", "outcomes", "pool_names")}
        if "pool_names" in described:  # the pools' names, said; the pools they name, data
            kept["pool_names"] = sorted(described["pool_names"])
        if "outcomes" in described:
            kept["outcomes"] = [data for _label, data in described["outcomes"]]
        return kept
    if isinstance(described, list):
        return [machine(value) for value in described]
    return described


def test_the_catalogue_is_said_in_the_language_asked_for_and_reads_the_same(client):
    english, german, french = (client.get("/api/v1/games", headers=h) for h in ({}, GERMAN, FRENCH))
    assert [a.headers["Content-Language"] for a in (english, german, french)] == ["en", "de", "fr"]
    catalogues = [answer.get_json() for answer in (english, german, french)]
    assert machine(catalogues[0]) == machine(catalogues[1]) == machine(catalogues[2])
    pope = {lang: next(g for g in c["games"] if g["kind"] == "pope_joan")
            for lang, c in zip(("en", "de", "fr"), catalogues)}
    assert (pope["en"]["title"], pope["de"]["title"], pope["fr"]["title"]) == (
        "Pope Joan", "Poch", "Nain jaune")
    titles = {kind: [next(g["title"] for g in c["games"] if g["kind"] == kind) for c in catalogues]
              for kind in ("snip_snap_snorum", "vingt_un", "loo")}  # the names the modules cite
    assert titles == {"snip_snap_snorum": ["Snip-Snap-Snorum", "Schnipp-Schnapp-Schnorum", "Snip-Snap-Snorum"],
                      "vingt_un": ["Vingt-un", "Siebzehn und Vier", "Vingt-et-un"],
                      "loo": ["Loo", "Loo", "Loo"]}
    out = {lang: next(b for b in game["buttons"] if b["type"] == "pope_joan_out")
           for lang, game in pope.items()}
    assert [f["label"] for f in out["de"]["fields"]][0] == "Wer ging aus"
    assert [g["pool_names"]["matrimony"] for g in pope.values()] == [
        "Matrimony", "Mariage", "Mariage"]
    option = {lang: next(o for o in game["options"] if "choice_labels" in o) for lang, game in pope.items()}
    assert option["en"]["choices"] == option["de"]["choices"]  # values, never translated
    assert option["en"]["choice_labels"] != option["de"]["choice_labels"]
    # every word said otherwise but names (Brag, Loo…) and figures
    english_words, german_words = (list(words(c)) for c in catalogues[:2])
    same = [w for w, g in zip(english_words, german_words) if w == g]
    assert len(same) < len(english_words) // 10, same


def test_each_language_has_its_own_tag_and_the_page_names_its_own(client):
    english = client.get("/api/v1/games")
    german = client.get("/api/v1/games", headers=GERMAN)
    assert english.headers["ETag"] != german.headers["ETag"]
    held = {"If-None-Match": german.headers["ETag"]}
    assert client.get("/api/v1/games", headers={**held, **GERMAN}).status_code == 304
    assert client.get("/api/v1/games", headers=held).status_code == 200  # English is not it
    tag = german.headers["ETag"].removeprefix('W/"').removesuffix('"')
    page = client.get("/", headers=GERMAN).get_data(as_text=True)
    assert Elements(page).first("html")["data-games"] == tag



def test_a_requests_language_ends_with_it(client):
    """A request served in the caller's own context (a test client's, a worker's next
    request) leaves no language behind: what is said after it is said in English again."""
    from ledger.language import _, current

    assert client.get("/api/v1/games", headers={"Accept-Language": "fr"}).headers[
        "Content-Language"] == "fr"
    assert current() == "en" and _("Refused.") == "Refused."
