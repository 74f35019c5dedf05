"""Each sentence of the log said in the other shipped languages (`check_languages`), for the
walk over every game's facts (`tests.unit.test_words`)."""

import re

from ledger import games
from ledger.language import speaking
from ledger.projections.words import Words
from tests.unit.memory import MemoryLedger

SAME = {"Commerce", "Loo", "Newmarket", "Brag"}  # a clause the languages write alike
SHIPPED = frozenset(games.GAMES)  # the games the catalogues translate (not a test's own)


def check_languages(ledger: MemoryLedger) -> None:
    """Each sentence is said in German and in French, its figures as in English, and none of
    its words left in English: what follows its game and deal differs from the English."""
    english = {e["id"]: e["said"] for e in ledger.service.sessions.events(ledger.session_id, 0)}
    kinds = {gid: record.kind for gid, record in ledger.state.games.items()}
    by_id = {event["id"]: event for event in ledger.log}
    for language in ("de", "fr"):
        with speaking(language):
            spoken = Words(ledger.state, strict=True)
            for event in ledger.log:
                said, was = spoken.say(event), english[event["id"]]
                told = by_id.get(event["data"].get("event_id"), event)  # a void: what it undid
                if kinds.get(told["game_id"] or told["id"], "") not in SHIPPED | {""}:
                    continue  # a game added beside the shipped ones speaks only its own words
                assert sorted(re.findall(r"\d+", said)) == sorted(re.findall(r"\d+", was)), (
                    language, said, was)
                clause = said.rsplit(" · ", 1)[-1]
                assert clause != was.rsplit(" · ", 1)[-1] or clause in SAME, (language, said)
