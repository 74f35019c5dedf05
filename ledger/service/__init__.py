"""The service: handlers for sessions, clubs and imports, each write one unit of work on the
store, and `bootstrap`, which builds them once."""
