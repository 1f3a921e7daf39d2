"""A question by DM that a standing order given meanwhile or a passed deadline answered reads what was
played there, its buttons gone (bot/tables/news.py); an answer button pressed after its question has
gone, where its message could not be written again (bot/tables/stale.py), leaves the DM its words,
its buttons gone, and the presser alone reads one sentence, true, of what became of the question
and what waits now."""
from __future__ import annotations

from datetime import timedelta
from itertools import takewhile
from pathlib import Path

import pytest

import rules
from bot import asked as ask
from rules.core.standing import choosers
from tests.bot.discord.sim import play, reply, server
from tests.bot.discord.test_choice_buttons import actor, answer, answer_ids, reach

GAMES = [("borodino", "6sep", None, 3, "advance"), ("bloody_monday", "last_blood", ["russian_jager"], 2, "hit")]


def asked_of(s):
    """Boris's question message (a DM) with its answers, as he holds it."""
    (offered,) = [m for m in s.boris.user.dm_channel.history() if answer_ids(m)]
    return offered


async def ordered_instead(s, game: tuple, edit_refused: bool = False) -> tuple[int, object, dict, dict]:
    """Boris, asked by DM in `game` (system, scenario, options, seed, kind), gives a standing order for
    such choices instead, which answers this one at once (`edit_refused`: Discord does not let the bot
    write his question again, the message not found): the game, the question as he held it, the
    command the order played and the position he was asked at."""
    system_name, scenario, options, seed, kind = game
    await s.boris.slash(s.channel, "prefs", remind="dm")
    game_id, _, _ = await reach(s, system_name, scenario, options, seed, kind)
    offered = asked_of(s)
    seq, state = s.tables.service.position(game_id)
    if edit_refused:
        s.env.inject_error("PATCH", f"/channels/{offered.channel.id}/messages/{offered.id}", status=404,
                           code=10008, message="Unknown Message")
    order = next(iter(rules.load(system_name).standing_orders()[kind]))
    await s.boris.slash(s.channel, "order", command=f"orders {kind} {order}")
    await s.env.settle()
    (row,) = s.tables.store.commands(game_id, after=seq)[:1]
    return game_id, offered, row, state


@pytest.mark.parametrize("system_name, scenario, options, seed, kind", GAMES)
def test_a_question_a_standing_order_answered_reads_so_without_its_buttons(
        tmp_path, system_name, scenario, options, seed, kind):
    """Boris, asked by DM, gives a standing order for such choices instead, which answers this one at
    once: the question reads what the order played, its buttons gone, as a typed answer's does. It
    kept its buttons and 'the game waits for you', and a press earned only the expired button's
    sentence. Last Blood's three hits in 46, each one answer of the order, read the first alone; they
    read every hit, in order, the order named once (5.3.6)."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, offered, row, _ = await ordered_instead(s, (system_name, scenario, options, seed, kind))
            order = next(iter(rules.load(system_name).standing_orders()[kind]))
            played = takewhile(lambda then: then["text"] == row["text"],
                               s.tables.store.commands(game_id, after=row["seq"] - 1))
            (after,) = [m for m in s.boris.user.dm_channel.history() if m.id == offered.id]
            assert not answer_ids(after), after.content
            assert after.content == f"Game {game_id}: Russian by standing order ({kind}: {order}): " \
                f"{'; '.join(then['normalised'] for then in played)}.", after.content
            assert kind != "hit" or after.content.endswith(": hit R-2-1J; hit R-2-7; hit R-2-1J."), after.content
    play(test, tmp_path)


@pytest.mark.parametrize("system_name, scenario, options, seed, kind", GAMES)
def test_a_question_a_passed_deadline_answered_reads_so_without_its_buttons(
        tmp_path, system_name, scenario, options, seed, kind):
    """The game's deadlines choose for a late player (`/game settings at_deadline:choose`): Boris's
    question by DM is answered at his deadline by the default order, and reads what was played
    there, its buttons gone, as a question answered by a typed command does; they stood live. A
    chain of hits (Bloody Monday 5.3.6: one question a hit, each answered at a deadline) reads every
    answer, in order, on one line: the DM ended on the last 'At your deadline' line alone, the hits
    before it lost."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.boris.slash(s.channel, "prefs", remind="dm")
            game_id, _, _ = await reach(s, system_name, scenario, options, seed, kind)
            await s.tables.lobby.change_settings(actor(s.anna), str(s.channel.id), {"at_deadline": "choose"})
            offered = asked_of(s)
            seq = s.tables.store.last_seq(game_id)
            system = rules.load(system_name)
            while "russian" in choosers(system.choice(s.tables.service.load(game_id)) or {"side": None}):
                await s.tables.clocks.expire(game_id, "russian", timedelta(0))  # a chain of hits: one each
                await s.env.settle()
            played = s.tables.store.commands(game_id, after=seq)
            (after,) = [m for m in s.boris.user.dm_channel.history() if m.id == offered.id]
            assert {row["user"] for row in played} == {"deadline"} and not answer_ids(after)
            assert len(played) == (3 if kind == "hit" else 1) and "\n" not in after.content, after.content
            assert after.content.startswith(f"Game {game_id}: At your deadline: Russian by default ({kind}: ")
            assert after.content.endswith("): " + "; ".join(row["normalised"] for row in played) + "."), \
                after.content  # each answer in order, the order that gave them named once
    play(test, tmp_path)


@pytest.mark.parametrize("system_name, scenario, options, seed, kind", GAMES)
def test_a_stale_button_keeps_the_dm_s_words_and_says_what_became_of_its_question(
        tmp_path, system_name, scenario, options, seed, kind):
    """As above, but Discord would not let the bot write the question again (the message not found):
    the button Boris then presses there is refused in a reply of his own, saying what became of the
    question, and the DM keeps its words, its buttons gone. It read 'This button has expired: that
    question has been answered or the game has moved on. The question waiting now comes with its own
    buttons.' in the DM's place, the question's record gone, though no question waited."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            _, offered, row, state = await ordered_instead(s, (system_name, scenario, options, seed, kind), True)
            pressed = await answer(s.boris, offered, ask.answers(rules.load(system_name), state, "russian")[0])
            await s.env.settle()
            (after,) = [m for m in s.boris.user.dm_channel.history() if m.id == offered.id]
            assert after.content == offered.content and not answer_ids(after)
            assert reply(pressed) == "This button has expired: your standing order answered that question " \
                f"({row['normalised']}); nothing waits for you now."
            assert pressed.followups[-1].flags.ephemeral
    play(test, tmp_path)
