"""Nothing lost, nothing truncated. Every message goes through the outbox, stored with the
change that causes it; it is marked delivered only once the platform took all of it; a failure
after a commit never reads as a refusal; closed DMs are remembered, and a private thread offered."""
from __future__ import annotations

import asyncio
import functools
import json
import logging
import re
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.delivery import (
    CHANNEL_REFUSALS,
    ChannelClosed,
    Delivery,
    PlatformDown,
    channel_audience,
    kept_view,
    message,
    stamp,
    user_audience,
)
from bot.discord.messenger import LIMIT, markup, pieces, split
from bot.service import SORRY
from bot.store import Store, blank
from bot.delivery.in_place import ROOM
from bot.words import plain, table, words
from bot.tables import Tables
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    WATCH,
    FakeClock,
    FakeMessenger,
    FakeScheduler,
    ServerError,
    make_tables,
    picture,
    run,
    seated_game,
    thread_of_anna,
)



def restart(tables: Tables, clock: FakeClock | None = None) -> Tables:
    """The same store behind a new process: a new messenger, nothing in memory."""
    return make_tables(tables.service, clock or FakeClock(), FakeMessenger())


# -- 8.1: no text is cut ---------------------------------------------------------------------

DISCORD_LIMIT = 2000  # Discord's own limit on a message's content (API reference: Create Message)


def test_the_pieces_use_discords_whole_limit_and_no_more():
    """The limit is the platform's, 2,000 characters, not a constant the tests read
    back from the code: an unbroken 4,500 characters go as 2,000, 2,000 and 500; with line
    breaks each piece ends after its last one within the limit."""
    assert [len(p) for p in pieces("x" * 4500)] == [DISCORD_LIMIT, DISCORD_LIMIT, 500]
    lines = "\n".join("y" * 999 for _ in range(3))  # two lines with their breaks: exactly 2,000
    assert [len(p) for p in pieces(lines)] == [DISCORD_LIMIT, 999]
    assert pieces("z" * DISCORD_LIMIT) == ["z" * DISCORD_LIMIT]



# every code point but the surrogates, as st.characters(codec="utf-8") gives them, without the table of
# Unicode categories Hypothesis builds for it on a fresh clone (seconds)
ANY_CHARACTER = st.integers(0, 0x10FFFF).filter(lambda point: not 0xD800 <= point < 0xE000).map(chr)


@settings(max_examples=60, deadline=None)
@given(st.text(st.sampled_from("ab \n"), max_size=5000) |
       st.lists(ANY_CHARACTER, max_size=4000).map("".join) |
       st.integers(0, 100_000).map(lambda n: ("word " * 30 + "\n") * (n // 151)))
def test_split_keeps_every_character_in_order_within_the_limit(text):
    """Any text arrives whole, in order, in messages of at most 2,000 characters."""
    text = text.replace("```", "``")  # a code block's fences are closed and opened again at a cut (below)
    parts = split(text)
    assert "".join(parts) == text
    assert all(0 < len(part) <= LIMIT for part in parts)


def test_a_code_block_cut_in_two_is_closed_and_opened_again():
    """Lines in a code block (a table whose columns line up) cut over two messages: each message
    is a whole code block, and the lines are all there, in order."""
    lines = [f"{n:>4}  R-C-{n}  cavalry  3" for n in range(150)]
    text = "Your blocks:\n```\n" + "\n".join(lines) + "\n```\nThe end."
    parts = split(text)
    assert len(parts) > 1 and all(len(part) <= LIMIT and part.count("```") == 2 for part in parts)
    assert "".join(parts).replace("``````\n", "") == text


def test_a_100_kb_text_reaches_a_channel_whole_in_order(tmp_path):
    """Through Delivery: 100 kB of lines of news arrive as ≤ 2,000-character
    messages, cut after line breaks, which put back together are the text."""
    lines = [f"line {n}: " + "x" * (n % 97) for n in range(1700)]
    text = "\n".join(lines)
    assert 99_000 < len(text) < 100_001
    tables = make_tables(_service(tmp_path))
    game_id = run(seated_game(tables))
    run(tables.delivery.send(game_id, [(channel_audience(CHANNEL), message(text))]))
    sent = tables.delivery.messenger.in_channel(CHANNEL)[-len(pieces(text)):]
    assert "".join(sent) == text and all(len(s) <= LIMIT for s in sent)
    assert all(s.endswith("\n") for s in sent[:-1])  # cut at line breaks
    assert tables.store.undelivered(game_id) == []


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_split_message_resumes_where_a_failure_stopped_it(tmp_path):
    """A row is delivered only once all its pieces were accepted; after a failure
    in the middle, the retry sends the rest and never repeats a piece."""
    clock = FakeClock()
    tables = make_tables(_service(tmp_path), clock)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    text = "\n".join(f"{n:04d} " + "y" * 60 for n in range(100))  # 6,500 characters
    count = len(pieces(text))
    real_post, posted = messenger.post, []

    async def fails_on_the_third(channel, piece, pictures=(), buttons=None, nonce=None):
        if len(posted) == 2:
            posted.append("failed")
            raise ConnectionResetError("network")
        posted.append(piece)
        await real_post(channel, piece, pictures, buttons)
    messenger.post = fails_on_the_third
    run(tables.delivery.send(game_id, [(channel_audience(CHANNEL), message(text))]))
    (row,) = tables.store.undelivered(game_id)
    assert row["pieces_sent"] == 2 and row["attempts"] == 1
    clock.advance(minutes=5)
    run(tables.delivery.flush())
    sent = [p for p in posted if p != "failed"]
    assert len(sent) == count and "".join(sent) == text
    assert tables.store.undelivered(game_id) == []


def test_long_held_notices_come_whole_in_several_private_answers(service):
    """Replies with held notices appended are no longer clipped, and the notices are
    marked delivered only once the answer was sent."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    tables.delivery.messenger.closed.add(ANNA.id)
    long_news = "\n".join(f"news line {n} " + "z" * 50 for n in range(80))
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message(long_news))]))
    reply = tables.private(ANNA, "Done.")
    sent = pieces(reply.text)
    assert len(sent) > 2 and all(len(p) <= LIMIT for p in sent)
    assert long_news in "".join(sent)
    assert tables.private(ANNA, "Done.").held  # not marked before the answer went out
    run(tables.delivery.mark_shown(reply.held))
    assert tables.private(ANNA, "Done.").held == ()


# -- 8.3: news is stored with its change, and sent after a stop ------------------------------


def test_news_of_a_command_is_stored_with_it_and_sent_after_a_stop(service):
    """The process dies right after a command's commit, before anything is sent:
    at the next start the public line, the map and the private news are sent, once."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))

    async def dies(game_id=None):  # the process is killed before sending
        return 0
    tables.delivery.flush = dies
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    assert service.store.last_seq(game_id) == 2
    stored = [row["audience"] for row in service.store.undelivered(game_id)]
    assert stored == [channel_audience(CHANNEL), channel_audience(CHANNEL), "red"]  # her view
    after = restart(tables)
    assert run(after.delivery.flush()) == 3
    messenger = after.delivery.messenger
    end, roll = messenger.in_channel(CHANNEL)
    assert end.startswith("**Anna** — Red: end.") and "Red player: your move, due <t:" in end  # her own end: no ping
    assert roll.startswith("**Anna** — Red: roll.") and "<@2>: your move, due <t:" in roll
    assert messenger.posts[0][2][0].startswith(b"PNG turn=1")  # drawn when sent
    view = messenger.kept_text(f"dm:{ANNA.id}")
    assert "your view as Red" in view and "your secret number" in view  # her own roll's private line
    assert not messenger.dms  # her map comes at her next player-turn (bot/tables/kept_views.py, map_due)
    assert run(after.delivery.flush()) == 0 and len(messenger.posts) == 2  # never twice


@pytest.mark.logs_errors("kolocha.service")
def test_news_rolls_back_with_its_command(service, monkeypatch):
    """The messages and the command commit together or not at all."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    delivered = len(tables.delivery.messenger.posts)

    def broken(result, before, after):
        raise RuntimeError("composing failed")
    change = tables.news.change(game_id, "Anna")
    monkeypatch.setattr(change, "compose", broken)
    result = service.submit(game_id, "red", "end", ANNA.id, compose=change.compose)
    assert not result.accepted and service.store.last_seq(game_id) == 0
    assert service.store.undelivered(game_id) == []
    assert len(tables.delivery.messenger.posts) == delivered


def test_lobby_news_is_stored_with_the_seat_and_the_start(service):
    """Joining and starting store their announcements with the change itself."""
    tables = make_tables(service)

    async def dies(game_id=None):
        return 0
    tables.delivery.flush = dies
    game_id = run(seated_game(tables))
    after = restart(tables)
    run(after.delivery.flush())
    said = "\n".join(after.delivery.messenger.in_channel(CHANNEL))
    assert [line.split(" ", 2)[1] for line in said.splitlines()[:3]] == ["opens", "takes", "takes"]
    assert f"Game {game_id} begins." in said


# -- 8.4: a failure after the commit is no refusal -------------------------------------------


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_server_error_after_the_commit_is_no_refusal_and_is_retried(service):
    """The channel answers 500 while a command is announced: the player is told what
    was done (not "nothing was changed"), the line waits, and goes once the server is back."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    messenger.failing.add(CHANNEL)
    reply = run(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))
    assert reply == "Red: move r1 0201." and reply != SORRY
    assert service.store.last_seq(game_id) == 1
    (row,) = service.store.undelivered(game_id)
    assert row["retry_at"] is not None
    messenger.failing.clear()
    run(tables.delivery.flush())  # not due yet: waits for its retry time
    assert not any("move r1 0201" in p for p in messenger.in_channel(CHANNEL))
    clock.advance(minutes=1)
    run(tables.delivery.flush())
    assert [p for p in messenger.in_channel(CHANNEL) if "move r1 0201" in p] == \
        ["**Anna** — Red: move r1 0201.\nr1 moves to 0201"]


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_failing_dm_holds_back_later_news_to_the_same_person_in_order(service):
    """What follows a failed message to the same place waits for it, so nobody reads
    their news out of order."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    messenger.failing.add(ANNA.id)
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message("first"))]))
    messenger.failing.clear()
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message("second"))]))
    assert "Game 1: second" not in messenger.to(ANNA.id)
    clock.advance(minutes=1)
    run(tables.delivery.flush())
    assert messenger.to(ANNA.id)[-1] == "Game 1: first\nsecond"


def test_a_new_games_posts_wait_behind_the_unsent_last_posts_of_the_game_before_it(service):
    """A game's last posts wait (Discord down), and a new game opens in its channel: the new
    game's posts wait behind them, and its next flush sends the old game's first; the channel
    never reads the new game's opening before the old one's end."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    old = run(seated_game(tables))
    messenger = tables.delivery.messenger
    messenger.down.add(CHANNEL)
    run(tables.delivery.send(old, [(channel_audience(CHANNEL), message("Game over"))]))
    messenger.down.clear()
    new = service.store.create_game("toy_system", "short", 1, guild=GUILD, channel=CHANNEL)
    before = len(messenger.in_channel(CHANNEL))
    run(tables.delivery.send(new, [(channel_audience(CHANNEL), message("A new game opens"))]))
    assert messenger.in_channel(CHANNEL)[before:] == []
    clock.advance(minutes=1)
    run(tables.delivery.flush(new))
    assert messenger.in_channel(CHANNEL)[before:] == ["Game over", "A new game opens"]
    assert service.store.undelivered() == []


def test_a_stop_lets_the_message_under_way_go_and_begins_no_other(service):
    """A stop (SIGTERM) while the outbox is sent: the message under way is sent and marked, the
    next ones wait for the next start, which sends them; a long backlog no longer holds the stop
    for its whole STOP_SECONDS."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    before = len(messenger.in_channel(CHANNEL))
    post = messenger.post

    async def stopped_meanwhile(*args, **kwargs):
        tables.delivery.stopping = True
        await post(*args, **kwargs)
    messenger.post = stopped_meanwhile  # type: ignore[method-assign]
    run(tables.delivery.send(game_id, [(channel_audience(CHANNEL), message(said, 0)) for said in "abc"]))
    assert messenger.in_channel(CHANNEL)[before:] == ["a"]
    assert [row["payload"]["text"] for row in service.store.undelivered(game_id)] == ["b", "c"]
    run(restart(tables).delivery.flush())
    assert service.store.undelivered(game_id) == []


# -- 8.8: closed DMs -------------------------------------------------------------------------


def dms_closed(service, who):
    """A started game whose player `who` has just closed their DMs; the clock, tables, messenger."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    run(seated_game(tables))
    messenger = tables.delivery.messenger
    messenger.closed.add(who.id)
    messenger.attempts.clear()
    return clock, tables, messenger


def test_closed_dms_are_not_tried_after_every_command_and_retried_later(service):
    """After one refusal of a DM, no DM to that person is tried until the back-off
    has passed; the held text reads "Game N:" once."""
    clock, tables, messenger = dms_closed(service, ANNA)
    game_id = 1
    for n in range(3):
        run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message(f"news {n}"))]))
    assert messenger.attempts.count(ANNA.id) == 1
    held = markup(tables.private(ANNA, "Done.").text)
    assert "Game 1: news 0\nGame 1: news 1\nGame 1: news 2" in held
    assert "Game 1: Game 1:" not in held and "/game inbox" in held
    clock.advance(minutes=61)
    messenger.closed.clear()
    run(tables.delivery.flush())
    assert messenger.to(ANNA.id)[-1] == "Game 1: news 0\nnews 1\nnews 2"  # in one DM, named once
    assert service.store.closed_dm(ANNA.id) is None


def test_the_back_off_of_closed_dms_grows(service):
    """Each refusal doubles the pause before the next try."""
    clock, tables, messenger = dms_closed(service, BORIS)
    run(tables.delivery.send(1, [(user_audience(BORIS.id), message("news"))]))
    clock.advance(minutes=61)
    run(tables.delivery.flush())
    assert messenger.attempts.count(BORIS.id) == 2
    clock.advance(minutes=61)
    run(tables.delivery.flush())
    assert messenger.attempts.count(BORIS.id) == 2  # now two hours
    assert service.store.closed_dm(BORIS.id)["failures"] == 2
    clock.advance(minutes=60)
    run(tables.delivery.flush())  # the third refusal: four hours
    assert service.store.closed_dm(BORIS.id)["retry_at"] == stamp(clock() + timedelta(hours=4))


def test_a_closed_dm_is_logged_with_its_count_and_pause(service, caplog):
    caplog.set_level(logging.INFO, "kolocha.delivery")
    _, tables, _ = dms_closed(service, BORIS)
    run(tables.delivery.send(1, [(user_audience(BORIS.id), message("news"))]))
    assert f"DMs to {BORIS.id} are closed (1 times); next try in 1:00:00" in caplog.messages


def test_held_notices_read_one_a_line_each_with_its_game():
    rows = [{"game": 1, "payload": message("news 0")}, {"game": 2, "payload": message("news 1")}]
    assert plain(Delivery.held_text(None, rows)) == "Game 1: news 0\nGame 2: news 1"


def test_a_thread_another_player_could_read_is_given_up_with_a_notice_naming_them(service):
    tables, game_id, messenger = thread_of_anna(service)
    messenger.moderators.add(BORIS.id)  # Boris may now read every private thread
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message("secret news"))]))
    assert service.store.private_thread(game_id, ANNA.id) is None
    assert messenger.to(ANNA.id)[-1] == (f"Game {game_id}: secret news\n"
        f"your private thread in <#{CHANNEL}> no longer carries your news of game {game_id}: "
        f"<@{BORIS.id}> may read it (the server's owner and members with Administrator or Manage Threads can). "
        "It comes by DM again.")


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_thread_whose_readers_cannot_be_told_is_given_up_and_says_so(service, caplog):
    tables, game_id, messenger = thread_of_anna(service)

    async def unknown(*args):
        raise ServerError("who may read it")
    messenger.onlookers = unknown
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message("secret news"))]))
    assert messenger.to(ANNA.id)[-1] == (f"Game {game_id}: secret news\n"
        f"your private thread in <#{CHANNEL}> no longer carries your news of game {game_id}: "
        "I could not check who else may read it. It comes by DM again.")
    assert f"game {game_id}: who may read the private thread of {ANNA.id} is not known" in caplog.messages


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_failed_marking_of_pieces_is_logged_and_each_piece_goes_once(service, monkeypatch, caplog):
    tables = make_tables(service)
    game_id = run(seated_game(tables))

    def disk_full(*args):
        raise OSError("disk full")
    monkeypatch.setattr(service.store, "mark_pieces_sent", disk_full)
    text = "\n".join(f"{n:04d} " + "y" * 60 for n in range(50))
    run(tables.delivery.send(game_id, [(channel_audience(CHANNEL), message(text))]))
    assert "".join(tables.delivery.messenger.in_channel(CHANNEL)[-len(pieces(text)):]) == text
    row = service.store.outbox(game_id)[-1]
    assert [m for m in caplog.messages if "pieces sent failed" in m] == \
        [f"outbox row {row['id']}: marking 1 pieces sent failed; tried again later"]


def test_a_player_who_may_read_every_thread_keeps_hers_and_is_not_among_the_others_who_can(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    tables.delivery.messenger.moderators.add(ANNA.id)  # Anna manages threads on this server herself
    assert plain(run(tables.news.inbox(ANNA, CHANNEL))).endswith(
        f"Your private news of game {game_id} now goes to #800, which only you can see.")
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message("secret news"))]))
    assert tables.delivery.messenger.in_channel("800")[-1] == f"Game {game_id}: secret news"  # she may read it


def test_a_private_thread_carries_the_news_of_a_player_whose_dms_are_closed(service):
    """`/game inbox` opens a private thread in the game's channel for this player;
    what was held goes there, and so does later private news, without trying DMs."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    messenger.closed.add(ANNA.id)
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message("held news"))]))
    answer = markup(run(tables.news.inbox(ANNA, CHANNEL)))
    (thread,) = messenger.threads
    assert messenger.threads[thread] == (CHANNEL, ANNA.id) and f"<#{thread}>" in answer
    assert messenger.in_channel(thread) == ["Game 1: held news"]
    tries = messenger.attempts.count(ANNA.id)
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    assert "your secret number" in messenger.kept_text(f"thread:{thread}")  # Anna's own roll
    assert "your view as Red" in messenger.kept_text(f"thread:{thread}")
    assert messenger.attempts.count(ANNA.id) == tries and tables.private(ANNA, "ok").held == ()
    assert service.store.undelivered(game_id) == []


# -- names and mentions are values: a player's name never pings or formats a post -------------


def test_a_display_name_never_pings_or_formats_a_public_post(service):
    """A player named `@everyone **x**` appears escaped in public posts."""
    from bot.permissions import Actor
    tables = make_tables(service)
    rogue = Actor("9", "@everyone **x** <@&123456789012345678>")
    run(tables.lobby.new(rogue, "900", CHANNEL, "toy_system", "short"))
    (opened,) = tables.delivery.messenger.in_channel(CHANNEL)
    assert "@everyone" not in opened and "\\*\\*x\\*\\*" in opened
    assert "<@&123456789012345678>" not in opened and opened.endswith("then `/game start`.")


def test_the_table_layer_writes_no_platform_markup():
    """Mentions, moments and channels leave the tables as values; only the Discord
    messenger writes `<@id>`, `<t:…:R>` and `<#id>`."""
    root = Path(__file__).parents[3] / "bot"
    sources = [*sorted((root / "tables").glob("*.py")), root / "permissions.py"]
    markup_re = re.compile(r"<[@#]|<t:")
    assert [str(p) for p in sources if markup_re.search(p.read_text())] == []
    assert markup_re.search((root / "discord" / "messenger.py").read_text())


def test_a_deadline_reads_as_each_front_end_writes_it(service):
    """The same announcement, in Discord's markup and in plain words."""
    from bot.words import plain
    clock = FakeClock()
    tables = make_tables(service, clock)
    run(seated_game(tables))
    status = tables.overview.status(ANNA, CHANNEL)
    assert "Red <@1>" in markup(status) and "Red deadline <t:" in markup(status)
    assert "Red @1" in plain(status, clock()) and "Red deadline in 2 days" in plain(status, clock())


# -- 8.10: one picture per change -------------------------------------------------------------


def test_spectator_channels_share_one_rendering_of_a_change(service):
    """The game channel and every spectator channel show the same public picture,
    drawn once."""
    drawn = []

    def counting(view, **options):
        drawn.append((view.get("turn"), view.get("secrets"), tuple(options)))
        return picture(view, **options)
    tables = make_tables(service, renderer=counting)
    run(seated_game(tables))
    for channel in (WATCH, "201", "202"):
        run(tables.lobby.spectate(ANNA, CHANNEL, channel))
    drawn.clear()
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    public = [d for d in drawn if d[1] == []]
    assert len(public) == 1
    shown = [p for c, _, p in tables.delivery.messenger.posts if c in (CHANNEL, WATCH, "201", "202")
             and p]
    assert len(shown) >= 4 and len(set(shown[-4:])) == 1


def test_a_change_posts_the_map_and_its_latest_action(service):
    """Every post after a change carries two pictures, the map then the crop of its
    latest action; a map asked for is the one picture asked for."""
    def crop(view):
        return f"CROP turn={view.get('turn')}".encode()
    tables = make_tables(service, cropper=crop)
    run(seated_game(tables))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    changed = [p for c, _, p in tables.delivery.messenger.posts if c == CHANNEL and p][-1]
    assert [p[:4] for p in changed] == [b"PNG ", b"CROP"]
    run(tables.play.map(ANNA, CHANNEL))
    asked = [p for c, _, p in tables.delivery.messenger.posts if c == CHANNEL and p][-1]
    assert len(asked) == 1 and asked[0].startswith(b"PNG ")


def _service(tmp_path):
    from bot.service import GameService
    from tests.bot import toy_system
    return GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: toy_system)


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_restart_sends_what_the_outbox_holds_for_every_game(tmp_path):
    """Start-up sends the unsent rows of all games, oldest first, and says how many went."""
    service = _service(tmp_path)
    clock = FakeClock()
    delivery = Delivery(service, FakeMessenger(), picture, clock)
    tables = Tables(service, delivery, FakeScheduler(clock), clock=clock, systems=("toy_system",))
    messenger = delivery.messenger
    messenger.failing.update({CHANNEL, "101"})
    first = run(seated_game(tables))
    run(tables.lobby.new(BORIS, "900", "101", "toy_system", "short"))
    assert messenger.posts == []
    messenger.failing.clear()
    clock.advance(hours=2)
    after = restart(tables, clock)
    sent = run(after.delivery.flush())
    channels = [c for c, _, _ in after.delivery.messenger.posts]
    # the opening, the seats and the start with its map in one post (refused before, they may join)
    assert channels.count(CHANNEL) == 1 and channels.count("101") == 1 and sent == 5
    assert service.store.undelivered(first) == []


def test_the_russian_block_list_of_bloody_monday_arrives_whole(tmp_path):
    """The Russian player's own view at set-up is longer than ROOM (it was once clipped at 2,000
    characters): it arrives whole, in order, in several DMs, its table of blocks in a code block (columns
    lined up on a phone) in messages of its own, which the news above it may grow and shrink beside."""
    from bot.service import GameService
    service = GameService(blank(tmp_path / "k.sqlite"))
    messenger = FakeMessenger()
    tables = make_tables(service, messenger=messenger, systems=("bloody_monday",))
    run(seated_game(tables, system="bloody_monday", scenario="bloody_monday", seed=5))
    (row,) = service.store.db.query("SELECT payload FROM outbox WHERE audience = 'russian' AND "
                                    "payload LIKE '%\"kept\": true%'")
    view = markup(words("Game 1: ", json.loads(row["payload"])["text"]))
    sent = [piece for place, piece in messenger.kept.values() if place == f"dm:{BORIS.id}"]
    assert len(view) > ROOM and len(sent) > 1 and all(len(s) <= LIMIT for s in sent)
    head = "Game 1: your view, as of command 0, continued:\n"  # a player in two games tells their tables apart
    assert "```" not in sent[0] and sent[1].startswith(f"{head}```\nRussian:\n")
    assert all(piece.startswith(head) and piece.count("```") == 2 for piece in sent[1:])
    assert "".join(piece.removeprefix(head) for piece in sent).replace("``````\n", "") == view


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_table_whose_edit_waits_for_a_retry_says_it_is_older_than_the_head_above_it(tmp_path):
    """The head of a player's view is written before its table: where Discord refuses the table's edit (kept for
    a retry), the head tells the news of a command the old table does not show yet; each says the command it is
    as of, so the two never read as one view at odds with itself, and the retry brings the table up to date."""
    from bot.service import GameService
    messenger, service = FakeMessenger(), GameService(blank(tmp_path / "k.sqlite"))
    tables = make_tables(service, messenger=messenger, systems=("bloody_monday",))
    game_id = run(seated_game(tables, system="bloody_monday", scenario="bloody_monday", seed=5))
    place = f"dm:{ANNA.id}"
    head, table_id = [made for made, (where, _) in messenger.kept.items() if where == place and "view" in _][:2]
    keep = messenger.keep

    async def refused(where, piece, kept, buttons=None, nonce=None):
        if kept == table_id:
            raise ServerError(where)
        return await keep(where, piece, kept, buttons, nonce)

    messenger.keep = refused
    run(tables.play.submit(ANNA, CHANNEL, "tactical"))
    assert "as of command 1 " in messenger.kept[head][1]
    assert messenger.kept[table_id][1].startswith(f"Game {game_id}: your view, as of command 0, continued:\n```")
    messenger.keep = keep
    later = make_tables(service, FakeClock(FakeClock().now + timedelta(hours=2)), messenger, systems=("bloody_monday",))
    run(later.delivery.flush(game_id))  # the retry, once due
    assert messenger.kept[table_id][1].startswith(f"Game {game_id}: your view, as of command 1, continued:\n```")


def test_a_kept_view_keeps_its_number_of_messages_as_its_news_grows_and_shrinks(service):
    """A message more of a player's kept view lands below what came since (the question its news told of,
    seen on simcord: a Last Blood Russian's view of 1,961 characters took 2,150 once three hits were told,
    its last rows of blocks under his answer '3 hits on R-1-3.'). A view longer than ROOM starts its table
    of units apart at once; one in two messages keeps them while both parts fit; a short one stays one."""
    delivery = make_tables(service).delivery

    def view(hits: int) -> list:
        news = "".join("Russian 3 (R-1-3, infantry) takes a hit (5.3.6).\n" for _ in range(hits))
        return words("Game 1: your view as Russian (kept up to date):\n", news,
                     table("\n".join(f"  41    R-G-{n:<5} 4 infantry" for n in range(40))))
    short, long, longer = view(2), view(14), view(50)
    pieces, apart = functools.partial(delivery.kept_pieces, game=1), "Game 1: your view, continued:\n```"
    assert len(pieces(short, 0)) == 1 < len(pieces(long, 0)) == 2
    assert pieces(long, 0)[1].startswith(apart) and pieces(short, 2)[1].startswith(apart)
    assert len(pieces(short, 1)) == 1 and len(pieces(view(18), 1)) == 2
    assert len(pieces(longer, 2)) == 2 and "".join(pieces(longer, 2)) == markup(longer)


def test_a_kept_view_grown_past_its_message_goes_on_in_a_message_that_names_its_game(service):
    """A view kept in one message grows past it (its news, a block's cubes) where its table apart would take three
    messages and the view split as any text two: it was split so, its second message opening with a bare row of
    blocks under no game's name ('```' / '  cubes: isolated', seen on simcord in Bloody Monday's first turn). The
    table begins under the head, as many whole blocks as fit there, and goes on in a message naming the game, each
    block's lines together, nothing lost."""
    delivery = make_tables(service).delivery
    rows = [line for n in range(36) for line in (f"  41    R-G-{n:<5} 4 infantry;", "              cubes: isolated")]
    view = words("Game 1: your view as Russian (kept up to date):\n",
                 "Russian 3 (R-1-3, infantry) takes a hit (5.3.6).\n" * 4,
                 table("\n".join(["Russian:", "  area  block  strength", *rows])))
    head, *rest = delivery.kept_pieces(view, 1, 1)
    assert len(rest) == 1 and rest[0].startswith("Game 1: your view, continued:\n```\n  41    R-G-"), rest
    assert head.startswith("Game 1: your view as Russian") and head.endswith("cubes: isolated\n```")
    told = [line for piece in (head, *rest) for line in piece.split("\n")]
    assert [line for line in told if line.startswith("  ")] == ["  area  block  strength", *rows]


def test_each_message_of_a_table_of_units_apart_names_its_game_and_holds_whole_rows(service):
    """A table longer than a message goes on in the next, each opening with its game's name (a player in two
    games read two tables alike), each within Discord's limit, its rows whole and in order."""
    rows = [f"  {n:<5} R-G-{n:<5} 4 infantry; revealed" for n in range(90)]
    sent = make_tables(service).delivery.table_apart([table("\n".join(rows))], 7)
    head = "Game 7: your view, continued:\n```\n"
    assert len(sent) == 2 and all(piece.startswith(head) and len(piece) <= LIMIT for piece in sent)
    assert [row for piece in sent for row in piece.removeprefix(head).removesuffix("\n```").split("\n")] == rows


def test_a_table_of_units_apart_is_split_between_rows_never_inside_one(service):
    """A block whose row wraps (its 'revealed;' and cubes on lines of their own at a phone's width) keeps its
    lines in one message: the next message opened on '                    revealed;', the half of a row."""
    rows = [f"  {n:<5} R-G-{n:<5} 4 infantry;\n{' ' * 20}revealed;\n{' ' * 20}cubes: isolated" for n in range(40)]
    sent = make_tables(service).delivery.table_apart([table("\n".join(rows))], 7)
    head = "Game 7: your view, continued:\n```\n"
    assert len(sent) > 1 and all(piece.startswith(head + "  ") and len(piece) <= LIMIT for piece in sent), sent
    assert all(piece.removesuffix("\n```").endswith("cubes: isolated") for piece in sent)
    assert "\n".join(piece.removeprefix(head).removesuffix("\n```") for piece in sent) == "\n".join(rows)


@pytest.mark.logs_errors("kolocha.delivery")
def test_the_questions_of_a_player_turn_share_one_message_split_with_their_buttons_and_retried_in_place(service):
    """A player's questions of one player-turn go into one question message: the first is sent,
    the next edit it in place with their own buttons (a longer one adds a message for its second
    piece, the buttons under the last; a shorter one deletes it). A failure leaves the row stored,
    and its retry after a restart edits the same messages. A question of another player-turn, or
    one that must notify (`fresh`), is a new message."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger, place, anna = tables.delivery.messenger, f"dm:{ANNA.id}", user_audience(ANNA.id)
    buttons = {"answers": ["hit r1"], "game": game_id, "side": "red", "seq": 0}
    dms = len(messenger.dms)

    def ask(text: str, since: int = 0, fresh: bool = False) -> None:
        run(tables.delivery.send(game_id, [(anna, message(text, buttons=buttons) |
                                            {"question": {"since": since, "fresh": fresh}})]))
    ask("the game waits for you: apply 2 hits", fresh=True)
    (first,) = service.store.question_messages(game_id, place)[2]
    long = "Red: hit r1.\n" + "x" * 1500 + "\n" + "y" * 1000
    messenger.failing.add(ANNA.id)
    ask(long)
    messenger.failing.clear()
    after = make_tables(service, FakeClock(FakeClock().now + timedelta(hours=2)), messenger)  # a restart
    run(after.delivery.flush(game_id))
    first_piece, second = service.store.question_messages(game_id, place)[2]
    assert first_piece == first and messenger.kept_text(place) == f"Game {game_id}: " + long
    assert messenger.buttons[-1] == (place, messenger.kept[second][1], buttons)  # under the last piece
    ask("Next: apply 1 hit")
    assert service.store.question_messages(game_id, place)[2] == [first] and second not in messenger.kept
    assert messenger.kept[first] == (place, f"Game {game_id}: Next: apply 1 hit")
    ask("the game waits for you: apply 1 hit", fresh=True)  # newly awaited, told by a new DM
    (notified,) = service.store.question_messages(game_id, place)[2]
    ask("the game waits for you: Red impulse", since=4)  # another player-turn
    (other,) = service.store.question_messages(game_id, place)[2]
    assert len({first, notified, other}) == 3 and len(messenger.dms) == dms and service.store.undelivered(game_id) == []


def test_a_question_is_written_into_the_message_whose_button_was_pressed_unless_it_must_notify(service):
    """A player-turn's first question edits the message whose button gave the command (`in_place`), so
    the answered question turns into the next; one that must notify (`fresh`) is a new message."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger, place = tables.delivery.messenger, f"dm:{ANNA.id}"
    buttons = {"answers": ["hit r1"], "game": game_id, "side": "red", "seq": 0}
    pressed = run(messenger.keep(place, "Choose: hit r1", None, buttons))

    def ask(text: str, since: int, fresh: bool) -> None:
        run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message(text, buttons=buttons) |
                                            {"question": {"since": since, "fresh": fresh, "in_place": pressed}})]))
    ask("Next: retreat r1", since=2, fresh=False)
    assert service.store.question_messages(game_id, place)[2] == [pressed]
    assert messenger.kept[pressed] == (place, f"Game {game_id}: Next: retreat r1")
    ask("the game waits for you: Red impulse", since=4, fresh=True)
    (new,) = service.store.question_messages(game_id, place)[2]
    assert new != pressed and messenger.kept[new] == (place, f"Game {game_id}: the game waits for you: Red impulse")
    assert messenger.kept[pressed] == (place, f"Game {game_id}: Next: retreat r1")


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_fresh_question_cut_short_by_a_failure_goes_on_in_the_message_it_made(service):
    """A question that must notify, two messages long: the first went, the second failed. The retry
    edits the first where it stands and sends the second, the buttons under it alone; the player never
    reads the first twice."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    messenger, place = tables.delivery.messenger, f"dm:{ANNA.id}"
    buttons = {"answers": ["hit r1"], "game": game_id, "side": "red", "seq": 0}
    real_keep, written = messenger.keep, []

    async def fails_on_the_second(where, piece, kept, buttons=None, nonce=None):
        written.append(piece)
        if len(written) == 2:
            raise ServerError(where)
        return await real_keep(where, piece, kept, buttons, nonce)
    messenger.keep = fails_on_the_second
    long = "x" * 1500 + "\n" + "y" * 1000
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message(long, buttons=buttons) |
                                        {"question": {"since": 0, "fresh": True}})]))
    (first,) = service.store.question_messages(game_id, place)[2]
    clock.advance(minutes=5)
    run(tables.delivery.flush(game_id))
    first_again, second = service.store.question_messages(game_id, place)[2]
    assert first_again == first and messenger.buttons == [(place, messenger.kept[second][1], buttons)]  # under the last
    assert messenger.kept_text(place) == f"Game {game_id}: " + long and service.store.undelivered(game_id) == []


def test_a_posts_buttons_go_under_its_last_piece_in_a_channel_and_by_dm(service):
    """A draw offer's Accept and Decline (not a question: a message of its own) split into three
    messages carries its buttons under the last one only; a short one to a player, by DM, under its one."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    buttons = {"action": "draw", "other": "decline", "game": game_id, "side": "blue", "seq": 0}
    text = "\n".join(f"line {n}: " + "x" * 90 for n in range(50))
    before = len(messenger.buttons)
    run(tables.delivery.send(game_id, [(channel_audience(CHANNEL), message(text, buttons=buttons)),
                                       (user_audience(BORIS.id), message("Accept the draw?", buttons=buttons))]))
    posted = messenger.in_channel(CHANNEL)[-len(pieces(text)):]
    assert len(posted) == 3 and "".join(posted) == text
    assert messenger.buttons[before:] == [(CHANNEL, posted[-1], buttons),
                                          (BORIS.id, f"Game {game_id}: Accept the draw?", buttons)]


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_kept_view_is_edited_in_place_with_a_message_more_or_less_as_its_length_changes(service):
    """A player's private view is edited where it stands: a longer text sends one message more
    for the piece it adds, a shorter one deletes the last; the ids are stored as soon as they
    exist, so a retry after a failure edits them, and none is ever sent twice."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger, place = tables.delivery.messenger, f"dm:{ANNA.id}"
    lines = lambda n: "\n".join(f"line {k}: " + "x" * 90 for k in range(n))  # noqa: E731
    for n in (10, 50, 5):
        run(tables.delivery.send(game_id, [(user_audience(ANNA.id), kept_view(lines(n)))]))
        assert messenger.kept_text(place) == f"Game {game_id}: " + lines(n)
        assert service.store.kept_messages(game_id, place) == [i for i, (p, _) in messenger.kept.items() if p == place]
    assert len(service.store.kept_messages(game_id, place)) == 1
    messenger.failing.add(ANNA.id)
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), kept_view(lines(40)))]))
    messenger.failing.clear()
    after = make_tables(service, FakeClock(FakeClock().now + timedelta(hours=2)), messenger)  # a restart
    run(after.delivery.flush(game_id))
    assert messenger.kept_text(place) == f"Game {game_id}: " + lines(40) and len(messenger.kept) == 2
    assert service.store.undelivered(game_id) == []


def test_a_kept_view_stores_only_the_id_that_changed_when_one_message_was_deleted(service, monkeypatch):
    """Anna deleted the second message of her view: the next view edits the others where they
    stand and sends that piece anew; only its id changes in the store, in its place."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger, place = tables.delivery.messenger, f"dm:{ANNA.id}"
    view = lambda mark: "\n".join(f"{mark} {k}: " + "x" * 90 for k in range(60))  # noqa: E731
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), kept_view(view("a")))]))
    ids = service.store.kept_messages(game_id, place)
    assert len(ids) >= 3
    del messenger.kept[ids[1]]
    stored: list[list[str]] = []
    keep = service.store.set_kept_messages
    monkeypatch.setattr(service.store, "set_kept_messages", lambda *args: stored.append(args[2]) or keep(*args))
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), kept_view(view("b")))]))
    now = service.store.kept_messages(game_id, place)
    assert now[:1] + now[2:] == ids[:1] + ids[2:] and now[1] not in ids and stored == [now]
    assert "".join(messenger.kept[i][1] for i in now) == f"Game {game_id}: " + view("b")


@dataclass
class KeptAnswerLost(FakeMessenger):
    """Makes a kept message, then fails as Discord down does (its answer lost, the id unknown) the
    first time; answers a new message whose nonce it took already with the first (enforce_nonce)."""

    lost: int = 1
    made: dict[str, str] = field(default_factory=dict)  # nonce: the message it made

    async def keep(self, place: str, piece: str, kept: str | None, buttons: dict | None = None,
                   nonce: str | None = None) -> str:
        if kept is None and nonce is not None and nonce in self.made:
            return self.made[nonce]
        made = await super().keep(place, piece, kept, buttons, nonce)
        if kept is None and nonce is not None:
            self.made[nonce] = made
        if self.lost:
            self.lost -= 1
            raise PlatformDown(place)
        return made


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_kept_message_whose_answer_was_lost_is_made_once(service):
    """Anna's private view is sent as a new message, which Discord makes but whose answer is lost:
    the retry goes with the same nonce, so Discord answers with that message, and she has one."""
    clock = FakeClock()
    messenger = KeptAnswerLost()
    tables = make_tables(service, clock, messenger)
    game_id = run(seated_game(tables))
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), kept_view("my view"))]))
    clock.advance(minutes=1)
    run(tables.delivery.flush(game_id))
    mine = [i for i, (place, _) in messenger.kept.items() if place == f"dm:{ANNA.id}"]
    assert service.store.kept_messages(game_id, f"dm:{ANNA.id}") == mine and len(mine) == 1
    assert service.store.undelivered(game_id) == []


@pytest.mark.logs_errors("kolocha.delivery")
@pytest.mark.parametrize("then", ["view", "question", "a later view"])
def test_a_kept_message_whose_answer_was_lost_is_taken_up_after_discord_forgot_its_nonce(service, then):
    """Anna's private view (or her question, with its buttons) is made, but its answer is lost,
    and the retry comes an hour later, when Discord no longer knows the nonce: it reads her DMs
    since the first try, finds the message that went and writes into it, rather than making a
    second. A view stored meanwhile, which says all the first did, waits for that retry too, and
    is then written into the same message."""
    clock = FakeClock()
    messenger = KeptAnswerLost()
    tables = make_tables(service, clock, messenger)
    game_id = run(seated_game(tables))
    place, anna = f"dm:{ANNA.id}", user_audience(ANNA.id)
    buttons = {"answers": ["hit r1"], "game": game_id, "side": "red", "seq": 0}
    asked = message("the game waits for you", buttons=buttons) | {"question": {"since": 0, "fresh": True}}
    run(tables.delivery.send(game_id, [(anna, asked if then == "question" else kept_view("my view"))]))
    messenger.made.clear()  # the nonce forgotten
    if then == "a later view":
        run(tables.delivery.send(game_id, [(anna, kept_view("my view now"))]))
    clock.advance(hours=1)
    run(tables.delivery.flush(game_id))
    (mine,) = [i for i, (where, _) in messenger.kept.items() if where == place]
    kept = service.store.question_messages(game_id, place)[2] if then == "question" else \
        service.store.kept_messages(game_id, place)
    assert kept == [mine] and service.store.undelivered(game_id) == []
    assert messenger.kept[mine][1] == f"Game {game_id}: " + {"view": "my view", "question": "the game waits for you",
                                                              "a later view": "my view now"}[then]
    assert messenger.kept_buttons[mine] == (buttons if then == "question" else None)


@dataclass
class Nonces(KeptAnswerLost):
    """Discord with enforce_nonce: a post, DM or new kept message whose nonce it took already is
    answered by the first message, nothing made (`made`, cleared: Discord forgot them)."""

    lost: int = 0

    async def post(self, channel: str, text: str, pictures=(), buttons: dict | None = None,
                   nonce: str | None = None) -> None:
        if (channel, nonce) not in self.made:
            await super().post(channel, text, pictures, buttons, nonce)
            self.made[channel, nonce] = text  # type: ignore[index]


class Killed(BaseException):
    """The process ends here (kill -9): no handler of the bot sees it."""


@pytest.mark.parametrize("restart", ["soon", "after Discord forgot the nonce"])
@pytest.mark.parametrize("kind", ["picture", "buttons", "question", "kept view"])
def test_a_message_sent_alone_that_went_before_a_kill_is_not_sent_twice(service, monkeypatch, kind, restart):
    """A message that goes alone (a map post, a post with buttons, Anna's question with its buttons,
    her kept view) is made by Discord, and the process is killed before the store notes it (delivered,
    or the message's id). The next start sends it again with its nonce, which Discord answers with the
    first message; a start later than Discord remembers nonces (the host down for an hour) reads the
    place since the first try, written down before the send, finds the message by its words, its
    picture and its buttons, and takes it up: one message, never two, and nothing left undelivered."""
    messenger = Nonces()
    tables = make_tables(service, FakeClock(), messenger)
    game_id = run(seated_game(tables))
    ask = {"answers": ["hit r1"], "game": game_id, "side": "red", "seq": 0}
    to_anna, place = user_audience(ANNA.id), f"dm:{ANNA.id}"
    row = {"picture": (f"channel:{CHANNEL}", message("the map", 0)),
           "buttons": (f"channel:{CHANNEL}", message("a draw is offered", buttons=ask)),
           "question": (to_anna, message("your move", buttons=ask) | {"question": {"since": 0, "fresh": True}}),
           "kept view": (to_anna, kept_view("my view"))}[kind]
    noted = {"question": "set_question_messages", "kept view": "set_kept_messages"}.get(kind, "mark_delivered")
    calls = []

    def killed(self: Store, *args: object) -> None:
        calls.append(args)
        if noted != "set_question_messages" or len(calls) == 2:  # a question's first note is made before
            raise Killed(noted)
        commit(self, *args)
    commit = getattr(Store, noted)
    monkeypatch.setattr(Store, noted, killed)
    with pytest.raises(Killed):
        run(tables.delivery.send(game_id, [row]))
    monkeypatch.undo()
    if restart != "soon":
        messenger.made.clear()
    later = timedelta(hours=1 if restart != "soon" else 0)
    run(make_tables(service, FakeClock(FakeClock().now + later), messenger).delivery.flush())
    if kind in ("picture", "buttons"):
        assert messenger.in_channel(CHANNEL).count(row[1]["text"]) == 1
    else:
        (made,) = [i for i, (where, _) in messenger.kept.items() if where == place]
        kept = service.store.question_messages(game_id, place)[2] if kind == "question" else \
            service.store.kept_messages(game_id, place)
        assert kept == [made]
    assert service.store.undelivered(game_id) == []


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_notice_to_a_servers_owner_goes_by_dm_or_waits_or_stays_the_record(service, caplog):
    """A damaged row set aside is told to the server's owner (bot/damage.py): by DM; while the
    owner is not known now, or their DMs are closed and not due for a retry, it waits; when the
    platform knows no owner, it stays the record."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    messenger, owners = tables.delivery.messenger, {GUILD: "7"}

    async def owner_of(guild):
        if guild not in owners:
            raise ServerError(guild)
        return owners[guild]
    tables.delivery.owner_of = owner_of
    service.store.set_closed_dm("7", 1, stamp(clock() + timedelta(minutes=30)))
    run(tables.delivery.send(game_id, [(f"owner:{GUILD}", message("a row was set aside"))]))
    assert messenger.to("7") == [] and len(service.store.undelivered(game_id)) == 1  # closed: it waits
    clock.advance(minutes=30)  # the retry is due
    run(tables.delivery.flush(game_id))
    assert messenger.to("7") == [f"Game {game_id}: a row was set aside"] and service.store.closed_dm("7") is None
    del owners[GUILD]
    run(tables.delivery.send(game_id, [(f"owner:{GUILD}", message("another"))]))
    assert len(service.store.undelivered(game_id)) == 1
    assert f"the owner of server {GUILD} is not known now; the notice waits" in caplog.messages
    owners[GUILD] = None
    sent = (len(messenger.posts), len(messenger.dms))
    run(tables.delivery.flush(game_id))
    assert service.store.undelivered(game_id) == [] and (len(messenger.posts), len(messenger.dms)) == sent


@pytest.mark.logs_errors("kolocha.delivery")
def test_without_a_chat_service_that_knows_servers_their_hooks_change_nothing(service, caplog):
    """Delivery as the terminal makes it (the Discord app sets `owner_of` and `channel_lost`): a notice to a
    server's owner stays the record, and a channel that keeps refusing is only retried."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    delivery = Delivery(service, tables.delivery.messenger, clock=clock)
    messenger, sent = delivery.messenger, (len(delivery.messenger.posts), len(delivery.messenger.dms))
    run(delivery.send(game_id, [(f"owner:{GUILD}", message("a row was set aside"))]))
    assert service.store.undelivered(game_id) == [] and (len(messenger.posts), len(messenger.dms)) == sent

    async def closed(channel, *args, **kwargs):
        raise ChannelClosed(channel)
    messenger.post = closed
    run(delivery.send(game_id, [(channel_audience(CHANNEL), message("Hear ye"))]))
    for _ in range(CHANNEL_REFUSALS):
        clock.advance(hours=1)
        run(delivery.flush())
    assert "sending the outbox failed; it is tried again later" not in caplog.messages


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_database_error_while_sending_is_no_refusal(service, monkeypatch, caplog):
    """The store fails while the news of an accepted command is being sent: the player still
    reads what was done, and the news goes later. A database another program holds is one
    warning line each time (nothing is wrong, it is tried again); any other failure keeps its
    traceback."""
    import sqlite3
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    real = service.store.mark_delivered

    def locked(*ids):
        raise sqlite3.OperationalError("database is locked")
    monkeypatch.setattr(service.store, "mark_delivered", locked)
    assert run(tables.play.submit(ANNA, CHANNEL, "move r1 0201")) == "Red: move r1 0201."
    monkeypatch.setattr(service.store, "mark_delivered", real)
    assert service.store.last_seq(game_id) == 1 and service.store.undelivered(game_id)
    monkeypatch.setattr(service.store, "undelivered", locked)  # the rows cannot even be read: the log says so
    assert run(tables.delivery.flush()) == 0
    busy = [(r.levelno, r.getMessage()) for r in caplog.records if "database is busy" in r.getMessage()]
    assert busy and {level for level, _ in busy} == {logging.WARNING}
    assert ("sending the outbox failed; it is tried again later (the database is busy: database is locked)"
            in [text for _, text in busy])
    assert not [r for r in caplog.records if r.exc_info]

    def broken(*ids):
        raise OSError("disk full")
    monkeypatch.setattr(service.store, "undelivered", broken)
    caplog.clear()
    assert run(tables.delivery.flush()) == 0
    [record] = [r for r in caplog.records if r.name == "kolocha.delivery"]
    assert record.levelno == logging.ERROR and record.exc_info
    assert record.getMessage() == "sending the outbox failed; it is tried again later"


def test_a_picture_is_drawn_again_for_a_new_command_with_an_undone_ones_number(service):
    """Pictures are drawn once per change, and an undo followed by a new command
    (the same command number, another position) is a new change."""
    drawn = []

    def where(view, **options):
        drawn.append([u.get("hex") for u in view.get("units", [])])
        return repr(drawn[-1]).encode()
    tables = make_tables(service, renderer=where)
    run(seated_game(tables))
    run(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))
    run(tables.play.map(ANNA, CHANNEL))
    run(tables.play.submit(ANNA, CHANNEL, "undo"))
    run(tables.play.submit(ANNA, CHANNEL, "end"))  # command 1 again, r1 where it was
    run(tables.play.map(ANNA, CHANNEL))
    first, second = [p for _, text, p in tables.delivery.messenger.posts if "request" in text]
    assert b"0201" in first[0] and b"0201" not in second[0]


def test_a_flush_of_every_game_and_one_of_this_game_at_once_send_each_row_once(service):
    """The periodic retry (every game's rows) meets the flush after a command (this game's): one game's rows are sent
    by one flush at a time, whichever asked."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    before = len(messenger.in_channel(CHANNEL))
    service.store.add_outbox(game_id, [(f"channel:{CHANNEL}", {"text": f"news {n}"}) for n in range(3)])

    async def both() -> list[int]:
        return list(await asyncio.gather(tables.delivery.flush(), tables.delivery.flush(game_id)))
    assert sum(run(both())) == 3
    assert messenger.in_channel(CHANNEL)[before:] == ["news 0\nnews 1\nnews 2"]
