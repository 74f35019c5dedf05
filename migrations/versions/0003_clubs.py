"""Clubs: a club's tokens, and which club each evening belongs to.

A club is a stream of its own in `events` (its first event is `club_created`), so its log is
append-only, versioned and hash-chained like a session's. Its tokens are kept apart from the
sessions' (a club's token never opens a session's writes). `club_evenings` says which club an
evening belongs to: written in the same transaction as the club's `evening_attached` event,
it can be rebuilt from the clubs' logs, and its key keeps an evening in one club at most.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "club_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("club_id", sa.String(36), nullable=False),
        sa.Column("role", sa.String(5), nullable=False),
    )
    op.create_index("ix_club_tokens_club", "club_tokens", ["club_id"])
    op.create_table(
        "club_evenings",
        sa.Column("session_id", sa.String(36), primary_key=True),
        sa.Column("club_id", sa.String(36), nullable=False),
    )
    op.create_index("ix_club_evenings_club", "club_evenings", ["club_id"])


def downgrade() -> None:
    op.drop_index("ix_club_evenings_club", "club_evenings")
    op.drop_table("club_evenings")
    op.drop_index("ix_club_tokens_club", "club_tokens")
    op.drop_table("club_tokens")
