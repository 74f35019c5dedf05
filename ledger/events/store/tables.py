"""SQLModel tables. `events` is append-only; the others are access and read-model caches."""

from sqlalchemy import BigInteger, Column, Index, Integer, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

# SQLite only auto-increments an INTEGER PRIMARY KEY; PostgreSQL gets a BIGINT identity.
Position = BigInteger().with_variant(Integer(), "sqlite")


class StoredEvent(SQLModel, table=True):
    """One recorded fact with its resolved postings and its place in the hash chain."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("session_id", "version", name="uq_events_session_version"),
        UniqueConstraint("session_id", "event_id", name="uq_events_session_event"),
    )

    position: int | None = Field(
        default=None, sa_column=Column(Position, primary_key=True, autoincrement=True)
    )
    session_id: str = Field(max_length=36, nullable=False)
    version: int = Field(nullable=False)
    event_id: str = Field(max_length=64, nullable=False)  # unique within its session
    type: str = Field(max_length=40, nullable=False)
    schema_version: int = Field(nullable=False)
    game_id: str | None = Field(default=None, max_length=64)
    data: str = Field(sa_column=Column(Text, nullable=False))
    postings: str = Field(sa_column=Column(Text, nullable=False))
    recorded_at: str = Field(max_length=32, nullable=False)
    hash: str = Field(max_length=64, nullable=False)
    prev_hash: str = Field(max_length=64, nullable=False)


class SessionToken(SQLModel, table=True):
    """A bearer token of a session, stored only as its SHA-256 digest."""

    __tablename__ = "session_tokens"
    __table_args__ = (Index("ix_session_tokens_session", "session_id"),)

    token_hash: str = Field(primary_key=True, max_length=64)
    session_id: str = Field(max_length=36, nullable=False)
    role: str = Field(max_length=5, nullable=False)  # "write" or "read"


class ClubToken(SQLModel, table=True):
    """A bearer token of a club, stored only as its SHA-256 digest."""

    __tablename__ = "club_tokens"
    __table_args__ = (Index("ix_club_tokens_club", "club_id"),)

    token_hash: str = Field(primary_key=True, max_length=64)
    club_id: str = Field(max_length=36, nullable=False)
    role: str = Field(max_length=5, nullable=False)


class ClubEvening(SQLModel, table=True):
    """Which club an evening belongs to (at most one): an index of the clubs' logs."""

    __tablename__ = "club_evenings"
    __table_args__ = (Index("ix_club_evenings_club", "club_id"),)

    session_id: str = Field(primary_key=True, max_length=36)
    club_id: str = Field(max_length=36, nullable=False)


class Snapshot(SQLModel, table=True):
    """A session's folded state at a version: a cache, rebuildable from the log at any time."""

    __tablename__ = "snapshots"

    session_id: str = Field(primary_key=True, max_length=36)
    version: int = Field(nullable=False)
    state: str = Field(sa_column=Column(Text, nullable=False))
    fold_format: str = Field(max_length=32, nullable=False, default="")  # the fold that wrote it

