"""The slash commands: `/game ...` for the table, `/games mine` for a player's games on every
server, `/prefs` for a player's own time, `/help`; `/move`, `/attack`, `/order`, `/orders` and
`/end` for play, `/odds` to ask before playing.

Each command is glue: it defers (private, so a refusal is never public), calls Tables, and
answers privately with the reply and any notices that closed DMs held back. Autocomplete is fed
by the engine's legal commands for the caller's side. Whatever reads the store or asks the
engine runs in a worker thread: the event loop only talks to Discord, so every interaction is
acknowledged at once, even while another connection holds the database's write lock.
"""
from __future__ import annotations

import asyncio
import functools
import io
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import discord
from discord import app_commands

import rules
from bot.converters import option_completions, parse_hour, parse_hours, parse_tables
from bot.discord.buttons import actor_of, confirmation, verify_button
from bot.discord.messenger import markup, send_reply
from bot.discord.order_forms import help_header
from bot.permissions import Actor, TableError
from bot.service.standing import offered
from bot.tables import Offer, Tables
from bot.tables.lobby import Opponent
from bot.tables.overview import STATUSES
from bot.text import SYSTEM_NAMES
from bot.store import StoreRefusal
from bot.words import Text

Work = Callable[[Tables, Actor, str], Awaitable[Text] | Text]
# /game map: one picture a minute per person, MAPS_PER_CHANNEL per channel. Checks run bottom
# decorator first: a person refused by their own cooldown uses none of the channel's.
MAP_SECONDS = 60.0
MAPS_PER_CHANNEL = 3


def tables_of(interaction: discord.Interaction) -> Tables:
    return interaction.client.tables  # type: ignore[attr-defined]


async def answer(interaction: discord.Interaction, work: Work) -> None:
    """Defer at once (Discord wants an answer within 3 s), do the work, answer privately."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    tables = tables_of(interaction)
    actor = actor_of(interaction)
    try:
        # a synchronous work (status, list) runs whole in the worker thread; an asynchronous
        # one only comes into being there, and runs on the loop, passing its own store work
        # to threads
        reply = await asyncio.to_thread(work, tables, actor, str(interaction.channel_id))
        text = await reply if isinstance(reply, Awaitable) else reply
    except TableError as error:  # a refusal, or an option's text that is not its value (Unreadable)
        text = error.text
    except StoreRefusal as error:  # a change the store turned down inside its write (a race lost)
        text = str(error)
    await send_reply(lambda piece: interaction.followup.send(piece, ephemeral=True),
                     tables.delivery,
                     await asyncio.to_thread(tables.private, actor, text or "Done."))


async def offer(interaction: discord.Interaction, action: str) -> None:
    """Ask privately, with persistent buttons, before ending a phase or resigning: acknowledged
    at once (Discord wants an answer within 3 s, and the offer is read in a worker thread that
    may queue behind writes), the question and its buttons follow; an end that gives nothing up
    (Play.offer) is played at once."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    tables = tables_of(interaction)
    actor = actor_of(interaction)

    def followup(piece: str) -> Awaitable[object]:
        return interaction.followup.send(piece, ephemeral=True)
    try:
        asked = await asyncio.to_thread(tables.play.offer, actor, str(interaction.channel_id),
                                        action)
    except TableError as error:
        await send_reply(followup, tables.delivery,
                         await asyncio.to_thread(tables.private, actor, error.text))
        return
    if not asked.needed:  # nothing to give up: done at once
        try:
            text = await tables.play.confirm(actor, action, asked.game_id, asked.side, asked.seq)
        except TableError as error:
            text = error.text
        except StoreRefusal as error:
            text = str(error)
        await send_reply(followup, tables.delivery, await asyncio.to_thread(tables.private, actor, text))
        return
    await send_reply(followup, tables.delivery, asked.reply, lambda piece: interaction.followup
                     .send(piece, ephemeral=True, view=confirmation(action, asked)))


async def open_thread(interaction: discord.Interaction, name: str) -> str:
    """A public thread off the interaction's text channel, for a game; its id."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise TableError("A game thread opens only from a text channel; run `/game new` "
                         "without `thread` here.")
    try:
        opened = await channel.create_thread(name=name[:100], auto_archive_duration=10080,
                                             type=discord.ChannelType.public_thread)
    except discord.Forbidden:
        raise TableError("I may not open threads here: give me Create Public Threads and "
                         "Send Messages in Threads, or run `/game new` without `thread`.")
    return str(opened.id)


def check_may_post(interaction: discord.Interaction, channel: discord.TextChannel) -> None:
    """Spectators' posts go where the asker may post, and the bot too: the bot
    must never be a way to speak in a channel closed to the person asking."""
    needed = ("view_channel", "send_messages")
    person = interaction.user
    mine = channel.permissions_for(person) if isinstance(person, discord.Member) else None
    if mine is None or not all(getattr(mine, p) for p in needed):
        raise TableError(f"You may not post in {channel.mention}, so spectators cannot follow "
                         "the game there on your word; choose a channel where you may post.")
    me = channel.guild.me
    bots = channel.permissions_for(me) if me is not None else None
    if bots is None or not all(getattr(bots, p) for p in (*needed, "attach_files")):
        raise TableError(f"I may not post pictures in {channel.mention}: give me View Channel, "
                         "Send Messages and Attach Files there, or choose another channel.")


READS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="kolocha-reads")
"""Autocomplete's own threads. Its work only reads (SQLite lets readers past a held write lock),
and Discord drops an autocomplete answered after 3 s: in the default pool it would queue behind
commands waiting for that lock."""
Result = TypeVar("Result")


async def read(work: Callable[..., Result], *args: Any) -> Result:
    """`work(*args)` in autocomplete's own threads (READS)."""
    return await asyncio.get_running_loop().run_in_executor(READS, functools.partial(work, *args))


def _choices(values: list[str] | list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Choices from plain values, or from (value, name) pairs: the name is what the player reads."""
    pairs = [(v, v) if isinstance(v, str) else v for v in values]
    return [app_commands.Choice(name=name, value=value) for value, name in pairs]


Completer = Callable[[discord.Interaction, str],
                     Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def _completer(field: str) -> Completer:
    """An autocomplete callback for one field of a play command."""
    async def complete(interaction: discord.Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        given = {k: str(v) for k, v in interaction.namespace.__dict__.items() if v is not None}
        return _choices(await read(
            tables_of(interaction).completion.complete, actor_of(interaction),
            str(interaction.channel_id), field, current, given))
    return complete


async def _systems(interaction: discord.Interaction, current: str
                   ) -> list[app_commands.Choice[str]]:
    """The game systems by the names players know them by ('Bloody Monday'), matched on the
    name or the id typed; each choice's value is the id the command takes."""
    named = [(s, SYSTEM_NAMES.get(s, s)) for s in rules.systems()]
    return _choices([(s, title) for s, title in named
                     if current.lower() in s or current.lower() in title.lower()][:25])


async def _scenarios(interaction: discord.Interaction, current: str
                     ) -> list[app_commands.Choice[str]]:
    system = interaction.namespace.system or "borodino"
    if system not in rules.systems():
        return []
    found = rules.load(system).scenarios()
    return [app_commands.Choice(name=f"{s['id']}: {s['title']}"[:100], value=s["id"])
            for s in found if current.lower() in s["id"].lower()][:25]


async def _options(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for `/game new options:`: the names typed, then each option of the system and
    scenario chosen not named yet, as a new game would change it (name=off for a reading it plays
    unless told)."""
    system = interaction.namespace.system or "borodino"
    if system not in rules.systems():
        return []
    loaded = rules.load(system)
    found = next((s for s in loaded.scenarios() if s["id"] == interaction.namespace.scenario), None)
    offered = found["options"] if found else list(loaded.INFO.options)
    return _choices([text for text in option_completions(current, offered, loaded.INFO.new_game_options)
                     if len(text) <= 100][:25])


async def _sides_of_system(interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
    """Autocomplete for the side to play in `/game new`: the sides of the system chosen."""
    system = interaction.namespace.system or "borodino"
    if system not in rules.systems():
        return []
    return _choices([s for s in rules.load(system).INFO.sides if current.lower() in s])


def _side_completer(free_only: bool) -> Completer:
    """Autocomplete for a side of the game here: every side, or only those still free."""
    async def complete(interaction: discord.Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        tables = tables_of(interaction)

        def sides() -> list[str]:
            try:
                game = tables.game_in(str(interaction.channel_id))
            except TableError:
                return []
            taken = tables.store.seats(game["id"]) if free_only else {}
            return [s for s in tables.service.system(game["id"]).INFO.sides
                    if s not in taken and current.lower() in s]
        return _choices(await read(sides))
    return complete


def _order_completer(field: str) -> Completer:
    """Autocomplete for standing orders: the kinds of choice of the game here, or
    the orders of the kind already given."""
    async def complete(interaction: discord.Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
        tables = tables_of(interaction)

        def orders() -> dict:
            try:
                game = tables.game_in(str(interaction.channel_id))
            except TableError:
                return {}
            seats = tables.store.seats(game["id"])
            side = next((s for s, user in seats.items() if user == str(interaction.user.id)), None)
            return offered(tables.service.system(game["id"]), tables.service.load(game["id"]), side)
        table = await read(orders)
        if field == "kind":
            return _choices([k for k in table if current.lower() in k][:25])
        given = table.get(str(interaction.namespace.kind or ""), {})
        return [app_commands.Choice(name=f"{o}: {what}"[:100], value=o)
                for o, what in [*given.items(), ("ask", "no standing order: ask me")]
                if current.lower() in o][:25]
    return complete


LEVELS = [app_commands.Choice(name="level 1 (scripted on the rule book)", value=1),
          app_commands.Choice(name="level 2 (looks further ahead)", value=2)]


class GameCommands(app_commands.Group):
    """`/game`: the table of a game in this channel."""

    def __init__(self) -> None:
        super().__init__(name="game", description="Play-by-post wargames in this channel",
                         guild_only=True)

    @app_commands.command(name="new", description="Open a game in this channel (or a new thread)")
    @app_commands.describe(system="Game system", scenario="Scenario id",
                           options="Options, comma-separated: a name turns one on, name=off a reading off",
                           hot_seat="One person may play both sides",
                           thread="Open a thread for the game instead of using this channel",
                           opponent="computer: you play one side, the computer the other, at once",
                           side="With opponent:computer, the side you play (default: the first)",
                           level="With opponent:computer, how well it plays",
                           tables="Your own tables file (TOML, the format of 1812's data/tables.toml)")
    @app_commands.autocomplete(system=_systems, scenario=_scenarios, side=_sides_of_system, options=_options)
    @app_commands.choices(opponent=[app_commands.Choice(name="a person (who joins)", value="person"),
                                    app_commands.Choice(name="the computer", value="computer")])
    @app_commands.choices(level=LEVELS)
    async def new(self, interaction: discord.Interaction, system: str, scenario: str,
                  options: str = "", hot_seat: bool = False, thread: bool = False,
                  opponent: str = "person", side: str | None = None,
                  level: int | None = None, tables: discord.Attachment | None = None) -> None:
        guild = str(interaction.guild_id)
        against = Opponent(side, level) if opponent == "computer" else None

        async def open_game(rooms: Tables, actor: Actor, channel: str) -> Text:
            own = None if tables is None else parse_tables(await tables.read(), tables.filename)
            if thread:
                await asyncio.to_thread(rooms.lobby.check_new, system, scenario, options, own)
                await asyncio.to_thread(rooms.lobby.check_thread, actor, guild)
                channel = await open_thread(interaction, f"{system} {scenario}")
            return await rooms.lobby.new(actor, guild, channel, system, scenario, options, hot_seat,
                                         against=against, tables=own)

        await answer(interaction, open_game)

    @app_commands.command(name="join", description="Take a free side of the game here")
    @app_commands.describe(side="The side you will play")
    @app_commands.autocomplete(side=_side_completer(free_only=True))
    async def join(self, interaction: discord.Interaction, side: str) -> None:
        await answer(interaction, lambda t, a, c: t.lobby.join(a, c, side))

    @app_commands.command(name="start", description="Begin the game once every side is taken")
    async def start(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, a, c: t.lobby.start(a, c))

    @app_commands.command(name="status", description="Turn, phase, seats and deadlines")
    async def status(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, a, c: t.overview.status(a, c))

    @app_commands.command(name="map", description="Post a fresh map of the game")
    @app_commands.describe(around="Centre on this place: a hex (3224) or an area by its number (12)",
                           private="Send me my own side's map by DM (with the units only I see)")
    @app_commands.checks.cooldown(MAPS_PER_CHANNEL, MAP_SECONDS, key=lambda i: i.channel_id)
    @app_commands.checks.cooldown(1, MAP_SECONDS, key=lambda i: (i.channel_id, i.user.id))
    async def map(self, interaction: discord.Interaction, around: str | None = None,
                  private: bool = False) -> None:
        await answer(interaction, lambda t, a, c: t.play.map(a, c, around, private))

    @app_commands.command(name="orders", description="Standing orders: answers the bot gives for you when a "
                          "choice falls to you (a box of moves: /orders)")
    @app_commands.describe(kind="The kind of choice (leave empty to list yours)",
                           order="What to do when it falls to you; ask: the game waits for you")
    @app_commands.autocomplete(kind=_order_completer("kind"), order=_order_completer("order"))
    async def orders(self, interaction: discord.Interaction, kind: str | None = None,
                     order: str | None = None) -> None:
        line = " ".join(["orders", *(w for w in (kind, order) if w)])
        await answer(interaction, lambda t, a, c: t.play.submit(a, c, line))

    @app_commands.command(name="undo", description="Take back your last command")
    async def undo(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, a, c: t.play.submit(a, c, "undo"))

    @app_commands.command(name="resign", description="Resign the game (asks to confirm)")
    async def resign(self, interaction: discord.Interaction) -> None:
        await offer(interaction, "resign")

    @app_commands.command(name="draw", description="Offer a draw, or answer the other player's "
                          "offer with buttons")
    async def draw(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = tables_of(interaction)
        actor = actor_of(interaction)
        try:
            asked = await tables.play.draw(actor, str(interaction.channel_id))
        except TableError as error:
            asked = error.text
        if isinstance(asked, Offer):
            await send_reply(lambda piece: interaction.followup.send(piece, ephemeral=True),
                             tables.delivery, asked.reply, lambda piece: interaction.followup.send(
                                 piece, ephemeral=True, view=confirmation("draw", asked, "decline")))
            return
        await send_reply(lambda piece: interaction.followup.send(piece, ephemeral=True),
                         tables.delivery,
                         await asyncio.to_thread(tables.private, actor, asked or "Done."))

    @app_commands.command(name="export", description="Post an ended game's command log and animated "
                          "replay")
    @app_commands.describe(game="The game's number (default: the last game of this channel)")
    async def export(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1] | None = None) -> None:
        tables = tables_of(interaction)
        guild = str(interaction.guild_id)
        try:  # a quick look first: a refusal is the asker's alone, the archive is for everyone
            chosen = await asyncio.to_thread(tables.overview.archived, str(interaction.channel_id), guild, game)
        except TableError as error:
            await interaction.response.send_message(markup(error.text), ephemeral=True)
            return
        await interaction.response.defer(thinking=True)
        number, text, script, gif = await asyncio.to_thread(tables.overview.export, chosen)
        await interaction.followup.send(text, view=verify_button(number), files=[
            discord.File(io.BytesIO(script.encode()), f"kolocha-game{number}.txt"),
            discord.File(io.BytesIO(gif), f"kolocha-game{number}.gif")])

    @app_commands.command(name="cancel", description="End the game without a winner (creator or "
                          "Manage Server)")
    @app_commands.describe(game="A game's number, to end it from any channel (Manage Server)")
    async def cancel(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1] | None = None) -> None:
        guild = str(interaction.guild_id)
        await answer(interaction, lambda t, a, c: t.management.cancel(a, c, game, guild))

    @app_commands.command(name="replace", description="Seat a substitute for a side (creator or "
                          "Manage Server)")
    @app_commands.describe(side="The side to hand over", user="Who plays it from now on")
    @app_commands.autocomplete(side=_side_completer(free_only=False))
    async def replace(self, interaction: discord.Interaction, side: str,
                      user: discord.Member) -> None:
        player = Actor(str(user.id), user.display_name, user.guild_permissions.manage_guild)
        await answer(interaction, lambda t, a, c: t.seats.replace(a, c, side, player))

    @app_commands.command(name="seat", description="Hand a side to the computer (creator or "
                          "Manage Server)")
    @app_commands.describe(side="The side it plays from now on", player="Who takes the seat",
                           level="How well it plays (default: the game's setting)")
    @app_commands.autocomplete(side=_side_completer(free_only=False))
    @app_commands.choices(player=[app_commands.Choice(name="the computer", value="computer")])
    @app_commands.choices(level=LEVELS)
    async def seat(self, interaction: discord.Interaction, side: str, player: str,
                   level: int | None = None) -> None:
        await answer(interaction, lambda t, a, c: t.computer.seat(a, c, side, level))

    @app_commands.command(name="resume", description="Go on with a paused game (players agree, or "
                          "Manage Server)")
    @app_commands.describe(game="A game paused because its channel was lost: its number (its "
                           "players got it by DM); leave empty for the game here")
    async def resume(self, interaction: discord.Interaction,
                     game: app_commands.Range[int, 1] | None = None) -> None:
        guild = str(interaction.guild_id)
        if game is None:
            await answer(interaction, lambda t, a, c: t.absence.resume(a, c))
            return
        await answer(interaction, lambda t, a, c: t.management.resume(a, guild, c, game))

    @app_commands.command(name="pause", description="Pause the game here (the other player agrees "
                          "by pausing too, or Manage Server)")
    async def pause(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, a, c: t.absence.pause(a, c))

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, a, c: t.absence.leave(a, c))

    @app_commands.command(name="settings", description="Show or change deadlines, spectating and "
                          "the computer")
    @app_commands.describe(deadline_hours="Hours a side has for its turn",
                           reminders="Hours before the deadline to remind, comma-separated",
                           at_deadline="What happens when a deadline passes",
                           spectator_delay="Spectators see the game one turn behind",
                           skip_weekends="Saturdays and Sundays do not count toward deadlines",
                           level="How well a computer seat taken from now on plays",
                           budget="Seconds a computer seat taken from now on may think a turn")
    @app_commands.choices(at_deadline=[
        app_commands.Choice(name="end the phase (what is owed played for the late side)", value="end"),
        app_commands.Choice(name="the default mid-turn choice, else remind", value="choose"),
        app_commands.Choice(name="remind again (the game waits)", value="remind"),
        app_commands.Choice(name="the late side forfeits", value="forfeit"),
        app_commands.Choice(name="the computer takes the late side's seat", value="computer")])
    @app_commands.choices(level=LEVELS)
    async def settings(self, interaction: discord.Interaction,
                       deadline_hours: app_commands.Range[float, 0.1, 1440.0] | None = None,
                       reminders: str | None = None, at_deadline: str | None = None,
                       spectator_delay: bool | None = None,
                       skip_weekends: bool | None = None, level: int | None = None,
                       budget: app_commands.Range[float, 1.0, 3600.0] | None = None) -> None:
        changes: dict[str, object] = {k: v for k, v in (
            ("deadline_hours", deadline_hours), ("at_deadline", at_deadline),
            ("spectator_delay", spectator_delay), ("skip_weekends", skip_weekends),
            ("ai_level", level), ("ai_budget", budget)) if v is not None}

        def change(tables: Tables, actor: Actor, channel: str) -> Awaitable[Text]:
            if reminders is not None:
                changes["reminders"] = parse_hours(reminders)
            return tables.lobby.change_settings(actor, channel, changes)

        await answer(interaction, change)

    @app_commands.command(name="spectate", description="Mirror the public view to a channel")
    @app_commands.describe(channel="The spectators' channel")
    async def spectate(self, interaction: discord.Interaction,
                       channel: discord.TextChannel) -> None:
        async def follow(tables: Tables, actor: Actor, here: str) -> Text:
            check_may_post(interaction, channel)
            return await tables.lobby.spectate(actor, here, str(channel.id))

        await answer(interaction, follow)

    @app_commands.command(name="inbox", description="Your private news in a private thread here "
                          "(when your DMs are closed)")
    async def inbox(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, a, c: t.news.inbox(a, c))

    @app_commands.command(name="list", description="The games on this server, filtered")
    @app_commands.describe(system="Only games of this system", status="Only games in this state "
                           "(default: all not over)", waiting_on="Only games where it is their move")
    @app_commands.autocomplete(system=_systems)
    @app_commands.choices(status=_choices(list(STATUSES)))
    async def list_games(self, interaction: discord.Interaction, system: str | None = None,
                         status: str | None = None,
                         waiting_on: discord.Member | None = None) -> None:
        guild = str(interaction.guild_id)
        who = str(waiting_on.id) if waiting_on is not None else None
        await answer(interaction, lambda t, a, c: t.overview.listing(guild, system, status, who))


class GamesCommands(app_commands.Group):
    """`/games`: a player's games on every server."""

    def __init__(self) -> None:
        super().__init__(name="games", description="Your games on every server")

    @app_commands.command(name="mine", description="Your games on every server, your move first "
                          "(only you see it)")
    async def mine(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, a, c: t.overview.mine(a))


@app_commands.command(name="prefs", description="Your own time: time zone, deadline hour, vacation, "
                      "reminders (all your games)")
@app_commands.describe(timezone="e.g. Europe/Paris", due_hour="Your deadlines fall at this hour of "
                       "your day (0-23); none clears", away_until="Vacation: last day away, YYYY-MM-DD; "
                       "your deadlines wait; none clears", remind="How reminders reach you",
                       quiet="Hours without reminders, from-to like 22-7; none clears")
@app_commands.choices(remind=[app_commands.Choice(name="where the game asks you (a DM with hidden units, "
                                                   "else the channel): the default", value="asked"),
                              app_commands.Choice(name="by DM and in the channel", value="both"),
                              app_commands.Choice(name="by DM only", value="dm"),
                              app_commands.Choice(name="in the channel only", value="channel")])
async def prefs(interaction: discord.Interaction, timezone: str | None = None,
                due_hour: str | None = None, away_until: str | None = None,
                remind: str | None = None, quiet: str | None = None) -> None:
    changes: dict[str, object] = {k: v for k, v in (
        ("tz", timezone), ("away_until", away_until), ("remind", remind), ("quiet", quiet))
        if v is not None}

    def change(tables: Tables, actor: Actor, channel: str) -> Awaitable[Text]:
        if due_hour is not None:  # read in the worker thread: Unreadable is answered like a refusal
            word = due_hour.strip().lower()
            changes["due_hour"] = "none" if word == "none" else parse_hour(word)
        return tables.absence.prefs(actor, changes)

    await answer(interaction, change)


@app_commands.command(name="help", description="The commands of the game in this channel, "
                      "with examples")
@app_commands.describe(topic="One command in full (move, retreat, orders); options: the game's own; or deadlines")
async def help_command(interaction: discord.Interaction, topic: str | None = None) -> None:
    await answer(interaction, lambda t, a, c: t.overview.help(c, topic, help_header(t.config.message_content)))


@app_commands.command(name="move", description="Move a unit, a block or a stack")
@app_commands.describe(unit="Borodino: a unit's hex or id; Bloody Monday: a block; 1812: a place (autocomplete "
                       "lists yours)",
                       to="Where it goes: a hex or area, or a path of them")
@app_commands.autocomplete(unit=_completer("unit"), to=_completer("to"))
@app_commands.guild_only()
async def move(interaction: discord.Interaction, unit: str, to: str) -> None:
    await answer(interaction, lambda t, a, c: t.play.submit(a, c, f"move {unit} {to}"))


@app_commands.command(name="attack", description="Borodino: attack enemy units (Bloody Monday and 1812 fight "
                      "battles where armies meet: /help)")
@app_commands.describe(attackers="Attacking hexes, joined by +", defenders="Defending hexes, "
                       "joined by +", then="Answers to what its result may leave you, chosen now: stay, "
                       "advance 2919, retreat 2817 then stay")
@app_commands.autocomplete(attackers=_completer("attackers"), defenders=_completer("defenders"),
                           then=_completer("then"))
@app_commands.guild_only()
async def attack(interaction: discord.Interaction, attackers: str, defenders: str, then: str | None = None) -> None:
    line = f"attack {attackers} -> {defenders}" + (f" then {then}" if then else "")  # Borodino's Combat H
    await answer(interaction, lambda t, a, c: t.play.submit(a, c, line))


@app_commands.command(name="order", description="Any command in the game's grammar (several: "
                      "separate them with ;)")
@app_commands.describe(command="e.g. move 2525 2824 (Borodino), move f-i-5 22 (Bloody Monday), move 12 10 "
                       "(1812); end")
@app_commands.autocomplete(command=_completer("order"))
@app_commands.guild_only()
async def order(interaction: discord.Interaction, command: str) -> None:
    await answer(interaction, lambda t, a, c: t.play.orders(a, c, command))


ORDERS_BOX = "kolocha:orders:text"  # the box's field, by a name of ours


class OrdersBox(discord.ui.Modal, title="Your orders"):
    """`/orders`: a box for a phase's orders, one a line, judged in order (bot/tables/batch.py); it opens
    with the orders the player's side holds behind a choice, which it replaces (emptied, it drops them)."""

    orders: discord.ui.TextInput = discord.ui.TextInput(
        label="One order a line, judged in order", style=discord.TextStyle.paragraph,
        placeholder="move 2525 2824\nend\nattack 2824 -> 2924 then stay\nend", max_length=4000, custom_id=ORDERS_BOX,
        required=False)

    def __init__(self, held: str = "") -> None:
        super().__init__()
        self.orders.default = held or None

    async def on_submit(self, interaction: discord.Interaction) -> None:
        text = self.orders.value
        await answer(interaction, lambda t, a, c: t.play.orders(a, c, text, box=True))


@app_commands.command(name="orders", description="Type a phase's orders in a box, one a line (standing orders for "
                      "choices: /game orders)")
@app_commands.guild_only()
async def orders(interaction: discord.Interaction) -> None:
    held = await asyncio.to_thread(tables_of(interaction).play.held_in, actor_of(interaction),
                                   str(interaction.channel_id))
    await interaction.response.send_modal(OrdersBox(held))


@app_commands.command(name="odds", description="The odds of an attack, or a battle's expected hits, "
                      "before you commit (private)")
@app_commands.describe(question="Borodino: 3022+3121 -> 3020; Bloody Monday: an area, or a gun and an area; "
                       "1812: a battle's place")
@app_commands.guild_only()
async def odds(interaction: discord.Interaction, question: str) -> None:
    await answer(interaction, lambda t, a, c: t.play.submit(a, c, f"odds {question}"))


@app_commands.command(name="end", description="End your phase (asks first, unless end is all you may do)")
@app_commands.guild_only()
async def end(interaction: discord.Interaction) -> None:
    await offer(interaction, "end")


PLAY_COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (move, attack, order, orders, odds, end)
