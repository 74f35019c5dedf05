"""Parlour Ledger: an event-sourced ledger for parlour card games played for counters."""
