"""What cannot be posted ends after a bound and reaches the players another way: a post Discord
keeps refusing goes to the players by DM after GIVE_UP_AFTER tries (not hourly for ever), a
cancelled paused game tells its fair-dice reveal by DM (its channel is gone), and a channel
where the bot lost only Attach Files gets the words without the map, with a note, and the game
goes on (it does not pause)."""
from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.delivery import CHANNEL_REFUSALS, GIVE_UP_AFTER, ChannelClosed, channel_audience, message, user_audience
from bot.discord.app import RETRY_SECONDS
from bot.discord.messenger import NO_ATTACH
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, FakeClock, make_tables, picture, run, seated_game
from tests.bot.discord.sim import borodino, play, reply, server


@pytest.mark.logs_errors("kolocha.delivery")
@pytest.mark.logs_errors("kolocha.delivery")
@pytest.mark.parametrize("drawn", [True, False], ids=["with its picture", "words alone"])
def test_a_post_refused_every_time_ends_and_reaches_the_players_by_dm(service, caplog, drawn):
    """Each player, by DM, with its picture when it had one; and a line in the log."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    messenger.failing.add(CHANNEL)
    before = messenger.attempts.count(CHANNEL)
    run(tables.delivery.send(game_id, [(channel_audience(CHANNEL), message("Hear ye", 0 if drawn else None))]))
    for _ in range(3 * GIVE_UP_AFTER):  # a day of hourly retries
        clock.advance(hours=1)
        run(tables.delivery.flush())
    assert messenger.attempts.count(CHANNEL) - before == GIVE_UP_AFTER
    assert service.store.undelivered(game_id) == []
    (row,) = [r for r in service.store.outbox(game_id) if r["payload"].get("text") == "Hear ye"]
    assert row["given_up"] and row["delivered_at"] is None  # the record says it never went
    drawing = (picture(service.system(game_id).view(service.state_at(game_id, 0), None)),) if drawn else ()
    for person in (ANNA, BORIS):
        assert messenger.dms[-2 if person == ANNA else -1] == (person.id,
            f"Game {game_id}: This could not be posted in <#{CHANNEL}> (Discord refused it {GIVE_UP_AFTER} times): "
            "Hear ye", drawing)
    assert f"outbox row {row['id']} to channel:{CHANNEL} failed {GIVE_UP_AFTER} times; given up (2 players " \
        "told by DM)" in caplog.messages


def test_a_post_while_discord_is_down_waits_however_long_and_goes_once(service, caplog):
    """A day of Discord answering 5xx (or out of reach) is no refusal: the row is tried again with
    a growing pause, never given up, nobody is told by DM, and it is posted once Discord is back;
    each failure is one line in the log, not a trace."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    messenger.down.add(CHANNEL)
    dms = len(messenger.dms)
    run(tables.delivery.send(game_id, [(channel_audience(CHANNEL), message("Hear ye"))]))
    for _ in range(3 * GIVE_UP_AFTER):  # a day of hourly retries
        clock.advance(hours=1)
        run(tables.delivery.flush())
    assert messenger.attempts.count(CHANNEL) > GIVE_UP_AFTER and len(messenger.dms) == dms
    messenger.down.clear()
    clock.advance(hours=1)
    run(tables.delivery.flush())
    assert [text for channel, text, _ in messenger.posts if text == "Hear ye"] == ["Hear ye"]
    assert service.store.undelivered(game_id) == []
    assert not any(record.exc_info for record in caplog.records)


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_channel_closed_to_the_bot_three_times_is_lost_to_its_games(service, caplog):
    """The Discord messenger raises ChannelClosed when a channel is gone or its permissions were taken."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    lost: list[str] = []
    tables.delivery.channel_lost = lost.append

    async def closed(channel, *args, **kwargs):
        raise ChannelClosed(channel)
    tables.delivery.messenger.post = closed
    run(tables.delivery.send(game_id, [(channel_audience(CHANNEL), message("Hear ye"))]))
    for _ in range(CHANNEL_REFUSALS - 1):
        assert lost == []
        clock.advance(hours=1)
        run(tables.delivery.flush())
    assert lost == [CHANNEL]
    assert {str(r.exc_info[1]) for r in caplog.records if r.exc_info} == {CHANNEL}


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_dm_refused_every_time_ends_with_nobody_else_told(service, caplog):
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    tables.delivery.messenger.failing.add(ANNA.id)
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message("psst"))]))
    for _ in range(3 * GIVE_UP_AFTER):
        clock.advance(hours=1)
        run(tables.delivery.flush())
    (row,) = [r for r in service.store.outbox(game_id) if r["payload"].get("text") == "psst"]
    assert row["given_up"] and service.store.undelivered(game_id) == []
    assert f"outbox row {row['id']} to user:{ANNA.id} failed {GIVE_UP_AFTER} times; given up (0 players " \
        "told by DM)" in caplog.messages


def test_cancelling_a_paused_game_tells_its_dice_by_dm_not_to_its_lost_channel(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            lost = str(s.channel.id)
            s.env.backend.delete_channel(s.channel.id)
            await s.env.settle()
            assert s.tables.store.game(game_id)["paused"]
            ended = await s.mod.slash(s.watch, "game cancel", game=game_id)
            assert f"Game {game_id} is ended." in reply(ended)
            await s.env.advance_time(RETRY_SECONDS)
            store = s.tables.store
            assert [r for r in store.outbox(game_id) if r["audience"] == f"channel:{lost}"
                    and r["delivered_at"] is None] == []  # nothing left for the lost channel
            for person in (s.anna, s.boris):
                dms = s.dms(person)
                assert any(f"ends game {game_id}; no winner" in text for text in dms)
                assert any(f"Fair dice of game {game_id} revealed" in text for text in dms)
    play(test, tmp_path)


def test_a_channel_without_attach_files_gets_the_words_and_a_note_and_the_game_goes_on(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            s.channel = s.guild.create_text_channel("no-files", overwrites={
                s.client.user: discord.PermissionOverwrite(attach_files=False)})
            game_id = await borodino(s)
            await s.anna.slash(s.channel, "end")
            for _ in range(5):  # five minutes of retries: more than CHANNEL_REFUSALS
                await s.env.advance_time(RETRY_SECONDS)
            store = s.tables.store
            assert not store.game(game_id)["paused"]
            assert store.undelivered(game_id) == []
            begins = [m for m in s.channel.history() if f"Game {game_id} begins" in m.content]
            assert begins and begins[0].attachments == [] and NO_ATTACH in begins[0].content
            assert any("ends" in text.lower() for text in s.posts()[-3:])
    play(test, tmp_path)
