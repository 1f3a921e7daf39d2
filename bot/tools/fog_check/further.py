"""The walks a front-end swap takes beyond the lines at the table (Further), each what the viewer reads of it and the
looks after: requests by consent, the computer taking a seat and answering what is asked of it, a deadline passed
with an action, a draw agreed each way and the ended game's export, seats handed over by consent, a newcomer seated,
the channel lost and the game resumed or cancelled.

`kolocha fuzz` takes them in turn, each in a fair share of positions (Further.in_turn): requests by consent at every
position; the viewer's DMs closed at one position in three and a private thread at another; at the end one of five
endings, each at one position in five (ENDINGS: the channel lost and the game resumed, or cancelled; the seats ceded;
a draw offered by the other, or by the viewer), and before it, at the three positions in five that no draw ends, the
computer in each of its three seats in turn (SEATS), the turn moved on every five positions so that each seat meets
each ending: each seat at one position in five too. Where the other's secret order is given in one branch alone (an
ended game's export would show it) there is no draw, the game is resumed or cancelled instead, nor the other's seat
(his order is given or not), and the other's deadline passes with each action at one position in three. Each seat
is steered to where it applies (compare): for the viewer's deadline their lines stop while the game still waits for
them (lines_to_type, awaited), and the computer takes their seat before their `undo`; for the other's, the command
he types is left out (unanswered), so that the game waits for him, and the computer takes his seat before the
viewer's `undo`, or at the end where the game waits for him then. Where the viewer writes orders ahead behind his
choice, the endings that end the game or hand the viewer's seat to another (UNPLAYED) leave his answer out too, and
before the seats handed over by consent the computer takes no seat: the game ends, or their seat goes to HEIR, with
their orders held (their `undo` after them, refused, keeps them: bot/tables/judging.py), and the word of them
unplayed is walked. The report counts the positions each walk ran at (Further.ran): a walk is not taken where the
game is over before it, and the computer asked for a seat that does not apply even so takes the viewer's, handed
over."""
from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import NamedTuple

from bot.computer.planner import Planner
from bot.permissions import Actor
from bot.service import GameService
from bot.tables import Offer, Tables
from bot.tools.fog_check.cast import CHANNEL, GUILD, HEIR, MANAGER, NEWCOMER, OTHER, SPECTATORS, VIEWER
from bot.tools.fog_check.looks import answer_of, awaited, button, live_game, looks
from bot.tools.fog_check.stand_ins import Recorder

SEATED = "-- the computer takes a seat --"  # what follows may differ once the rules disclose (Further.played)
SEATS = ("deadline", "other", "mine")  # where the computer takes a seat (Further.computer)
ENDINGS = ("resumed", "cancelled", "ceded", "drawn", "agreed")  # how a position's walks end (Further.in_turn)
UNPLAYED = ("cancelled", "ceded", "drawn", "agreed")  # the endings the viewer's orders written ahead are held to
WALKS = {"deadline": "the computer at the viewer's deadline", "other": "the computer in the other's seat",
         "mine": "the computer in the viewer's seat handed over", "resumed": "the channel lost, the game resumed",
         "cancelled": "the channel lost, the game cancelled", "ceded": "seats handed over by consent",
         "drawn": "a draw offered by the other", "agreed": "a draw offered by the viewer",
         "closed": "the viewer's DMs closed", "inbox": "a private thread", "consents": "requests by consent",
         "computer": "the other's deadline passed (computer)", "choose": "the other's deadline passed (choose)",
         "end": "the other's deadline passed (end)"}  # each walk's name in the report (Further.ran)


class Played(NamedTuple):
    """The computer's play at a seat (computer_seated): the position it took the seat at, the commands played since
    (by side, as stored), the observations written while it played, each marked with how many of those commands
    were stored by then (by its place among them: Recorder.marks), and where the observations after its play begin."""

    state: dict
    commands: list[tuple[str, str]]
    marks: dict[int, int]
    end: int


@dataclass(frozen=True)
class Further:
    """What the swap observes beyond the lines at the table (at_table). `closed`: the viewer's DMs refuse
    every message while they give the lines, the news held back shown under the replies to them and the
    rest sent once their DMs open again. `consents`: requests answered by consent (a draw offered each way,
    requests to undo, a seat's hand-over asked of each player). `computer`: the computer then takes a seat,
    planning with `planner`: the viewer's at their deadline ("deadline") before their `undo` where the game
    waits for them, or handed over by them ("mine") at the end; or the other player's, handed over by him
    ("other") before the viewer's `undo` (which would take back the command that gave it the move), else at
    the end, where the game waits for him; else the viewer's, handed over, at the end (at their deadline set
    back to remind, as at_table's later deadlines expect); the player who keeps a seat offers the computer a
    draw and asks it to undo
    (_asked_of_computer); each change waits for what a computer seat plays after it; `played`
    keeps the state it took the seat at and the commands played since, to tell a rule's disclosure from
    a leak. `inbox`: both players ask for a private thread (`/game inbox`) before the lines, or once the
    viewer's DMs open again where they were `closed`, and their private news goes there. `hands`: at the
    end a server manager seats a newcomer for the other side; the game's channel is lost (the players
    told by DM) and, `lost` "resumed", the viewer resumes the game there and cancels it, or, "cancelled",
    the manager cancels it from another channel while it waits. `absent`: once the deadlines have passed,
    the other player's passes again with this action (`/game settings at_deadline`: computer, choose, end),
    as where his secret order is given or not (other_absent). `ending`, at the end instead: "drawn", the other
    player offers a draw and the viewer accepts it, "agreed", the viewer offers one and he accepts (draw_agreed: the
    game's end, its export); "ceded", the seats handed over by consent, his to the newcomer and the viewer's to HEIR
    (seats_ceded). `ran`: the walks taken, by their names in WALKS, written as each is taken."""

    closed: bool = False
    consents: bool = False
    computer: str | None = None
    planner: Planner | None = None
    played: list[Played] | None = None
    inbox: bool = False
    hands: bool = False
    lost: str = "resumed"
    absent: str | None = None
    ending: str | None = None
    ran: list[str] | None = None

    @classmethod
    def in_turn(cls, turn: int, hidden: bool) -> Further:
        """The walks `kolocha fuzz` takes at a position, by its `turn` (the game's seed plus the positions compared
        before it in the game, so that games of two or three positions take every turn too), as the module says;
        `hidden`, the other's secret order given in one branch alone."""
        ending = ENDINGS[turn % 5]
        seat = None if ending in ("drawn", "agreed") else SEATS[(turn % 5 + turn // 5) % 3]
        if hidden and ending in ("drawn", "agreed"):
            ending = ("resumed", "cancelled")[ENDINGS.index(ending) % 2]
        hands = ending in ("resumed", "cancelled")
        return cls(closed=turn % 3 == 1, consents=True, inbox=turn % 3 == 2,
                   computer=None if hidden and seat == "other" else seat,
                   hands=hands, lost=ending if hands else "resumed", ending=None if hands else ending,
                   absent=("computer", "choose", "end")[turn % 3] if hidden else None, ran=[])


async def draw_agreed(seen: list[str], tables: Tables, service: GameService, accepts: bool) -> bool:
    """A draw agreed: offered by the other player and accepted by the viewer with the button `/game draw` offers
    them (`accepts`), or offered by the viewer and accepted by him. What the viewer reads of it (the game's end in
    the channel and the spectators', their kept view ended, their questions written over with how it ended), the
    looks after (`/game status` of the game over, their games), and the ended game's export: its words and command
    log, which the two positions share (the same commands), and its replay, all blocks face up (by design once the
    game is over: not compared); and the dice's proof."""
    game = live_game(service)
    if game is None:
        return False
    if accepts:
        await awaited(tables.play.draw(OTHER, CHANNEL))
        seen.append(f"{OTHER.name} offers a draw")
        asked = await awaited(tables.play.draw(VIEWER, CHANNEL))
        seen.append(f"/game draw: {_offered(asked, 'draw')}")
        if isinstance(asked, Offer):
            pressed = tables.play.confirm(VIEWER, "draw", game, asked.side, asked.seq)
            seen.append(f"pressed draw: {await awaited(pressed)}")
    else:
        seen.append(f"/game draw: {_offered(await awaited(tables.play.draw(VIEWER, CHANNEL)), 'draw')}")
        asked = await awaited(tables.play.draw(OTHER, CHANNEL))
        if isinstance(asked, Offer):
            await awaited(tables.play.confirm(OTHER, "draw", game, asked.side, asked.seq))
        seen.append(f"{OTHER.name} accepts the draw")
    await tables.computer.settled()
    seen += looks(tables, service)
    if service.store.game(game)["status"] == "over":
        number, text, script, _ = tables.overview.export(tables.overview.archived(CHANNEL, GUILD, game))
        seen.append(f"/game export of ended game {number}: {text} [file {script!r}] [its replay: all blocks face up]")
        seen.append(f"Verify game {game}: {answer_of(lambda: tables.overview.verify(game))}")
    return True


async def seats_ceded(seen: list[str], tables: Tables, service: GameService, recorder: Recorder, viewer: str,
                 other: str) -> bool:
    """Seats handed over by consent (`/game replace`, answered with the button "Hand over my seat"): the viewer,
    the game's creator, asks for the other's seat to go to the newcomer and he hands it over; then the newcomer,
    a member with Manage Server who now plays, asks for the viewer's seat to go to HEIR and the viewer hands it
    over. A seat the computer holds (Further.computer) goes without asking. What the viewer reads of each, what
    HEIR reads from then on (their side's view, by DM: Recorder.heir), and the looks after each."""
    game = live_game(service)
    if game is None:
        return False
    seen.append(f"/game replace side:{other} player:{NEWCOMER.name}: "
                f"{await awaited(tables.seats.replace(VIEWER, CHANNEL, other, NEWCOMER))}")
    await tables.computer.settled()
    await awaited(tables.play.confirm(OTHER, "cede", game, other, int(NEWCOMER.id)))  # his reply is his own
    seen.append(f"{OTHER.name} hands his seat to {NEWCOMER.name}")
    await tables.computer.settled()
    seen += looks(tables, service)
    recorder.heir = True
    await awaited(tables.seats.replace(replace(NEWCOMER, manage_guild=True), CHANNEL, viewer, HEIR))
    seen.append(f"{NEWCOMER.name} asks for the {viewer} seat to go to {HEIR.name}")
    await tables.computer.settled()
    seen.append(f"pressed cede: {await awaited(tables.play.confirm(VIEWER, 'cede', game, viewer, int(HEIR.id)))}")
    await tables.computer.settled()
    seen += looks(tables, service)
    return True


async def other_absent(seen: list[str], tables: Tables, service: GameService, other: str, action: str) -> bool:
    """The other player's deadline passes with `action`, set by the viewer (the game's creator): what the viewer
    reads of it, and the looks after. While both sides give secret orders at once (1812's battle plans), a
    side whose order is given gets a fresh clock and not a word: the action must tell nothing more where it
    is not (bot/tables/clocks.py)."""
    game = live_game(service)
    if game is None or other not in {row["side"] for row in service.store.deadlines(game)}:
        return False
    changed = tables.lobby.change_settings(VIEWER, CHANNEL, {"at_deadline": action})
    seen.append(f"/game settings at_deadline:{action}: {await awaited(changed)}")
    await tables.clocks.expire(game, other, timedelta(0))
    await tables.computer.settled()
    seen += [f"the {other} deadline passes", *looks(tables, service)]
    return True


async def consented(seen: list[str], tables: Tables, service: GameService, viewer: str, other: str) -> bool:
    """Requests that wait for the other player's word: a draw offered each way and declined; the viewer's
    request to undo refused, asked again and accepted; the other's likewise, answered by the viewer (his
    command taken back by their consent); each player asked to hand their seat to a newcomer, and keeping
    it. What the viewer reads of them (the other's replies are his alone), written in `seen` as they come."""
    game = live_game(service)
    if game is None:
        return False

    async def by_other(what: str, act: Awaitable[object]) -> None:
        await awaited(act)
        seen.append(f"{OTHER.name} {what}")
        await tables.computer.settled()  # a computer seat's answer, if it holds the other side

    async def pressed(action: str, side: str, seq: int) -> None:
        seen.append(f"pressed {action}: {await awaited(tables.play.confirm(VIEWER, action, game, side, seq))}")
        await tables.computer.settled()

    seen.append(f"/game draw: {_offered(await awaited(tables.play.draw(VIEWER, CHANNEL)), 'decline')}")
    await tables.computer.settled()
    asked = await awaited(tables.play.draw(OTHER, CHANNEL))
    await tables.computer.settled()  # a computer in the viewer's seat declines it before his next word, not as it comes
    if isinstance(asked, Offer):
        await by_other("declines the draw", tables.play.confirm(OTHER, "decline", game, asked.side, asked.seq))
    await by_other("offers a draw", tables.play.draw(OTHER, CHANNEL))
    asked = await awaited(tables.play.draw(VIEWER, CHANNEL))
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
            seen.append(f"/order undo: {await awaited(tables.play.orders(VIEWER, CHANNEL, 'undo'))}")
            await tables.computer.settled()
    for answer in ("refuse", "accept"):  # an undo free within its phase is asked no more
        await by_other("asks to undo", tables.play.orders(OTHER, CHANNEL, "undo"))
        pending = service.store.game(game)["pending_undo"]
        if pending is None or pending["by"] != other:
            break
        await pressed(answer, viewer, service.store.seen_seq(game, viewer))
    seen.append(f"/game replace side:{other} player:{NEWCOMER.name}: "
                f"{await awaited(tables.seats.replace(VIEWER, CHANNEL, other, NEWCOMER))}")
    await tables.computer.settled()
    await by_other("keeps his seat", tables.play.confirm(OTHER, "hold", game, other, int(NEWCOMER.id)))
    await by_other(f"asks for the {viewer} seat to go to {NEWCOMER.name}",
                   tables.seats.replace(replace(OTHER, manage_guild=True), CHANNEL, viewer, NEWCOMER))
    await pressed("hold", viewer, int(NEWCOMER.id))
    seen += looks(tables, service)
    return True


async def computer_seated(seen: list[str], tables: Tables, service: GameService, recorder: Recorder, side: str,
                          further: Further) -> bool:
    """The computer takes `side`'s seat (Further.computer: the viewer's at their deadline where they are
    awaited, then the action set back to remind, else handed over by them; the other player's, which the
    game waits for, handed over by him) and plays while its side acts: what the viewer reads of it (its
    posts and how many, when they go, where it is shown thinking), the commands it played for `side` (the
    viewer's: planned from what that side knows, the same in both positions), and the looks after, written
    in `seen` as they come (what `recorder` writes while it plays marked with how many commands it stored by
    then: Played); whether it took the seat."""
    game = live_game(service)
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
    recorder.marks = {}
    recorder.playing = lambda sent: (service.store.last_seq(game) if sent is None else sent) - seq
    at_deadline = further.computer == "deadline" and side in {row["side"] for row in service.store.deadlines(game)}
    if further.ran is not None:
        further.ran.append(WALKS["other" if holder != VIEWER.id else "deadline" if at_deadline else "mine"])
    if at_deadline:
        changed = tables.lobby.change_settings(VIEWER, CHANNEL, {"at_deadline": "computer"})
        recorder.write(f"/game settings at_deadline:computer: {await awaited(changed)}")
        await tables.clocks.expire(game, side, timedelta(0))
    else:
        actor = VIEWER if holder == VIEWER.id else OTHER
        recorder.write(f"/game seat side:{side} player:computer by {actor.name}: "
                       f"{await awaited(tables.computer.seat(actor, CHANNEL, side, 1))}")
    recorder.write(f"while the computer plays: {len(seen)} observations")  # it may have played already
    await tables.computer.settled()
    recorder.playing, end = None, len(seen)
    if at_deadline:  # later deadlines remind (at_table): the other's taken so would play from his own blocks
        changed = tables.lobby.change_settings(VIEWER, CHANNEL, {"at_deadline": "remind"})
        seen.append(f"/game settings at_deadline:remind: {await awaited(changed)}")
    played = [(row["side"], row["normalised"]) for row in service.store.commands(game, after=seq)]
    if further.played is not None:
        further.played.append(Played(at, played, recorder.marks, end))
    if holder == VIEWER.id:  # the other side's commands are its own (the second plays them renamed)
        seen.append(f"played for the {side} side: {[text for by, text in played if by == side]}")
    else:
        await _asked_of_computer(seen, tables, asker, ("undo",))
    seen += looks(tables, service)
    return True


async def _asked_of_computer(seen: list[str], tables: Tables, asker: Actor, lines: Sequence[str]) -> None:
    """The player who keeps a seat (`asker`) asks what the computer answers (bot/computer/seat.py, answer): a draw
    offered (`draw`), their own last command taken back (`undo`: by consent across phases). Before the computer
    takes the other's seat the viewer offers a draw, which it answers first once seated, and asks to undo after
    its play; before it takes the viewer's, the other player asks both. What the viewer is answered when they ask,
    or what the other asks, written in `seen`; the computer's answers come with its play."""
    for line in lines:
        said = await awaited(tables.play.orders(asker, CHANNEL, line))
        seen.append(f"/order {line} by {asker.name}" + (f": {said}" if asker == VIEWER else ""))
    await tables.computer.settled()


async def hands_changed(seen: list[str], tables: Tables, service: GameService, other: str, lost: str) -> bool:
    """A server manager who plays no part seats a newcomer for the other side (nobody's consent asked); the
    game's channel is lost (deleted: Management.lose_channel, each player told by DM) and the game waits;
    `lost` "resumed": the viewer, the game's creator, resumes it in the channel and cancels it; "cancelled":
    the manager cancels it by its number from another channel while it waits (its news by DM). What the
    viewer reads, and the looks after each, written in `seen` as they come."""
    game = live_game(service)
    if game is None:
        return False
    await awaited(tables.seats.replace(MANAGER, CHANNEL, other, NEWCOMER))
    await tables.computer.settled()
    seen += [f"{MANAGER.name} seats {NEWCOMER.name} as {other}", *looks(tables, service)]
    await tables.management.lose_channel(CHANNEL, "its channel was deleted")
    seen += ["the game's channel is lost", *looks(tables, service)]
    if lost == "cancelled":
        seen.append(f"{MANAGER.name} cancels game {game} from another channel: "
                    f"{await awaited(tables.management.cancel(MANAGER, SPECTATORS, game, GUILD))}")
    else:
        seen.append(f"/game resume game:{game}: "
                    f"{await awaited(tables.management.resume(VIEWER, GUILD, CHANNEL, game))}")
        await tables.computer.settled()
        seen += looks(tables, service)
        seen.append(f"/game cancel: {await awaited(tables.management.cancel(VIEWER, CHANNEL))}")
    seen += looks(tables, service)
    return True


def _offered(offer: object, action: str) -> str:
    """A question with buttons as the viewer reads it (its words, and its button's id), or the reply."""
    return f"{offer.reply.text} {button(offer, action)}" if isinstance(offer, Offer) else str(offer)
