"""Standing orders across a stop: each answer a standing order gives is stored in a transaction of its own after
the command it follows (bot/service/standing.py, follow), so a bot stopped between two (killed, or the machine
down) left the next choice waiting for an answer the side had given in advance, until its deadline or another
command. The next start plays them (Play.resume), the row of answers going on as it would have."""
from __future__ import annotations

import pytest

from bot.service import GameService
from bot.store import Store
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, make_tables, run, seated_game
from tests.bot.test_standing_orders import _from


class Killed(BaseException):
    """The process killed: nothing after it runs, nothing it had not committed is stored."""


FIRED = ["**Anna** — French A (F-I-A1, artillery) fires into 42 at TF, dice 5, 2, 6: 2 hits (5.3.1).",
         "Russian by standing order: The Russian player applies 1 hit in 42 (5.3.6).",
         "The Russian player applies 1 hit in 42 (5.3.6).",
         "Turn 1 of 4 | Impulses Phase | French player",
         "The battle in 42: the Russian player may spend the Initiative Disc to retreat into 41, 44, 51 or stand "
         "(6.4).",
         "The Russian player holds the Initiative Disc (6.0).",
         "Russian player: your move, due <t:1772539200:R>."]  # as the channel reads it without a stop


def guns_into_42() -> dict:
    """Bloody Monday: the French guns in 16 fire into 42, where the French battle is due; their 2 hits are a
    choice each, which the Russian's standing order answers, then he is asked whether to retreat (6.4)."""
    from tests.rules.bloody_monday.bm_helpers import do, position

    blocks = {"F-I-D": 16, "F-I-1": (16, 4), "F-I-A1": (16, 3), "R-1-3": (42, 3), "R-1-11": (42, 3),
              "R-1-BT": (42, 3), "R-1-17": (52, 1)}
    state, _ = do(position(blocks, control={41: "russian"}, initiative="russian"), "french", "tactical",
                  "activate F-I-D", "activate F-I-A1", "move F-I-1 42", "battle 42")
    return state


def killed_at_the_second_answer(path, state: dict):
    """The tables of a game from `state`, Anna French and Boris Russian with his standing order for hits, after
    Anna's guns fired and the bot was killed as the second answer was about to be stored; the game's number."""
    from rules import bloody_monday

    tables = make_tables(_from(path, bloody_monday, state), systems=("bloody_monday",))
    game = run(seated_game(tables, system="bloody_monday", scenario="bloody_monday", seed=1))
    run(tables.play.submit(BORIS, CHANNEL, "orders hit protect_leaders"))
    store_command, answers = tables.service.store_command, []

    def killed(*args, **kwargs):
        answers.extend([kwargs["standing"]] if kwargs.get("standing") else [])
        if len(answers) == 2:
            raise Killed
        return store_command(*args, **kwargs)
    tables.service.store_command = killed
    with pytest.raises(Killed):
        run(tables.play.submit(ANNA, CHANNEL, "fire F-I-A1 42"))
    return tables, game


def restarted(path, state: dict):
    """The tables of a bot started again on the file at `path` (a new service, nothing kept in memory), once its
    start has finished what the kill cut short (Play.resume_all)."""
    from bot.tools.fog_check import Position
    from rules import bloody_monday

    tables = make_tables(GameService(Store(path), loader=lambda name: Position(bloody_monday, state)),
                         systems=("bloody_monday",))
    run(tables.play.resume_all())
    return tables


def test_a_row_of_hits_a_stop_cut_goes_on_at_the_next_start_as_it_would_have(tmp_path):
    """Bloody Monday 5.3.6: the bot is killed between the Russian's standing order's first hit and its second.
    The game waited for the Russian's second hit until his deadline (48 hours) or another command, though his
    standing order gives it; the next start plays it. The channel reads as it would have without the stop, in
    one post: the row names the order once, the second hit runs on under the first, and the headline says the
    phase as it stood before the guns fired, above the Russian's question (6.4) and his word to move; a
    further start plays and says nothing more."""
    path, state = tmp_path / "table.sqlite", guns_into_42()
    tables, game = killed_at_the_second_answer(path, state)
    stood = tables.store.last_seq(game)
    again = restarted(path, state)
    played = again.store.commands(game, after=stood)
    assert [r["text"] for r in played][:1] == ["standing order hit: protect_leaders"]
    post, = again.delivery.messenger.in_channel(CHANNEL)  # the guns' line and its answers, unsent at the kill
    assert post.split("\n") == FIRED
    run(again.play.resume_all())  # as a further start does: nothing is due
    assert again.store.last_seq(game) == stood + len(played) and again.delivery.messenger.in_channel(CHANNEL) == [post]


def observed_across_a_stop(tmp_path, state: dict) -> list[str]:
    """Everything the French player observes of a game from `state` whose row of hits a stop cut (the channel's
    posts and their pictures, his DMs, his kept messages) up to the restart's, then his status."""
    from bot.words import plain

    tmp_path.mkdir()
    tables, game = killed_at_the_second_answer(tmp_path / "table.sqlite", state)
    again = restarted(tmp_path / "table.sqlite", state)
    status = plain(run(again.play.submit(ANNA, CHANNEL, "status")))
    messengers = (tables.delivery.messenger, again.delivery.messenger)
    return [f"{where}: {text} {pictures!r}" for messenger in messengers
            for where, text, pictures in [*messenger.posts, *messenger.dms] if where in (CHANNEL, ANNA.id)] + \
        [messenger.kept_text(f"dm:{ANNA.id}") for messenger in messengers] + [status]


@pytest.mark.long  # four games at a table, each killed and started again: about two seconds
@pytest.mark.parametrize("planted", [False, True])
def test_a_row_of_hits_a_stop_cut_reads_the_same_whatever_the_hidden_blocks_are(tmp_path, monkeypatch, planted):
    """The swap test of the start that goes on with a row of hits (Bloody Monday 5.3.6): whether the second hit
    runs on under the first, named once, is read from what everyone reads, so the French player observes the
    same whichever Russian blocks, unseen, stand in 42 (R-1-11 of 3, or R-1-17 of 1, which he has not seen:
    there both hits strike R-1-3). The positive control plants a leak in the start alone (the row goes on only
    where the next hit strikes the unit the last one did, a hidden one) and the check shows it."""
    from bot.service import standing
    from bot.tools import fog_check
    from rules.bloody_monday import swaptest

    if planted:
        going = standing._going

        def on_one_unit(service, game_id, system):
            last = service.store.commands(game_id, service.store.last_seq(game_id) - 1)[-1]["normalised"]
            nxt = system.standing_command(service.load(game_id), "russian",
                                          service.store.standing_orders(game_id, "russian"))
            return going(service, game_id, system) if nxt is not None and nxt.to_text() == last else None
        monkeypatch.setattr(standing, "_going", on_one_unit)
    state = guns_into_42()
    one, two = (observed_across_a_stop(tmp_path / name, position) for name, position in
                (("one", state), ("two", swaptest.swapped(state, "R-1-11", "R-1-17"))))
    assert (fog_check.first_difference(one, two) is not None) is planted
    assert any("Russian by standing order: The Russian player applies 1 hit in 42 (5.3.6).\nThe Russian player "
               "applies 1 hit in 42 (5.3.6).\nTurn 1 of 4" in seen for seen in one) is not planted
