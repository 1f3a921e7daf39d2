"""The swap test of held orders across a stop: what a player reads at the start that goes on with his held orders
(their word, sent by DM, and the queries held with them) depends on nothing he has not seen (Play.resume)."""
from __future__ import annotations

import pytest

from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, make_tables, run, seated_game
from tests.bot.test_standing_orders import _from
from tests.bot.test_standing_orders_across_a_stop import Killed, guns_into_42, restarted


def held_across_a_stop(tmp_path, state: dict) -> list[str]:
    """Everything the French player observes of a game from `state` (the channel's posts and their pictures, his
    DMs, his kept messages, then his status), where his box `fire F-I-A1 42; end; status` held its `end` behind
    the Russian's choice to retreat or stand (6.4) once the Russian's standing order applied the guns' hits; the
    Russian stands, and the bot is killed after the French `end` played and before the word on it is stored."""
    from bot.words import plain
    from rules import bloody_monday

    tmp_path.mkdir()
    path = tmp_path / "table.sqlite"
    tables = make_tables(_from(path, bloody_monday, state), systems=("bloody_monday",))
    run(seated_game(tables, system="bloody_monday", scenario="bloody_monday", seed=1))
    run(tables.play.submit(BORIS, CHANNEL, "orders hit protect_leaders"))
    assert "Held until" in plain(run(tables.play.orders(ANNA, CHANNEL, "fire F-I-A1 42; end; status")))

    def killed(*args):
        raise Killed
    tables.play._settle_held = killed
    with pytest.raises(Killed):
        run(tables.play.submit(BORIS, CHANNEL, "stand"))
    again = restarted(path, state)
    status = plain(run(again.play.submit(ANNA, CHANNEL, "status")))
    messengers = (tables.delivery.messenger, again.delivery.messenger)
    return [f"{where}: {text} {pictures!r}" for messenger in messengers
            for where, text, pictures in [*messenger.posts, *messenger.dms] if where in (CHANNEL, ANNA.id)] + \
        [messenger.kept_text(f"dm:{ANNA.id}") for messenger in messengers] + [status]


@pytest.mark.long  # four Bloody Monday games at a table, each killed and started again: about two seconds
@pytest.mark.parametrize("planted", [False, True])
def test_held_orders_a_stop_cut_read_the_same_at_the_start_whatever_the_hidden_blocks_are(tmp_path, monkeypatch,
                                                                                           planted):
    """Bloody Monday: the French player reads the same at the start that tells his held orders, whichever Russian
    block, unseen, stands in 52 (R-1-17 of 1, or R-1-23, which waited in its pool). The positive control plants
    a leak in the start alone (what became of the orders judged before the stop, read back from the store, ends
    with the hidden block in 52) and the check shows it."""
    from dataclasses import replace

    from bot.tables import held
    from bot.tools import fog_check
    from rules.bloody_monday import swaptest

    in_52: list[str] = []
    if planted:
        said_of = held.said_of
        monkeypatch.setattr(held, "said_of", lambda kept: replace(said_of(kept), text=f"{said_of(kept).text} {in_52}"))
    state = guns_into_42()
    seen = []
    for name, position in (("one", state), ("two", swaptest.swapped(state, "R-1-17", "R-1-23"))):
        in_52[:] = [b for b, block in position["blocks"].items() if block["area"] == 52]
        seen.append(held_across_a_stop(tmp_path / name, position))
    one, two = seen
    assert (fog_check.first_difference(one, two) is not None) is planted
    assert any("your held orders, played once the choices were made:" in text for text in one)
