"""The game at a Discord table in a front-end swap (at_table): the real Tables over the stand-ins, the viewer and the
other player seated, a spectators' channel following; each of the viewer's messages given as Discord sends it (a
slash command, a typed message, an `/orders` box, a button clicked, a DM to the bot), with the autocomplete before
and the looks after, then the maps, help, pause, clocks and the walks `further` asks."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta
from functools import partial
from itertools import takewhile
from pathlib import Path

from bot.computer.planner import ThreadPlanner
from bot.config import Config, GameSettings
from bot.delivery.base import stamp
from bot.permissions import TableError
from bot.service import GameService, standing
from bot.tables import Offer, PlainReply, Tables
from bot.tables.computer import Computer
from bot.tools.fog_check.cast import CHANNEL, GUILD, NOON, OTHER, SPECTATORS, VIEWER
from bot.tools.fog_check.further import (WALKS, Further, computer_seated, consented, draw_agreed, hands_changed,
                                         other_absent, seats_ceded)
from bot.tools.fog_check.lines import LAST, QUERIES, Line
from bot.tools.fog_check.looks import answer_of, awaited, button, live_game, looks, viewer_side
from bot.tools.fog_check.position import Position, game_service
from bot.tools.fog_check.stand_ins import Marking, Recorder, Unscheduled, crop_json, view_json


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
    (bot/tables/clocks.py; the action remind again, set for this walk): who is pinged
    where, and the question its late player is asked in public, the other player taking his
    reminders in the channel; `late`, then the viewer's own deadline passes once more with that action
    (`/game settings at_deadline`: end, choose, forfeit), played for them from what they know. And what
    `further` asks (see Further): the viewer's DMs closed while they give the lines, requests answered
    by consent, the computer taking a seat, the seats changing hands and the game cancelled or drawn."""
    seen: list[str] = []
    service = game_service(folder / "table.sqlite", position)
    recorder = Recorder(seen)
    delivery = Marking(service, recorder, view_json, lambda: NOON, crop_json)
    settings = GameSettings(spectator_delay=delay, at_deadline="remind")  # under `end` the other side's
    tables = Tables(service, delivery, Unscheduled(), Config(defaults=settings),  # stand-in plays its own blocks
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
    before = answer_of(lambda: tables.play.offer(VIEWER, CHANNEL, "end"))
    seen += looks(tables, service)
    if hidden is not None:
        for line in hidden:
            await tables.play.submit(OTHER, CHANNEL, line, other)
        seen.append(f"pressed {button(before)}: {await _press(tables, before)}")
    ran = further.ran if further.ran is not None else []  # the walks taken (Further.ran)
    ran += [WALKS[walk] for walk in ("closed", "inbox") if getattr(further, walk)]
    recorder.closed = further.closed
    if further.inbox and not further.closed:
        await _inbox(seen, tables)
    seated = False  # the computer took a seat before the viewer's `undo`, which would take a step back
    for message in messages(lines, batched):
        if message == list(LAST) and further.computer in ("other", "deadline"):
            side = other if further.computer == "other" else viewer
            if side in _awaited(service):
                seated = await computer_seated(seen, tables, service, recorder, side, further)
        seen += _completions(tables, service)
        seen.append(await _give(tables, message, recorder))
        await tables.computer.settled()  # what a computer seat does after it, before the next step
        seen += await _held(tables)
        seen += looks(tables, service)
    if further.closed:
        await _opened(seen, tables, service, recorder)
        if further.inbox:
            await _inbox(seen, tables)
    for private in (False, True):
        seen.append(f"/game map around {' '.join(around)} private={private}: "
                    f"{await _mapped(tables, ' '.join(around) or None, private)}")
    seen += [f"/help {topic}: {answer_of(partial(tables.overview.help, CHANNEL, topic))}"
             for topic in (None, "deadlines")]
    for action in ("pause", "resume"):  # asked by the viewer, agreed by the other player
        for actor in (VIEWER, OTHER):
            asked = getattr(tables.absence, action)(actor, CHANNEL)
            seen.append(f"/game {action} by {actor.name}: {await awaited(asked)}")
            await tables.computer.settled()  # a computer seat playing once the game goes on
        seen += looks(tables, service)
    if further.consents and await consented(seen, tables, service, viewer, other):
        ran.append(WALKS["consents"])
    if clocks:
        for game in service.store.games(channel=CHANNEL):
            for side in sorted(row["side"] for row in service.store.deadlines(game["id"])):
                await tables.clocks.remind(game["id"], side, NOON + timedelta(hours=1), NOON.isoformat())
                await tables.clocks.expire(game["id"], side, timedelta(0))
        await tables.computer.settled()
        seen += looks(tables, service)
    if further.absent is not None and await other_absent(seen, tables, service, other, further.absent):
        ran.append(WALKS[further.absent])
    if late is not None:
        seen.append(f"/game settings at_deadline:{late}: "
                    f"{await awaited(tables.lobby.change_settings(VIEWER, CHANNEL, {'at_deadline': late}))}")
        for game in service.store.games(channel=CHANNEL):
            if any(row["side"] == viewer for row in service.store.deadlines(game["id"])):
                await tables.clocks.expire(game["id"], viewer, timedelta(0))
        seen += looks(tables, service)
    if further.computer is not None and not seated:
        side = other if further.computer == "other" and other in _awaited(service) else viewer
        await computer_seated(seen, tables, service, recorder, side, further)
    if further.ending in ("drawn", "agreed") and await draw_agreed(seen, tables, service, further.ending == "drawn"):
        ran.append(WALKS[further.ending])
    if further.ending == "ceded" and await seats_ceded(seen, tables, service, recorder, viewer, other):
        ran.append(WALKS["ceded"])
    if further.hands and await hands_changed(seen, tables, service, other, further.lost):
        ran.append(WALKS[further.lost])
    return seen


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
    seen.append(f"/game inbox: {await awaited(tables.news.inbox(VIEWER, CHANNEL))}")
    await awaited(tables.news.inbox(OTHER, CHANNEL))
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
    seen += looks(tables, service)


def _awaited(service: GameService) -> set[str]:
    """The sides the game running in the channel waits for, each with its deadline (none once it is over)."""
    game = live_game(service)
    return set() if game is None else {row["side"] for row in service.store.deadlines(game)}


def _marked(reply: PlainReply | None) -> str:
    """What everyone reads of a message typed in the channel: left as chat, withdrawn (it told more than
    the public lines of its orders), or marked ✅ or ❌ (bot/discord/app.py, answer_plain)."""
    if reply is None:
        return "chat"
    return "withdrawn" if reply.withdraw else "✅" if reply.accepted else "❌"


def _completions(tables: Tables, service: GameService) -> list[str]:
    """What the viewer's autocomplete offers: the legal commands, each field of /move, /attack (the answers
    written ahead, `then`, too) and /order (the destinations of every unit offered, each unit typed in part), and
    the kinds and orders of /game orders."""
    def offered(field: str, typed: str = "", given: dict[str, str] | None = None) -> object:
        return answer_of(lambda: tables.completion.complete(VIEWER, CHANNEL, field, typed, given or {}))
    units = offered("unit")
    values = [value for value, _ in units] if isinstance(units, list) else []
    games = service.store.games(channel=CHANNEL)
    orders = [standing.offered(service.system(game["id"]), service.load(game["id"]), viewer_side(service, game["id"]))
              for game in games]
    return [f"autocomplete: {answer_of(lambda: tables.completion.legal_texts(VIEWER, CHANNEL))}",
            f"units offered: {units}",
            *(f"unit {value[:2]!r} typed: {offered('unit', value[:2])}; "
              f"to: {offered('to', '', {'unit': value})}" for value in values),
            *(f"{field} offered: {offered(field)}" for field in ("attackers", "defenders", "then", "order")),
            f"standing orders offered: {orders}"]


async def _mapped(tables: Tables, around: str | None, private: bool) -> str:
    """The viewer asks for a map (`/game map`): what they are answered (the map itself is posted)."""
    try:
        return await tables.play.map(VIEWER, CHANNEL, around, private)
    except TableError as error:
        return f"refused: {error.text}"


def messages(lines: Sequence[Line], batched: bool) -> list[list[Line]]:
    """The messages the lines go in (at_table): `batched`, the orders in one box (_batched); else one line a
    message, the viewer's orders written ahead excepted, which go in one box where the first stands (a box is their
    only way in: written_ahead), the one of them added with `/order` after it (one_added) alone. So where the other
    player's box is held behind the viewer's choice, given one line at a time, their orders written ahead past his
    next choice are given too."""
    if batched:
        return _batched(lines)
    ahead = [n for n, line in enumerate(lines) if line.ahead and not line.added]
    return [[lines[k] for k in ahead] if [n] == ahead[:1] else [line] for n, line in enumerate(lines)
            if n not in ahead[1:]]


def _batched(lines: Sequence[Line]) -> list[list[Line]]:
    """The messages of a batched run: the queries one by one, then the accepted orders and the
    last line of the body in one box, then the order the viewer adds to those it holds with `/order`, the
    lines the other player types and those after the body (`undo`) one by one."""
    head, after = lines[:-len(LAST)], lines[-len(LAST):]
    queries = list(takewhile(lambda line: line.text in QUERIES, head))
    body = [line for line in head[len(queries):] if not (line.typed and line.side or line.added)]
    box = [line for line in body[:-1] if line.accepted] + list(body[-1:])
    added = [line for line in head if line.added]
    theirs = [line for line in head if line.typed and line.side]  # typed by the other player, after the box
    return [*([line] for line in queries), *([box] if box else []), *([line] for line in [*added, *theirs, *after])]


async def _give(tables: Tables, message: list[Line], recorder: Recorder) -> str:
    """One message of the viewer's, and what they are answered, each as Discord sends it (bot/discord/
    commands.py): several lines, or orders written ahead, in the `/orders` box (which opens with the orders
    their side holds, and replaces them); one line with `/order` (added to those held, if any). An accepted
    line that answers a question whose buttons the viewer was offered is given in turn by clicking its button
    (in the DM that asked it, which the next question may take the place of), with `/order` and typed to
    the bot in a DM; a line `typed` is typed in the channel."""
    if len(message) > 1 or message[0].ahead and not message[0].added:
        text = "\n".join(line.text for line in message)
        given = f"/orders, opened with {tables.play.held_in(VIEWER, CHANNEL)!r}, {text!r}"
        try:
            return f"{given}: {await tables.play.orders(VIEWER, CHANNEL, text, box=True)}"
        except TableError as error:
            return f"{given} refused: {error.text}"
    line, = message
    if line.held:  # the reply is his own; what the viewer reads of it (nothing, while it is held) is recorded
        if line.added:
            await tables.play.orders(OTHER, CHANNEL, line.text)
            return f"{OTHER.name} adds an order with `/order`: {line.text!r}"
        await tables.play.orders(OTHER, CHANNEL, line.text, box=True)
        return f"{OTHER.name} sends orders in one box: {line.text!r}"
    asked = recorder.clickable(line.text) if line.accepted and line.side is None and not (line.typed or line.ahead) \
        else None
    if asked is not None:
        recorder.given += 1
        where, buttons = asked
        if recorder.given % 3 == 1:
            clicked = tables.play.answer(VIEWER, int(buttons["game"]), str(buttons["side"]), int(buttons["seq"]),
                                         line.text, where)
            return f"clicked {line.text!r}: {await awaited(clicked)}"
        if recorder.given % 3 == 2:
            return f"DM to the bot `{line.text}`: {await awaited(tables.direct.message(VIEWER, line.text))}"
    if line.typed and line.side:
        return f"{OTHER.name} typed `{line.text}`: {_marked(await tables.play.plain(OTHER, CHANNEL, line.text))}"
    if line.typed:
        return f"typed `{line.text}`: {await tables.play.plain(VIEWER, CHANNEL, line.text)}"
    try:
        return f"/order {line.text}: {await tables.play.orders(OTHER if line.side else VIEWER, CHANNEL, line.text)}"
    except TableError as error:
        return f"/order {line.text} refused: {error.text}"


async def _press(tables: Tables, offer: object) -> object:
    """The viewer presses an "End the phase" button offered earlier: what they are answered."""
    if not isinstance(offer, Offer):
        return offer
    try:
        return await tables.play.confirm(VIEWER, "end", offer.game_id, offer.side, offer.seq)
    except TableError as error:
        return f"refused: {error.text}"
