"""People and time: storage, the game service, the terminal and Discord front ends."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.discord.app import KolochaBot


def create_bot(config: Any = None, renderer: Any = None, clock: Any = None) -> KolochaBot:
    """The Discord bot with its whole command tree, not connected (see bot.discord.app);
    `clock` (a function returning an aware datetime) is the time its deadlines read."""
    from bot.deadlines import utc_now
    from bot.discord.app import create_bot as build

    return build(config, renderer, clock or utc_now)


__all__ = ["create_bot"]
