"""`kolocha bench --ux`: what a game costs its players on Discord, counted on simcord.

The real bot (discord.py's client and command tree, the real tables, a stand-in renderer: pictures
are counted, not drawn) plays games of each system on simcord, a simulated Discord with a virtual
clock (installed with the test extras). Two scripted players, Anna (French) and Boris (Russian),
know their orders. As the game starts, each gives standing orders for every kind of mid-turn
choice in one `/orders` box (counted in the set-up row), so the choices the dice bring are
answered without them (rules.core.standing). Then a side to act sends, in one `/orders` box
(opening and sending it counts as one interaction), all it can write in advance: its phase's
orders and the phases of its own that follow, up to the first order that depends on the dice
(`orders`). They are planned by the level-1 computer where the system has one, else are random
legal commands (rules.core.system.sample_command). A choice still offered with a button or a
menu is pressed instead; a batch stopped by a refusal is planned again from the new position.

Counted per player-turn (a Bloody Monday impulse), for each player: interactions, new DMs, the
pictures in them and in private replies; the messages posted in the game's channel (Discord's
messages, as simcord holds them: texts joined in one count once); and the longest silent wait: when a player becomes
awaited and nothing told them (a DM, a mention in the channel, or the reply to their own
interaction), virtual time runs until something does, up to the deadline (default settings);
and the messages Discord refused (simcord answers as Discord does), which should be none.
Not a timed test: the figures of one game per system, replayed alike from the same seed.
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
from bot.permissions import Actor
from bot.tables.batch import MOST
from rules.core.ai import Commander, decision_rng
from rules.core.dice import rolls_made
from rules.core.standing import choosers, defaults
from rules.core.system import GameSystem

if TYPE_CHECKING:
    import simcord

# (system, scenario, options, player-turns played): whole Shevardino; the first turns of 7 September (the
# great battle: most units, most attacks a phase); the first turns of 5 September with the Doomed Victory
# errata's rules; Bloody Monday's first impulses; 1812's first turns
DOOMED_VICTORY = "dv_rally,dv_leaders,dv_rally_moves,dv_leaderless_halt"
GAMES = (("borodino", "shevardino", "", 16), ("borodino", "7sep", "", 8), ("borodino", "5sep", DOOMED_VICTORY, 8),
         ("bloody_monday", "bloody_monday", "", 24), ("campaign_1812", "campaign", "", 12))
GOAL_INTERACTIONS, GOAL_DMS = 3, 5  # a player who knows their orders, per player-turn; no silent wait
LINES = 12  # random orders in one box before it ends the phase
DICE = 3  # other streams of dice an order written in advance must be accepted with
AHEAD = 24  # streams of dice an order's answers written ahead are found under (each face of a die likely met)
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
    posts: int = 0  # messages posted in the game's channel
    failed: int = 0  # messages Discord refused (kept for a retry, or given up): news late or lost
    silent: float = 0.0  # seconds


@dataclass
class Person:
    """A scripted player: their simcord member, and since when they wait untold (None: told)."""

    side: str
    actor: simcord.MemberActor
    dms_seen: set[int] = field(default_factory=set)  # ids: a kept message may be deleted as others come
    untold_since: datetime | None = None


class Table:
    """One game on simcord and its two scripted players."""

    def __init__(self, env: simcord.Env, client: KolochaBot, channel: simcord.ChannelHandle,
                 people: dict[str, Person]):
        self.env, self.client, self.channel, self.people = env, client, channel, people
        self.posts_seen: set[int] = set()
        self.failed_seen = 0  # the game's messages Discord refused so far
        self.game_id = 0
        self.standing: dict[str, str] = {}  # the standing orders both players gave

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
        new_posts = [m for m in posts if m.id not in self.posts_seen]
        self.posts_seen |= {m.id for m in new_posts}
        turn.posts += len(new_posts)
        failed = self.client.tables.store.count_failed(self.game_id)  # type: ignore[union-attr]
        turn.failed, self.failed_seen = turn.failed + failed - self.failed_seen, failed
        now, awaited = self.env.now(), self.awaited()
        for side, person in self.people.items():
            dms = self.dms(person)
            new_dms = [m for m in dms if m.id not in person.dms_seen]
            person.dms_seen |= {m.id for m in new_dms}
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
        posts, dms = set(self.posts_seen), set(person.dms_seen)
        await self.env.advance_time(max(limit - GRACE - (self.env.now() - since).total_seconds(), 0))
        await self.env.settle()
        mention = (f"<@{person.actor.id}>", f"<@!{person.actor.id}>")
        came = [m for m in self.dms(person) if m.id not in dms] + \
            [m for m in self.channel.history() if m.id not in posts and any(t in m.content for t in mention)]
        told = min((m.created_at for m in came), default=self.env.now())
        turn.silent = max(turn.silent, (told - since).total_seconds())
        person.untold_since = None
        self.news(turn, None, None, self.awaited())


def standing(system: GameSystem) -> dict[str, str]:
    """The standing orders a scripted player gives once, as the game starts: the first order of each
    kind of choice (rules.core.standing.defaults), so no choice waits for a click."""
    return defaults(system.standing_orders())


def follow_standing(system: GameSystem, state: dict, orders: dict[str, str]) -> dict:
    """The position once both players' standing orders have answered the choices waiting (as the
    bot plays them after each command)."""
    while (waiting := system.choice(state)) is not None:
        found = [cmd for side in choosers(waiting)
                 if (cmd := system.standing_command(state, side, orders)) is not None]
        if not found:
            return state
        state, _ = system.apply(state, choosers(waiting)[0], found[0])
    return state


def orders(system: GameSystem, state: dict, side: str, plan: Callable[[dict], list[str]],
           rng: random.Random, ahead: bool = False) -> list[str]:
    """What the side sends in one box: its plan (`plan` on a position: the orders it means to give
    there, which the computer at level 1 gives a few at a time) as far as the player can write it
    in advance, across its phases. The position is followed with the choices answered as the first
    standing orders answer them (`standing`: what the players gave, or, when they answer every
    choice themselves, what they expect and click; the bot holds the rest of a box while a choice
    waits, bot/tables/held.py). Until a die is rolled the player knows every position to
    come; after one, a further order goes into the box only if it would be accepted whatever the
    dice (tried from the last position known with DICE other streams of dice): the player writes
    it not knowing them. Should the real dice make it refused after all, the bot stops the batch
    there and the side sends the rest in another box. The box stops where a choice waits for the
    other side and where the side's turn ends. Without a plan (the bot refused the last one),
    random legal orders until the phase ends or a die is rolled. `ahead`: a player who answers every
    choice himself writes each order with the answers he would click after its dice (`with_answers`)."""
    state, rolls, sent = copy.deepcopy(state), rolls_made(state), list[str]()
    others: list[dict] = []  # the position under other dice, once a die was rolled

    def apply(position: dict, text: str) -> dict:
        return follow_standing(system, system.apply(position, side, system.parse(side, text))[0], standing(system))
    while len(sent) < MOST:
        key, before = system.phase_key(state), state
        lines = plan(state) or random_orders(system, state, side, rng)
        for done, text in enumerate(lines):
            text = with_answers(system, state, side, text) if ahead else text
            if others:
                try:
                    others = [apply(other, text) for other in others]
                except Exception:
                    return sent  # it depends on the dice: written once they are known
                if any(side not in system.active_sides(o) for o in others):
                    return sent + [text]  # after it, the dice may leave the other side to choose
            sent.append(text)
            try:
                after = apply(state, text)
            except Exception:  # refused after the dice: the rest of the intended orders go as they are
                return sent + lines[done + 1:]
            if not others and rolls_made(after) != rolls:
                others = [apply(reseeded(state, n), text) for n in range(1, DICE + 1)]
            state = after
            if side not in system.active_sides(state) or system.outcome(state) is not None:
                return sent  # the side's turn is over
            if system.phase_key(state) != key:
                break
        else:
            if not lines or state == before:
                return sent  # nothing more to say now
    return sent[:MOST]


def with_answers(system: GameSystem, state: dict, side: str, text: str) -> str:
    """The order with the answers its player would click after its dice, written ahead where the game
    takes them (Borodino: `attack 2919 -> 2918 then retreat 2817 then stay`, Combat H): under AHEAD other
    streams of dice (he does not know his own), each choice the order leaves its own side answered as the
    first standing orders would; the retreats, then the losses, of the first stream that has any, and
    the last answer (an advance, or `stay`). The order as it is where the game takes none."""
    orders = standing(system)
    found: dict[str, list[str]] = {}
    for n in range(1, AHEAD + 1):
        try:
            before = reseeded(state, n)
            position, _ = system.apply(before, side, system.parse(side, text))
        except Exception:
            return text
        if rolls_made(position) == rolls_made(before):
            return text  # no die: nothing to answer after it that was not known
        answers: list[str] = []
        while (waiting := system.choice(position)) is not None and side in choosers(waiting) and \
                (cmd := system.standing_command(position, side, orders)) is not None:
            answers.append(cmd.to_text())
            position, _ = system.apply(position, side, cmd)
        for kind in ("retreat", "lose"):
            found[kind] = found.get(kind) or [a for a in answers if a.startswith(kind)]
        if answers and answers[-1].split()[0] in ("stay", "advance"):
            found.setdefault("last", answers[-1:])
    retreats = [a if not n else a.split()[-1] for n, a in enumerate(found.get("retreat", []))]
    written = " then ".join([text, *retreats, *found.get("lose", []), *found.get("last", [])])
    try:
        system.apply(state, side, system.parse(side, written))
    except Exception:
        return text
    return written


def reseeded(state: dict, n: int) -> dict:
    """The position with other dice: each stream's seed moved by `n` (rules.core.dice)."""
    state = copy.deepcopy(state)
    for dice in (state["dice"], *state.get("side_dice", {}).values()):
        dice["seed"] += n
    return state


def random_orders(system: GameSystem, state: dict, side: str, rng: random.Random) -> list[str]:
    """Random legal orders (rules.core.system.sample_command) until the phase ends, a die is rolled
    (what follows it is not known in advance), or the side has said all it can now; then `end`."""
    key, state, rolls = system.phase_key(state), copy.deepcopy(state), rolls_made(state)
    lines: list[str] = []
    while len(lines) < LINES:
        command = system.sample_command(state, side, rng)
        if command is None:
            break
        options = [c.to_text() for c in system.legal_commands(state, side)]
        state, _ = system.apply(state, side, command)
        lines.append(command.to_text())
        if (side not in system.active_sides(state) or system.phase_key(state) != key or rolls_made(state) != rolls
                or [c.to_text() for c in system.legal_commands(state, side)] == options):
            return lines  # the phase is over, a die was rolled, or the side has said all it can (a secret plan)
    ends = [c.to_text() for c in system.legal_commands(state, side) if c.to_text() == "end"]
    return lines + ends  # a phase's worth of random orders, then the phase ends


def choice_offered(table: Table, person: Person) -> tuple[discord.Message, str, str | None] | None:
    """The button or menu of a choice offered to the player for the game's present position, as
    the messages stand now (a pressed question loses its buttons; a question may ride on a message
    edited in place): the message, its custom id, and a menu's value. The answer is the one that
    leads where the first standing orders would (what the player expected when writing the rest of
    their orders), the one making most choices at once among them (`choices`), else the first."""
    system, state = table.service.system(table.game_id), table.service.load(table.game_id)
    orders = standing(system)
    expected = orderless(follow_standing(system, state, orders))

    def wanted(text: str) -> bool:
        try:
            after, _ = system.apply(state, person.side, system.parse(person.side, text))
        except Exception:
            return False
        return orderless(follow_standing(system, after, orders)) == expected
    position = f"{table.game_id}:{person.side}:{table.service.store.seen_seq(table.game_id, person.side)}"
    prefixes = (f"kolocha:answer:{position}:", f"kolocha:answers:{position}")
    found: list[tuple[discord.Message, str, str | None]] = []
    for message in reversed([*table.channel.history(), *table.dms(person)]):
        for row in message.components:
            for item in getattr(row, "children", [row]):
                custom_id = getattr(item, "custom_id", None) or ""
                if not custom_id.startswith(prefixes):
                    continue
                values = [option.value for option in getattr(item, "options", None) or ()]
                if values:
                    return message, custom_id, max((v for v in values if wanted(v)), key=choices, default=values[0])
                found.append((message, custom_id, None))
    return max((f for f in found if wanted(f[1].removeprefix(prefixes[0]))), key=lambda f: choices(f[1]),
               default=found[0] if found else None)


def orderless(state: dict) -> dict:
    """The position without the orders kept for later choices: Bloody Monday's for the battle under way
    (`hit order`, 5.3.6) and the stand for every battle of the impulse (`stand all`, 6.4), 1812's chits for
    every battle of the Combat Phase (`plan assault all`): an order that answers as the standing orders
    would leads where they lead, the order kept. The first standing orders stand in every battle (the
    retreat's first, `stand`), so the player who expects them clicks the stand kept for the impulse."""
    battle, impulse = state.get("battle"), state.get("impulse")
    kept = {k: v for k, v in state.items() if k != "plans"}
    if impulse:
        kept["impulse"] = {k: v for k, v in impulse.items() if k != "stand"}
    return {**kept, "battle": {k: v for k, v in battle.items() if k != "order"}} if battle else kept


def choices(answer: str) -> float:
    """How many choices an answer makes at once: a chain `retreat 2704 then 2703 then stay` three."""
    return answer.count(" then ") + len(answer.split()) / 100  # then the longer (Bloody Monday's hits)


async def act(table: Table, person: Person, lines: list[str]) -> simcord.InteractionResult:
    """One interaction: a choice's button or menu when one is offered, else the orders box."""
    offered = choice_offered(table, person)
    if offered is not None:
        message, custom_id, value = offered
        who = person.actor.user if message.guild is None else person.actor  # a DM's button: as the user
        if value is None:
            return await who.click(message, custom_id=custom_id)
        return await who.select(message, [value], custom_id=custom_id)
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
        waiting = system.choice(state)
        asked = [s for s in choosers(waiting) if s in active] if waiting else []
        side = next((s for s in asked or active if sent.get(s) != played), (asked or active)[0])  # in turn
        sent[side] = played
        person = table.people[side]
        await table.wait_until_told(person, turn, limit)

        def plan(position: dict) -> list[str]:
            if commander is None or stalled:
                return []
            return [d.command for d in commander.plan(system.view(position, side),
                                                      tuple(memory.told(service, table.game_id, side)),
                                                      decision_rng(seed, played))]
        lines = orders(system, state, side, plan, rng, ahead=not table.standing)
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
                       seed: int, options: str = "", asked: bool = False) -> list[PlayerTurn]:
    """One game on a fresh simulated server; `asked`: the players give no standing orders, so
    every choice waits for its chooser's click."""
    import simcord

    env_box: list[simcord.Env] = []
    client = create_bot(Config(database=str(workdir / f"{system_name}-{scenario}-{asked}.sqlite")), stand_in_picture,
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
            tables = client.tables
            assert tables is not None
            await tables.lobby.new(Actor(str(anna.id), anna.name, False), str(guild.id), str(channel.id),
                                   system_name, scenario, options, seed=seed)  # `/game new`, with the dice's seed given
            await members[0].slash(channel, "game join", side="french")
            await members[1].slash(channel, "game join", side="russian")
            await members[0].slash(channel, "game start")
            table.game_id = tables.game_in(str(channel.id))["id"]
            setup = PlayerTurn("set-up")
            table.news(setup, None, None, set())
            table.standing = {} if asked else standing(tables.service.system(table.game_id))
            given = [f"orders {kind} {order}" for kind, order in table.standing.items()]
            for person in people.values() if given else ():  # once a game: the standing orders, in one box
                before = table.awaited()
                answer = await person.actor.submit_modal(await person.actor.slash(channel, "orders"),
                                                         {ORDERS_BOX: "\n".join(given)})
                await env.settle()
                setup.interactions[person.side] += 1
                table.news(setup, person, answer, before)
            return [setup, *await play(table, system_name, player_turns, seed)]
    finally:
        await env.shutdown()


def rows(system_name: str, scenario: str, turns: list[PlayerTurn]) -> list[tuple[str, str]]:
    """One row per player-turn, then the worst and the median of each figure beside its goal."""
    sides = ("french", "russian")
    out = [(f"{system_name} {scenario}, {t.label}",
            "; ".join(f"{s}: {t.interactions[s]} int ({t.fruitless[s]} fruitless), {t.dms[s]} DMs, "
                      f"{t.pictures[s]} pic" for s in sides)
            + f"; {t.posts} posts; silent {t.silent / 3600:g} h") for t in turns]
    turns = [t for t in turns if t.label != "set-up"]  # once a game: shown, not a player-turn
    if not turns:
        return out
    each = "per player and player-turn"
    figures: dict[str, tuple[list[float], float, Callable[[float], str]]] = {
        f"interactions {each}": ([t.interactions[s] for t in turns for s in sides], GOAL_INTERACTIONS, str),
        f"DMs {each}": ([t.dms[s] for t in turns for s in sides], GOAL_DMS, str),
        f"pictures {each}": ([t.pictures[s] for t in turns for s in sides], float("inf"), str),
        "channel posts per player-turn": ([t.posts for t in turns], float("inf"), str),
        f"silent wait (h) {each}": ([t.silent / 3600 for t in turns], 0.0, lambda h: f"{h:g}"),
        "messages Discord refused per player-turn": ([t.failed for t in turns], 0.0, lambda n: f"{n:g}")}
    for name, (values, goal, say) in figures.items():
        worst = max(values)
        met = "met" if worst <= goal else "NOT met"
        verdict = "" if goal == float("inf") else f" (goal at most {say(goal)}: {met})"
        out.append((f"{system_name} {scenario}, {name}",
                    f"max {say(worst)}, median {say(statistics.median(values))}{verdict}"))
    return out


def simcord_installed() -> bool:
    """simcord comes with the test extras only."""
    return importlib.util.find_spec("simcord") is not None


def measure(games: tuple[tuple[str, str, str, int], ...] = GAMES, seed: int = 1) -> list[tuple[str, str]]:
    """The table rows of `kolocha bench --ux` (simcord installed): each game played by players
    with standing orders, a row per player-turn and the figures beside the goals; then the same
    game played by players who answer every choice themselves, its figures only."""
    out: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for system_name, scenario, options, player_turns in games:
            name = scenario + (" (Doomed Victory)" if options == DOOMED_VICTORY else "")
            turns = asyncio.run(measure_game(Path(tmp), system_name, scenario, player_turns, seed, options))
            out += rows(system_name, name, turns)
        for system_name, scenario, options, player_turns in games:
            name = scenario + (" (Doomed Victory)" if options == DOOMED_VICTORY else "")
            turns = asyncio.run(measure_game(Path(tmp), system_name, scenario, player_turns, seed, options, True))
            out += rows(system_name, f"{name}, every choice asked", turns)[len(turns):]
    return out
