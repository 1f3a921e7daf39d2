"""`kolocha run` as a real process against the loopback stand-in for Discord (discord.py's API
and gateway URLs pointed at 127.0.0.1): a game is played through slash commands and buttons,
the process gets SIGTERM in the middle of a command, a deadline falls due while it is down, and
it is started again (twice); and it is killed (kill -9) at each message a Bloody Monday impulse
causes, a Borodino player-turn played by buttons, and held orders a start plays. What players
would never forgive must not happen: an accepted command lost, a message announced twice, a
deadline acted on twice, a player's news in another's DMs.

A long test (a few processes, some seconds each): `pytest -m long`, its own CI step.
"""
from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest

import rules
from bot.delivery import payload_text, places
from bot.delivery.in_place import continued
from bot.discord.loopback import Loopback, Person, Sent
from bot.discord.messenger import pieces
from bot.service import GameService
from bot.store import Store

pytestmark = pytest.mark.long
ROOT = Path(__file__).resolve().parents[3]
ANNA, BORIS = Person(1, "Anna"), Person(2, "Boris")
PLAYERS = {"french": ANNA, "russian": BORIS}
CONFIG = """
[defaults]
deadline_hours = 48
reminders = []
at_deadline = "forfeit"
"""
WAIT = 60.0
T = TypeVar("T")


class Bot:
    """One `kolocha run` process over the database, talking to the loopback."""

    def __init__(self, loopback: Loopback, workdir: Path):
        self.loopback, self.workdir = loopback, workdir
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, killed: asyncio.Event | None = None) -> None:
        """A new process, once it reached the gateway; or, where the test kills the bot (`killed`),
        once killed before it did: a start sends what the outbox holds as it connects, and a kill
        at one of those messages may come first."""
        self.loopback.identified.clear()
        env = {**os.environ, "DISCORD_TOKEN": "token", "KOLOCHA_DB": str(self.database),
               "KOLOCHA_DISCORD_URL": self.loopback.url}
        log = (self.workdir / "bot.log").open("a")
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", "run", "--config", str(self.workdir / "k.toml"),
            cwd=ROOT, env=env, stdout=log, stderr=log)
        waits = [asyncio.ensure_future(w) for w in (self.loopback.identified.wait(), self.process.wait())]
        try:
            await self._within(asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED), "reach the gateway")
        finally:
            reached = waits[0].done()
            for wait in waits:
                wait.cancel()
        if not reached:
            assert killed is not None and killed.is_set(), self._ended(
                f"ended ({self.process.returncode}) before it reached the gateway")

    async def stop(self) -> None:
        """SIGTERM, and the process ends of itself with status 0."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        status = await self._within(self.process.wait(), "stop")
        assert status == 0, self._ended(f"ended with status {status} when stopped")

    async def _within(self, awaited: Awaitable[T], what: str) -> T:
        """`awaited` within WAIT; else the process is aborted (SIGABRT), so that its faulthandler
        writes where each thread stood into the log the failure names."""
        try:
            return await asyncio.wait_for(awaited, WAIT)
        except TimeoutError:
            assert self.process is not None
            if self.process.returncode is None:
                self.process.send_signal(signal.SIGABRT)
                await asyncio.wait_for(self.process.wait(), WAIT)
            raise AssertionError(self._ended(f"did not {what} within {WAIT:.0f} s")) from None

    def _ended(self, how: str) -> str:
        """A failure's message: how the process ended, and its log's last lines (faulthandler's
        stacks of each thread, after a signal that aborts or a crash)."""
        tail = (self.workdir / "bot.log").read_text(errors="replace").splitlines()[-60:]
        return "\n".join([f"the bot {how}; the end of {self.workdir / 'bot.log'}:", *tail])

    @property
    def database(self) -> Path:
        return self.workdir / "k.sqlite"


@asynccontextmanager
async def bot_on_loopback(workdir: Path) -> AsyncIterator[tuple[Loopback, Bot]]:
    """A loopback Discord and one `kolocha run` process on it, started; afterwards, whatever
    happened, the process is killed if it still runs and the loopback closed."""
    loopback = Loopback()
    await loopback.start()
    (workdir / "k.toml").write_text(CONFIG)
    bot = Bot(loopback, workdir)
    try:
        await bot.start()
        yield loopback, bot
    finally:
        if bot.process is not None and bot.process.returncode is None:
            bot.process.kill()
        await loopback.stop()


async def answered(loopback: Loopback, interaction: str) -> list[Sent]:
    """The bot's private answer to an interaction, once it is complete."""
    for _ in range(int(WAIT / 0.05)):
        replies = [s for s in loopback.sent if s.where == f"reply:{interaction}"]
        if any(s.text for s in replies):
            return replies
        await asyncio.sleep(0.05)
    raise AssertionError(f"no answer to interaction {interaction}")


async def ask(loopback: Loopback, person: Person, name: str, **options: object) -> str:
    replies = await answered(loopback, await loopback.interact(person, name, options))
    return replies[-1].text


async def end_phase(loopback: Loopback, person: Person) -> str:
    """`/end`, then its confirmation button (none where `end` is all the side may do: played at once)."""
    interaction = await loopback.interact(person, "end")
    for _ in range(int(WAIT / 0.05)):  # the offer may come in several pieces; one has the buttons
        said = await answered(loopback, interaction)
        offer = [s for s in said if s.components]
        if offer:
            break
        if any(s.text.endswith(": end.") for s in said):
            return said[-1].text
        await asyncio.sleep(0.05)
    else:
        texts = [s.text for s in await answered(loopback, interaction)]
        raise AssertionError(f"no confirmation buttons in the answer to /end: {texts}")
    custom_id = offer[-1].components[0]["components"][0]["custom_id"]
    return (await answered(loopback, await loopback.press(person, custom_id)))[-1].text


def position(database: Path) -> tuple[Any, dict, list[str]]:
    """The game's state as stored, and the side(s) to act."""
    service = GameService(Store(database))
    game = service.store.games()[-1]
    state = service.load(game["id"])
    system = rules.load(game["system"])
    return system, state, system.active_sides(state)


def attack_making_move(database: Path) -> str:
    """A French move after which ending the movement phase leaves an attack due."""
    system, state, _ = position(database)
    end = system.parse("french", "end")
    for command in system.legal_commands(state, "french"):
        after, _ = system.apply(state, "french", command)
        after, _ = system.apply(after, "french", end)
        if any(c.to_text().startswith("attack") for c in system.legal_commands(after, "french")):
            return command.to_text()
    raise AssertionError("no French move leads to an attack")


async def play_until_french_may_end(loopback: Loopback, database: Path) -> None:
    """Answer what combat asks (retreats, advances), each by the side asked, until the French
    phase may end."""
    for _ in range(20):
        system, state, sides = position(database)
        side = sides[0]
        legal = [c.to_text() for c in system.legal_commands(state, side)]
        if side == "french" and "end" in legal:
            return
        choice = next(c for c in legal if c not in ("end", "undo"))
        await ask(loopback, PLAYERS[side], "order", command=choice)
    raise AssertionError("combat did not finish")


async def stored_beyond(database: Path, count: int) -> None:
    """Wait until the game holds more than `count` commands."""
    store = Store(database)
    for _ in range(int(WAIT / 0.002)):
        if len(store.commands(1)) > count:
            return
        await asyncio.sleep(0.002)
    raise AssertionError("the command was never stored")


def public_posts(loopback: Loopback) -> list[str]:
    return [s.text for s in loopback.sent if s.where.startswith("channel:")]


async def started_7sep(loopback: Loopback) -> None:
    """Anna opens a 7 Sept game, both join, and it starts."""
    await ask(loopback, ANNA, "game new", system="borodino", scenario="7sep")
    await ask(loopback, ANNA, "game join", side="french")
    await ask(loopback, BORIS, "game join", side="russian")
    await ask(loopback, ANNA, "game start")


def _announced(command: str, posts: list[str]) -> bool:
    """Whether the channel told a command: its text, or for a plain move, an attack, a retreat or a loss the
    line it is said on in an open game ('**anna** — 3322 (French 7-4 infantry) moves to 3019 (1 MP).', '**anna** —
    3019 (7) attacks 3018 (2): 3-1, die 4: Dr.', '**anna** — 3018 (Russian 2-4 infantry) retreats to 3017.')."""
    verb, *args = command.split()
    lines = [line for post in posts for line in post.splitlines()]
    return any(command in line for line in lines) or (
        verb == "move" and len(args) == 2 and any(line.split("** — ")[-1].startswith(f"{args[0]} (")
                                                  and f" moves to {args[1]} " in line for line in lines)) or (
        verb == "attack" and len(args) == 3 and any(line.split("** — ")[-1].startswith(f"{args[0]} (")
                                                    and f" {args[2]} (" in line for line in lines)) or (
        verb == "retreat" and len(args) == 1 and any(f" retreats to {args[0]}." in line
                                                     or f" retreating into {args[0]}." in line for line in lines)) or (
        verb == "lose" and len(args) == 1 and any(line.split("** — ")[-1].startswith(f"{args[0]} (")
                                                  and " is eliminated" in line for line in lines))

def test_a_bot_process_stopped_mid_command_and_restarted_loses_and_repeats_nothing(tmp_path):
    async def test() -> None:
        async with bot_on_loopback(tmp_path) as (loopback, bot):
            await started_7sep(loopback)
            move = attack_making_move(bot.database)
            await ask(loopback, ANNA, "order", command=move)
            await end_phase(loopback, ANNA)
            system, state, _ = position(bot.database)
            attack = next(c.to_text() for c in system.legal_commands(state, "french")
                          if c.to_text().startswith("attack"))
            attackers, defenders = attack.removeprefix("attack ").split(" -> ")
            await ask(loopback, ANNA, "attack", attackers=attackers, defenders=defenders)
            await play_until_french_may_end(loopback, bot.database)
            await end_phase(loopback, ANNA)
            system, state, _ = position(bot.database)
            russian = next(c.to_text() for c in system.legal_commands(state, "russian")
                           if c.to_text().startswith("move"))
            before = len(Store(bot.database).commands(1))
            await loopback.interact(BORIS, "order", {"command": russian})
            await stored_beyond(bot.database, before)  # accepted: now stop, mid-announcement
            await bot.stop()
            store = Store(bot.database)
            game = store.games()[-1]
            past = (datetime.now(UTC) - timedelta(minutes=5)).isoformat(timespec="seconds")
            store.db.execute("UPDATE deadlines SET due_at = ? WHERE game = ?", [past, game["id"]])
            await bot.start()  # the deadline fell due while the bot was down
            for _ in range(int(WAIT / 0.1)):
                if any("forfeits" in p for p in public_posts(loopback)):
                    break
                await asyncio.sleep(0.1)
            await asyncio.sleep(1.0)  # anything else the restart would send
            await bot.stop()
            await bot.start()  # and once more: nothing is sent again
            await asyncio.sleep(2.0)
            await bot.stop()
        posts = public_posts(loopback)
        twice = [text for text, n in Counter(posts).items() if n > 1]
        assert twice == [], f"announced twice: {twice}"
        assert len([p for p in posts if "forfeits" in p]) == 1
        assert Store(bot.database).game(game["id"])["status"] == "over"
        stored = [row["normalised"] for row in Store(bot.database).commands(game["id"])]
        assert stored[0] == move and "forfeit" not in stored
        unannounced = [c for c in stored if not _announced(c, posts)]
        assert unannounced == [], f"accepted but never announced: {unannounced}"
    asyncio.run(test())


def test_a_bot_that_crashes_in_c_code_leaves_each_threads_stack_in_its_log(tmp_path):
    """A fault in C code (a segmentation fault: Pillow, SQLite, the allocator) ends the process with no
    Python traceback; the bot's log then shows where each thread stood (faulthandler), for the admin
    and for whoever mends it."""
    async def test() -> int:
        async with bot_on_loopback(tmp_path) as (_, bot):
            assert bot.process is not None
            bot.process.send_signal(signal.SIGSEGV)
            return await asyncio.wait_for(bot.process.wait(), WAIT)
    assert asyncio.run(test()) == -signal.SIGSEGV
    log = (tmp_path / "bot.log").read_text()
    assert "Fatal Python error: Segmentation fault" in log and "most recent call first" in log


def test_a_bot_stopped_while_a_command_is_under_way_answers_it_before_it_stops(tmp_path):
    """SIGTERM while Discord is still acknowledging a command (its answer not yet given): the
    bot finishes the command, stores it, answers the player, and only then closes the store
    and the connection."""
    async def test() -> None:
        async with bot_on_loopback(tmp_path) as (loopback, bot):
            await started_7sep(loopback)
            move = attack_making_move(bot.database)
            loopback.ack_delay = 1.0
            interaction = await loopback.interact(ANNA, "order", {"command": move})
            await asyncio.wait_for(loopback.acking.wait(), WAIT)
            await bot.stop()
        answer = " ".join(loopback.texts(f"reply:{interaction}"))
        assert [row["normalised"] for row in Store(bot.database).commands(1)] == [move]
        assert move.split()[1] in answer, answer
    asyncio.run(test())


@pytest.mark.parametrize("command", ["run", "sync"])
def test_discord_out_of_reach_is_one_sentence_not_a_traceback(tmp_path, command):
    """`kolocha run` and `kolocha sync` with Discord out of reach (nothing listens where it
    should be) say so in one sentence and exit with status 1 (systemd tries again later)."""
    async def test() -> tuple[int, str]:
        env = {**os.environ, "DISCORD_TOKEN": "token", "KOLOCHA_DB": str(tmp_path / "k.sqlite"),
               "KOLOCHA_DISCORD_URL": "http://127.0.0.1:9"}  # the discard port: nothing listens
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot.cli", command, cwd=ROOT, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        _, err = await asyncio.wait_for(process.communicate(), WAIT)
        assert process.returncode is not None
        return process.returncode, err.decode()
    status, err = asyncio.run(test())
    said = [line for line in err.splitlines() if line.startswith("kolocha")]
    assert status == 1 and "Traceback" not in err, err
    assert said == [line for line in err.splitlines() if "discord.client" not in line]
    assert len(said) == 1 and said[0].startswith(f"kolocha {command}: cannot reach Discord (")


def unsent(store: Store) -> list[dict]:
    """The outbox's rows not yet delivered, but a step's line in the channel that waits for the channel's next
    line, to go in its post (Change._gathers: a player-turn given one order at a time is one post)."""
    rows = store.undelivered()
    waiting = places._gathered(rows)
    return [row for row in rows if row["id"] not in waiting]


async def delivered_through_kills(loopback: Loopback, bot: Bot, store: Store,
                                  given: Callable[[], Awaitable[None]] | None = None) -> int:
    """The bot killed (SIGKILL) as each new message, edit or deletion reaches Discord, once Discord
    made it and before it answers, and started again, until the outbox holds nothing undelivered (`unsent`);
    how many times it was killed. A command `given` is given with the kills already armed: the bot
    may send its first message as soon as the command is stored, before the test sees it stored."""
    killed = asyncio.Event()

    def kill() -> None:
        assert bot.process is not None
        bot.process.kill()
        killed.set()
    loopback.lose_answer, kills = kill, 0
    try:
        if given is not None:
            await given()
        while True:
            for _ in range(int(WAIT / 0.05)):
                if killed.is_set() or not unsent(store):
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError(f"never sent: {unsent(store)}")
            if not killed.is_set():
                return kills
            assert bot.process is not None
            await bot.process.wait()
            killed.clear()
            kills += 1
            await bot.start(killed)  # a kill as it starts is met at the loop's top
    finally:
        loopback.lose_answer = None


def told_through_kills(loopback: Loopback, store: Store, start: int, welcomes: set[str], opening: set[int],
                       kills: int, least: int = 10) -> list[dict]:
    """What a game played through kills (`delivered_through_kills`) told, checked; its outbox rows. Every
    row is delivered, none given up; no message is made twice (those made since `start`, the ones
    of `welcomes` left out); each player's DMs, as posted and as their kept messages read now, hold
    only lines of rows addressed to them; every text but the `opening` rows reached its place, each
    player's last view and question as their kept messages read at the end."""
    rows, seats = store.outbox(1), store.seats(1)
    assert kills >= least and store.undelivered() == [] and [row["id"] for row in rows if row["given_up"]] == []
    made = [(s.where, s.text) for s in loopback.sent[start:] if not s.where.startswith("reply:")]
    now = [said for made_id, said in loopback.messages.items() if made_id not in welcomes]
    assert [said for said, n in Counter(made).items() if n > 1] == []
    for person in (f"dm:{ANNA.id}", f"dm:{BORIS.id}"):
        theirs = set().union(*(row_lines(row) for row in rows if place_of(row, seats) == person))
        read = lines([text for where, text in [*made, *now] if where == person])
        assert read <= theirs, f"{person} read what was not addressed to them: {read - theirs}"
    kinds = {row["id"]: next((k for k in ("kept", "question") if k in row["payload"]), None) for row in rows}
    last = {(place_of(row, seats), kinds[row["id"]]): row["id"] for row in rows}
    for row in rows:
        place, kind = place_of(row, seats), kinds[row["id"]]
        if row["id"] in opening or place == "all" or kind and last[place, kind] != row["id"]:
            continue
        there = unspoken(lines([text for where, text in (now if kind else made) if where == place]))
        assert any(unspoken(row_lines(row, (form,))) <= there for form in SHOWN), row
    return rows


def unspoken(said: set[str]) -> set[str]:
    """Lines without the name of their speaker, which a run of one speaker's lines says once (join_speakers: a
    player-turn's steps given one order at a time go in one post, Change._gathers)."""
    return {SPEAKER.sub("", line) for line in said}


SPEAKER = re.compile(r"^\*\*[^*]+\*\* — ")


def lines(texts: list[str]) -> set[str]:
    """The lines of messages as a reader compares them: a DM's 'Game 1: ' and a split code block's
    fences left out."""
    return {line.removeprefix("Game 1: ") for text in texts for line in text.splitlines()} - {"```", ""}


SHOWN = ((True, "channel:", False), (False, "channel:", False), (True, "dm:", False))  # typed, where, with the tip


def row_lines(row: dict, forms: tuple[tuple[bool, str, bool], ...] = (*SHOWN, (True, "dm:", True))) -> set[str]:
    """The lines of an outbox row as Discord shows them in each of `forms`: its commands typed or as slash commands,
    in a channel or a DM, under the line saying how they are given there or not (every form, by default); a kept
    view's, the line that opens its table's messages apart too."""
    said = payload_text(row["payload"])
    told = lines([piece for typed, place, tip in forms for piece in pieces(said, typed, place, tip)])
    return told | ({continued(row["payload"].get("seen"))} if row["payload"].get("kept") else set())


def place_of(row: dict, seats: dict[str, str]) -> str:
    """Where a row of the test's game went: its channel, the record, or the DMs of its person."""
    audience = row["audience"]
    if audience.startswith("channel:") or audience == "all":
        return audience
    return "dm:" + seats.get(audience, audience.removeprefix("user:"))


def test_a_bot_killed_at_each_message_of_a_bloody_monday_impulse_loses_repeats_and_misdirects_nothing(tmp_path):
    """A Bloody Monday game started and its first French impulse played by slash commands (moves to
    three areas); the bot is killed (kill -9) at each message, edit and deletion they cause, once Discord
    made it and before it answers, and started again. Every row is delivered, none given up; no
    message is made twice; each player's DMs say only what was addressed to them; and every text
    reached its place (the last view and question of each player as their kept messages read now)."""
    async def test() -> tuple[Loopback, Store, int, set[str], set[int], int]:
        async with bot_on_loopback(tmp_path) as (loopback, bot):
            await ask(loopback, ANNA, "game new", system="bloody_monday", scenario="bloody_monday")
            await ask(loopback, ANNA, "game join", side="french")
            await ask(loopback, BORIS, "game join", side="russian")
            store, moved = Store(bot.database), set()
            start, welcomes = len(loopback.sent), set(loopback.messages)  # the seats' DMs come from no game
            opening = {row["id"] for row in store.outbox(1)}
            await ask(loopback, ANNA, "game start")
            kills = await delivered_through_kills(loopback, bot, store)
            while (sides := position(bot.database)[2]) == ["french"]:
                system, state, _ = position(bot.database)
                legal = [c.to_text() for c in system.legal_commands(state, "french")]
                moves = [c for c in legal if c.startswith("move") and c.split()[-1] not in moved]
                line = "initiative move" if "initiative move" in legal else \
                    moves[0] if moves and len(moved) < 3 else "end"
                moved |= {line.split()[-1]} if line.startswith("move") else set()
                kills += await ordered(loopback, bot, store, ANNA, line)
            assert sides == ["russian"]
            await bot.stop()
        return loopback, store, start, welcomes, opening, kills
    told_through_kills(*asyncio.run(test()))


async def ordered(loopback: Loopback, bot: Bot, store: Store, person: Person, command: str) -> int:
    """A command given with /order, stored, and the messages it causes sent through kills (how many:
    one at least, as every command is told)."""
    async def given() -> None:
        before = len(store.commands(1))
        await loopback.interact(person, "order", {"command": command})
        await stored_beyond(bot.database, before)
    kills = await delivered_through_kills(loopback, bot, store, given)
    assert kills >= 1, f"no message of `{command}` met a kill"
    return kills


async def pressed(loopback: Loopback, bot: Bot, store: Store, person: Person, custom_id: str) -> int:
    """A button pressed, its command stored, and the messages it causes sent through kills (how many:
    one at least, as every command is told)."""
    async def given() -> None:
        before = len(store.commands(1))
        await loopback.press(person, custom_id)
        await stored_beyond(bot.database, before)
    kills = await delivered_through_kills(loopback, bot, store, given)
    assert kills >= 1, f"no message of the command of {custom_id} met a kill"
    return kills


async def ended_by_its_button(loopback: Loopback, bot: Bot, store: Store, person: Person) -> int:
    """`/end` (its offer a private answer, which no kill meets), then its confirmation button."""
    interaction = await loopback.interact(person, "end")
    for _ in range(int(WAIT / 0.05)):
        offer = [s for s in await answered(loopback, interaction) if s.components]
        if offer:
            return await pressed(loopback, bot, store, person, offer[-1].components[0]["components"][0]["custom_id"])
        await asyncio.sleep(0.05)
    raise AssertionError("no confirmation buttons in the answer to /end")


def answer_button(store: Store, side: str) -> str:
    """The custom id of the first answer button of the latest question to the side (bot/discord/buttons.py):
    by DM, or in the channel of an open game."""
    asked = [buttons for row in store.outbox(1) if "answers" in (buttons := row["payload"].get("buttons", {}))
             and buttons["side"] == side][-1]
    return f"kolocha:answer:1:{side}:{asked['seq']}:{asked['answers'][0]}"


def test_a_bot_killed_at_each_message_of_a_borodino_player_turn_played_by_buttons_loses_and_repeats_nothing(
        tmp_path):
    """A Borodino 7 Sept game started; Anna's French move that leaves an attack due, her /end confirmed
    by its button, her attack, each choice the combat asks answered by its question's button (in the
    channel: an open game), by whichever side it asks (a retreat, an advance), and her `end`, all she may
    do then (so `/end` would not ask: given as an order), which hands the turn to Boris. The bot is
    killed (kill -9) at each message, edit and deletion they cause (a click's line, the map, a
    question, the next player's prompt), once Discord made it and before it answers, and started
    again. Every row is delivered, none given up; no message is made twice; each player's DMs say
    only what was addressed to them; every text reached its place."""
    async def test() -> tuple[Loopback, Store, int, set[str], set[int], int]:
        async with bot_on_loopback(tmp_path) as (loopback, bot):
            await ask(loopback, ANNA, "game new", system="borodino", scenario="7sep")
            await ask(loopback, ANNA, "game join", side="french")
            await ask(loopback, BORIS, "game join", side="russian")
            store = Store(bot.database)
            start, welcomes = len(loopback.sent), set(loopback.messages)
            opening = {row["id"] for row in store.outbox(1)}
            await ask(loopback, ANNA, "game start")
            kills = await delivered_through_kills(loopback, bot, store)
            kills += await ordered(loopback, bot, store, ANNA, attack_making_move(bot.database))
            kills += await ended_by_its_button(loopback, bot, store, ANNA)
            system, state, _ = position(bot.database)
            attack = next(c.to_text() for c in system.legal_commands(state, "french")
                          if c.to_text().startswith("attack"))
            kills += await ordered(loopback, bot, store, ANNA, attack)
            for _ in range(10):
                system, state, sides = position(bot.database)
                if sides == ["french"] and "end" in [c.to_text() for c in system.legal_commands(state, "french")]:
                    break
                kills += await pressed(loopback, bot, store, PLAYERS[sides[0]], answer_button(store, sides[0]))
            else:
                raise AssertionError("combat did not finish")
            kills += await ordered(loopback, bot, store, ANNA, "end")
            assert position(bot.database)[2] == ["russian"]
            await bot.stop()
        return loopback, store, start, welcomes, opening, kills
    rows = told_through_kills(*asyncio.run(test()), least=4)  # a kill in each command's messages at least
    assert any("buttons" in row["payload"] for row in rows) and any("picture" in row["payload"] for row in rows)


def test_a_game_opened_against_the_computer_and_killed_at_its_first_post_begins_at_the_next_start(tmp_path):
    """`/game new opponent:computer` is several steps, each stored with its news: the bot killed (kill -9) as
    the game's opening post reaches Discord, before its creator's seat, the computer's and the start, is
    started again; it finishes the opening before any command, and each line of it is posted once."""
    async def test() -> tuple[list[str], Store]:
        async with bot_on_loopback(tmp_path) as (loopback, bot):
            killed = asyncio.Event()

            def kill() -> None:
                assert bot.process is not None
                loopback.lose_answer = None
                bot.process.kill()
                killed.set()
            loopback.lose_answer = kill
            await loopback.interact(ANNA, "game new", {"system": "borodino", "scenario": "7sep",
                                                       "opponent": "computer", "side": "french"})
            await asyncio.wait_for(killed.wait(), WAIT)
            assert bot.process is not None
            await bot.process.wait()
            store = Store(bot.database)
            assert store.seats(1) == {} and not store.game(1)["started_at"]
            await bot.start()
            for _ in range(int(WAIT / 0.05)):
                if store.game(1)["started_at"] and not store.undelivered():
                    break
                await asyncio.sleep(0.05)
            await bot.stop()
        return public_posts(loopback), store
    posts, store = asyncio.run(test())
    assert store.seats(1) == {"french": str(ANNA.id), "russian": "computer"} and store.game(1)["against"] is None
    assert store.undelivered() == []
    lines = [line for post in posts for line in post.splitlines()]
    for said in ("opens game 1", "takes the French seat in game 1", "seats the computer as Russian in game 1",
                 "Game 1 begins"):
        assert sum(said in line for line in lines) == 1, (said, posts)


def test_held_orders_a_kill_left_due_are_played_and_told_once_through_kills_at_the_next_starts(tmp_path):
    """Anna's box, held while a choice waited, the choice since answered, and the bot killed (kill -9) before it
    played them (the stand-in submits no box: the row is written as a box holds it, while the bot runs). The
    next start plays them before any command, and is killed at each message, edit and deletion they cause,
    and started again: each order is stored once and told in the channel, no message is made twice, none is
    given up, and Anna has the word of what became of them once; a further start plays and sends nothing."""
    async def test() -> tuple[Loopback, Store, int, int, list[str]]:
        async with bot_on_loopback(tmp_path) as (loopback, bot):
            await started_7sep(loopback)
            store = Store(bot.database)
            move = attack_making_move(bot.database)
            await delivered_through_kills(loopback, bot, store)
            start = len(loopback.sent)
            store.hold_orders(1, "french", str(ANNA.id), ANNA.name, [move, "end"], 2)
            assert bot.process is not None
            bot.process.kill()
            await bot.process.wait()
            down = asyncio.Event()
            down.set()  # a kill at a message it sends as it starts may come before it reaches the gateway
            kills = await delivered_through_kills(loopback, bot, store, lambda: bot.start(down))
            stored, sent = store.commands(1), len(loopback.sent)
            await bot.stop()
            await bot.start()  # and once more: nothing is played or sent again
            await asyncio.sleep(1.0)
            await bot.stop()
            assert store.commands(1) == stored and len(loopback.sent) == sent
        return loopback, store, start, kills, [move, "end"]
    loopback, store, start, kills, held = asyncio.run(test())
    assert kills >= 1 and store.undelivered() == [] and [row for row in store.outbox(1) if row["given_up"]] == []
    assert [row["normalised"] for row in store.commands(1)] == held and store.held_orders(1, "french") is None
    made = [(s.where, s.text) for s in loopback.sent[start:] if not s.where.startswith("reply:")]
    assert [said for said, n in Counter(made).items() if n > 1] == []
    assert [c for c in held if not _announced(c, public_posts(loopback))] == []
    word = [text for where, text in made if where == f"dm:{ANNA.id}" and "your held orders" in text]
    assert len(word) == 1 and "\n3. ✅ French: end." in word[0], word
