"""PostgreSQL tells every app server of each append as it commits: a trigger on `events`
notifies the channel `ledger_events` with `stream:version` (the stream server's one listening
connection per process passes it to the phones watching). SQLite has no such channel: its
watcher asks the store instead (`ledger.events.changes`).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    op.execute("""CREATE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_notify('ledger_events', NEW.session_id || ':' || NEW.version);
        RETURN NULL; END $$""")
    op.execute("CREATE TRIGGER events_notify AFTER INSERT ON events "
               "FOR EACH ROW EXECUTE FUNCTION events_notify()")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return
    op.execute("DROP TRIGGER events_notify ON events")
    op.execute("DROP FUNCTION events_notify()")
