"""The event store: append-only events, session tokens, read-model snapshots.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

SQLITE_TRIGGERS = [
    """CREATE TRIGGER events_no_update BEFORE UPDATE ON events
       BEGIN SELECT RAISE(ABORT, 'events are immutable: record a correcting event'); END""",
    """CREATE TRIGGER events_no_delete BEFORE DELETE ON events
       BEGIN SELECT RAISE(ABORT, 'events are immutable: record a correcting event'); END""",
]
POSTGRES_TRIGGERS = [
    """CREATE FUNCTION events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'events are immutable: record a correcting event'; END $$""",
    """CREATE TRIGGER events_no_update_delete BEFORE UPDATE OR DELETE ON events
       FOR EACH ROW EXECUTE FUNCTION events_immutable()""",
    """CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
       FOR EACH STATEMENT EXECUTE FUNCTION events_immutable()""",
]


def upgrade() -> None:
    position = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "events",
        sa.Column("position", position, primary_key=True, autoincrement=True),
        sa.Column("session_id", sa.String(36), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.String(64), nullable=False),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(64), nullable=True),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("postings", sa.Text(), nullable=False),
        sa.Column("recorded_at", sa.String(32), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.UniqueConstraint("session_id", "version", name="uq_events_session_version"),
        sa.UniqueConstraint("event_id", name="uq_events_event_id"),
    )
    op.create_table(
        "session_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("session_id", sa.String(36), nullable=False),
        sa.Column("role", sa.String(5), nullable=False),
    )
    op.create_index("ix_session_tokens_session", "session_tokens", ["session_id"])
    op.create_table(
        "snapshots",
        sa.Column("session_id", sa.String(36), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
    )
    triggers = SQLITE_TRIGGERS if op.get_bind().dialect.name == "sqlite" else POSTGRES_TRIGGERS
    for statement in triggers:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER events_no_truncate ON events")
        op.execute("DROP TRIGGER events_no_update_delete ON events")
        op.execute("DROP FUNCTION events_immutable()")
    op.drop_table("snapshots")
    op.drop_index("ix_session_tokens_session", "session_tokens")
    op.drop_table("session_tokens")
    op.drop_table("events")
