"""The swap test through the front ends (docs/architecture.md, "Hidden information").

The engine's swap tests (rules/bloody_monday/swaptest.py, rules/campaign_1812/swaptest.py) exchange
two blocks (or the contents of two stacks) of the other side that a viewer has not seen and compare
what the engine tells that viewer. Here the two positions become games, once at a Discord table (the
real Tables over a recording messenger) and once at the terminal's hot seat, and the viewer types
the same lines in both: legal commands of theirs, probes naming the enemy blocks or places, and
queries, then `undo`. Everything the viewer can observe must be the same:
the replies (slash commands, typed messages, `/orders` boxes of several orders, an answer's button
clicked where its question asked, orders typed to the bot by DM), what is posted
in the game channel and in a spectators' channel, what they are sent by DM (new messages and the
kept ones edited in place, with their buttons), where the bot is shown typing (the computer
thinking: tests/bot/test_computer_thinking_unseen.py), the pictures (drawn here as the JSON of the
view they show) and the maps asked for around the places the probes name, the autocomplete of every
field and the standing orders offered, their games as `/games mine` and `/game list` show them,
`/help`, `/game export` and the Verify button (refused while the game runs), the game paused and resumed
by agreement, the reminders and passed deadlines of the sides awaited at the end, the terminal's screen and
the files it writes for them, and the replay `kolocha replay --gif` draws of the game still running. `kolocha
fuzz` observes further (Further): the other player's messages typed
in the channel and their marks (✅, ❌, withdrawn), his next orders sent in one box while the viewer's choice
holds them and played once the viewer's answer lets them (held_by_other: the viewer's next question in a new
DM, under the answer not yet sent), the viewer's next orders written ahead in their box while his choice holds
them, and the word of what became of them (written_ahead), draws offered and requests to undo or to hand a seat
over and their answers, a draw agreed each way (the game's end, and the ended game's export: its words and
command log; its replay shows every block once the game is over, by design) and the seats handed over by
consent (the viewer's heir reading what their side reads), the news held while the viewer's DMs are closed and
delivered later, their private news
in a private thread (`/game inbox`), the computer answering a draw and an undo asked of it and taking the
viewer's seat (at their deadline or handed over, playing from that side's view: what it plays must be the
same) or the other's, a newcomer seated by a server manager, the game's channel lost (the DMs saying so)
and the game resumed or cancelled while it waits, and `/game cancel`.
The lines stop before the first step after which the engine itself tells the two positions apart
(the rules disclosed a block or a stack); in 1812 the battle plans are compared too, the other
side's chit down or not.
"""
from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import logging
import random
import tempfile
from itertools import takewhile
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple, cast

from bot import pictures as stored  # the pictures of stored games (`pictures` names what a message carries)
from bot.computer.planner import Planner, ThreadPlanner
from bot.computer.seat import PlanJob
from bot.config import Config, GameSettings
from bot.delivery import Buttons, Delivery, DMClosed, Onlookers
from bot.delivery.base import stamp
from bot.discord.buttons import Confirm
from bot.discord.messenger import pieces
from bot.permissions import Actor, TableError
from bot.service import GameService, standing
from bot.store import blank
from bot.tables import Offer, PlainReply, Tables, held
from bot.tables.computer import Computer
from bot.terminal.console import play
from bot.terminal.map_files import MapFiles
from bot.words import Text, words
from rules.core import playout
from rules.core.ai import Decision
from rules.core.errors import RulesError
from rules.core.playout import Move
from rules.core.standing import choosers
from rules.core.system import GameSystem

VIEWER, OTHER = Actor("1", "Viewer"), Actor("2", "Other")
NEWCOMER, MANAGER = Actor("3", "Newcomer"), Actor("4", "Manager", manage_guild=True)  # MANAGER plays no part
HEIR = Actor("5", "Heir")  # the viewer's side handed to him by the viewer's consent reads what the viewer's side reads
GUILD, CHANNEL, SPECTATORS = "900", "100", "101"
NOON = datetime(2026, 3, 1, 12, tzinfo=UTC)
QUERIES = ("status", "units", "help")
TERMINAL = "-- terminal --"  # where the terminal's observations begin (observed)
SEATED = "-- the computer takes a seat --"  # what follows may differ once the rules disclose (Further.played)
log = logging.getLogger("kolocha.fog_check")


class Line(NamedTuple):
    """A line the viewer gives: typed as a plain message or given with `/order`; whether the rules
    accept it (in both positions alike: lines_to_type stops before one they do not); `side`, the
    side that gives it where it is not the viewer's (the other player's, in a walk of both sides'
    commands that a spectator watches, public_lines); `held`, the other player's orders in one
    `/orders` box that the viewer's choice still to be made holds (held_by_other); `ahead`, the viewer's own
    orders written ahead in their box past a choice of the other side, held until he makes it (written_ahead)."""

    text: str
    typed: bool = False
    accepted: bool = False
    side: str | None = None
    held: bool = False
    ahead: bool = False


LAST = (Line("undo"),)  # given after the lines: whether the viewer's last command may be taken back


class Position:
    """A game system whose every game starts from one given position; the rest is the engine's."""

    def __init__(self, system: ModuleType, state: dict):
        self._system = system
        self._state = state

    def setup(self, scenario_id: str, seed: int, options: dict | list | None = None) -> dict:
        return copy.deepcopy(self._state)

    def options(self) -> dict[str, bool]:
        """The options the position is played with, as a game opened with them stores them: those
        on, and the readings a new game plays unless told, off where it plays without them."""
        played = self._state.get("options", [])
        return {name: name in played for name in self.INFO.options
                if name in played or name in self.INFO.new_game_options}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._system, name)


class Recording(ThreadPlanner):
    """The bot's computer, its plans kept by the position they were made at (`plans`)."""

    def __init__(self) -> None:
        self.plans: dict[int, list[Decision]] = {}

    async def plan(self, job: PlanJob) -> list[Decision]:
        self.plans[job.played] = await super().plan(job)
        return self.plans[job.played]


class Replaying(ThreadPlanner):
    """The other side's computer in the second position: at each position the plans the first made there,
    their words `renamed` (the two blocks exchanged), so that both play alike; where the first made none,
    its own. The swap exchanges positions, not identities, so the rules may refuse a command replayed
    renamed (Kutuzov's move is not R-1-3's): that refusal is the check's own doing, not the computer's
    fault, and the computer's log (kolocha.computer, read through `filter` while this planner plays: see
    observed) says so at INFO, not as its ERROR; `refused` counts them. Its own plans' refusals stay
    ERRORs."""

    def __init__(self, plans: dict[int, list[Decision]], renamed: Callable[[str], str]) -> None:
        self.plans, self.renamed = plans, renamed
        self.refused = 0
        self._replayed: set[tuple[str, str]] = set()  # the latest plan's (command, reason), if replayed

    async def plan(self, job: PlanJob) -> list[Decision]:
        if job.played not in self.plans:
            self._replayed = set()
            return await super().plan(job)
        decisions = [Decision(self.renamed(decision.command), decision.reason) for decision in self.plans[job.played]]
        self._replayed = {(decision.command, decision.reason) for decision in decisions}
        return decisions

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether a record of the computer's log goes on as it is: not an ERROR naming a command of the plan
        it replayed, which is said again at INFO, as the check's (the refusal of a replayed plan)."""
        args = record.args if isinstance(record.args, tuple) else ()
        if record.levelno < logging.ERROR or not self._replayed.intersection(zip(args, args[1:])):
            return True
        self.refused += 1
        log.info("the front-end swap's second position refuses the first's plan replayed with the two blocks "
                 "exchanged, the check's doing, not the computer's: %s", record.getMessage())
        return False


@dataclass(frozen=True)
class Further:
    """What the swap observes beyond the lines at the table (at_table). `closed`: the viewer's DMs refuse
    every message while they give the lines, the news held back shown under the replies to them and the
    rest sent once their DMs open again. `consents`: requests answered by consent (a draw offered each way,
    requests to undo, a seat's hand-over asked of each player). `computer`: the computer then takes a seat,
    planning with `planner`: the viewer's at their deadline ("deadline") or handed over by them ("mine"),
    at the end; or the other player's, handed over by him ("other") before the viewer's `undo` (which
    would take back the command that gave it the move) where the public view names it to move, else the
    viewer's at the end; the player who keeps a seat offers the computer a draw and asks it to undo
    (_asked_of_computer); each change waits for what a computer seat plays after it; `played`
    keeps the state it took the seat at and the commands played since, to tell a rule's disclosure from
    a leak. `inbox`: both players ask for a private thread (`/game inbox`) before the lines, or once the
    viewer's DMs open again where they were `closed`, and their private news goes there. `hands`: at the
    end a server manager seats a newcomer for the other side; the game's channel is lost (the players
    told by DM) and, `lost` "resumed", the viewer resumes the game there and cancels it, or, "cancelled",
    the manager cancels it from another channel while it waits. `absent`: once the deadlines have passed,
    the other player's passes again with this action (`/game settings at_deadline`: computer, choose, end),
    as where his secret order is given or not (_absent). `ending`, at the end instead: "drawn", the other player
    offers a draw and the viewer accepts it, "agreed", the viewer offers one and he accepts (_drawn: the game's end,
    its export); "ceded", the seats handed over by consent, his to the newcomer and the viewer's to HEIR (_ceded)."""

    closed: bool = False
    consents: bool = False
    computer: str | None = None
    planner: Planner | None = None
    played: list[tuple[dict, list[tuple[str, str]]]] | None = None
    inbox: bool = False
    hands: bool = False
    lost: str = "resumed"
    absent: str | None = None
    ending: str | None = None


def _buttons(buttons: Buttons | None) -> str:
    """A question's buttons as the viewer sees them (what they are for, at which position)."""
    return f" [buttons: {json.dumps(buttons, sort_keys=True)}]" if buttons else ""


def _place(place: str) -> str:
    """A place a message is kept at, as the observations name it: "DM" (the viewer's), "DM to Heir" (HEIR's), or
    "posted in <channel or thread>"."""
    if place.startswith("dm:"):
        return "DM" if place == f"dm:{VIEWER.id}" else f"DM to {HEIR.name}"
    return f"posted in {place.partition(':')[2]}"


class Recorder:
    """A messenger that writes down what the viewer may read: the channel, and their DMs, in
    Discord's own markup (bot/discord/messenger.py), and where the bot is shown typing; and the answers
    last offered to the viewer with buttons (`asked`: the message that carries them, a DM's id or None in
    the channel, and the buttons), for the viewer to click one. Once the viewer hands their seat to HEIR, his DMs
    too (`heir`): he reads what their side reads, which must no more tell the hidden blocks apart."""

    def __init__(self, seen: list[str]):
        self.seen = seen
        self.heir = False  # HEIR's DMs are written down too
        self.asked: tuple[str | None, Buttons] | None = None
        self.given = 0  # the answers on a button given so far, each in a way in turn (_give)
        self.closed = False  # the viewer's DMs refuse every message (Discord's 50007), as when closed
        self.threads: dict[str, str] = {}  # each private thread opened (`/game inbox`) -> whose it is

    def _reach(self, user: str) -> None:
        if self.closed and user == VIEWER.id:
            raise DMClosed(user)

    def _read(self, place: str) -> bool:
        """Whether the viewer reads a place: the channels, their DMs and their private thread, not another's."""
        kind, _, where = place.rpartition(":")
        if kind == "dm":
            return where == VIEWER.id or self.heir and where == HEIR.id
        return self.threads.get(where, VIEWER.id) == VIEWER.id

    def clickable(self, text: str) -> tuple[str | None, Buttons] | None:
        """The message whose button answers `text`, and its buttons, where the viewer was last offered it."""
        return self.asked if self.asked is not None and text in self.asked[1].get("answers", []) else None

    def pieces(self, text: Text) -> list[str]:
        return pieces(text)

    async def private_thread(self, channel: str, user: str, title: str, taken: Collection[str] = ()) -> str:
        """A private thread of the channel (the viewer's, which they read; another's, which they do not see)."""
        self.threads[f"{channel}-{user}"] = user
        if user == VIEWER.id:
            self.seen.append(f"private thread in {channel}: {title}")
        return f"{channel}-{user}"

    async def onlookers(self, channel: str, person: str, users: Sequence[str]) -> Onlookers:
        """Nobody but the player reads a private thread here (the viewer's thread, if any)."""
        return Onlookers((), words())

    async def post(self, channel: str, text: str, pictures: Sequence[bytes] = (),
                   buttons: Buttons | None = None, nonce: str | None = None) -> None:
        if self._read(channel):
            self.seen.append(f"posted in {channel}: {text}{_pictures(pictures)}{_buttons(buttons)}")
        if channel == CHANNEL and buttons and buttons.get("answers"):
            self.asked = None, buttons

    async def dm(self, user: str, text: str, pictures: Sequence[bytes] = (),
                 buttons: Buttons | None = None, nonce: str | None = None) -> None:
        self._reach(user)
        if self._read(f"dm:{user}"):
            self.seen.append(f"{_place(f'dm:{user}')}: {text}{_pictures(pictures)}{_buttons(buttons)}")

    async def keep(self, place: str, piece: str, kept: str | None, buttons: dict | None = None,
                   nonce: str | None = None) -> str:
        self._reach(place.removeprefix("dm:"))
        made = kept or f"{place}:{len(self.seen)}"
        if self._read(place):  # their DMs or their private thread
            self.seen.append(f"{_place(place)} kept {kept}: {piece}{_buttons(buttons)}")
            if buttons and buttons.get("answers"):
                self.asked = made, buttons
            elif self.asked is not None and self.asked[0] == made:  # answered: its buttons taken away
                self.asked = None
        return made

    async def drop(self, place: str, kept: str) -> None:
        if self._read(place):
            self.seen.append(f"{_place(place)} dropped {kept}")

    @asynccontextmanager
    async def typing(self, place: str) -> AsyncIterator[None]:
        """The bot shown typing (the computer thinking), where the viewer sees it: a channel, their DMs or
        private thread."""
        if self._read(place):
            self.seen.append(f"typing at {place}")
        yield

    async def sent_since(self, place: str, since: datetime) -> list[tuple[str, str]]:
        """Nothing is read back: no send here fails, so none is ever retried."""
        return []

    def reads(self, piece: str, pictured: bool = False, buttons: Buttons | None = None) -> str:
        return piece


class Unscheduled:
    """Deadlines without a clock that runs: jobs are taken and never fire (clocks are not what
    this test watches; their texts are, and the time stands still at NOON)."""

    def add_job(self, func: Callable[..., Any], trigger: str, **kwargs: Any) -> None:
        return None

    def remove_job(self, job_id: str) -> None:
        return None


def view_json(view: dict, **options: object) -> bytes:
    """A renderer that shows all it was given: the view itself."""
    return json.dumps({"view": view, **options}, sort_keys=True, default=str).encode()


def view_file(service: GameService, game_id: int, *, viewer: str | None = None,
              **options: object) -> bytes:
    """MapFiles' drawer: the JSON of the view the terminal's picture would show."""
    return view_json(service.system(game_id).view(service.load(game_id), viewer), **options)


def action_file(service: GameService, game_id: int, *, viewer: str | None = None) -> bytes:
    """MapFiles' cropper: the JSON of the view the terminal's action picture would show."""
    return view_file(service, game_id, viewer=viewer, crop=True)


def _pictures(pictures: Sequence[bytes]) -> str:
    return "".join(f" [picture {hashlib.sha256(picture).hexdigest()[:16]}]" for picture in pictures)


def crop_json(view: dict) -> bytes:
    """A cropper that shows all it was given: the view itself."""
    return view_json(view, crop=True)


def _service(path: Path, position: Position) -> GameService:
    return GameService(blank(path), loader=lambda name: cast(GameSystem, position))


async def at_table(position: Position, viewer: str, lines: Sequence[Line], folder: Path,
                   hidden: Sequence[str] | None = None, batched: bool = False, delay: bool = False,
                   clocks: bool = False, around: Sequence[str] = (), late: str | None = None,
                   further: Further = Further()) -> list[str]:
    """The game at a Discord table, the viewer seated at their side and a spectators' channel
    following it (anyone may read it; `delay`, one game turn behind: the spectator_delay setting):
    what they observe while giving `lines`, one message each (a line of the other `side`, its
    player's); `batched`, the orders the rules accept and the last line
    go in one `/orders` box instead (the last one held when it meets a choice still to be made,
    bot/tables/held.py), the queries and `undo` one by one. With `hidden`, the other side first
    gives those secret orders at the table (one branch of a game's history; the other branch has
    none), and the viewer then presses the "End the phase" button it was offered before them.
    Before every message, the autocomplete of every field of the play commands (bot/tables/
    completion.py) and the standing orders offered; after every message: the buttons the viewer is
    offered, the game's status (deadlines: who is waited on) and the viewer's own deadline. After
    the lines, the maps the viewer asks for: the public one `around` the places the probes named,
    and their own by DM. With `clocks`, then each awaited side's reminder and its deadline passing
    (bot/tables/clocks.py; the default action, remind again): who is pinged
    where, and the question its late player is asked in public, the other player taking his
    reminders in the channel; `late`, then the viewer's own deadline passes once more with that action
    (`/game settings at_deadline`: end, choose, forfeit), played for them from what they know. And what
    `further` asks (see Further): the viewer's DMs closed while they give the lines, requests answered
    by consent, the computer taking a seat, the seats changing hands and the game cancelled or drawn."""
    seen: list[str] = []
    service = _service(folder / "table.sqlite", position)
    recorder = Recorder(seen)
    delivery = Delivery(service, recorder, view_json, lambda: NOON, crop_json)
    tables = Tables(service, delivery, Unscheduled(), Config(defaults=GameSettings(spectator_delay=delay)),
                    lambda: NOON, systems=(position.INFO.name,), planner=further.planner or ThreadPlanner())
    _seeded(tables.computer)
    other = next(side for side in position.INFO.sides if side != viewer)
    if clocks:  # the other player's reminders where the viewer reads them, the channel
        await tables.absence.prefs(OTHER, {"remind": "channel"})
    await tables.lobby.new(VIEWER, GUILD, CHANNEL, position.INFO.name, position.INFO.default_scenario,
                           ", ".join(name if on else f"{name}=off" for name, on in position.options().items()),
                           seed=1)
    await tables.lobby.join(VIEWER, CHANNEL, viewer)
    await tables.lobby.join(OTHER, CHANNEL, other)
    await tables.lobby.spectate(VIEWER, CHANNEL, SPECTATORS)
    await tables.lobby.start(VIEWER, CHANNEL)
    before = _answer(lambda: tables.play.offer(VIEWER, CHANNEL, "end"))
    seen += _looks(tables, service)
    if hidden is not None:
        for line in hidden:
            await tables.play.submit(OTHER, CHANNEL, line, other)
        seen.append(f"pressed {_button(before)}: {await _press(tables, before)}")
    recorder.closed = further.closed
    if further.inbox and not further.closed:
        await _inbox(seen, tables)
    seated = False  # the computer took the other player's seat
    for message in _batched(lines) if batched else [[line] for line in lines if not line.ahead]:
        if message == list(LAST) and further.computer == "other" and _to_move(service, other):
            seated = await _computer_seated(seen, tables, service, other, further)  # before `undo` takes a step back
        seen += _completions(tables, service)
        seen.append(await _give(tables, message, recorder))
        await tables.computer.settled()  # what a computer seat does after it, before the next step
        seen += await _held(tables)
        seen += _looks(tables, service)
    if further.closed:
        await _opened(seen, tables, service, recorder)
        if further.inbox:
            await _inbox(seen, tables)
    for private in (False, True):
        seen.append(f"/game map around {' '.join(around)} private={private}: "
                    f"{await _mapped(tables, ' '.join(around) or None, private)}")
    seen += [f"/help {topic}: {_answer(partial(tables.overview.help, CHANNEL, topic))}"
             for topic in (None, "deadlines")]
    for action in ("pause", "resume"):  # asked by the viewer, agreed by the other player
        for actor in (VIEWER, OTHER):
            asked = getattr(tables.absence, action)(actor, CHANNEL)
            seen.append(f"/game {action} by {actor.name}: {await _awaited(asked)}")
            await tables.computer.settled()  # a computer seat playing once the game goes on
        seen += _looks(tables, service)
    if further.consents:
        await _consents(seen, tables, service, viewer, other)
    if clocks:
        for game in service.store.games(channel=CHANNEL):
            for side in sorted(row["side"] for row in service.store.deadlines(game["id"])):
                await tables.clocks.remind(game["id"], side, NOON + timedelta(hours=1), NOON.isoformat())
                await tables.clocks.expire(game["id"], side, timedelta(0))
        await tables.computer.settled()
        seen += _looks(tables, service)
    if further.absent is not None:
        await _absent(seen, tables, service, other, further.absent)
    if late is not None:
        seen.append(f"/game settings at_deadline:{late}: "
                    f"{await _awaited(tables.lobby.change_settings(VIEWER, CHANNEL, {'at_deadline': late}))}")
        for game in service.store.games(channel=CHANNEL):
            if any(row["side"] == viewer for row in service.store.deadlines(game["id"])):
                await tables.clocks.expire(game["id"], viewer, timedelta(0))
        seen += _looks(tables, service)
    if further.computer is not None and not seated:
        await _computer_seated(seen, tables, service, viewer, further)
    if further.ending in ("drawn", "agreed"):
        await _drawn(seen, tables, service, further.ending == "drawn")
    if further.ending == "ceded":
        await _ceded(seen, tables, service, recorder, viewer, other)
    if further.hands:
        await _hands(seen, tables, service, other, further.lost)
    return seen


async def _drawn(seen: list[str], tables: Tables, service: GameService, accepts: bool) -> None:
    """A draw agreed: offered by the other player and accepted by the viewer with the button `/game draw` offers
    them (`accepts`), or offered by the viewer and accepted by him. What the viewer reads of it (the game's end in
    the channel and the spectators', their kept view ended, their questions written over with how it ended), the
    looks after (`/game status` of the game over, their games), and the ended game's export: its words and command
    log, which the two positions share (the same commands), and its replay, all blocks face up (by design once the
    game is over: not compared); and the dice's proof."""
    game = _live(service)
    if game is None:
        return
    if accepts:
        await _awaited(tables.play.draw(OTHER, CHANNEL))
        seen.append(f"{OTHER.name} offers a draw")
        asked = await _awaited(tables.play.draw(VIEWER, CHANNEL))
        seen.append(f"/game draw: {_offered(asked, 'draw')}")
        if isinstance(asked, Offer):
            pressed = tables.play.confirm(VIEWER, "draw", game, asked.side, asked.seq)
            seen.append(f"pressed draw: {await _awaited(pressed)}")
    else:
        seen.append(f"/game draw: {_offered(await _awaited(tables.play.draw(VIEWER, CHANNEL)), 'draw')}")
        asked = await _awaited(tables.play.draw(OTHER, CHANNEL))
        if isinstance(asked, Offer):
            await _awaited(tables.play.confirm(OTHER, "draw", game, asked.side, asked.seq))
        seen.append(f"{OTHER.name} accepts the draw")
    await tables.computer.settled()
    seen += _looks(tables, service)
    if service.store.game(game)["status"] == "over":
        number, text, script, _ = tables.overview.export(tables.overview.archived(CHANNEL, GUILD, game))
        seen.append(f"/game export of ended game {number}: {text} [file {script!r}] [its replay: all blocks face up]")
        seen.append(f"Verify game {game}: {_answer(lambda: tables.overview.verify(game))}")


async def _ceded(seen: list[str], tables: Tables, service: GameService, recorder: Recorder, viewer: str,
                 other: str) -> None:
    """Seats handed over by consent (`/game replace`, answered with the button "Hand over my seat"): the viewer,
    the game's creator, asks for the other's seat to go to the newcomer and he hands it over; then the newcomer,
    a member with Manage Server who now plays, asks for the viewer's seat to go to HEIR and the viewer hands it
    over. A seat the computer holds (Further.computer) goes without asking. What the viewer reads of each, what
    HEIR reads from then on (their side's view, by DM: Recorder.heir), and the looks after each."""
    game = _live(service)
    if game is None:
        return
    seen.append(f"/game replace side:{other} player:{NEWCOMER.name}: "
                f"{await _awaited(tables.seats.replace(VIEWER, CHANNEL, other, NEWCOMER))}")
    await tables.computer.settled()
    await _awaited(tables.play.confirm(OTHER, "cede", game, other, int(NEWCOMER.id)))  # his reply is his own
    seen.append(f"{OTHER.name} hands his seat to {NEWCOMER.name}")
    await tables.computer.settled()
    seen += _looks(tables, service)
    recorder.heir = True
    await _awaited(tables.seats.replace(replace(NEWCOMER, manage_guild=True), CHANNEL, viewer, HEIR))
    seen.append(f"{NEWCOMER.name} asks for the {viewer} seat to go to {HEIR.name}")
    await tables.computer.settled()
    seen.append(f"pressed cede: {await _awaited(tables.play.confirm(VIEWER, 'cede', game, viewer, int(HEIR.id)))}")
    await tables.computer.settled()
    seen += _looks(tables, service)


async def _absent(seen: list[str], tables: Tables, service: GameService, other: str, action: str) -> None:
    """The other player's deadline passes with `action`, set by the viewer (the game's creator): what the viewer
    reads of it, and the looks after. While both sides give secret orders at once (1812's battle plans), a
    side whose order is given gets a fresh clock and not a word: the action must tell nothing more where it
    is not (bot/tables/clocks.py)."""
    game = _live(service)
    if game is None or other not in {row["side"] for row in service.store.deadlines(game)}:
        return
    changed = tables.lobby.change_settings(VIEWER, CHANNEL, {"at_deadline": action})
    seen.append(f"/game settings at_deadline:{action}: {await _awaited(changed)}")
    await tables.clocks.expire(game, other, timedelta(0))
    await tables.computer.settled()
    seen += [f"the {other} deadline passes", *_looks(tables, service)]


def _seeded(computer: Computer) -> None:
    """A computer's seat takes the same seed in both games (drawn afresh at every seat, it is told in public)."""
    drawn = computer.seat_for
    setattr(computer, "seat_for", lambda game_id, level=None: replace(drawn(game_id, level), seed=1))


async def _held(tables: Tables) -> list[str]:
    """The news the viewer's closed DMs held back, which the reply to them shows under its own words (every
    reply of the Discord front end is Tables.private's) and which is then taken as delivered."""
    reply = tables.private(VIEWER, "")
    await tables.delivery.mark_shown(reply.held)
    return [f"while your DMs were closed: {reply.text}"] if reply.held else []


async def _inbox(seen: list[str], tables: Tables) -> None:
    """Both players ask for a private thread in the game's channel for their private news (`/game inbox`): the
    viewer's reply, and the thread's messages from then on, which the viewer reads (Recorder); the other's
    reply is his alone."""
    seen.append(f"/game inbox: {await _awaited(tables.news.inbox(VIEWER, CHANNEL))}")
    await _awaited(tables.news.inbox(OTHER, CHANNEL))
    seen += await _held(tables)


async def _opened(seen: list[str], tables: Tables, service: GameService, recorder: Recorder) -> None:
    """The viewer's DMs open again and their next try falls due: what they held back and no reply showed
    goes now, written in `seen` as it comes."""
    recorder.closed = False
    seen.append("the viewer's DMs open")
    closed = service.store.closed_dm(VIEWER.id)
    if closed is not None:
        service.store.set_closed_dm(VIEWER.id, closed["failures"], stamp(NOON))
    for game in service.store.games(channel=CHANNEL):
        await tables.delivery.flush(game["id"])
    seen += _looks(tables, service)


def _live(service: GameService) -> int | None:
    """The game running in the channel, if any."""
    return next((game["id"] for game in reversed(service.store.games(channel=CHANNEL)) if game["status"] != "over"),
                None)


async def _consents(seen: list[str], tables: Tables, service: GameService, viewer: str, other: str) -> None:
    """Requests that wait for the other player's word: a draw offered each way and declined; the viewer's
    request to undo refused, asked again and accepted; the other's likewise, answered by the viewer (his
    command taken back by their consent); each player asked to hand their seat to a newcomer, and keeping
    it. What the viewer reads of them (the other's replies are his alone), written in `seen` as they come."""
    game = _live(service)
    if game is None:
        return

    async def by_other(what: str, act: Awaitable[object]) -> None:
        await _awaited(act)
        seen.append(f"{OTHER.name} {what}")
        await tables.computer.settled()  # a computer seat's answer, if it holds the other side

    async def pressed(action: str, side: str, seq: int) -> None:
        seen.append(f"pressed {action}: {await _awaited(tables.play.confirm(VIEWER, action, game, side, seq))}")
        await tables.computer.settled()

    seen.append(f"/game draw: {_offered(await _awaited(tables.play.draw(VIEWER, CHANNEL)), 'decline')}")
    await tables.computer.settled()
    asked = await _awaited(tables.play.draw(OTHER, CHANNEL))
    if isinstance(asked, Offer):
        await by_other("declines the draw", tables.play.confirm(OTHER, "decline", game, asked.side, asked.seq))
    await by_other("offers a draw", tables.play.draw(OTHER, CHANNEL))
    asked = await _awaited(tables.play.draw(VIEWER, CHANNEL))
    seen.append(f"/game draw: {_offered(asked, 'decline')}")
    if isinstance(asked, Offer):
        await pressed("decline", asked.side, asked.seq)
    for answer in ("refuse", "accept"):
        pending = service.store.game(game)["pending_undo"]
        if pending is None or pending["by"] != viewer:
            break
        await by_other(f"answers {answer}", tables.play.confirm(OTHER, answer, game, other,
                                                                service.store.seen_seq(game, other)))
        if answer == "refuse":
            seen.append(f"/order undo: {await _awaited(tables.play.submit(VIEWER, CHANNEL, 'undo'))}")
            await tables.computer.settled()
    for answer in ("refuse", "accept"):  # an undo free within its phase is asked no more
        await by_other("asks to undo", tables.play.submit(OTHER, CHANNEL, "undo"))
        pending = service.store.game(game)["pending_undo"]
        if pending is None or pending["by"] != other:
            break
        await pressed(answer, viewer, service.store.seen_seq(game, viewer))
    seen.append(f"/game replace side:{other} player:{NEWCOMER.name}: "
                f"{await _awaited(tables.seats.replace(VIEWER, CHANNEL, other, NEWCOMER))}")
    await tables.computer.settled()
    await by_other("keeps his seat", tables.play.confirm(OTHER, "hold", game, other, int(NEWCOMER.id)))
    await by_other(f"asks for the {viewer} seat to go to {NEWCOMER.name}",
                   tables.seats.replace(replace(OTHER, manage_guild=True), CHANNEL, viewer, NEWCOMER))
    await pressed("hold", viewer, int(NEWCOMER.id))
    seen += _looks(tables, service)


def _to_move(service: GameService, side: str) -> bool:
    """Whether the public view names `side` to move in the game running in the channel."""
    game = _live(service)
    return game is not None and side in service.system(game).view(service.load(game), None).get("to_move", [])


async def _computer_seated(seen: list[str], tables: Tables, service: GameService, side: str,
                           further: Further) -> bool:
    """The computer takes `side`'s seat (Further.computer: the viewer's at their deadline where they are
    awaited, else handed over by them; the other player's, which the public view names to move, handed
    over by him) and plays while its side acts: what the viewer reads of it (its posts and how many, when
    they go, where it is shown thinking), the commands it played for `side` (the viewer's: planned from
    what that side knows, the same in both positions), and the looks after, written in `seen` as they
    come; whether it took the seat."""
    game = _live(service)
    if game is None:
        return False
    await tables.computer.settled()  # nothing woken before it plays for the seat
    holder = next(user for seat, user in service.store.seats(game).items() if seat == side)
    asker = OTHER if holder == VIEWER.id else VIEWER  # who keeps a seat and asks the computer
    await _asked_of_computer(seen, tables, asker, ("draw", "undo") if asker == OTHER else ("draw",))
    seen.append(SEATED)
    seq = service.store.last_seq(game)
    pending = service.store.game(game)["pending_undo"]
    if pending is not None and pending["by"] != side:  # the computer consents first: its play starts before it
        seq = pending["seq"] - 1
    at = service.state_at(game, seq)
    if further.computer == "deadline" and side in {row["side"] for row in service.store.deadlines(game)}:
        changed = tables.lobby.change_settings(VIEWER, CHANNEL, {"at_deadline": "computer"})
        seen.append(f"/game settings at_deadline:computer: {await _awaited(changed)}")
        await tables.clocks.expire(game, side, timedelta(0))
    else:
        actor = VIEWER if holder == VIEWER.id else OTHER
        seen.append(f"/game seat side:{side} player:computer by {actor.name}: "
                    f"{await _awaited(tables.computer.seat(actor, CHANNEL, side, 1))}")
    seen.append(f"while the computer plays: {len(seen)} observations")
    await tables.computer.settled()
    played = [(row["side"], row["normalised"]) for row in service.store.commands(game, after=seq)]
    if further.played is not None:
        further.played.append((at, played))
    if holder == VIEWER.id:  # the other side's commands are its own (the second plays them renamed)
        seen.append(f"played for the {side} side: {[text for by, text in played if by == side]}")
    else:
        await _asked_of_computer(seen, tables, asker, ("undo",))
    seen += _looks(tables, service)
    return True


async def _asked_of_computer(seen: list[str], tables: Tables, asker: Actor, lines: Sequence[str]) -> None:
    """The player who keeps a seat (`asker`) asks what the computer answers (bot/computer/seat.py, answer): a draw
    offered (`draw`), their own last command taken back (`undo`: by consent across phases). Before the computer
    takes the other's seat the viewer offers a draw, which it answers first once seated, and asks to undo after
    its play; before it takes the viewer's, the other player asks both. What the viewer is answered when they ask,
    or what the other asks, written in `seen`; the computer's answers come with its play."""
    for line in lines:
        said = await _awaited(tables.play.submit(asker, CHANNEL, line))
        seen.append(f"/order {line} by {asker.name}" + (f": {said}" if asker == VIEWER else ""))
    await tables.computer.settled()


async def _hands(seen: list[str], tables: Tables, service: GameService, other: str, lost: str) -> None:
    """A server manager who plays no part seats a newcomer for the other side (nobody's consent asked); the
    game's channel is lost (deleted: Management.lose_channel, each player told by DM) and the game waits;
    `lost` "resumed": the viewer, the game's creator, resumes it in the channel and cancels it; "cancelled":
    the manager cancels it by its number from another channel while it waits (its news by DM). What the
    viewer reads, and the looks after each, written in `seen` as they come."""
    game = _live(service)
    if game is None:
        return
    await _awaited(tables.seats.replace(MANAGER, CHANNEL, other, NEWCOMER))
    await tables.computer.settled()
    seen += [f"{MANAGER.name} seats {NEWCOMER.name} as {other}", *_looks(tables, service)]
    await tables.management.lose_channel(CHANNEL, "its channel was deleted")
    seen += ["the game's channel is lost", *_looks(tables, service)]
    if lost == "cancelled":
        seen.append(f"{MANAGER.name} cancels game {game} from another channel: "
                    f"{await _awaited(tables.management.cancel(MANAGER, SPECTATORS, game, GUILD))}")
    else:
        seen.append(f"/game resume game:{game}: "
                    f"{await _awaited(tables.management.resume(VIEWER, GUILD, CHANNEL, game))}")
        await tables.computer.settled()
        seen += _looks(tables, service)
        seen.append(f"/game cancel: {await _awaited(tables.management.cancel(VIEWER, CHANNEL))}")
    seen += _looks(tables, service)


def _offered(offer: object, action: str) -> str:
    """A question with buttons as the viewer reads it (its words, and its button's id), or the reply."""
    return f"{offer.reply.text} {_button(offer, action)}" if isinstance(offer, Offer) else str(offer)


def _marked(reply: PlainReply | None) -> str:
    """What everyone reads of a message typed in the channel: left as chat, withdrawn (it told more than
    the public lines of its orders), or marked ✅ or ❌ (bot/discord/app.py, answer_plain)."""
    if reply is None:
        return "chat"
    return "withdrawn" if reply.withdraw else "✅" if reply.accepted else "❌"


def _completions(tables: Tables, service: GameService) -> list[str]:
    """What the viewer's autocomplete offers: the legal commands, each field of /move, /attack and
    /order (the destinations of every unit offered, each unit typed in part), and the kinds and
    orders of /game orders."""
    def offered(field: str, typed: str = "", given: dict[str, str] | None = None) -> object:
        return _answer(lambda: tables.completion.complete(VIEWER, CHANNEL, field, typed, given or {}))
    units = offered("unit")
    values = [value for value, _ in units] if isinstance(units, list) else []
    games = service.store.games(channel=CHANNEL)
    orders = [standing.offered(service.system(game["id"]), service.load(game["id"]), _side(service, game["id"]))
              for game in games]
    return [f"autocomplete: {_answer(lambda: tables.completion.legal_texts(VIEWER, CHANNEL))}",
            f"units offered: {units}",
            *(f"unit {value[:2]!r} typed: {offered('unit', value[:2])}; "
              f"to: {offered('to', '', {'unit': value})}" for value in values),
            *(f"{field} offered: {offered(field)}" for field in ("attackers", "defenders", "order")),
            f"standing orders offered: {orders}"]


async def _mapped(tables: Tables, around: str | None, private: bool) -> str:
    """The viewer asks for a map (`/game map`): what they are answered (the map itself is posted)."""
    try:
        return await tables.play.map(VIEWER, CHANNEL, around, private)
    except TableError as error:
        return f"refused: {error.text}"


def _batched(lines: Sequence[Line]) -> list[list[Line]]:
    """The messages of a batched run: the queries one by one, then the accepted orders and the
    last line of the body in one box, then the lines the other player types and those after the body
    (`undo`) one by one."""
    head, after = lines[:-len(LAST)], lines[-len(LAST):]
    queries = list(takewhile(lambda line: line.text in QUERIES, head))
    body = [line for line in head[len(queries):] if not line.typed or not line.side]
    box = [line for line in body[:-1] if line.accepted] + list(body[-1:])
    theirs = [line for line in head if line.typed and line.side]  # typed by the other player, after the box
    return [*([line] for line in queries), *([box] if box else []), *([line] for line in [*theirs, *after])]


async def _give(tables: Tables, message: list[Line], recorder: Recorder) -> str:
    """One message of the viewer's, and what they are answered. An accepted line that answers a
    question whose buttons the viewer was offered is given in turn by clicking its button (in the
    DM that asked it, which the next question may take the place of), with `/order` and typed to
    the bot in a DM; a line `typed` is typed in the channel."""
    if len(message) > 1 or message[0].ahead:
        text = "\n".join(line.text for line in message)
        try:
            return f"/orders {text!r}: {await tables.play.orders(VIEWER, CHANNEL, text)}"
        except TableError as error:
            return f"/orders {text!r} refused: {error.text}"
    line, = message
    if line.held:  # the reply is his own; what the viewer reads of it (nothing, while it is held) is recorded
        await tables.play.orders(OTHER, CHANNEL, line.text)
        return f"{OTHER.name} sends orders in one box: {line.text!r}"
    asked = recorder.clickable(line.text) if line.accepted and line.side is None and not line.typed else None
    if asked is not None:
        recorder.given += 1
        where, buttons = asked
        if recorder.given % 3 == 1:
            clicked = tables.play.answer(VIEWER, int(buttons["game"]), str(buttons["side"]), int(buttons["seq"]),
                                         line.text, where)
            return f"clicked {line.text!r}: {await _awaited(clicked)}"
        if recorder.given % 3 == 2:
            return f"DM to the bot `{line.text}`: {await _awaited(tables.direct.message(VIEWER, line.text))}"
    if line.typed and line.side:
        return f"{OTHER.name} typed `{line.text}`: {_marked(await tables.play.plain(OTHER, CHANNEL, line.text))}"
    if line.typed:
        return f"typed `{line.text}`: {await tables.play.plain(VIEWER, CHANNEL, line.text)}"
    try:
        return f"/order {line.text}: {await tables.play.submit(OTHER if line.side else VIEWER, CHANNEL, line.text)}"
    except TableError as error:
        return f"/order {line.text} refused: {error.text}"


def _looks(tables: Tables, service: GameService) -> list[str]:
    """What the viewer may look at any time: the buttons `/end` and `/game resign` offer them
    (their ids carry the position they were asked at), `/game status`, their games (`/games mine`,
    `/game list`) and their own deadline."""
    offers = [f"/{action} offers {_button(_answer(lambda: tables.play.offer(VIEWER, CHANNEL, action)), action)}"
              for action in ("end", "resign")]
    mine = [row for game in service.store.games(channel=CHANNEL)
            for row in service.store.deadlines(game["id"]) if row["side"] == _side(service, game["id"])]
    return [*offers, f"/game status: {_answer(lambda: tables.overview.status(VIEWER, CHANNEL))}",
            f"/games mine: {_answer(lambda: tables.overview.mine(VIEWER))}",
            f"/game list: {_answer(lambda: tables.overview.listing(GUILD))}",
            f"own deadline: {[(row['due_at'], row['began_at'], row['reminded_at']) for row in mine]}",
            *_archives(tables, service)]


def _archives(tables: Tables, service: GameService) -> list[str]:
    """`/game export` (the channel's last game, and each game by its number) and the Verify button of each
    game pressed, as the viewer can use them any time: refused while a game runs; an ended game's archive
    and proof show all by design (its blocks face up, its seed), so only which game they would be of is
    written down, not what they hold."""
    seen = [f"/game export: {_answer(lambda: _exported(tables, None))}"]
    for game in service.store.games(channel=CHANNEL):
        seen.append(f"/game export game:{game['id']}: {_answer(lambda: _exported(tables, game['id']))}")
        seen.append(f"Verify game {game['id']}: {_answer(lambda: _verified(tables, service, game['id']))}")
    return seen


def _exported(tables: Tables, game_id: int | None) -> object:
    """The export asked for: its file and reply while the game runs (none: it is refused), or the ended game's."""
    chosen = tables.overview.archived(CHANNEL, GUILD, game_id)
    if chosen["status"] == "over":
        return f"the archive of ended game {chosen['id']}"
    number, text, script, gif = tables.overview.export(chosen)
    return f"{number}: {text} [file {script!r}] {_pictures([gif])}"


def _verified(tables: Tables, service: GameService, game_id: int) -> object:
    """The Verify button's reply (the dice's proof): refused while the game runs; an ended game's proof shows its
    seed by design."""
    if service.store.game(game_id)["status"] == "over":
        return f"the proof of ended game {game_id}"
    return tables.overview.verify(game_id)


def _side(service: GameService, game_id: int) -> str | None:
    """The viewer's side (None once the computer or a newcomer holds it)."""
    return next((side for side, user in service.store.seats(game_id).items() if user == VIEWER.id), None)


def _button(offer: object, action: str = "end") -> str:
    """An offer's "do it" button as Discord carries it (its custom_id), or the refusal."""
    if isinstance(offer, Offer):
        return str(Confirm(action, offer.game_id, offer.side, offer.seq).custom_id)
    return str(offer)


async def _press(tables: Tables, offer: object) -> object:
    """The viewer presses an "End the phase" button offered earlier: what they are answered."""
    if not isinstance(offer, Offer):
        return offer
    try:
        return await tables.play.confirm(VIEWER, "end", offer.game_id, offer.side, offer.seq)
    except TableError as error:
        return f"refused: {error.text}"


async def _awaited(act: Awaitable[object]) -> object:
    """What the viewer is answered when `act` is done: the reply, or the refusal."""
    try:
        return await act
    except TableError as error:
        return f"refused: {error.text}"


def _answer(ask: Callable[[], object]) -> object:
    """What the viewer is answered: the reply, or the refusal (once the game has ended, the
    channel has no game running and every question is refused alike)."""
    try:
        return ask()
    except TableError as error:
        return f"refused: {error.text}"


def at_terminal(position: Position, lines: list[str], folder: Path, viewer: str,
                hidden: Sequence[str] = ()) -> list[str]:
    """The game at the terminal's hot seat, the side to move at the screen: its screen, prompts
    and picture files while it types `lines`, up to the hand-over to the other player; the other
    side's secret orders `hidden` given before it sits down. Then the animated replay `kolocha replay GAME
    --gif` writes of the game still running (the JSON of its frames' views, the public ones); where the lines
    ended it, only that it is over (an ended game's replay shows every block, by design)."""
    seen: list[str] = []
    service = _service(folder / "terminal.sqlite", position)
    game_id = service.new_game(position.INFO.name, position.INFO.default_scenario, 1, position.options(),
                               hot_seat=True)
    other = next(side for side in position.INFO.sides if side != viewer)
    for line in hidden:
        service.submit(game_id, other, line)
    maps = MapFiles(service, game_id, folder, png=view_file, crop=action_file)
    feed = iter(lines)
    sittings = iter([True])  # the viewer sits down first, as at every hand-over

    def read(prompt: str) -> str:
        seen.append(f"prompt {prompt!r}")
        seen.extend(f"file {path.name}: {path.read_text()}" for path in (maps.main, maps.action, maps.asked)
                    if path.exists())
        if prompt.startswith("Hand over") and not next(sittings, False):  # the viewer has left the screen
            raise EOFError
        line = "" if "press Enter" in prompt else next(feed, None)
        if line is None:
            raise EOFError
        return line

    play(service, game_id, read, seen.append, maps)
    if service.store.game(game_id)["status"] == "over":  # its lines ended it: its replay shows every block, by design
        seen.append(f"kolocha replay {game_id} --gif, the game over")
        return seen
    frames = view_json({"frames": stored.turn_views(service, game_id)})
    seen.append(f"kolocha replay {game_id} --gif, the game still running: {frames!r}")
    return seen


def observed(system: ModuleType, state: dict, viewer: str, lines: Sequence[Line],
             hidden: Sequence[str] | None = None, batched: bool = False, terminal: bool = True,
             around: Sequence[str] = (), late: str | None = None, further: Further = Further()) -> list[str]:
    """Everything the viewer observes of the position through both front ends; with `hidden`,
    after the other side's secret orders; `batched`, the orders in one box (see at_table); not
    `terminal`, at the table alone (the hot seat's screen is the other player's while he chooses);
    the maps asked for `around` the places the probes name, at the table and at the terminal; `late`,
    the action of the viewer's own deadline passing at the end, and `further` (see at_table). The lines
    the other player types are typed at the table alone (the terminal's screen is the viewer's)."""
    position = Position(system, state)
    maps = [f"map {' '.join(around)}"] if around else []
    mine = [line.text for line in [*lines, *LAST] if not (line.side and (line.typed or line.held) or line.ahead)]
    with tempfile.TemporaryDirectory() as folder, computer_log(further.planner):
        table = asyncio.run(at_table(position, viewer, [*lines, *LAST], Path(folder), hidden, batched, clocks=True,
                                     around=around, late=late, further=further))
        seat = at_terminal(position, mine + ["map", *maps], Path(folder), viewer, hidden or ()) if terminal else []
    return [seen.replace(folder, "<folder>") for seen in [*table, TERMINAL, *seat]]


@contextmanager
def computer_log(planner: Planner | None) -> Iterator[None]:
    """The computer's log read through a replaying planner's filter while its table plays (Replaying)."""
    if not isinstance(planner, Replaying):
        yield
        return
    computer = logging.getLogger("kolocha.computer")
    computer.addFilter(planner)
    try:
        yield
    finally:
        computer.removeFilter(planner)


def first_difference(one: list[str], two: list[str]) -> str | None:
    """Where two records of observations part, shortly (the observation's start, then each from a
    little before the first character that differs); None when they are the same."""
    for n, (a, b) in enumerate(zip(one, two, strict=False)):
        if a != b:
            at = max(0, next(i for i, (x, y) in enumerate(zip(a + "\0", b + "\1")) if x != y) - 150)
            return f"observation {n}, {a[:60]!r}, from character {at}: {a[at:at + 600]!r} / {b[at:at + 600]!r}"
    if len(one) != len(two):
        return f"{len(one)} observations / {len(two)}"
    return None


def lines_to_type(system: ModuleType, state: dict, other: dict, viewer: str,
                  rng: random.Random, steps: int, probes: Callable[[dict], list[str]],
                  choose: Callable[[random.Random, list], Any], theirs: bool = False) -> list[Line]:
    """Queries, then up to `steps` legal commands of the viewer, each after a few probes (half
    typed as messages; a probe the rules accept is a command, given with `/order`), and once the
    viewer may no longer act (a choice of the other side waits, or the turn passed) one probe
    more, and with `theirs` the lines the other player then types in the channel (typed_by_other), before
    them, where he has a choice to make, the viewer's next orders written ahead in their box (written_ahead);
    they stop before a line after which the engine's own observations differ (a disclosure,
    or a leak that the engine's swap test reports). With `theirs`, where a choice waits for the
    viewer alone, the other player sends his next orders in one box before the viewer's first answer,
    held until the choice is made (held_by_other), and the viewer's lines go on after them."""
    lines = [Line(query, n % 2 == 1) for n, query in enumerate(QUERIES)]
    waits = system.choice(state)
    holding = theirs and waits is not None and list(choosers(waits)) == [viewer]
    answered = None  # where the viewer's first answer is: the box goes before it
    for _ in range(steps):
        waiting = viewer not in system.active_sides(state)
        texts = probes(state)[:1] if waiting else \
            [*probes(state), choose(rng, system.legal_commands(state, viewer)).to_text()]
        for text in texts:
            step = _played(system, state, other, viewer, text)
            if step is None:
                return lines
            played, state, other = step
            answered = len(lines) if answered is None and played else answered
            lines.append(Line(text, not played and rng.random() < 0.5, played))
        if waiting and theirs:
            typed, after = typed_by_other(system, state, other, viewer, rng, probes)
            ahead = written_ahead(system, *after, viewer, rng, choose) if system.choice(state) is not None else []
            return [*lines, *ahead, *typed]
        if waiting:
            return lines
        if holding and answered is not None and viewer not in system.active_sides(state):
            holding = False
            box = held_by_other(system, state, other, viewer, rng, choose)
            if box is not None:
                line, state, other = box
                lines.insert(answered, line)
    return lines


def held_by_other(system: ModuleType, state: dict, other: dict, viewer: str, rng: random.Random,
                  choose: Callable[[random.Random, list], Any], most: int = 3) -> tuple[Line, dict, dict] | None:
    """The other player's next orders, sent in one box while the viewer's choice is still to be made: held
    until it is, then judged in order as the viewer's answer lets them play (bot/tables/held.py). Up to `most`
    of his legal commands from `state`, the position once the viewer has answered, each accepted in both
    positions with the same observations for the viewer, up to one after which the viewer may act or a
    choice waits: the next question to the viewer, which goes in a new DM under the answer not yet sent
    (bot/tables/news.py, Change._under_the_unsent_answer). The box and the positions after it; None where
    his orders would not play at once or none is judged alike."""
    side = next(side for side in system.INFO.sides if side != viewer)
    if not held.due(system, state, side):
        return None
    texts: list[str] = []
    for _ in range(most):
        text = choose(rng, system.legal_commands(state, side)).to_text()
        step = _played(system, state, other, viewer, text, side)
        if step is None or not step[0]:
            break
        _, state, other = step
        texts.append(text)
        if viewer in system.active_sides(state) or system.choice(state) is not None:
            break
    return (Line("\n".join(texts), accepted=True, side=side, held=True), state, other) if texts else None


def typed_by_other(system: ModuleType, state: dict, other: dict, viewer: str, rng: random.Random,
                   probes: Callable[[dict], list[str]]) -> tuple[list[Line], tuple[dict, dict]]:
    """What the other player, now to act, types in the channel, whose mark (✅, ❌, or the message
    withdrawn) everyone reads: a query, chat, two of the viewer's probes and a few of his legal commands
    up to the first the rules accept; and the two positions after them. A line is kept only where the rules
    judge it alike in both positions: the other side knows its own units, and would not type the same line
    where they differ."""
    side = next((side for side in system.active_sides(state) if side != viewer), None)
    if side is None:
        return [], (state, other)
    lines = [Line("status", True, side=side), Line("good luck", True, side=side)]
    legal = system.legal_commands(state, side)
    for text in [*probes(state)[:2], *(c.to_text() for c in rng.sample(legal, min(3, len(legal))))]:
        judged = _alike(system, state, other, viewer, text, side)
        if judged is None:
            continue
        accepted, state, other = judged
        lines.append(Line(text, True, accepted, side))
        if accepted:
            break
    return lines, (state, other)


def written_ahead(system: ModuleType, state: dict, other: dict, viewer: str, rng: random.Random,
                  choose: Callable[[random.Random, list], Any], most: int = 2) -> list[Line]:
    """The viewer's next orders, written ahead in their box while the other side's choice (or his turn) is still
    to come: held behind it (bot/tables/held.py), then judged in order once his line lets them (their DM: what
    became of them). `state` and `other`: the positions once his typed line is played (typed_by_other). Up to
    `most` legal commands of the viewer from there, each accepted in both positions with the same observations,
    up to one after which the viewer no longer acts or a choice waits; none where the viewer may not act then
    (his line left the game waiting for him still)."""
    lines: list[Line] = []
    for _ in range(most):
        if not held.due(system, state, viewer):
            break
        text = choose(rng, system.legal_commands(state, viewer)).to_text()
        step = _played(system, state, other, viewer, text)
        if step is None or not step[0]:
            break
        lines.append(Line(text, accepted=True, ahead=True))
        _, state, other = step
    return lines


def _alike(system: ModuleType, state: dict, other: dict, viewer: str, text: str,
           side: str) -> tuple[bool, dict, dict] | None:
    """A line of `side` judged in both positions: (whether the rules accept it, the positions after);
    None where they judge it apart (refused in one alone) or what the viewer observes after it differs."""
    refused = []
    for position in (state, other):
        try:
            system.apply(position, side, system.parse(side, text))
            refused.append(False)
        except RulesError:
            refused.append(True)
    if refused[0] != refused[1]:
        return None
    return (False, state, other) if refused[0] else _played(system, state, other, viewer, text, side)


def _played(system: ModuleType, state: dict, other: dict, viewer: str | None,
            text: str, side: str | None = None) -> tuple[bool, dict, dict] | None:
    """The viewer's line (or the `side`'s, watched by the viewer; None, the public) in both
    positions, with the answers the service plays at once after it (`forced_answer`, as
    bot/service/standing.py plays them): (whether the rules accepted it, the positions after); None
    when it is accepted and what the viewer observes then differs (a forced retreat into a battle
    that discloses). A line the rules refuse in one position only is kept: the front ends will show
    that refusal, a leak."""
    side = side or viewer
    after: list[tuple[dict, list[dict]] | None] = []
    for position in (state, other):
        try:
            after.append(_answered_at_once(system, *system.apply(position, side, system.parse(side, text))))
        except RulesError:
            after.append(None)
    one, two = after
    if one is None or two is None:
        return False, state, other
    if system.view(one[0], viewer) != system.view(two[0], viewer) or _heard(one[1], viewer) != _heard(two[1], viewer):
        return None
    return True, one[0], two[0]


def _answered_at_once(system: ModuleType, state: dict, events: list[dict]) -> tuple[dict, list[dict]]:
    """The position and events after the answers the rules leave one of, played at once by the
    service for their chooser (bot/service/standing.py, at_once), as at the table."""
    forced = getattr(system, "forced_answer", None)
    while forced is not None and (found := forced(state)) is not None:
        state, more = system.apply(state, choosers(system.choice(state))[0], found[0])
        events = [*events, *more]
    return state, events


def public_lines(system: ModuleType, state: dict, other: dict, rng: random.Random, steps: int,
                 move: Move) -> list[Line]:
    """Up to `steps` random commands of the sides to act (`move`), each accepted in both positions
    with the same public view and public events after it (a few draws a step; the lines end where
    none is): what a spectator watches while the rules show the public nothing that tells the two
    positions apart. Each line names its side; the first side's are the viewer's at at_table."""
    first = system.INFO.sides[0]
    lines: list[Line] = []
    for _ in range(steps):
        for _draw in range(5):
            if system.outcome(state) is not None:
                return lines
            side, command = move(state, rng)
            step = _played(system, state, other, None, command.to_text(), side)
            if step is not None and step[0]:
                lines.append(Line(command.to_text(), accepted=True, side=None if side == first else side))
                _, state, other = step
                break
        else:
            return lines
    return lines


def _heard(events: list[dict], viewer: str | None) -> list[dict]:
    return [e for e in events if e.get("to", "all") in ("all", viewer)]


def _probes(viewer: str, pair: tuple[str, str], rng: random.Random, now: dict) -> list[str]:
    """A few of the engine swap test's probes naming the two blocks, and `units` and `odds` at their
    areas (a battle's expected hits there, and a gun of the viewer's firing into them)."""
    from rules.bloody_monday import swaptest
    from rules.bloody_monday.game import Game

    areas = {now["blocks"][block]["area"] for block in pair} - {None}
    g = Game(now)
    guns = sorted(bid for bid in g.on_map(viewer) if g.defs[bid].type == "artillery")
    return [*swaptest.probes(now, viewer, pair, rng, 0, 3),
            *(f"{query} {area}" for area in sorted(areas) for query in ("units", "odds")),
            *(f"odds {gun} {area}" for gun in rng.sample(guns, min(1, len(guns))) for area in sorted(areas))]


@dataclass
class SwapReport:
    """What one game's front-end swap test compared, and the differences it found."""

    positions: int = 0
    differences: list[str] = field(default_factory=list)
    disclosed: int = 0  # positions compared up to the computer's seat: its play made the rules disclose
    refused: int = 0  # commands replayed renamed in the second position that the rules refused there
    held: int = 0  # positions where the other player's orders were held behind the viewer's choice (held_by_other)
    ahead: int = 0  # positions where the viewer's box was held behind the other's choice (written_ahead)
    drawn: int = 0  # positions that ended with a draw agreed (Further.ending)
    ceded: int = 0  # positions that ended with the seats handed over by consent (Further.ending)
    start: int = 0  # where the turns of the walks at the end begin: the game's seed (_compare)
    turns: set[int] = field(default_factory=set)  # the Game-Turns the random game went through


def walk(system: GameSystem, state: dict, rng: random.Random, positions: int, longest: int, move: Move,
         report: SwapReport) -> Iterator[tuple[int, dict, str, bool]]:
    """One random game's positions (rules/core/playout.py), each with the side to move and whether
    it is one of `positions` stops drawn at random among the first `longest`; notes each position's
    Game-Turn in the report."""
    stops = set(rng.sample(range(longest), positions))
    for played, state in playout.positions(system, state, rng, longest, move):
        report.turns.add(state["turn"])
        yield played, state, system.active_sides(state)[0], played in stops


def bloody_monday_swap(seed: int, rng_seed: int, scenario: str = "bloody_monday",
                       options: list[str] | None = None, positions: int = 2, steps: int = 6,
                       longest: int = 200, further: bool = False) -> SwapReport:
    """One random Bloody Monday game: at `positions` random points, swap two blocks the side to
    move has not seen and compare what that side observes through the front ends, typing the
    queries, probes naming the two blocks, `units` at their areas, and its own commands. The game
    goes on by the rollout policy, which passes often enough that the Impulses Phase ends (two
    consecutive Passes, Bloody Monday 7.0) and later Game-Turns are tested too. At every choice
    its chooser is asked (a hit to apply, 5.3.6; a retreat, 6.4), the side that chooses is the viewer
    too, answering on the buttons of its question; once a game, at the first choice of one side at a
    stop or after it, the side that waits for it: what it reads while the other chooses, reminded and
    late. `further`: each position observes more (_compare)."""
    from rules import bloody_monday as system
    from rules.bloody_monday import swaptest

    rng = random.Random(rng_seed)
    report = SwapReport(start=seed)
    waiting, waited = False, False  # a stop has passed: the waiting side's turn at the next choice; it had it
    for played, state, viewer, stop in walk(system, system.setup(scenario, seed, options or []), rng, positions,
                                             longest, _rollout, report):
        asked = system.choice(state) is not None and system.forced_answer(state) is None
        viewers = [viewer] if stop or asked else []
        waiting = (waiting or stop) and not waited
        if waiting and system.choice(state) is not None:
            viewers = [viewer, next(side for side in system.INFO.sides if side not in system.active_sides(state))]
            waiting, waited = False, True
        for who in viewers:
            for a, b in swaptest.pairs(state, who, rng, 1):
                _compare(system, state, swaptest.swapped(state, a, b), who, rng, steps,
                         partial(_probes, who, (a, b), rng), swaptest.weighted_choice,
                         f"{scenario} seed={seed} rng_seed={rng_seed} command {played} viewer={who} "
                         f"swap {a}<->{b}", report, terminal=who == viewer,
                         around=sorted({str(state["blocks"][x]["area"]) for x in (a, b)} - {"None"}),
                         renamed=partial(exchanged, (a, b)), further=further)
    return report


def exchanged(pair: tuple[str, str], text: str) -> str:
    """A command with the two blocks of a swap exchanged: what it is in the other position."""
    a, b = pair
    return " ".join(b if word == a else a if word == b else word for word in text.split())


def _rollout(state: dict, rng: random.Random) -> tuple[str, Any]:
    """Bloody Monday's rollout policy for the side to move, which passes often enough that the
    Impulses Phase ends (two consecutive Passes, Bloody Monday 7.0)."""
    from rules import bloody_monday as system

    viewer = system.active_sides(state)[0]
    command = system.rollout_command(state, viewer, rng)
    assert command is not None, "the side to move has a command"
    return viewer, command


def _campaign_probes(viewer: str, pair: tuple[int, int], rng: random.Random, plans: bool, now: dict) -> list[str]:
    """A few of the 1812 engine swap test's probes naming the two places, `units` and `odds` there;
    without battle plans where the viewer's own would reveal the battle (`plans` False)."""
    from rules.campaign_1812 import swaptest

    named = [p for p in swaptest.probes(now, viewer, pair, rng, 0) if plans or not p.startswith("plan")]
    return [*rng.sample(named, min(3, len(named))),
            *(f"{query} {place}" for place in pair for query in ("units", "odds"))]


def _compare(system: ModuleType, state: dict, other: dict, viewer: str, rng: random.Random, steps: int,
             probes: Callable[[dict], list[str]], choose: Callable[[random.Random, list], Any], what: str,
             report: SwapReport, hidden: Sequence[str] = (), terminal: bool = True,
             around: Sequence[str] = (), renamed: Callable[[str], str] = str, further: bool = False) -> None:
    """Type the same lines in two positions the viewer must not tell apart, and report where what
    the viewer observes through the front ends parts (`what` says which positions they were).
    With `hidden`, the other side's secret orders that make `other` of `state`: both branches
    start from the same game history, one with those orders given at the table, one without.
    With `further` (kolocha fuzz), the other player sends his next orders in one box while a choice of
    the viewer's alone holds them (held_by_other) and types in the channel once the viewer waits, the viewer's
    next orders written ahead in their box before his choice (written_ahead), and
    each position observes more (Further): requests by consent, the seats changing hands, the channel
    lost and the game resumed or cancelled in turn, or at the end a draw agreed each way or the seats handed
    over by consent (Further.ending) in two positions of five, the viewer's DMs closed every third position and
    their news in a private thread every third, and in turn the computer taking the viewer's seat at
    their deadline, the other's, the viewer's handed over, the other's (a command of the other side in
    the second position is the first's `renamed`); where its play makes the rules disclose, what the
    viewer observes from its seat on is left uncompared. With `hidden` (the other's secret order given or
    not), the computer takes no seat; the other player's deadline passes again at the end with the action
    computer, choose or end in turn (Further.absent)."""
    lines = lines_to_type(system, state, other, viewer, rng, steps, probes, choose, theirs=further)
    n = report.positions
    # every other position, the orders in one `/orders` box, and always where the viewer writes orders ahead (a box
    # is their only way in); not past the other's held orders, which play only once the whole box is judged
    batched = (n % 2 == 1 or any(line.ahead for line in lines)) and not any(line.held for line in lines)
    recording = Recording()
    played_one: list[tuple[dict, list[tuple[str, str]]]] = []
    played_two: list[tuple[dict, list[tuple[str, str]]]] = []
    # at the end, every fifth position a draw agreed each way (not where the other's secret order, given in one game
    # alone, is in the ended game's export) and every fifth the seats handed over by consent, instead of the newcomer
    # seated and the game cancelled; counted from the game's seed, so that games of two or three positions take
    # every turn of it too
    ending = (None, None, "ceded", "drawn", "agreed")[(report.start + n) % 5] if further else None
    ending = None if hidden and ending != "ceded" else ending
    seated = not hidden and further and ending not in ("drawn", "agreed")
    seat = ("deadline", "other", "mine", "other")[n % 4] if seated else None
    first = Further(closed=further and n % 3 == 1, consents=further, computer=seat, planner=recording,
                    played=played_one, inbox=further and n % 3 == 2, hands=further and ending is None,
                    lost=("resumed", "cancelled")[n % 2], ending=ending,
                    absent=("computer", "choose", "end")[n % 3] if hidden and further else None)
    replaying = Replaying(recording.plans, renamed)
    second = replace(first, played=played_two, planner=replaying if seat == "other" else ThreadPlanner())
    if hidden:
        one, two = (observed(system, state, viewer, lines, [], batched, around=around, further=first),
                    observed(system, state, viewer, lines, hidden, batched, around=around, further=second))
    else:
        one, two = (observed(system, state, viewer, lines, None, batched, terminal, around, further=first),
                    observed(system, other, viewer, lines, None, batched, terminal, around, further=second))
    report.positions += 1
    report.refused += replaying.refused
    report.held += any(line.held for line in lines)
    report.drawn += ending in ("drawn", "agreed")
    report.ceded += ending == "ceded"
    report.ahead += batched and any(line.ahead for line in lines)
    if _seated_and_disclosed(system, viewer, one, two, played_one, played_two, renamed):
        report.disclosed += 1
        one, two = (seen[:seen.index(SEATED)] + seen[seen.index(TERMINAL):] for seen in (one, two))
    differ = first_difference(one, two)
    if differ:
        report.differences.append(f"{what}: {differ}")


def _seated_and_disclosed(system: ModuleType, viewer: str, one: list[str], two: list[str],
                          played_one: list[tuple[dict, list[tuple[str, str]]]],
                          played_two: list[tuple[dict, list[tuple[str, str]]]],
                          renamed: Callable[[str], str]) -> bool:
    """Whether the two records part after the computer took its seat, where the commands played since
    make the rules tell the two positions apart (the viewer's view or the events told them differ, or
    the second refuses what the first played) before any of them is played otherwise (the same for
    the viewer's side, `renamed` for the other's): a rule's disclosure, after which what the viewer
    observes, and what their side's computer plays, may differ."""
    if not (played_one and played_two and SEATED in one and SEATED in two) or one == two:
        return False
    at = next((n for n, (a, b) in enumerate(zip(one, two)) if a != b), min(len(one), len(two)))
    if at < one.index(SEATED) or TERMINAL in one[:at]:
        return False
    (state, commands), (other, theirs) = played_one[0], played_two[0]
    for n, (side, text) in enumerate(commands):
        given = text if side == viewer else renamed(text)
        try:
            other, heard = system.apply(other, side, system.parse(side, given))
        except RulesError:
            return True
        if n >= len(theirs) or theirs[n] != (side, given):
            return False
        state, told = system.apply(state, side, system.parse(side, text))
        if system.view(state, viewer) != system.view(other, viewer) or _heard(told, viewer) != _heard(heard, viewer):
            return True
    return False


def _campaign_compare(system: ModuleType, state: dict, other: dict, viewer: str, rng: random.Random,
                      steps: int, pair: tuple[int, int], what: str, report: SwapReport, plans: bool = True,
                      hidden: Sequence[str] = (), further: bool = False) -> None:
    from rules.campaign_1812 import swaptest

    _compare(system, state, other, viewer, rng, steps, partial(_campaign_probes, viewer, pair, rng, plans),
             swaptest.weighted_choice, f"{what} viewer={viewer}", report, hidden,
             around=sorted({str(place) for place in pair}), further=further)


def campaign_swap(seed: int, rng_seed: int, scenario: str = "campaign", options: list[str] | None = None,
                  positions: int = 2, steps: int = 4, longest: int = 150, further: bool = False) -> SwapReport:
    """One random 1812 game, played with `options` as a game at the table is: at `positions` random
    points, exchange the contents of two of the other side's hidden stacks and compare what the
    side to move observes through the front ends, and once a game at the first choice of one side at a
    stop or after it (an attrition loss, a retreat, the defender's: answered on the buttons of its
    question); and at every battle's secret plans, whether the other side's chit is down or not (the
    viewer's own not yet down: once it is, the battle's being revealed or not tells). `further`: each
    position observes more (_compare)."""
    from rules import campaign_1812 as system
    from rules.campaign_1812 import swaptest
    from rules.campaign_1812.game import enemy_of
    from rules.campaign_1812.standing import ORDERS

    rng = random.Random(rng_seed)
    report = SwapReport(start=seed)
    choosing, chose = False, False  # a stop has passed: the chooser's turn at the next choice; it had it
    for played, state, viewer, stop in walk(system, system.setup(scenario, seed, options or []), rng, positions,
                                             longest, swaptest.random_move, report):
        where = f"{scenario} seed={seed} rng_seed={rng_seed} command {played}"
        choosing = (choosing or stop) and not chose
        waiting = system.choice(state)
        if choosing and waiting is not None and waiting["kind"] != "plan":
            choosing, chose, stop = False, True, True
        for a, b in swaptest.pairs(state, viewer, rng, 1) if stop else []:
            _campaign_compare(system, state, swaptest.swapped(state, enemy_of(viewer), a, b), viewer, rng,
                              steps, (a, b), f"{where} swap {a}<->{b}", report, further=further)
        bt = state["battle"]
        if bt and bt["stage"] == "plans" and not any(bt["plans"].values()):
            enemy = enemy_of(viewer)
            if rng.random() < 0.5:  # a chit put down, then changed
                legal = system.legal_commands(state, enemy)
                chits = rng.sample(legal, min(2, len(legal)))
                hidden = [chit.to_text() for chit in chits]
            else:  # a standing order, played at once
                order = rng.choice(sorted(ORDERS["plan"]))
                standing = system.standing_command(state, enemy, {"plan": order})
                assert standing is not None, "a plan order gives a chit while the plan waits"
                chits = [standing]
                hidden = [f"orders plan {order}"]
            chosen = state
            for chit in chits:
                chosen, _ = system.apply(chosen, enemy, chit)
            _campaign_compare(system, state, chosen, viewer, rng, 1, (bt["place"], bt["place"]),
                              f"{where} the {enemy} chit down or not", report, plans=False, hidden=hidden,
                              further=further)
    return report
