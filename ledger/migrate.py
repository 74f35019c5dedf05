"""Apply pending Alembic migrations; safe when several workers start at once on an empty store."""

from importlib.resources import files

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

from ledger.database import exclusive


def migrate(engine: Engine) -> None:
    """Upgrade the schema to head under an exclusive lock, so one process migrates at a time."""
    config = Config()
    config.set_main_option("script_location", str(files("migrations")))
    with exclusive(engine) as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
