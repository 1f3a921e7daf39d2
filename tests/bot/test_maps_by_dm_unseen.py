"""The swap test of the maps a player of a hidden game gets by DM (bot/tables/kept_views.py, `map_due`): at the
first change of a player-turn, a side's map goes to it where it may act, or where the player-turn that ended was
another side's, and above what it is asked (bot/tables/announcement.py); not at a Bloody Monday impulse the player
does not play, which followed her own. The French player passes and ends her impulse (no map: the Russian's impulse
follows hers), then the Russian activates a leader and ends his (her map, then her question). What she observes
reads the same whichever Russian blocks, unseen, stand where."""
from __future__ import annotations

import random

import pytest

from bot.tables import kept_views
from bot.tools import fog_check
from rules import bloody_monday
from rules.bloody_monday import swaptest

Line = fog_check.Line
GIVEN = [Line("pass", accepted=True), Line("end", accepted=True),
         *(Line(line, typed=True, accepted=True, side="russian") for line in ("tactical", "activate R-2-B", "end"))]


def maps_read() -> tuple[dict, str, list[str], str | None]:
    """The position (dice seed 1, the game's start), a Russian block the French player has not seen, what she
    observes at the table, and where it parts from what she observes of the position exchanging that block with
    another she has not seen."""
    state = bloody_monday.setup("bloody_monday", 1, [])
    a, b = swaptest.pairs(state, "french", random.Random(1), 1)[0]
    one, two = (fog_check.observed(bloody_monday, position, "french", GIVEN, terminal=False)
                for position in (state, swaptest.swapped(state, a, b)))
    return state, a, one, fog_check.first_difference(one, two)


@pytest.mark.long
def test_the_maps_a_player_gets_by_dm_are_the_same_whatever_the_hidden_blocks_are(monkeypatch):
    """The positive control: plant a leak (a map at every player-turn while a Russian block stands where it
    stood) and the check shows it."""
    state, block, seen, differ = maps_read()
    assert differ is None
    maps = [n for n, line in enumerate(seen) if line.startswith("DM: Game 1: your map as French:")]  # not asked for
    assert [seen[n].partition(" [")[0] for n in maps] == ["DM: Game 1: your map as French: turn 1, French player."] * 2
    assert seen[maps[1] + 1].startswith("DM kept None: Game 1: the game waits for you, due ")  # under her map
    due = kept_views.map_due
    monkeypatch.setattr(kept_views, "map_due", lambda system, before, after, side: due(system, before, after, side)
                        or after["blocks"][block]["area"] == state["blocks"][block]["area"])
    assert "your map as French: turn 1, Russian player." in str(maps_read()[3])
