"""The composition root: the service built once on a store (as cosmicpython's `bootstrap`),
for the HTTP app, the `ledger` command, the benches and the tests alike."""

from dataclasses import dataclass

from ledger.events.store import DEFAULT_URL, open_store
from ledger.events.store.base import Store
from ledger.events.store.changes import Changes
from ledger.service.clubs import Clubs
from ledger.service.imports import Imports
from ledger.service.kept import SNAPSHOT_EVERY, ClubStates, SessionStates
from ledger.service.sessions import Sessions
from ledger.service.unit_of_work import Units


@dataclass
class Ledger:
    store: Store
    units: Units
    sessions: Sessions
    clubs: Clubs
    imports: Imports
    changes: Changes


def bootstrap(url: str = DEFAULT_URL, store: Store | None = None,
              snapshot_every: int = SNAPSHOT_EVERY) -> Ledger:
    """The ledger on the store at `url` (migrated to the current schema), or on `store`."""
    store = store if store is not None else open_store(url)
    units = Units(store, SessionStates(snapshot_every), ClubStates())
    return Ledger(store=store, units=units, sessions=Sessions(units), clubs=Clubs(units),
                  imports=Imports(units), changes=Changes(store))
