"""Texts in a row to one place go as one Discord message (bot/delivery/runs.py, Delivery._run): joined
by line breaks up to Discord's limit, split between texts beyond it, never reordered around a
picture or buttons, never mixing places; and after a kill -9 mid-send nothing goes twice and
nothing is lost."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest

from bot.delivery import NO_PICTURE, PlatformDown, message, user_audience
from bot.discord.messenger import LIMIT
from bot.store import Store
from tests.bot.discord import sim
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    OTHER,
    STRANGER,
    FakeClock,
    FakeMessenger,
    make_tables,
    picture,
    run,
    second_game,
    seated_game,
)

TO_CHANNEL = f"channel:{CHANNEL}"


@dataclass
class Discord(FakeMessenger):
    """Answers a post or DM whose nonce that place took already with the first message, posting
    nothing (as Discord does with enforce_nonce), unless it refuses the send (its checks come
    first); `repeated` counts those."""

    taken: set[tuple[str, str | None]] = field(default_factory=set)
    repeated: int = 0

    async def post(self, channel: str, text: str, pictures: Sequence[bytes] = (),
                   buttons: dict | None = None, nonce: str | None = None) -> None:
        if (channel, nonce) in self.taken and channel not in self.down | self.failing:  # down: no answer; refused
            self.repeated += 1
            return
        await super().post(channel, text, pictures, buttons, nonce)
        self.taken.add((channel, nonce))

    async def dm(self, user: str, text: str, pictures: Sequence[bytes] = (),
                 buttons: dict | None = None, nonce: str | None = None) -> None:
        if (f"dm:{user}", nonce) in self.taken and user not in self.closed | self.down | self.failing:  # refused
            self.repeated += 1
            return
        await super().dm(user, text, pictures, buttons, nonce)
        self.taken.add((f"dm:{user}", nonce))


def started(service, messenger: FakeMessenger | None = None):
    """A started toy game whose opening posts are out; its tables, id and messenger."""
    tables = make_tables(service, FakeClock(), messenger)
    game_id = run(seated_game(tables))
    return tables, game_id, tables.delivery.messenger


def new_posts(messenger: FakeMessenger, before: int) -> list[str]:
    return messenger.in_channel(CHANNEL)[before:]


def test_texts_in_a_row_to_a_channel_are_one_message_and_all_marked_delivered(service):
    tables, game_id, messenger = started(service)
    before = len(messenger.in_channel(CHANNEL))
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message(f"news {n}")) for n in range(5)]))
    assert new_posts(messenger, before) == ["news 0\nnews 1\nnews 2\nnews 3\nnews 4"]
    assert service.store.undelivered(game_id) == []


def test_a_speaker_of_lines_in_a_row_is_named_once_a_run(service):
    """One player's orders, a line each, read the name once ('**anna** — ' cost every line of a
    Bloody Monday impulse a tenth of a phone's width), under what they did too ('French Combat Phase.'); it
    comes again after another speaker, after a headline, and at the top of each message."""
    tables, game_id, messenger = started(service)
    before = len(messenger.in_channel(CHANNEL))
    said = [["**", {"name": "anna"}, f"** — {n} moved."] for n in range(3)]
    lines = [*said, "**boris** — 3 moved.", said[0], ["**", {"name": "anna"}, "** — end.\nCombat Phase."], said[2],
             ["**", {"name": "anna"}, "** — end.\nTurn 2 | Movement Phase"], said[1],
             *[["**", {"name": "anna"}, f"** — {n} moved {'x' * 90}."] for n in range(30)]]
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message(line)) for line in lines]))
    posts = new_posts(messenger, before)
    assert posts[0].startswith("**anna** — 0 moved.\n1 moved.\n2 moved.\n**boris** — 3 moved.\n**anna** — 0 moved."
                               "\nend.\nCombat Phase.\n2 moved.\nend.\nTurn 2 | Movement Phase\n**anna** — 1 moved."
                               "\n0 moved x")
    assert len(posts) == 2 and all(post.startswith("**anna** — ") for post in posts)  # each message names him
    assert sum(post.count("moved") for post in posts) == 37 and service.store.undelivered(game_id) == []


def test_a_players_act_said_again_in_a_row_is_said_once_with_how_often(service):
    """Bloody Monday 3.4-3.6: a Logistics Phase's restores, each its own command, read 'The Russian
    player restores a step (3.4-3.6).' a line each, four in a row; they read once, with the count
    every line told already. Lines of blocks stay apart (three blocks moving alike are three)."""
    tables, game_id, messenger = started(service)
    before = len(messenger.in_channel(CHANNEL))
    restore = ["**", {"name": "boris"}, "** — The Russian player restores a step (3.4-3.6)."]
    moved = ["**", {"name": "boris"}, "** — A Russian block moves 45 → 44."]
    lines = [restore] * 4 + [["**", {"name": "boris"}, "** — Russian: end."], moved, moved]
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message(line)) for line in lines]))
    assert new_posts(messenger, before) == ["**boris** — The Russian player restores a step, 4 times (3.4-3.6).\n"
                                            "Russian: end.\nA Russian block moves 45 → 44.\n"
                                            "A Russian block moves 45 → 44."]
    assert service.store.undelivered(game_id) == []


def test_beyond_discords_limit_a_run_splits_between_texts_and_a_long_text_as_before(service):
    """Each message holds whole texts up to 2,000 characters; a text longer than one message goes
    alone, split after a line break as every long text is; nothing is cut or lost."""
    tables, game_id, messenger = started(service)
    before = len(messenger.in_channel(CHANNEL))
    texts = [f"move {n}\n" + "x" * 290 for n in range(20)]  # 20 texts of 2 lines, 298 characters each
    long = "\n".join(f"line {n}: " + "y" * 90 for n in range(30))  # 3,000 characters
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message(t)) for t in [*texts[:10], long, *texts[10:]]]))
    posts = new_posts(messenger, before)
    assert all(len(post) <= LIMIT for post in posts)
    assert [post.count("move ") for post in posts] == [6, 4, 0, 0, 6, 4]
    assert "".join(posts[2:4]) == long
    assert "\n".join(posts[:2]) == "\n".join(texts[:10]) and "\n".join(posts[4:]) == "\n".join(texts[10:])


def test_a_picture_or_buttons_end_a_run_and_nothing_is_reordered(service):
    """The texts waiting before a map go in its message, above its own text; the texts after it
    begin a new one. In a channel buttons end a run as a map does (a click takes them away and
    leaves the words); a picture row first, or a row with buttons, goes alone."""
    tables, game_id, messenger = started(service)
    before = len(messenger.in_channel(CHANNEL))
    ask = {"action": "draw", "other": "decline", "game": game_id, "side": "red", "seq": 0}
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message("a")), (TO_CHANNEL, message("b")),
                                       (TO_CHANNEL, message("map", 0)), (TO_CHANNEL, message("c")),
                                       (TO_CHANNEL, message("asked", buttons=ask)), (TO_CHANNEL, message("map 2", 0)),
                                       (TO_CHANNEL, message("d")), (TO_CHANNEL, message("e")),
                                       (TO_CHANNEL, message("asked again", buttons=ask))]))
    assert new_posts(messenger, before) == ["a\nb\nmap", "c\nasked", "map 2", "d\ne\nasked again"]
    pictured = [text for where, text, pictures in messenger.posts if pictures and where == CHANNEL]
    assert pictured[-2:] == ["a\nb\nmap", "map 2"]
    assert [text for _, text, _ in messenger.buttons] == ["c\nasked", "d\ne\nasked again"]
    assert service.store.undelivered(game_id) == []


def test_a_phases_moves_go_in_the_message_of_its_map_as_far_as_it_holds_them(service):
    """Eight moves of 298 characters, then the phase's end with its map and latest action: the
    first six moves fill a message, the last two go above the end's own words in the message of
    its two pictures; each text whole, within Discord's limit."""
    tables = make_tables(service, FakeClock(), None, cropper=lambda view: b"CROP")
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    before = len(messenger.in_channel(CHANNEL))
    moves = [f"move {n}\n" + "x" * 290 for n in range(8)]
    run(tables.delivery.send(game_id, [*[(TO_CHANNEL, message(m)) for m in moves],
                                       (TO_CHANNEL, message("end.\nTurn 2", 0, crop=True))]))
    assert new_posts(messenger, before) == ["\n".join(moves[:6]), "\n".join([*moves[6:], "end.\nTurn 2"])]
    assert [len(pictures) for where, _, pictures in messenger.posts[-2:]] == [0, 2]
    assert messenger.posts[-1][2][1] == b"CROP" and service.store.undelivered(game_id) == []


@pytest.mark.parametrize("drawn", [True, False])
def test_a_map_joins_no_text_it_would_push_past_the_limit_drawn_or_not(service, drawn):
    """A map's message is measured with the note that replaces a picture not drawn, so texts join
    it only where the note would fit too: nothing is ever cut. A map first goes alone, and
    without a renderer says so; the texts after a map begin the next message."""
    tables = make_tables(service, renderer=picture if drawn else None)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    before, note = len(messenger.in_channel(CHANNEL)), "" if drawn else "\n" + NO_PICTURE
    long, short = "y" * 1950, "z" * 1800
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message(long)), (TO_CHANNEL, message("Turn 2", 0)),
                                       (TO_CHANNEL, message(short)), (TO_CHANNEL, message("Turn 3", 0)),
                                       (TO_CHANNEL, message("after"))]))
    assert new_posts(messenger, before) == [long, "Turn 2" + note, short + "\nTurn 3" + note, "after"]
    assert all(len(post) <= LIMIT for post in new_posts(messenger, before))
    assert service.store.undelivered(game_id) == []


def test_a_players_texts_go_in_the_dm_of_their_map_named_by_their_game_once(service):
    tables, game_id, messenger = started(service)
    before = len(messenger.to(ANNA.id))
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message("x")),
                                       (user_audience(ANNA.id), message("your map", 0, "red"))]))
    assert messenger.to(ANNA.id)[before:] == [f"Game {game_id}: x\nyour map"]
    assert len(messenger.dms[-1][2]) == 1 and service.store.undelivered(game_id) == []


def test_buttons_in_a_dm_go_alone(service):
    """A click in a DM writes its answer over the message's words: a text above its buttons would go."""
    tables, game_id, messenger = started(service)
    before = len(messenger.to(ANNA.id))
    ask = {"action": "draw", "other": "decline", "game": game_id, "side": "red", "seq": 0}
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message("x")),
                                       (user_audience(ANNA.id), message("asked", buttons=ask))]))
    assert messenger.to(ANNA.id)[before:] == [f"Game {game_id}: x", f"Game {game_id}: asked"]


def test_dms_to_different_players_and_channel_texts_never_merge(service):
    """Rows of one change interleaved: the channel's texts in one post, each player's DMs in one
    DM named by its game; another game's news to the same person comes in a DM of its own."""
    tables, game_id, messenger = started(service)
    other = second_game(tables)
    before = len(messenger.in_channel(CHANNEL)), len(messenger.to(ANNA.id)), len(messenger.to(BORIS.id))
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message("a")), (user_audience(ANNA.id), message("x")),
                                       (user_audience(BORIS.id), message("y")), (TO_CHANNEL, message("b")),
                                       (user_audience(ANNA.id), message("z"))]))
    run(tables.delivery.send(other, [(user_audience(ANNA.id), message("w"))]))
    assert new_posts(messenger, before[0]) == ["a\nb"]
    assert messenger.to(ANNA.id)[before[1]:] == [f"Game {game_id}: x\nz", f"Game {other}: w"]
    assert messenger.to(BORIS.id)[before[2]:] == [f"Game {game_id}: y"]
    assert messenger.in_channel(OTHER)[-1] != "w"


class Killed(BaseException):
    """The process ends here (kill -9): no handler of the bot sees it."""


@pytest.mark.parametrize("ends", ["a text", "a map"])
@pytest.mark.parametrize("restart", ["soon", "after Discord forgot the nonce"])
@pytest.mark.parametrize("dies", ["before the send", "before the marking"])
def test_a_kill_mid_run_sends_nothing_twice_and_loses_nothing(service, monkeypatch, dies, restart, ends):
    """The process dies once the rows of a message are stored as joined (before Discord has it), or
    once Discord accepted the message (before the store marked it). Meanwhile a later change stored
    one more text. The next start sends that message as it was, with its nonce (Discord answers a
    repeat with the first message), and the new text after it: each text once, in order. A start
    later than Discord remembers the nonce (a host down for an hour) reads the channel first, as
    the try was written down before it was sent, and finds the message when it went (by its words
    and, when it ends with a map, its picture)."""
    tables, game_id, messenger = started(service, Discord())
    before = len(messenger.in_channel(CHANNEL))
    method = "set_joined" if dies == "before the send" else "mark_delivered"
    commit = getattr(Store, method)

    def then_die(self: Store, *args: object) -> None:
        if method == "set_joined":
            commit(self, *args)
        raise Killed(method)
    monkeypatch.setattr(Store, method, then_die)
    last = message("news 2", 0) if ends == "a map" else message("news 2")
    with pytest.raises(Killed):
        run(tables.delivery.send(game_id, [(TO_CHANNEL, message("news 0")), (TO_CHANNEL, message("news 1")),
                                           (TO_CHANNEL, last)]))
    monkeypatch.undo()
    assert len(service.store.undelivered(game_id)) == 3
    service.store.add_outbox(game_id, [(TO_CHANNEL, message("news 3"))])
    if restart != "soon":
        messenger.taken.clear()
    after = make_tables(service, FakeClock(FakeClock().now + timedelta(hours=1 if restart != "soon" else 0)), messenger)
    assert run(after.delivery.flush()) == 4
    assert new_posts(messenger, before) == ["news 0\nnews 1\nnews 2", "news 3"]
    assert [len(pictures) for where, _, pictures in messenger.posts[-2:]] == [ends == "a map", 0]
    assert messenger.repeated == (dies == "before the marking" and restart == "soon")  # answered by the first
    assert service.store.undelivered(game_id) == []


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_message_that_may_have_gone_is_sent_again_as_it_was_and_a_refused_one_goes_apart(service):
    """Discord down (a 5xx, the network: the message may have been posted) keeps the message as
    it was tried, so its repeat carries its nonce; the texts of one Discord refused (nothing
    posted) go one a message from then on, whatever in the joining it refused."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    before = len(messenger.in_channel(CHANNEL))
    for trouble, texts in ((messenger.down, ("a", "b")), (messenger.failing, ("c", "d"))):
        trouble.add(CHANNEL)
        run(tables.delivery.send(game_id, [(TO_CHANNEL, message(texts[0])), (TO_CHANNEL, message(texts[0] + "2"))]))
        trouble.clear()
        run(tables.delivery.send(game_id, [(TO_CHANNEL, message(texts[1]))]))  # held behind the first
        clock.advance(hours=1)
        run(tables.delivery.flush())
    assert new_posts(messenger, before) == ["a\na2", "b", "c", "c2", "d"]
    assert service.store.undelivered(game_id) == []


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_refused_message_of_texts_and_a_map_goes_apart_and_one_that_went_is_found_by_its_picture(service):
    """Texts and the map under them, refused (nothing posted), go one a message from then on, the
    map with its picture. Taken but its answer lost, then refused at the retry, the same message
    goes apart too; the next try, long after Discord forgot the nonce, reads the channel and finds
    it by its words and its picture: neither text nor map is posted again."""
    clock = FakeClock()
    messenger = AnswerLost()
    tables = make_tables(service, clock, messenger)
    game_id = run(seated_game(tables))
    before = len(messenger.in_channel(CHANNEL))
    messenger.failing.add(CHANNEL)
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message("a")), (TO_CHANNEL, message("map a", 0))]))
    messenger.failing.clear()
    clock.advance(hours=1)
    run(tables.delivery.flush(game_id))
    assert new_posts(messenger, before) == ["a", "map a"] and len(messenger.posts[-1][2]) == 1
    messenger.lost = 1
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message("b")), (TO_CHANNEL, message("map b", 0))]))
    messenger.failing.add(CHANNEL)
    clock.advance(minutes=1)  # within the nonce's memory
    run(tables.delivery.flush(game_id))
    messenger.failing.clear(), messenger.taken.clear()  # the nonce forgotten
    clock.advance(hours=2)
    run(tables.delivery.flush(game_id))
    assert new_posts(messenger, before) == ["a", "map a", "b\nmap b"] and len(messenger.posts[-1][2]) == 1
    assert service.store.undelivered(game_id) == []


def test_texts_that_ping_one_player_each_go_as_one_message_on_discord(tmp_path):
    """Joined, two texts that each name the player (`<@id>`) list them once among the message's
    allowed mentions: Discord refuses a user listed twice (simcord answers 400 as it does)."""
    async def test(db: Path) -> None:
        async with sim.server(db) as s:
            game_id = await sim.borodino(s)
            anna, before = s.anna.user.id, len(s.dms(s.anna))
            texts = [f"<@{anna}>: the Russian attack at 3218 waits for you.", f"<@{anna}>: and the one at 3117."]
            await s.tables.delivery.send(game_id, [(user_audience(str(anna)), message(t)) for t in texts])
            await s.env.settle()
            assert s.dms(s.anna)[before:] == [f"Game {game_id}: " + "\n".join(texts)]
            assert s.tables.store.undelivered(game_id) == []
    sim.play(test, tmp_path)


def test_a_line_and_the_question_under_it_are_one_post_on_discord_and_a_click_leaves_its_words(tmp_path):
    """A click's line in the channel and the buttons that follow it: one post (they were two); a
    click takes the buttons away, the words stay."""
    async def test(db: Path) -> None:
        async with sim.server(db) as s:
            game_id = await sim.borodino(s)
            before = len(s.posts())
            ask = {"action": "draw", "other": "decline", "game": game_id, "side": "french", "seq": 0}
            await s.tables.delivery.send(game_id, [(f"channel:{s.channel.id}", message(t, **b))
                                                   for t, b in (("**anna** — French: stay.", {}),
                                                                ("Offered.", {"buttons": ask}))])
            await s.env.settle()
            (post,) = s.channel.history()[before:]
            assert post.content == "**anna** — French: stay.\nOffered." and post.components
            await s.anna.click(post, custom_id=post.components[0].children[0].custom_id)
            (post,) = s.channel.history()[before:]
            assert post.content == "**anna** — French: stay.\nOffered." and not post.components
    sim.play(test, tmp_path)


@dataclass
class AnswerLost(Discord):
    """Posts or DMs, then fails as Discord down does (a 5xx, the network): the message went, its
    answer was lost; `lost` how many more times."""

    lost: int = 0

    async def post(self, channel: str, text: str, pictures: Sequence[bytes] = (),
                   buttons: dict | None = None, nonce: str | None = None) -> None:
        await super().post(channel, text, pictures, buttons, nonce)
        self._lose(channel)

    async def dm(self, user: str, text: str, pictures: Sequence[bytes] = (),
                 buttons: dict | None = None, nonce: str | None = None) -> None:
        await super().dm(user, text, pictures, buttons, nonce)
        self._lose(user)

    def _lose(self, where: str) -> None:
        if self.lost:
            self.lost -= 1
            raise PlatformDown(where)


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_message_that_may_have_gone_is_sent_as_it_was_after_its_game_ended(service):
    """A reminder joined with a text is posted but its answer lost, and the game ends before the
    retry. The retry sends the very message (Discord answers its nonce with the first), not the
    text alone, which a new nonce would post a second time; the reminder left out after the end
    is for a row not yet tried."""
    clock = FakeClock()
    messenger = AnswerLost()
    tables = make_tables(service, clock, messenger)
    game_id = run(seated_game(tables))
    before, messenger.lost = len(messenger.in_channel(CHANNEL)), 1
    run(tables.delivery.send(game_id, [(TO_CHANNEL, {"text": "The Blue move is due.", "unasked": ""}),
                                       (TO_CHANNEL, message("Boris holds on"))]))
    run(tables.play.resign(BORIS, CHANNEL))
    clock.advance(minutes=1)  # within the nonce's memory
    run(tables.delivery.flush(game_id))
    posted = new_posts(messenger, before)
    assert posted[0] == "The Blue move is due.\nBoris holds on"
    assert sum(post.count("Boris holds on") for post in posted) == 1 and messenger.repeated == 1
    assert service.store.undelivered(game_id) == []


@pytest.mark.logs_errors("kolocha.delivery")
@pytest.mark.parametrize("then", ["replaced", "computer", "freed", "left"])
def test_a_joined_dm_that_may_have_gone_goes_again_to_whom_it_was_tried(service, then):
    """Boris's DM joins a text to him and one to his side (Blue); Discord takes it, but its answer
    is lost. Before the retry Blue's seat changes hands: the Stranger holds it, the computer, or
    nobody. The retry is the very message to Boris with its nonce (Discord answers it with the
    first), not his text again under a new nonce and Blue's to the new holder. Had Boris left the
    server (his DMs refuse the retry, so nothing went), Blue's text goes to Blue's holder now and
    his own waits for his DMs: nothing lost."""
    clock = FakeClock()
    messenger = AnswerLost()
    tables = make_tables(service, clock, messenger)
    game_id = run(seated_game(tables))
    before, messenger.lost = len(messenger.to(BORIS.id)), 1
    run(tables.delivery.send(game_id, [(user_audience(BORIS.id), message("a")), ("blue", message("b"))]))
    if then == "computer":
        service.store.take_computer_seat(game_id, "blue", {"level": 1, "budget": 0, "seed": 1})
    elif then == "freed":
        service.store.leave_seats(game_id, ["blue"], [])
    else:
        service.store.take_seat(game_id, "blue", STRANGER.id)
    if then == "left":
        messenger.closed.add(BORIS.id)
    clock.advance(minutes=1)  # within the nonce's memory
    run(tables.delivery.flush(game_id))
    assert messenger.to(BORIS.id)[before:] == [f"Game {game_id}: a\nb"]
    if then == "left":
        run(tables.delivery.flush(game_id))  # the next try, once the refused message went apart
        assert messenger.to(STRANGER.id) == [f"Game {game_id}: b"]
        assert [row["payload"]["text"] for row in service.store.undelivered(game_id)] == ["a"]
    else:
        assert messenger.repeated == 1 and messenger.to(STRANGER.id) == []
        assert service.store.undelivered(game_id) == []


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_message_whose_answer_was_lost_is_not_posted_again_after_an_outage_longer_than_a_nonce_lives(service):
    """Discord takes a message but its answer is lost, then is down for an hour of retries, and has
    forgotten the message's nonce when it is back (it remembers one for a few minutes). The retry
    reads the channel's messages since the first try, finds the message there, and marks it sent
    rather than posting it twice; the text stored meanwhile goes after it."""
    clock = FakeClock()
    messenger = AnswerLost()
    tables = make_tables(service, clock, messenger)
    game_id = run(seated_game(tables))
    before, messenger.lost = len(messenger.in_channel(CHANNEL)), 1
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message("a")), (TO_CHANNEL, message("b"))]))
    messenger.down.add(CHANNEL)
    for minutes in (1, 2, 4, 8, 16, 32):
        clock.advance(minutes=minutes)
        run(tables.delivery.flush(game_id))
    messenger.down.clear()
    messenger.taken.clear()  # the nonce forgotten
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message("c"))]))
    clock.advance(hours=1)
    run(tables.delivery.flush(game_id))
    assert new_posts(messenger, before) == ["a\nb", "c"]
    assert service.store.undelivered(game_id) == []


def test_the_bots_own_messages_at_a_place_since_a_moment_are_read_back_on_discord(tmp_path):
    """What a retry long after a lost answer reads (DiscordMessenger.sent_since): the bot's own
    messages in a channel and in a person's DMs since a moment, oldest first, with their ids (a
    kept message found is written into), others' left out; each reads as the messenger says a
    message of its words, picture and buttons does (`reads`), the words alone not as one with a
    picture or buttons."""
    async def test(db: Path) -> None:
        async with sim.server(db) as s:
            messenger, anna = s.tables.delivery.messenger, str(s.anna.user.id)
            ask = {"answers": ["hit r1", "hit r2"], "labels": ["R1", "R2"], "game": 1, "side": "red", "seq": 3}
            await messenger.post(str(s.channel.id), "before")
            await s.env.advance_time(60)
            since = s.env.now()
            await s.env.advance_time(1)
            one = await messenger.post(str(s.channel.id), "one")
            await s.anna.send(s.channel, "a player's words")
            two = await messenger.post(str(s.channel.id), "two", [picture({})], ask)
            to_anna = await messenger.dm(anna, "to Anna")
            kept = await messenger.keep(f"dm:{anna}", "asked", None, ask)
            assert await messenger.sent_since(f"channel:{s.channel.id}", since) == \
                [(one, "one"), (two, messenger.reads("two", True, ask))]
            assert await messenger.sent_since(f"dm:{anna}", since) == \
                [(to_anna, "to Anna"), (kept, messenger.reads("asked", False, ask))]
            assert len({messenger.reads("two", *shown) for shown in ((), (True,), (False, ask), (True, ask))}) == 4
    sim.play(test, tmp_path)


@pytest.mark.logs_errors("kolocha.delivery")
@pytest.mark.parametrize("refused", ["dms closed", "refused"])
def test_the_texts_of_a_joined_message_that_went_are_not_sent_again_once_they_go_apart(service, refused):
    """Boris's DM joins two texts; Discord takes it but its answer is lost. The retry is refused
    (his DMs closed meanwhile, or another refusal), so the texts go one a message from then on;
    the next try, long after Discord forgot the nonce, reads his DMs since the first try and finds
    the joined message that went: neither text is sent again. A text refused alone likewise never
    joins a text stored since, which would make a message the reading could not recognise."""
    clock = FakeClock()
    messenger = AnswerLost()
    tables = make_tables(service, clock, messenger)
    game_id = run(seated_game(tables))
    to_boris = user_audience(BORIS.id)
    before, messenger.lost = len(messenger.to(BORIS.id)), 1
    run(tables.delivery.send(game_id, [(to_boris, message("a")), (to_boris, message("b"))]))
    run(tables.delivery.send(game_id, [(to_boris, message("c"))]))  # held behind them
    for texts in (("a", "b"), ("d",)):
        (messenger.closed if refused == "dms closed" else messenger.failing).add(BORIS.id)
        clock.advance(minutes=1)  # within the nonce's memory
        run(tables.delivery.flush(game_id))
        messenger.closed.clear(), messenger.failing.clear(), messenger.taken.clear()  # the nonces forgotten
        clock.advance(hours=2)
        run(tables.delivery.flush(game_id))
        if texts == ("a", "b"):
            messenger.lost = 1
            run(tables.delivery.send(game_id, [(to_boris, message("d"))]))
            run(tables.delivery.send(game_id, [(to_boris, message("e"))]))
    assert messenger.to(BORIS.id)[before:] == [f"Game {game_id}: " + said for said in ("a\nb", "c", "d", "e")]
    assert service.store.undelivered(game_id) == []


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_text_that_now_goes_ahead_of_a_joined_message_that_may_have_gone_does_not_join_it(service):
    """A text to Blue waits while nobody holds the seat; Boris's DM joins two texts, which Discord
    takes but whose answer is lost; then Boris takes Blue's seat, so the older text goes to him
    ahead of them. It goes alone, and the joined message again as it was tried (Discord answers its
    nonce with the first), not the three texts in a new message, which would post two of them twice."""
    clock = FakeClock()
    messenger = AnswerLost()
    tables = make_tables(service, clock, messenger)
    game_id = run(seated_game(tables))
    service.store.leave_seats(game_id, ["blue"], [])
    run(tables.delivery.send(game_id, [("blue", message("x"))]))
    before, messenger.lost = len(messenger.to(BORIS.id)), 1
    to_boris = user_audience(BORIS.id)
    run(tables.delivery.send(game_id, [(to_boris, message("a")), (to_boris, message("b"))]))
    service.store.take_seat(game_id, "blue", BORIS.id)
    clock.advance(minutes=1)  # within the nonce's memory
    run(tables.delivery.flush(game_id))
    assert messenger.to(BORIS.id)[before:] == [f"Game {game_id}: a\nb", f"Game {game_id}: x"]
    assert messenger.repeated == 1 and service.store.undelivered(game_id) == []


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_text_refused_on_its_first_try_joins_the_texts_stored_since(service):
    """A text's first try is written down before it is sent (a try the process may die in), but
    one Discord refused posted nothing: the text joins those stored since at the next try, as
    one that never went."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id, messenger = run(seated_game(tables)), tables.delivery.messenger
    before = len(messenger.in_channel(CHANNEL))
    messenger.failing.add(CHANNEL)
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message("x"))]))
    messenger.failing.clear()
    run(tables.delivery.send(game_id, [(TO_CHANNEL, message("y"))]))  # held behind it
    clock.advance(hours=1)
    run(tables.delivery.flush(game_id))
    assert new_posts(messenger, before) == ["x\ny"] and service.store.undelivered(game_id) == []
