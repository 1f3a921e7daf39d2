"""What the room tests of tests/bot/tables check alike: a refusal's sentence, and that a room's part run in a
worker thread ran under its game's lock."""
from __future__ import annotations

import pytest

from bot.discord.messenger import markup
from bot.permissions import TableError
from tests.bot.discord.discord_fakes import run


def refused(work) -> str:
    """The sentence a room's coroutine refuses with (it must refuse)."""
    with pytest.raises(TableError) as error:
        run(work)
    return markup(error.value.text)


def under_lock(tables, room, method: str, game_id: int) -> list[bool]:
    """Whether the game's lock was held each time `room.method` (a worker thread's part) ran."""
    held: list[bool] = []
    kept = getattr(room, method)

    def spy(*args):
        held.append(tables.lock(game_id).locked())
        return kept(*args)
    setattr(room, method, spy)
    return held
