"""What every room of the tables shares: a way back to the tables' common parts."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.tables import Tables


class Room:
    """A part of the tables with one job; reaches the service, store and delivery through them."""

    def __init__(self, tables: Tables):
        self.tables = tables
        self.service = tables.service
        self.store = tables.store
        self.delivery = tables.delivery
