"""Clubs (issue 15, SPEC amendment 6): a club is a stream of its own, with its own tokens,
members, seasons and evenings; standings are a projection over its evenings."""
