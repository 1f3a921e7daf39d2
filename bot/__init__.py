"""People and time: storage, the game service, the terminal and Discord front ends."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.discord.app import KolochaBot


def create_bot(config: Any = None, renderer: Any = None) -> KolochaBot:
    """The Discord bot with its whole command tree, not connected (see bot.discord.app)."""
    from bot.discord.app import create_bot as build

    return build(config, renderer)


__all__ = ["create_bot"]
