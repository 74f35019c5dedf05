"""Double-entry postings between accounts: `player:<id>`, `pool:<game id>[:<name>]`, `bank`.

A posting is `{"account", "amount"}`; positive means the account receives. Every event's
postings sum to zero, so counters are neither made nor lost.
"""

from collections.abc import Iterable

from ledger.errors import Conflict
from ledger.language import _

BANK = "bank"


def player(player_id: str) -> str:
    return f"player:{player_id}"


def pool(game_id: str, name: str | None = None) -> str:
    """A game's pool, or one of its named pools (three-stake Brag's stakes, Pope Joan's
    compartments): `pool:<game id>:<name>`."""
    return f"pool:{game_id}" if name is None else f"pool:{game_id}:{name}"


def is_pool(account: str) -> bool:
    return account.startswith("pool:")


def transfer(payer: str, payee: str, amount: int) -> list[dict]:
    """Move `amount` counters from one account to another."""
    if amount == 0 or payer == payee:
        return []
    return [{"account": payer, "amount": -amount}, {"account": payee, "amount": amount}]


def combine(postings: Iterable[dict]) -> list[dict]:
    """Net postings per account (first-seen order), dropping zeros."""
    net: dict[str, int] = {}
    for posting in postings:
        net[posting["account"]] = net.get(posting["account"], 0) + posting["amount"]
    return [{"account": account, "amount": amount} for account, amount in net.items() if amount]


def reverse(postings: Iterable[dict]) -> list[dict]:
    """The exact reverse of a set of postings (what a void records)."""
    return [{"account": p["account"], "amount": -p["amount"]} for p in postings]


def check_balanced(postings: list[dict]) -> None:
    """Every posting set must sum to zero and carry only integer amounts."""
    total = 0
    for posting in postings:
        amount = posting["amount"]
        if type(amount) is not int:
            raise ValueError("posting amounts must be integers")
        total += amount
    if total != 0:
        raise ValueError(f"postings do not balance: {postings}")


def check_pools(balances: dict[str, int], postings: list[dict]) -> None:
    """Refuse postings that would take a pool below zero (a payout above the pool)."""
    for posting in postings:
        account = posting["account"]
        if is_pool(account) and balances.get(account, 0) + posting["amount"] < 0:
            raise Conflict(
                _("%(account)s holds %(held)s counters, cannot pay out %(amount)s",
                  account=account, held=balances.get(account, 0), amount=-posting["amount"]),
                pool=balances.get(account, 0),
            )
