"""The real discord.py objects over fake HTTP: a KolochaBot after its own setup_hook receives
interactions and messages as Discord sends them (raw payloads through its ConnectionState), and
everything it says goes to a recording webhook adapter or a fake HTTPClient. Borodino is played
for real; nothing touches the network."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import discord
import pytest
from discord.webhook.async_ import async_context

import bot
import rules
from bot.config import Config
from bot.delivery import message
from bot.discord.app import DM_CLOSED, KolochaBot
from bot.discord.messenger import DiscordMessenger
from bot.permissions import Actor
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    BOT_ID,
    CHANNEL,
    GUILD,
    STRANGER,
    FakeHTTP,
    RecordingAdapter,
    channel_data,
    interaction_data,
    member_data,
    message_data,
    picture,
    server_error,
    user_data,
)

EPHEMERAL = 64
BORODINO = rules.load("borodino")


class Wire:
    """One bot process: the client, its fake HTTP and the interaction adapter."""

    def __init__(self, client: KolochaBot, http: FakeHTTP, adapter: RecordingAdapter):
        self.client, self.http, self.adapter = client, http, adapter

    @property
    def tables(self):
        assert self.client.tables is not None
        return self.client.tables

    async def interact(self, payload: dict) -> list[tuple[str, dict]]:
        """Hand a raw INTERACTION_CREATE to the bot, wait for its handlers; the answers."""
        before, tasks = len(self.adapter.calls), asyncio.all_tasks()
        self.client._connection.parse_interaction_create(payload)
        await settle(tasks)
        return self.adapter.calls[before:]

    async def command(self, actor: Actor, name: str, options: dict | None = None,
                      group: str | None = None) -> list[tuple[str, dict]]:
        opts = [{"name": k, "type": 5 if isinstance(v, bool) else 3, "value": v}
                for k, v in (options or {}).items()]
        data = {"id": "1", "name": name, "type": 1, "options": opts}
        if group:
            data = {"id": "1", "name": group, "type": 1,
                    "options": [{"name": name, "type": 1, "options": opts}]}
        return await self.interact(interaction_data(2, actor, data))

    async def press(self, actor: Actor, custom_id: str) -> list[tuple[str, dict]]:
        """Press a button of an (ephemeral) message that carries it."""
        row = {"type": 1, "components": [{"type": 2, "style": 4, "label": "x",
                                          "custom_id": custom_id}]}
        message = message_data(CHANNEL, {"id": "5001", "username": "Kolocha", "bot": True,
                                         "discriminator": "0", "avatar": None},
                               components=[row], flags=EPHEMERAL)
        return await self.interact(interaction_data(3, actor, {"custom_id": custom_id,
                                                               "component_type": 2},
                                                    message=message))

    async def say(self, actor: Actor, content: str, channel: str = CHANNEL) -> discord.Message:
        """A message typed in a guild channel, as the gateway delivers it."""
        guild = self.client._connection._get_or_create_unavailable_guild(int(GUILD))
        where = discord.TextChannel(guild=guild, state=self.client._connection,
                                    data=channel_data(channel))  # type: ignore[arg-type]
        data = message_data(channel, member_data(actor)["user"], content, guild_id=GUILD,
                            member={k: v for k, v in member_data(actor).items() if k != "user"})
        message = discord.Message(state=self.client._connection, channel=where, data=data)
        await self.client.on_message(message)
        return message


async def settle(before: set[asyncio.Task]) -> None:
    """Let the handlers discord.py spawned since `before` (a command, a button) run to their
    end; a view's own timeout watcher is left alone."""
    await asyncio.sleep(0)
    spawned = [t for t in asyncio.all_tasks() - before
               if t.get_name().startswith(("CommandTree-invoker", "discord-ui-"))]
    await asyncio.wait_for(asyncio.gather(*spawned), 5)


async def start(db: Path, message_content: bool = False) -> Wire:
    """A bot process over the database at `db`, started as login() would start it."""
    client = bot.create_bot(Config(database=str(db), message_content=message_content), picture)
    http, adapter = FakeHTTP(), RecordingAdapter()
    http.install(client)
    async def sync(**_: object) -> list:  # when to sync: test_discord_server
        return []

    client.tree.sync = sync  # type: ignore[method-assign]
    async_context.set(adapter)  # type: ignore[arg-type]
    await client._async_setup_hook()
    client._connection.user = discord.ClientUser(state=client._connection,
                                                 data=user_data(BOT_ID, "Kolocha", bot=True))
    await client.setup_hook()
    return Wire(client, http, adapter)


async def borodino(wire: Wire) -> int:
    """Borodino 7 September in CHANNEL: Anna French, Boris Russian, started."""
    tables = wire.tables
    await tables.lobby.new(ANNA, GUILD, CHANNEL, "borodino", "7sep", seed=3)
    await tables.lobby.join(ANNA, CHANNEL, "french")
    await tables.lobby.join(BORIS, CHANNEL, "russian")
    await tables.lobby.start(ANNA, CHANNEL)
    return tables.game_in(CHANNEL)["id"]


def play(test: Callable[[Path], Awaitable[None]], tmp_path: Path) -> None:
    async def main() -> None:
        await test(tmp_path / "k.sqlite")
        for task in asyncio.all_tasks():
            if task is not asyncio.current_task():
                task.cancel()
    asyncio.run(main())


def text_of(call: tuple[str, dict]) -> str:
    payload = call[1]
    return str(payload.get("content") or payload.get("data", {}).get("content") or "")


# -- plain messages ------------------------------------------------------------------------


def test_plain_messages_are_ignored_without_the_message_content_flag(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db, message_content=False)
        game_id = await borodino(wire)
        await wire.say(ANNA, "move 3225 3224")
        assert wire.tables.store.last_seq(game_id) == 0 and wire.http.of("react") == []
    play(test, tmp_path)


def test_a_seated_players_plain_move_is_played_and_answered(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db, message_content=True)
        game_id = await borodino(wire)
        sent = len(wire.http.of("send"))
        await wire.say(ANNA, "move 3225 3224")
        assert wire.tables.store.commands(game_id)[-1]["normalised"].startswith("move 3225")
        assert wire.http.of("react") == [(CHANNEL, "✅")]
        public = [p["content"] for _, p in wire.http.of("send")[sent:]]
        assert public == ["**Anna** — 3225 (French 7-4 infantry) moves to 3224 (1 MP)."]  # the order said once
        assert not [d for d in wire.http.of("dm") if "move 3225" in d[1].get("content", "")]
    play(test, tmp_path)


def test_chat_and_strangers_are_ignored(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db, message_content=True)
        game_id = await borodino(wire)
        before = list(wire.http.calls)
        await wire.say(ANNA, "moving on, what a battle")
        await wire.say(ANNA, "gg")
        await wire.say(ANNA, "end of story, they will never take the redoubt")  # a game word, yet chat
        await wire.say(ANNA, "attack them now!")
        await wire.say(STRANGER, "move 3225 3224")
        await wire.say(ANNA, "move 3225 3224", channel="101")  # no game in that channel
        assert wire.http.calls == before and wire.tables.store.last_seq(game_id) == 0
    play(test, tmp_path)


def test_a_refused_plain_command_is_answered_by_dm_only(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db, message_content=True)
        game_id = await borodino(wire)
        sent = len(wire.http.of("send"))
        await wire.say(BORIS, "move 3225 3224")  # not the Russian turn
        assert wire.http.of("react") == [(CHANNEL, "❌")]
        assert "must wait" in wire.http.of("dm")[-1][1]["content"]
        assert wire.http.of("dm")[-1][0] == BORIS.id
        assert wire.http.of("send")[sent:] == [] and wire.tables.store.last_seq(game_id) == 0
    play(test, tmp_path)


def test_with_dms_closed_a_plain_refusal_says_only_where_to_look_and_vanishes(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db, message_content=True)
        await borodino(wire)
        wire.http.closed.add(BORIS.id)
        sent = len(wire.http.of("send"))
        await wire.say(BORIS, "move 3225 3224")
        (channel, reply), = wire.http.of("send")[sent:]
        assert channel == CHANNEL and reply["content"] == DM_CLOSED
        assert "must wait" not in reply["content"]
        assert reply["message_reference"]  # a reply to Boris's line
        tasks = [t for t in asyncio.all_tasks() if "delete" in repr(t.get_coro()).lower()]
        assert tasks  # discord.py deletes it after DM_CLOSED_SECONDS
    play(test, tmp_path)


def test_a_plain_query_is_answered_by_dm(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db, message_content=True)
        await borodino(wire)
        sent, dms = len(wire.http.of("send")), len(wire.http.of("dm"))
        await wire.say(ANNA, "units")  # `status` is short; `units` lists every unit
        answer = wire.http.of("dm")[dms:]
        assert {user for user, _ in answer} == {ANNA.id} and "French:" in answer[0][1]["content"]
        assert "4023  F-V-art" in answer[-1][1]["content"]  # the whole table, in two messages
        assert wire.http.of("send")[sent:] == []
    play(test, tmp_path)


# -- /game new thread:true -------------------------------------------------------------------


async def new_in_a_thread(wire: Wire, scenario: str) -> list[tuple[str, dict]]:
    """Anna's `/game new system:borodino scenario:<scenario> thread:true`; the interaction's answers."""
    return await wire.command(ANNA, "new", {"system": "borodino", "scenario": scenario, "thread": True},
                              group="game")


def test_game_new_in_a_thread_opens_it_and_plays_there(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db)
        answers = await new_in_a_thread(wire, "7sep")
        (parent, options), = wire.http.of("thread")
        assert parent == CHANNEL and options["name"] == "borodino 7sep"
        assert options["type"] == discord.ChannelType.public_thread.value
        game = wire.tables.store.games()[-1]
        assert game["channel"] != CHANNEL
        assert answers[0][1]["type"] == 5 and answers[0][1]["data"]["flags"] == EPHEMERAL
        assert "Game 1 is open" in text_of(answers[-1])
        assert [c for c, _ in wire.http.of("send")] == [game["channel"]]  # announced there
    play(test, tmp_path)


def test_game_new_in_a_thread_refuses_an_unknown_scenario_before_opening_one(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db)
        answers = await new_in_a_thread(wire, "8sep")
        assert wire.http.of("thread") == [] and "no scenario '8sep'" in text_of(answers[-1])
    play(test, tmp_path)


def test_game_settings_refuses_reminders_that_are_not_hours_with_a_sentence(tmp_path):
    """The text becomes hours at the edge, or the player reads why not; nothing changes."""
    async def test(db: Path) -> None:
        wire = await start(db)
        game_id = await borodino(wire)
        before = wire.tables.settings(game_id)
        answers = await wire.command(ANNA, "settings", {"reminders": "24, soon"}, group="game")
        assert "Reminders are hours before the deadline, like `24, 1`; 'soon' is not a number." \
            in text_of(answers[-1])
        assert wire.tables.settings(game_id) == before
        await wire.command(ANNA, "settings", {"reminders": "6, 2"}, group="game")
        assert wire.tables.settings(game_id).reminders == (6.0, 2.0)
    play(test, tmp_path)


# -- the real messenger ----------------------------------------------------------------------


def test_the_messenger_sends_dms_and_turns_forbidden_into_a_held_notice(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db)
        assert isinstance(wire.tables.delivery.messenger, DiscordMessenger)
        await borodino(wire)
        assert any("You play French" in p["content"] for u, p in wire.http.of("dm")
                   if u == ANNA.id)
        wire.http.closed.add(ANNA.id)
        sent = len(wire.http.of("send"))
        game_id = wire.tables.game_in(CHANNEL)["id"]
        await wire.tables.delivery.send(game_id, [("user:" + ANNA.id, message("for Anna only"))])
        assert wire.http.of("send")[sent:] == []
        answers = await wire.command(ANNA, "status", group="game")
        assert all(answer[1]["flags"] == EPHEMERAL for answer in answers[1:])
        assert "While your DMs were closed:\nGame 1: for Anna only" in \
            "".join(text_of(answer) for answer in answers[1:])
        again = await wire.command(ANNA, "status", group="game")
        assert "for Anna only" not in "".join(text_of(answer) for answer in again)  # once
        assert not [p for _, p in wire.http.of("send") if "for Anna only" in str(p)]
    play(test, tmp_path)


def test_join_with_dms_closed_says_so_at_once(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db)
        await wire.tables.lobby.new(ANNA, GUILD, CHANNEL, "borodino", "7sep")
        wire.http.closed.add(BORIS.id)
        answers = await wire.command(BORIS, "join", {"side": "russian"}, group="game")
        assert "cannot send you direct messages" in text_of(answers[-1])
        assert answers[-1][1]["flags"] == EPHEMERAL
    play(test, tmp_path)


# -- the persistent confirmation buttons ------------------------------------------------------


def custom_ids(answer: tuple[str, dict]) -> list[str]:
    rows = answer[1]["data"]["components"]
    return [button["custom_id"] for row in rows for button in row["components"]]


async def offered(wire: Wire, actor: Actor, name: str, group: str | None = None) -> tuple[str, dict]:
    """The private question of `/end` or `/game resign`: acknowledged at once (a deferred
    ephemeral answer, before the worker thread reads the offer), then sent with its buttons;
    shaped like an interaction response so `custom_ids` reads it."""
    deferred, *rest = await wire.command(actor, name, group=group)
    assert deferred[1]["type"] == 5 and deferred[1]["data"]["flags"] == EPHEMERAL
    (kind, payload), = rest
    assert kind == "followup" and payload["flags"] == EPHEMERAL
    return kind, {"data": payload}


def test_end_is_confirmed_by_the_seated_player_at_the_offered_position(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db)
        game_id = await borodino(wire)
        offer = await offered(wire, ANNA, "end")
        assert "End the French" in text_of(offer)
        confirm, cancel = custom_ids(offer)
        assert confirm == f"kolocha:end:{game_id}:french:0"
        refused = (await wire.command(STRANGER, "end"))[-1]
        assert "no seat" in text_of(refused) and "components" not in refused[1]
        answers = await wire.press(BORIS, confirm)  # Boris cannot use Anna's button
        assert "Only the French player" in text_of(answers[-1])
        assert wire.tables.store.last_seq(game_id) == 0
        answers = await wire.press(ANNA, cancel)
        assert text_of(answers[-1]) == "Nothing was done." and \
            wire.tables.store.last_seq(game_id) == 0
        answers = await wire.press(ANNA, confirm)
        assert answers[0][1]["type"] == 6  # deferred update of the ephemeral message
        assert answers[-1][0] == "edit" and "French: end" in text_of(answers[-1])
        assert wire.tables.store.commands(game_id)[-1]["normalised"] == "end"
        answers = await wire.press(ANNA, confirm)  # the same button, once more
        assert "This button has expired" in text_of(answers[-1])
        assert wire.tables.store.last_seq(game_id) == 1
    play(test, tmp_path)


def test_end_where_it_is_all_the_side_may_do_is_played_unasked(tmp_path):
    """7 Sept: the one French attack of the Combat Phase made (and lost, dice seed 3), `end` gives
    nothing up and `/end` plays it at once (no buttons to press)."""
    async def test(db: Path) -> None:
        wire = await start(db)
        game_id = await borodino(wire)
        for side, line in (("french", "move 3321 3219"), ("french", "end"), ("french", "attack 3219 -> 3218"),
                           ("russian", "advance 3218 3219")):
            assert (await asyncio.to_thread(wire.tables.service.submit, game_id, side, line)).accepted
        assert [c.to_text() for c in BORODINO.legal_commands(wire.tables.service.load(game_id), "french")] == ["end"]
        answer = await offered(wire, ANNA, "end")
        assert text_of(answer) == "French: end." and "components" not in answer[1]["data"]
        assert wire.tables.store.last_seq(game_id) == 5
    play(test, tmp_path)


def test_an_end_button_offered_before_a_move_has_expired(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db)
        game_id = await borodino(wire)
        offer = await offered(wire, ANNA, "end")
        await wire.tables.play.submit(ANNA, CHANNEL, "move 3225 3224")
        answers = await wire.press(ANNA, custom_ids(offer)[0])
        assert "This button has expired" in text_of(answers[-1])
        assert wire.tables.store.last_seq(game_id) == 1
    play(test, tmp_path)


def test_resign_is_confirmed_and_ends_the_game(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db)
        game_id = await borodino(wire)
        offer = await offered(wire, BORIS, "resign", group="game")
        assert "Resign game" in text_of(offer) and "as Russian" in text_of(offer)
        answers = await wire.press(BORIS, custom_ids(offer)[0])
        assert "You resigned" in text_of(answers[-1])
        game = wire.tables.store.game(game_id)
        assert game["status"] == "over" and game["ended"]["winner"] == "french"
        answers = await wire.press(BORIS, custom_ids(offer)[0])
        assert "expired: game 1 is over" in text_of(answers[-1])
    play(test, tmp_path)


def test_a_button_still_works_after_a_restart(tmp_path):
    async def test(db: Path) -> None:
        first = await start(db)
        game_id = await borodino(first)
        offer = await offered(first, ANNA, "end")
        first.tables.deadlines.scheduler.shutdown(wait=False)
        second = await start(db)  # a new process: Confirm rebuilt from the custom_id alone
        answers = await second.press(ANNA, custom_ids(offer)[0])
        assert "French: end" in text_of(answers[-1])
        assert second.tables.store.commands(game_id)[-1]["normalised"] == "end"
    play(test, tmp_path)


@pytest.mark.parametrize("failures", [1, 2])
def test_an_answer_discord_will_not_take_is_not_told_as_nothing_changed(tmp_path, caplog, failures):
    """A move is played and Discord answers its reply with a 500 (or a rate limit discord.py did not
    outlast): the player read 'Something went wrong on our side; nothing was changed' of a move that
    was played, and the log a failed command with its trace. Now they read that Discord did not take
    the answer, the log one line; and when that sentence fails too, one more line, where the task
    died with its error unread ('Task exception was never retrieved')."""
    from bot.service import SORRY

    async def test(db: Path) -> None:
        wire = await start(db)
        game_id = await borodino(wire)
        tried = []
        real = wire.adapter.execute_webhook

        async def execute_webhook(*args, **kwargs):
            tried.append(kwargs.get("payload"))
            if len(tried) <= failures:
                raise server_error()
            return await real(*args, **kwargs)
        wire.adapter.execute_webhook = execute_webhook  # type: ignore[method-assign]
        answers = await wire.command(ANNA, "move", {"unit": "3225", "to": "3224"})
        assert wire.tables.store.commands(game_id)[-1]["normalised"] == "move 3225 3224"
        said = [text_of(a) for a in answers if a[0] == "followup"]
        assert said == ([] if failures == 2 else [
            "Discord did not take the answer to this command (Discord answered 500: 500: Internal Server Error); "
            "`/game status` shows where the game stands now."])
        assert not any(SORRY in text_of(a) for a in answers)
    play(test, tmp_path)
    logged = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "kolocha.discord"]
    assert logged[-failures:] == [
        ("WARNING", "command move: Discord did not take its answer (Discord answered 500: 500: Internal Server Error)"),
        ("WARNING", "command move: its player could not be told either (Discord answered 500: 500: Internal Server "
                    "Error)")][:failures]


@pytest.mark.logs_errors("kolocha.discord")
def test_an_unexpected_error_in_a_command_becomes_one_private_sentence(tmp_path):
    """No exception reaches a player as a traceback, and no command is left 'thinking' forever."""
    from bot.service import SORRY

    async def test(db: Path) -> None:
        wire = await start(db)
        await borodino(wire)

        def broken(*_: object) -> str:
            raise RuntimeError("a bug")

        wire.tables.play = broken  # type: ignore[method-assign]
        answers = await wire.command(ANNA, "move", {"unit": "3225", "to": "3224"})
        assert any(SORRY in text_of(a) for a in answers)
        assert not any("RuntimeError" in text_of(a) or "Traceback" in text_of(a) for a in answers)
    play(test, tmp_path)
