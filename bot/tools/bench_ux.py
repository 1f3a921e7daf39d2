"""`kolocha bench --ux`: what a game costs its players on Discord, counted on simcord.

The real bot (discord.py's client and command tree, the real tables, a stand-in renderer: pictures
are counted, not drawn) plays games of each system on simcord, a simulated Discord with a virtual
clock (installed with the test extras). Two scripted players, Anna (French) and Boris (Russian),
know their orders: a side to act sends the rest of its phase at once in one `/orders` box (opening
and sending the box counts as one interaction), planned by the level-1 computer where the system
has one, else by random legal commands (rules.core.system.sample_command), cut where the phase
ends; a choice offered with a button or a menu is pressed instead. A batch stopped by a refusal
(the opponent owes a choice first) is planned again once it is the side's turn.

Counted per player-turn (a Bloody Monday impulse), for each player: interactions, new DMs, the
pictures in them and in private replies; and the longest silent wait: when a player becomes
awaited and nothing told them (a DM, a mention in the channel, or the reply to their own
interaction), virtual time runs until something does, up to the deadline (default settings).
Not a timed test: figures of one run (the dice are drawn fresh each run).
"""
from __future__ import annotations

import asyncio
import copy
import importlib.util
import random
import statistics
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord

from bot.computer.seat import Memory, commander_for
from bot.config import Config, GameSettings
from bot.discord.app import KolochaBot, create_bot
from bot.discord.commands import ORDERS_BOX
from rules.core.ai import Commander, decision_rng
from rules.core.system import GameSystem

if TYPE_CHECKING:
    import simcord

# (system, scenario, player-turns played): whole Shevardino; Bloody Monday's first impulses; 1812's first turns
GAMES = (("borodino", "shevardino", 16), ("bloody_monday", "bloody_monday", 24), ("campaign_1812", "campaign", 12))
GOAL_INTERACTIONS, GOAL_DMS = 3, 5  # a player who knows their orders, per player-turn; no silent wait
LINES = 12  # random orders in one box before it ends the phase
GRACE = 60.0  # virtual seconds before the deadline at which a silent wait stops being watched
INSTALL = "simcord is missing: install the test extras with `pip install -e '.[test]'` and run it again."


def stand_in_picture(view: dict, **options: object) -> bytes:
    """Pictures are counted, not drawn: a few bytes stand for each."""
    return f"PNG turn={view.get('turn')}".encode()


@dataclass
class PlayerTurn:
    """What one player-turn (or impulse) cost each player, and its longest silent wait."""

    label: str
    interactions: Counter[str] = field(default_factory=Counter)
    fruitless: Counter[str] = field(default_factory=Counter)  # interactions that stored no command
    dms: Counter[str] = field(default_factory=Counter)
    pictures: Counter[str] = field(default_factory=Counter)
    silent: float = 0.0  # seconds


@dataclass
class Person:
    """A scripted player: their simcord member, and since when they wait untold (None: told)."""

    side: str
    actor: simcord.MemberActor
    dms_seen: int = 0
    untold_since: datetime | None = None


class Table:
    """One game on simcord and its two scripted players."""

    def __init__(self, env: simcord.Env, client: KolochaBot, channel: simcord.ChannelHandle,
                 people: dict[str, Person]):
        self.env, self.client, self.channel, self.people = env, client, channel, people
        self.posts_seen = 0
        self.game_id = 0

    @property
    def service(self):
        assert self.client.tables is not None
        return self.client.tables.service

    def dms(self, person: Person) -> list[discord.Message]:
        channel = person.actor.user.dm_channel
        if channel is None:
            return []
        return [m for m in channel.history() if m.author.id == self.client.user.id]  # type: ignore[union-attr]

    def awaited(self) -> set[str]:
        system = self.service.system(self.game_id)
        return set(system.active_sides(self.service.load(self.game_id)))

    def news(self, turn: PlayerTurn, actor: Person | None, answer: simcord.InteractionResult | None,
             before: set[str]) -> None:
        """Count what the last action brought each player; who is now awaited untold."""
        posts = list(self.channel.history())
        new_posts, self.posts_seen = posts[self.posts_seen:], len(posts)
        now, awaited = self.env.now(), self.awaited()
        for side, person in self.people.items():
            dms = self.dms(person)
            new_dms, person.dms_seen = dms[person.dms_seen:], len(dms)
            turn.dms[side] += len(new_dms)
            turn.pictures[side] += sum(len(m.attachments) for m in new_dms)
            mentioned = [m for m in new_posts if f"<@{person.actor.id}>" in m.content
                         or f"<@!{person.actor.id}>" in m.content]
            told = bool(new_dms or mentioned) or person is actor
            if side not in awaited:
                person.untold_since = None
                continue
            if side not in before:
                person.untold_since = None if told else now
            elif told and person.untold_since is not None:
                turn.silent = max(turn.silent, (now - person.untold_since).total_seconds())
                person.untold_since = None
        if actor is not None and answer is not None:
            private = [answer.response, *answer.followups]
            turn.pictures[actor.side] += sum(len(m.attachments) for m in private if m is not None)

    async def wait_until_told(self, person: Person, turn: PlayerTurn, limit: float) -> None:
        """Virtual time runs to just before the deadline; the untold awaited player's wait ends at
        the first DM or mention that came meanwhile (a reminder), else lasts all that time."""
        since = person.untold_since
        if since is None:
            return
        posts, dms = self.posts_seen, person.dms_seen
        await self.env.advance_time(max(limit - GRACE - (self.env.now() - since).total_seconds(), 0))
        await self.env.settle()
        mention = (f"<@{person.actor.id}>", f"<@!{person.actor.id}>")
        came = [m for m in self.dms(person)[dms:]] + [m for m in list(self.channel.history())[posts:]
                                                        if any(t in m.content for t in mention)]
        told = min((m.created_at for m in came), default=self.env.now())
        turn.silent = max(turn.silent, (told - since).total_seconds())
        person.untold_since = None
        self.news(turn, None, None, self.awaited())


def orders(system: GameSystem, state: dict, side: str, planned: list[str], rng: random.Random) -> list[str]:
    """What the side sends at once: its plan until its phase ends, or the whole plan when a line of
    it waits on dice (the bot stops the batch there, as it would a player's); without a plan
    (or one refused at once), random legal orders until the phase ends or a die is rolled (what
    follows a die is not known in advance)."""
    key, state = system.phase_key(state), copy.deepcopy(state)
    for done, text in enumerate(planned):
        try:
            state, _ = system.apply(state, side, system.parse(side, text))
        except Exception:  # refused here: after a die, the rest of the intended orders go as they are
            if done:
                return planned
            break
        if side not in system.active_sides(state) or system.phase_key(state) != key:
            return planned[:done + 1]
    else:
        if planned:
            return planned
    lines: list[str] = []
    while len(lines) < LINES:
        command = system.sample_command(state, side, rng)
        if command is None:
            break
        options = [c.to_text() for c in system.legal_commands(state, side)]
        state, _ = system.apply(state, side, command)
        lines.append(command.to_text())
        if (side not in system.active_sides(state) or system.phase_key(state) != key
                or [c.to_text() for c in system.legal_commands(state, side)] == options):
            return lines  # the phase is over, or the side has said all it can now (a secret plan chosen)
    ends = [c.to_text() for c in system.legal_commands(state, side) if c.to_text() == "end"]
    return lines + ends  # a phase's worth of random orders, then the phase ends


def choice_offered(table: Table, person: Person) -> tuple[discord.Message, str, str | None] | None:
    """The button or menu of a choice offered to the player for the game's present position, as
    the messages stand now (a pressed question loses its buttons; a question may ride on a message
    edited in place): the message, its custom id, and a menu's first value."""
    position = f"{table.game_id}:{person.side}:{table.service.store.seen_seq(table.game_id, person.side)}"
    prefixes = (f"kolocha:answer:{position}:", f"kolocha:answers:{position}")
    for message in reversed([*table.channel.history(), *table.dms(person)]):
        for row in message.components:
            for item in getattr(row, "children", [row]):
                custom_id = getattr(item, "custom_id", None) or ""
                if not custom_id.startswith(prefixes):
                    continue
                options = getattr(item, "options", None)
                return message, custom_id, options[0].value if options else None
    return None


async def act(table: Table, person: Person, lines: list[str]) -> simcord.InteractionResult:
    """One interaction: a choice's button or menu when one is offered, else the orders box."""
    offered = choice_offered(table, person)
    if offered is not None:
        message, custom_id, value = offered
        if value is None:
            return await person.actor.click(message, custom_id=custom_id)
        return await person.actor.select(message, [value], custom_id=custom_id)
    shown = await person.actor.slash(table.channel, "orders")
    return await person.actor.submit_modal(shown, {ORDERS_BOX: "\n".join(lines)})


def turn_key(system_name: str, view: dict) -> tuple[object, ...]:
    """What one player-turn is: a Bloody Monday impulse; else the turn and phasing player."""
    if system_name == "bloody_monday":
        return (view.get("turn"), view.get("phase"), view.get("player"))
    return (view.get("turn"), view.get("player"))


async def play(table: Table, system_name: str, player_turns: int, seed: int) -> list[PlayerTurn]:
    """Play until `player_turns` player-turns are done or the game ends; each one's figures."""
    service, memory, rng = table.service, Memory(), random.Random(seed)
    system = service.system(table.game_id)
    commander: Commander | None = commander_for(system, 1) if hasattr(system, "commander") else None
    limit = GameSettings().deadline_hours * 3600
    turns: list[PlayerTurn] = []
    last: tuple[object, ...] | None = None
    stalled = 0
    sent: dict[str, int] = {}  # the commands stored when each side last sent
    while True:
        state = service.load(table.game_id)
        active = system.active_sides(state)
        if system.outcome(state) is not None or not active:
            break
        view = system.view(state, None)
        key = turn_key(system_name, view)
        if key != last:
            if len(turns) == player_turns:
                break
            last = key
            turns.append(PlayerTurn(f"turn {view.get('turn')} {str(view.get('player')).title()}"))
        turn = turns[-1]
        played = len(service.store.commands(table.game_id))
        side = next((s for s in active if sent.get(s) != played), active[0])  # sides acting at once take turns
        sent[side] = played
        person = table.people[side]
        await table.wait_until_told(person, turn, limit)
        planned: list[str] = []
        if commander is not None and stalled == 0:
            planned = [d.command for d in commander.plan(system.view(state, side),
                                                         tuple(memory.told(service, table.game_id, side)),
                                                         decision_rng(seed, played))]
        lines = orders(system, state, side, planned, rng)
        before, count = table.awaited(), len(service.store.commands(table.game_id))
        answer = await act(table, person, lines)
        await table.env.settle()
        turn.interactions[side] += 1
        table.news(turn, person, answer, before)
        stalled = stalled + 1 if len(service.store.commands(table.game_id)) == count else 0
        turn.fruitless[side] += stalled > 0
        if stalled > 3:
            raise RuntimeError(f"{system_name}: {side} could not play {lines[:3]} (the bot refused them)")
    return turns


async def measure_game(workdir: Path, system_name: str, scenario: str, player_turns: int,
                       seed: int) -> list[PlayerTurn]:
    """One game on a fresh simulated server."""
    import simcord

    env_box: list[simcord.Env] = []
    client = create_bot(Config(database=str(workdir / f"{system_name}.sqlite")), stand_in_picture,
                        lambda: env_box[0].now())
    env = simcord.Env(client, settle_timeout=30.0, shard_count=1)  # type: ignore[arg-type]  # one server, one shard
    env_box.append(env)
    await env.start()
    try:
        with env.time_context():
            anna, boris = env.create_user("anna"), env.create_user("boris")
            guild = env.create_guild("Kolocha club")
            members = guild.add_member(anna), guild.add_member(boris)
            await env.settle()
            channel = guild.create_text_channel("game")
            people = {"french": Person("french", members[0]), "russian": Person("russian", members[1])}
            table = Table(env, client, channel, people)
            await members[0].slash(channel, "game new", system=system_name, scenario=scenario)
            await members[0].slash(channel, "game join", side="french")
            await members[1].slash(channel, "game join", side="russian")
            await members[0].slash(channel, "game start")
            table.game_id = client.tables.game_in(str(channel.id))["id"]  # type: ignore[union-attr]
            setup = PlayerTurn("set-up")
            table.news(setup, None, None, set())
            return await play(table, system_name, player_turns, seed)
    finally:
        await env.shutdown()


def rows(system_name: str, scenario: str, turns: list[PlayerTurn]) -> list[tuple[str, str]]:
    """One row per player-turn, then the worst and the median of each figure beside its goal."""
    sides = ("french", "russian")
    out = [(f"{system_name} {scenario}, {t.label}",
            "; ".join(f"{s}: {t.interactions[s]} int ({t.fruitless[s]} fruitless), {t.dms[s]} DMs, "
                      f"{t.pictures[s]} pic" for s in sides)
            + f"; silent {t.silent / 3600:g} h") for t in turns]
    if not turns:
        return out
    figures: dict[str, tuple[list[float], float, Callable[[float], str]]] = {
        "interactions": ([t.interactions[s] for t in turns for s in sides], GOAL_INTERACTIONS, str),
        "DMs": ([t.dms[s] for t in turns for s in sides], GOAL_DMS, str),
        "pictures": ([t.pictures[s] for t in turns for s in sides], float("inf"), str),
        "silent wait (h)": ([t.silent / 3600 for t in turns], 0.0, lambda h: f"{h:g}")}
    for name, (values, goal, say) in figures.items():
        worst = max(values)
        met = "met" if worst <= goal else "NOT met"
        verdict = "" if goal == float("inf") else f" (goal at most {say(goal)}: {met})"
        out.append((f"{system_name} {scenario}, {name} per player and player-turn",
                    f"max {say(worst)}, median {say(statistics.median(values))}{verdict}"))
    return out


def simcord_installed() -> bool:
    """simcord comes with the test extras only."""
    return importlib.util.find_spec("simcord") is not None


def measure(games: tuple[tuple[str, str, int], ...] = GAMES, seed: int = 1) -> list[tuple[str, str]]:
    """The table rows of `kolocha bench --ux` (simcord installed)."""
    out: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for system_name, scenario, player_turns in games:
            turns = asyncio.run(measure_game(Path(tmp), system_name, scenario, player_turns, seed))
            out += rows(system_name, scenario, turns)
    return out
