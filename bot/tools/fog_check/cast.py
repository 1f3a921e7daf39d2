"""Who sits at the front-end swap test's table, where, and when: the viewer and the other player, the newcomer a
seat may go to, a server manager who plays no part, the viewer's heir, the server's channels, and the hour the clocks
stand still at."""
from __future__ import annotations

from datetime import UTC, datetime

from bot.permissions import Actor

VIEWER, OTHER = Actor("1", "Viewer"), Actor("2", "Other")
NEWCOMER, MANAGER = Actor("3", "Newcomer"), Actor("4", "Manager", manage_guild=True)  # MANAGER plays no part
HEIR = Actor("5", "Heir")  # the viewer's side handed to him by the viewer's consent reads what the viewer's side reads
GUILD, CHANNEL, SPECTATORS = "900", "100", "101"
NOON = datetime(2026, 3, 1, 12, tzinfo=UTC)
