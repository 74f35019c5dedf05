"""Event ids unique within a session, not across sessions; snapshots name their fold's format.

The same id in two sessions is two unrelated events (SPEC §10.1), so posting ids into one
session tells nothing about another. A snapshot written by another version of the fold is
ignored (`fold_format`), never trusted.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# SQLite rebuilds the table to drop a constraint: its triggers go with the old table.
SQLITE_TRIGGERS = [
    """CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
       BEGIN SELECT RAISE(ABORT, 'events are immutable: record a correcting event'); END""",
    """CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
       BEGIN SELECT RAISE(ABORT, 'events are immutable: record a correcting event'); END""",
]


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    with op.batch_alter_table("events", recreate="always" if sqlite else "never") as events:
        events.drop_constraint("uq_events_event_id", type_="unique")
        events.create_unique_constraint("uq_events_session_event", ["session_id", "event_id"])
    if sqlite:
        for statement in SQLITE_TRIGGERS:
            op.execute(statement)
    with op.batch_alter_table("snapshots") as snapshots:
        snapshots.add_column(sa.Column("fold_format", sa.String(32), nullable=False,
                                       server_default=""))


def downgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    with op.batch_alter_table("snapshots") as snapshots:
        snapshots.drop_column("fold_format")
    with op.batch_alter_table("events", recreate="always" if sqlite else "never") as events:
        events.drop_constraint("uq_events_session_event", type_="unique")
        events.create_unique_constraint("uq_events_event_id", ["event_id"])
    if sqlite:
        for statement in SQLITE_TRIGGERS:
            op.execute(statement)
