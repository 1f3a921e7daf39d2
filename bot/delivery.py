"""Who hears what, and how: every message leaves through the outbox.

A change to a game stores the messages it causes in the outbox in its own transaction (see
GameService.submit's `compose`); Delivery then sends the stored rows, oldest first, and marks a row
delivered only once the platform has accepted all of it. A channel reads its games in the order
stored: a new game's posts wait behind those of the game before it still unsent (a restart, Discord
down), which a flush of the new game sends first. A text longer than the platform's limit goes as
several messages (the Messenger splits it), and a row remembers how many of them were accepted, so a
retry sends only the rest. Each message is sent once: it goes with a nonce (the row, the piece and a
digest of what the row says) that Discord de-duplicates for a few minutes (a retry later than that,
after a try that may have posted, first reads the bot's own messages at the place since that try,
written down before the send, and knows one by its words, picture and buttons: `_went`), and what
the platform accepted is remembered in memory until the store has marked it, so when marking fails
(a full disk, a write lock held longer than the store waits) only the marking is tried again, never
the send. Texts in a row to one place (a channel, a person's DMs or private thread) go as one
message, one under the other, as far as the platform's limit allows; a picture row (a map) ends the
run, the texts waiting just before it going above its own words in the message of its pictures
where they fit (measured with the note that stands for a map not drawn, so no text is cut), else in
one of their own; buttons, a question, a kept view or a retired question goes alone. Which rows
share a message, and the place it goes to, are stored before it is sent (`joined`, `joined_to`), so
a retry after a restart sends that very message with its nonce to that very place, whoever holds a
seat by then, and all its rows are marked delivered once the platform has accepted it. Pictures are
not stored: a row names the view to draw (`{"seq": n, "side": side or None}`) and it is rendered
when sent, once for every channel that shows it; a row posted after a change (`crop`) carries a
second picture, the latest action at a phone's width. A kept row (`kept`) does not send a new
message: it edits the messages that hold a player's private view of the game in place (one per piece
of its text, the first ones sent when there are none yet; a piece more is sent, a piece less
deleted), and the store remembers their ids as soon as the platform made them, so a retry edits,
never repeats. A question (`question`: {"since": the command after which its player-turn began,
"fresh": whether it must notify}) goes the same way into the player's question message of that
player-turn: edited in place with its buttons (the answered question replaced), unless it is the
first of the player-turn or `fresh` (a new message, which notifies); `in_place`, the id of the
message whose button gave the command, is edited when the player has no question message of the
player-turn yet. One message asks all of a player's questions of a player-turn (bot/tables/news.py,
Change._ask). A retired question (`retire`: the place of a question message of a game now over)
writes that message over with what else its question told and how the game ended, its buttons gone.
Nothing here raises after a change has been stored: a failure is logged and the row waits for a
retry (the next change of the game, the periodic retry, the next start-up). Every read and write of
the store runs in a worker thread (`asyncio.to_thread`): the event loop never waits for another
connection's write lock, only the messages wait.

A row's audience is "channel:<id>", "user:<id>", a side (whoever holds its seat when it is sent),
"owner:<guild>" (the server's owner: a damaged row set aside, bot/damage.py) or "all" (the
record of a change's public events, already in its public line). Private rows go by DM,
prefixed once with "Game N: ". Closed DMs are remembered per person and retried after a
back-off; meanwhile the person's private news is shown in the replies to their own commands, or
goes to their private thread in the game's channel if they asked for one.
"""
from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import logging
from collections import OrderedDict, defaultdict
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass
from functools import partial
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from bot import text as fmt
from bot.service import GameService
from bot.store import Outbox
from bot.words import COMPUTER, Text, join, join_speakers, mention, words
from bot.words import channel as channel_ref

log = logging.getLogger("kolocha.delivery")

Renderer = Callable[..., bytes]
OwnerOf = Callable[[str], Awaitable[str | None]]  # a server -> its owner's user id (None: unknown)
MemberOf = Callable[[str, str], Awaitable[bool]]  # (server, user) -> False once the person has left it
Cropper = Callable[[dict], bytes | None]  # a view -> its latest action at a phone's width, or None
PlaceCheck = Callable[[dict, list[str]], None]  # refuses (ValueError) places not on the view's map
# A question's buttons, stored in its outbox row as data and rebuilt by the messenger when the row is
# sent (so they survive a restart): {"action", "other", "game", "side", "seq"}, e.g. a draw offer's
# Accept ("draw") and Decline ("decline") for the side it waits on, at the position it was made (a
# request for a seat: "cede" and "hold", "seq" the substitute's id); or a mid-turn choice's
# {"answers": [command texts], "labels": [what each reads as on its button], "game", "side", "seq"}
# (bot/tables/notices.py; labels only where they say more than the texts, which the buttons read otherwise).
Buttons = dict[str, Any]
NO_PICTURE = "(No map picture: the map renderer is not available on this server.)"
RETRY_CAP = timedelta(hours=1)  # a failing row is retried at least this often
NONCE_MEMORY = timedelta(minutes=2)  # Discord answers a nonce it took "in the past few minutes" by its message
CLOCK_SLACK = timedelta(minutes=1)  # how far the platform's clock may stand from ours
CHANNEL_REFUSALS = 3  # a channel refusing a row this many times in a row is lost to its games
GIVE_UP_AFTER = 8  # a row refused this many times (about an hour of tries) ends; see Delivery._give_up
DM_RETRY_FIRST, DM_RETRY_CAP = timedelta(hours=1), timedelta(days=1)
PICTURES_KEPT = 16
ALONE = ("buttons", "question", "kept", "retire")  # a row that says any of these goes in a message of its own


@dataclass(frozen=True)
class Reply:
    """A private answer to one person, and the held rows it shows them: once the answer has
    been sent, Delivery.mark_shown(reply.held) marks them delivered."""

    text: Text
    held: tuple[dict, ...] = ()


@dataclass(frozen=True)
class Onlookers:
    """Who besides the person it is for could read a private thread off a channel: those of the
    people asked (the other players of a game) who could, and in words everyone else who could
    (a server's owner, and members with Administrator or Manage Threads there); empty words when
    nobody else could."""

    among: tuple[str, ...]
    others: Text


class DMClosed(Exception):
    """The person does not accept direct messages from the bot."""


class PlatformDown(Exception):
    """The platform failed on its side or could not be reached (a 5xx, a rate limit it kept up,
    the network): a passing trouble, so the row waits for it to end however long it lasts."""


class ChannelClosed(Exception):
    """The bot may not post in a channel: it is gone, or its permissions there were taken."""

    def __init__(self, channel: str):
        super().__init__(channel)
        self.channel = channel


class Messenger(Protocol):
    """The only thing that touches a chat service (Discord, or a fake in tests)."""

    def pieces(self, text: Text) -> list[str]:
        """The text as this platform writes it, split into messages within its limit."""

    async def post(self, channel: str, piece: str, pictures: Sequence[bytes] = (),
                   buttons: Buttons | None = None, nonce: str | None = None) -> str | None:
        """Post one message in a channel or thread; its id (None: the platform gives none);
        raises when the platform refuses it. The platform makes one message of two sends
        with the same `nonce` (a retry after an answer was lost) for a few minutes only."""

    async def sent_since(self, place: str, since: datetime) -> list[tuple[str, str]]:
        """The bot's own messages at a place ("channel:<id>", "dm:<user>", "thread:<id>") since a
        moment, oldest first, each as (its id, how it reads: `looks`); none where the bot may not
        read them; raises PlatformDown as a send does."""

    def reads(self, piece: str, pictured: bool = False, buttons: Buttons | None = None) -> str:
        """How a message of this piece reads among `sent_since`'s, sent with pictures (`pictured`)
        and these buttons."""

    async def dm(self, user: str, piece: str, pictures: Sequence[bytes] = (),
                 buttons: Buttons | None = None, nonce: str | None = None) -> str | None:
        """Send one direct message, as `post`; raises DMClosed when the person's DMs are closed."""

    async def private_thread(self, channel: str, user: str, title: str, taken: Collection[str] = ()) -> str:
        """Open a thread in a channel that only this person (and moderators) can see (or take up one
        opened for it before and never used, none of those `taken`: other players' threads)."""

    async def keep(self, place: str, piece: str, kept: str | None, buttons: Buttons | None = None,
                   nonce: str | None = None) -> str:
        """Write a piece into the message `kept` of a place ("dm:<user>", "thread:<id>") by
        editing it, or into a new message when there is none or it is gone (sent with `nonce`, as
        `post`); its id. `buttons` replace the message's own (None: it has none)."""

    async def drop(self, place: str, kept: str) -> None:
        """Delete a message of a place that held a piece no longer needed (gone: nothing)."""

    async def onlookers(self, channel: str, person: str, users: Sequence[str]) -> Onlookers:
        """Who but `person` could read their private thread off this channel: which of `users`,
        and who else. Raises when the platform will not say."""


def default_renderer() -> Renderer | None:
    """render.snapshot when the renderer is installed, else None (text only, with a note)."""
    try:
        from render import snapshot
    except ImportError:
        return None
    return snapshot


def default_cropper() -> Cropper | None:
    """render.action_crop when the renderer is installed, else None."""
    try:
        from render import action_crop
    except ImportError:
        return None
    return action_crop


def default_place_check() -> PlaceCheck | None:
    """render.check_around when the renderer is installed, else None (nothing is drawn)."""
    try:
        from render import check_around
    except ImportError:
        return None
    return check_around


def user_audience(user: str) -> str:
    return f"user:{user}"


def channel_audience(channel: str) -> str:
    return f"channel:{channel}"


def message(text: Text, seq: int | None = None, side: str | None = None, *, crop: bool = False,
            buttons: Buttons | None = None, **options: object) -> dict[str, Any]:
    """An outbox payload: words, and the view at command `seq` to draw when it is sent; `crop`
    adds the picture of its latest action; `buttons`, a question's buttons, go with
    its last piece."""
    payload: dict[str, Any] = {"text": text}
    if seq is not None:
        payload["picture"] = {"seq": seq, "side": side, "options": options} | ({"crop": True} if crop else {})
    if buttons is not None:
        payload["buttons"] = buttons
    return payload


def kept_view(text: Text) -> dict[str, Any]:
    """An outbox payload that edits the messages holding a player's private view of the game
    into `text`, rather than sending a new one."""
    return {"text": text, "kept": True}


UNASKED: dict[str, Any] = {"unasked": ""}  # a row that asks and says nothing else (a reminder, a notice)


def unasked(payload: dict) -> dict | None:
    """A payload that asks something of a player (a question, a reminder of a deadline: its
    `unasked` is what else it says), as it goes once its game is over and no longer waits for
    anyone: those other words alone, no buttons; None where it says nothing else.

    >>> unasked({"text": "Attrition: 1 corps lost. The game waits for you.", "unasked": "Attrition: 1 corps lost."})
    {'text': 'Attrition: 1 corps lost.'}
    >>> unasked({"text": "The Russian move is due.", "unasked": ""}), unasked({"text": "A move."})
    (None, {'text': 'A move.'})
    """
    if "unasked" not in payload:
        return payload
    return {"text": payload["unasked"]} if payload["unasked"] else None


def looks(said: str, picture: str | None = None, controls: Sequence[str] = ()) -> str:
    """How a message reads where the bot looks for one it sent (Messenger.sent_since and reads): its
    words, the file name of its first picture, the ids of its buttons, a line each.

    >>> looks("Turn 2. ", "map.png", ["kolocha:draw:1:red:4"]).splitlines()
    ['Turn 2.', '[file map.png]', '[button kolocha:draw:1:red:4]']
    """
    return "\n".join([said.strip(), *([f"[file {picture}]"] if picture else []), *(f"[button {c}]" for c in controls)])


def payload_text(payload: dict) -> Text:
    """The words of one outbox row: its text, or the lines of its events."""
    if "text" in payload:
        return payload["text"]
    return "\n".join(line.strip() for line in fmt.event_lines(payload.get("events", []), False))


def nonce(rows: Sequence[dict], piece: int) -> str:
    """A piece's nonce: its row and piece (rows joined in one message: the first and how many
    more), and a digest of what the rows say. A database restored from an older copy gives its new
    rows the ids of rows already sent, and Discord answers a nonce it took in the last minutes with
    the first message instead of posting: the digest keeps a new row from being taken for an old
    one (an old one sent again is still one message)."""
    said = [[row["game"], row["seq"], row["audience"], row["payload"]] for row in rows]
    digest = hashlib.sha256(json.dumps(said[0] if len(said) == 1 else said, sort_keys=True, default=str).encode())
    more = f"+{len(rows) - 1}" if len(rows) > 1 else ""
    return f"{rows[0]['id']}{more}.{piece}.{digest.hexdigest()[:8]}"


async def no_owner(guild: str) -> str | None:
    """Without a chat service that knows servers, a notice to a server's owner stays the record."""
    return None


async def still_member(guild: str, user: str) -> bool:
    """Without a chat service that knows servers, everyone is taken to be still there."""
    return True


def utc_now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


class Delivery:
    """Sends the outbox through a Messenger; renders pictures off the event loop."""

    def __init__(self, service: GameService, messenger: Messenger,
                 renderer: Renderer | None = None, clock: Callable[[], datetime] = utc_now,
                 cropper: Cropper | None = None, place_check: PlaceCheck | None = None):
        self.service = service
        self.store = service.store
        self.messenger = messenger
        self.renderer = renderer
        self.cropper = cropper
        self.place_check = place_check  # what a map request around places is checked with
        self.clock = clock
        self.channel_lost: Callable[[str], None] = lambda channel: None  # Tables sets it
        self.owner_of: OwnerOf = no_owner  # the Discord app sets it
        self.member_of: MemberOf = still_member  # the Discord app sets it
        self._sending: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._pictures: OrderedDict[str, list[bytes]] = OrderedDict()
        self._accepted: dict[int, int] = {}  # row id -> pieces the platform took, not yet marked
        self.stopping = False  # set by a stop: the message under way is finished, no other begun

    async def send(self, game_id: int, outbox: Outbox) -> None:
        """Messages that no stored change causes (a map on request): stored, then sent."""
        await asyncio.to_thread(self.store.add_outbox, game_id, outbox)
        await self.flush(game_id)

    def sending(self, game_id: int) -> asyncio.Lock:
        """Held by a flush of the game while it sends: whoever holds it knows no row of the game is
        on its way (a row not yet tried is not being sent)."""
        return self._sending[game_id]

    async def flush(self, game_id: int | None = None) -> int:
        """Send what waits in the outbox (one game's rows, or every game's); how many rows went.
        Never raises. One game's rows are sent by one flush at a time, so none goes twice."""
        sent = 0
        try:
            if game_id is not None:  # an older game's posts waiting for its channel go first
                ahead = await asyncio.to_thread(self.store.waiting_ahead, game_id)
                games = [*dict.fromkeys(game for game, _ in ahead), game_id]
            else:
                games = sorted({row["game"] for row in await asyncio.to_thread(self.store.undelivered)})
            for game in games:
                async with self._sending[game]:
                    sent += await self._flush_game(game)
        except Exception:  # the database, most likely: what is stored waits for the next try
            log.exception("sending the outbox failed; it is tried again later")
        return sent

    async def _flush_game(self, game_id: int) -> int:
        """A row waiting for a retry holds back the later rows to the same place, so each
        channel and person reads them in order, as does a channel an older game's rows still wait
        for; texts in a row to one place go as one message (`_run`)."""
        sent = 0
        held = {channel for _, channel in await asyncio.to_thread(self.store.waiting_ahead, game_id)}
        now = stamp(self.clock())
        going = await self._targets(game_id)
        if going is None:  # a private thread was given up: its rows go by DM, and a notice says why
            return await self._flush_game(game_id)
        done: set[int] = set()
        for n, (row, target) in enumerate(going):
            if self.stopping:  # the rest waits for the next start
                break
            if row["id"] in done or target in held:
                continue
            run, joined = self._run([r for r, to in going[n:] if to == target], target, now)
            if (row["retry_at"] or "") > now or not await self._deliver(run, target, joined):
                held.add(target)
                continue
            done |= {r["id"] for r in run}
            sent += len(run)
        return sent

    async def _targets(self, game_id: int) -> list[tuple[dict, str]] | None:
        """The game's undelivered rows that may go now, oldest first, each with where it goes (a
        kept view a later one says all of is marked delivered, unless a try of it may have made a
        message whose id was lost: it goes first, so that message is found and kept); None when a
        private thread was given up meanwhile (the rows are read again)."""
        rows = await asyncio.to_thread(self.store.undelivered, game_id)
        over = any("unasked" in row["payload"] for row in rows) and await asyncio.to_thread(self.store.is_over, game_id)
        latest = {row["audience"]: row["id"] for row in rows if row["payload"].get("kept")}
        private: dict[str, bool] = {}  # each private thread, checked once a flush
        going: list[tuple[dict, str]] = []
        for row in rows:
            if row["payload"].get("kept") and latest[row["audience"]] != row["id"] and not row["tried_at"]:
                await asyncio.to_thread(self.store.mark_delivered, row["id"])  # a later one says it all
                continue
            if over and row["joined"] is None and (said := unasked(row["payload"])) is not row["payload"]:
                # asked before the game ended; one of a message that may have gone is sent as it was tried
                if said is None:
                    await asyncio.to_thread(self.store.mark_delivered, row["id"])
                    continue
                row = {**row, "payload": said}
            try:
                target = await asyncio.to_thread(self._target, row)
            except Exception:
                log.exception("outbox row %s: no place to send it", row["id"])
                continue
            if target is not None and target.startswith("owner:"):
                target = await self._owner(target.removeprefix("owner:"))
            if target is not None and target.startswith("thread:"):
                if target not in private:
                    user = await asyncio.to_thread(self.store.private_thread_of, game_id, target[7:])
                    private[target] = user is not None and await self.keep_thread(game_id, user)
                if not private[target]:
                    return None
            if target is not None:
                going.append((row, target))
        return going

    def _run(self, rows: list[dict], target: str, now: str) -> tuple[list[dict], bool]:
        """The rows that go in one message from the first of `rows` (all bound for `target`, in
        order), and whether they are joined (`_send_run`): one row alone, or texts in a row joined
        by line breaks as far as one message holds them, the last of them perhaps a picture row,
        which ends the run (the moves of a phase, then its last line, headline and map). A picture
        row first, buttons, a question, a kept view or a text too long for one message goes alone,
        ending a run. A run once begun (`joined`, written before it is sent) is sent again as it
        was, so a retry after a restart repeats its message and nonce, never another: every row of
        it, to the place it was tried (`_target`), though a later row to that place now stands
        between them."""
        first = rows[0]
        if not self._joins(first, target, now):
            return [first], False
        if first["joined"] == first["id"]:
            return [row for row in rows if row["joined"] == first["id"]], True
        run = [first]
        for row in rows[1:]:
            if row["joined"] is not None or not self._joins(row, target, now, pictured=True) or \
                    len(self._joined_pieces([*run, row], target)) > 1:  # a row of another message stays in it
                break
            run.append(row)
            if "picture" in row["payload"]:
                break
        return run, True

    def _joins(self, row: dict, target: str, now: str, pictured: bool = False) -> bool:
        """Whether a row may share its message: a due text (or, `pictured`, a picture row after
        texts), within one message, none of it sent yet, and no try of it that may have posted it
        (the platform down, its answer lost) but in the message it was tried in (`joined_to`):
        joined with others it would be a message `_went` could not tell went."""
        payload = row["payload"]
        alone = ALONE if pictured else ("picture", *ALONE)
        return target != "record" and not any(key in payload for key in alone) \
            and not row["pieces_sent"] and row["id"] not in self._accepted and (row["retry_at"] or "") <= now \
            and (not row["tried_at"] or row["joined_to"] is not None) and len(self._joined_pieces([row], target)) <= 1

    def _joined_pieces(self, rows: list[dict], target: str, drawn: bool = False) -> list[str]:
        """The messages that carry these texts one under the other (in a DM or thread, named by
        their game once; a speaker of lines in a row named once: `join_speakers`); a picture row's
        text with the note that its map is missing unless it was `drawn` (so a run is measured as
        the longest message it may make)."""
        texts = [words(said, "\n" + NO_PICTURE) if "picture" in row["payload"] and not drawn else said
                 for row in rows if self.messenger.pieces(said := payload_text(row["payload"]))]
        text = join_speakers(texts)
        return self.messenger.pieces(text if target.startswith("channel:")
                                     else words(f"Game {rows[0]['game']}: ", text))

    async def onlookers(self, game_id: int, user: str) -> Onlookers:
        """Who could read this player's private thread in the game's channel: which of the game's
        other players, and who else. Raises what the platform raises when it cannot tell."""
        game = await asyncio.to_thread(self.store.game, game_id)
        seats = await asyncio.to_thread(self.store.seats, game_id)
        return await self.messenger.onlookers(game["channel"], user, sorted(set(seats.values()) - {user, COMPUTER}))

    async def keep_thread(self, game_id: int, user: str) -> bool:
        """Whether this player's private thread may go on carrying their news: no other player of
        the game could read it (a seat changed hands, a role was given). Else, or when nobody can
        tell, the thread is given up, with a notice to the player saying why; False."""
        try:
            among = (await self.onlookers(game_id, user)).among
            why: Text | None = words(join([mention(u) for u in among], ", "), " may read it (the "
                                     "server's owner and members with Administrator or Manage Threads "
                                     "can)") if among else None
        except Exception:
            log.exception("game %s: who may read the private thread of %s is not known", game_id, user)
            why = words("I could not check who else may read it")
        if why is None:
            return True
        game = await asyncio.to_thread(self.store.game, game_id)
        notice = words("your private thread in ", channel_ref(game["channel"]), " no longer carries your news "
                       f"of game {game_id}: ", why, ". It comes by DM again.")
        await asyncio.to_thread(self.store.drop_private_thread, game_id, user,
                                [(user_audience(user), message(notice))])
        return False

    async def _owner(self, guild: str) -> str | None:
        """Where a notice to a server's owner goes: their DMs (None while those are closed and
        their retry is not due), or the record when the owner is unknown."""
        try:
            user = await self.owner_of(guild)
        except Exception:
            log.exception("the owner of server %s is not known now; the notice waits", guild)
            return None
        if user is None:
            return "record"
        closed = await asyncio.to_thread(self.store.closed_dm, user)
        return None if closed is not None and closed["retry_at"] > stamp(self.clock()) else f"dm:{user}"

    def _target(self, row: dict) -> str | None:
        """Where a row goes now: "record", "channel:<id>", "thread:<id>" or "dm:<user>"; None
        while it cannot go anywhere (no one holds the seat; DMs closed, retry not due). A row of a
        joined message that may have gone goes where it was tried (`joined_to`), though the seat
        changed hands since (a player replaced, the computer in it, nobody): the same message to the
        same person, whose repeat Discord answers with the first; its texts reach a new holder only
        if that person refuses it (gone from the server: nothing went), or their private thread it
        was tried in was given up since (others may read it now)."""
        audience = row["audience"]
        if audience == "all":
            return "record"
        tried = row["joined_to"] or row["payload"].get("retire")
        if tried is not None and (not tried.startswith("thread:") or
                                  self.store.private_thread_of(row["game"], tried[7:])):
            return self._open(tried)
        if "retire" in row["payload"]:  # its private thread was given up: others may read it now
            return "record"
        if audience.startswith(("channel:", "owner:")):
            return audience
        user = self._person(row)
        if user is None:
            return None
        if user == COMPUTER:  # the computer reads no messages: its side's news stays the record
            return "record"
        thread = self.store.private_thread(row["game"], user)
        if thread is not None:
            return f"thread:{thread}"
        return self._open(f"dm:{user}")

    def _open(self, place: str) -> str | None:
        """A place, or None while it is a person's closed DMs whose retry is not due."""
        closed = self.store.closed_dm(place[3:]) if place.startswith("dm:") else None
        return None if closed is not None and closed["retry_at"] > stamp(self.clock()) else place

    def _person(self, row: dict) -> str | None:
        """Who a private row is for: its user, or whoever holds its side's seat (None: nobody)."""
        audience = row["audience"]
        if audience.startswith("user:"):
            return audience.removeprefix("user:")
        return self.store.seats(row["game"]).get(audience)

    async def _deliver(self, rows: list[dict], target: str, joined: bool = False) -> bool:
        """Send one row (the pieces not yet accepted), or texts `joined` in one message; True once
        the platform has all of it."""
        ids = [row["id"] for row in rows]
        if target == "record":
            await asyncio.to_thread(self.store.mark_delivered, *ids)
            return True
        began = stamp(self.clock())
        try:
            await (self._send_run(rows, target, began) if joined else self._send_pieces(rows[0], target, began))
        except DMClosed:
            await asyncio.to_thread(self._dm_closed, target.removeprefix("dm:"))
            await self._refused(rows, joined)
            return False
        except Exception as error:
            passing = isinstance(error, PlatformDown)
            if not passing:
                await self._refused(rows, joined)
            if passing:
                log.warning("outbox rows %s to %s wait: %s", ids, target, error)
            else:
                log.exception("outbox rows %s to %s failed; kept for a retry", ids, target)
            for row in rows:
                pause = min(RETRY_CAP, timedelta(seconds=30 * 2 ** row["attempts"]))
                if row["attempts"] + 1 >= GIVE_UP_AFTER and not passing:
                    await asyncio.to_thread(self._give_up, row)
                else:
                    await asyncio.to_thread(self.store.mark_failed, row["id"], stamp(self.clock() + pause),
                                            began if passing else None)
            if isinstance(error, ChannelClosed) and rows[0]["attempts"] + 1 >= CHANNEL_REFUSALS:
                self.channel_lost(error.channel)
            return False
        try:
            await asyncio.to_thread(self._delivered, rows, target)
        except Exception:  # sent all the same (the rows after it may go): the next try marks it
            log.exception("outbox rows %s were sent to %s, but marking them delivered failed; only the "
                          "marking is tried again", ids, target)
            return True
        for outbox_id in ids:
            self._accepted.pop(outbox_id, None)
        return True

    async def _refused(self, rows: list[dict], joined: bool) -> None:
        """Texts joined in a message the platform refused (it posted nothing) go one a message from
        then on (what it refused may be the joining itself), a text refused alone may join others,
        and a row this was the first try of is known never to have gone (`_send_run` and
        `_send_pieces` wrote the try down before sending); a message that may have gone (the
        platform down, its answer lost) is sent as it was."""
        ids = [row["id"] for row in rows]
        if joined and len(ids) > 1:
            await asyncio.to_thread(self.store.set_apart, ids)
        elif joined:
            await asyncio.to_thread(self.store.set_joined, ids, None)
        if untried := [row["id"] for row in rows if not row["tried_at"]]:
            await asyncio.to_thread(self.store.set_untried, untried)

    def _give_up(self, row: dict) -> None:
        """A row that failed GIVE_UP_AFTER times is sent no more; a post for a channel reaches
        the game's players by DM instead, saying where it could not go (a cancelled game whose
        channel was lost, a channel the bot may no longer post in)."""
        instead: Outbox = []
        if row["audience"].startswith("channel:"):
            said = words("This could not be posted in ", channel_ref(row["audience"].removeprefix("channel:")),
                         f" (Discord refused it {GIVE_UP_AFTER} times): ", payload_text(row["payload"]))
            picture = {"picture": row["payload"]["picture"]} if "picture" in row["payload"] else {}
            people = set(self.store.seats(row["game"]).values()) - {COMPUTER}
            instead = [(user_audience(user), {"text": said, **picture}) for user in sorted(people)]
        self.store.give_up(row["id"], row["game"], instead)
        log.warning("outbox row %s to %s failed %d times; given up (%d players told by DM)",
                    row["id"], row["audience"], GIVE_UP_AFTER, len(instead))

    def _delivered(self, rows: list[dict], target: str) -> None:
        """Rows Discord accepted all of, marked together (how far their game's news went is kept
        beside the database: Store.note_told); a DM that went through opens the person's DMs again."""
        self.store.mark_delivered(*(row["id"] for row in rows))
        self.store.note_told(rows[-1])
        if target.startswith("dm:") and self.store.closed_dm(target[3:]):
            self.store.clear_closed_dm(target[3:])

    async def _send_run(self, rows: list[dict], target: str, began: str) -> None:
        """Texts in a row as one message (as many as it takes should they outgrow it), with the
        pictures of the last when it is a picture row: which rows it carries is stored before it is
        sent (Delivery._run), with when this first try began and how the message reads (a try the
        process may die in the middle of, which `_went` reads the place for after a restart later
        than Discord remembers its nonce); its nonce names them all, and the platform's acceptance
        is remembered for each until the store has marked them."""
        ids = [row["id"] for row in rows]
        spec = rows[-1]["payload"].get("picture")
        pictures = await self.pictures(rows[-1]["game"], spec) if spec is not None else []
        pieces = self._joined_pieces(rows, target, drawn=bool(pictures))
        if any(row["joined"] != ids[0] or row["joined_to"] != target for row in rows):
            # how a message of several rows reads, as `_went` finds it once they went apart (a row alone: its own)
            said = self.messenger.reads(pieces[0], bool(pictures)) if len(ids) > 1 and pieces else None
            await asyncio.to_thread(self.store.set_joined, ids, target, began, said)
        kind, _, where = target.partition(":")
        send = self.messenger.dm if kind == "dm" else self.messenger.post
        for n in range(await self._went(rows, target, pieces, bool(pictures)), len(pieces)):
            await send(where, pieces[n], pictures if n == 0 else (), nonce=nonce(rows, n))
        self._accepted.update(dict.fromkeys(ids, 1))

    async def _send_pieces(self, row: dict, target: str, began: str) -> None:
        """One row's message (as many as it takes), or the messages it writes in place; when this
        first try began is written down before (a try the process may die in the middle of, whose
        messages `_went` and `_write` look for after a restart later than Discord remembers a nonce)."""
        if not row["tried_at"]:
            await asyncio.to_thread(self.store.set_tried, row["id"], began)
        if "retire" in row["payload"]:
            await self._retire(row, target)
            return
        text = payload_text(row["payload"])
        if not target.startswith("channel:"):
            text = words(f"Game {row['game']}: ", text)
        if row["payload"].get("kept"):
            await self._edit_kept(row, target, self.messenger.pieces(text))
            return
        if "question" in row["payload"] and target.startswith(("dm:", "thread:")):
            await self._ask(row, target, self.messenger.pieces(text))
            return
        pictures: list[bytes] = []
        spec = row["payload"].get("picture")
        if spec is not None:
            pictures = await self.pictures(row["game"], spec)
            text = text if pictures else words(text, "\n" + NO_PICTURE)
        kind, _, where = target.partition(":")
        send = self.messenger.dm if kind == "dm" else self.messenger.post
        pieces = self.messenger.pieces(text)
        buttons = row["payload"].get("buttons")
        start = max(row["pieces_sent"], self._accepted.get(row["id"], 0))
        went = await self._went([row], target, pieces[start:], bool(pictures) and not start, buttons)
        for n in range(start + went, len(pieces)):
            last = buttons if n == len(pieces) - 1 else None
            await send(where, pieces[n], pictures if n == 0 else (), last, nonce=nonce([row], n))
            self._accepted[row["id"]] = n + 1
            if n + 1 < len(pieces):
                await self._mark_pieces(row["id"], n + 1)

    async def _went(self, rows: list[dict], target: str, pieces: list[str], pictured: bool = False,
                    buttons: Buttons | None = None) -> int:
        """How many of these pieces (the first ones) went already: a try of the rows that may have
        posted them (the platform down, its answer lost, the process killed) longer ago than the
        platform remembers a nonce did, when the bot's own messages at the place since then read as
        they would (Messenger.reads: their words, the first one's picture, the last one's buttons), or
        as the joined message each row was tried in (`tried_as`: its texts went apart since, the
        platform refusing a retry). A retry after a long outage (RETRY_CAP) or a restart would
        otherwise post again what went; within the nonce's memory its repeat is answered by the
        first message, and nothing is read."""
        seen = {said for _, said in await self._sent_since(rows, target)} if pieces else set()
        looks = [self.messenger.reads(piece, pictured and not n, buttons if n == len(pieces) - 1 else None)
                 for n, piece in enumerate(pieces)] if seen else []
        if seen and all(row["tried_as"] and self.messenger.reads(row["tried_as"]) in seen for row in rows):
            went = len(pieces)
        else:
            went = len(list(itertools.takewhile(lambda look: look in seen, looks)))
        if went:
            log.warning("outbox rows %s: %d of %d messages were found at %s, sent by a try whose answer was lost; "
                        "not sent again", [row["id"] for row in rows], went, len(pieces), target)
        return went

    async def _sent_since(self, rows: list[dict], target: str) -> list[tuple[str, str]]:
        """The bot's own messages at the place since the first try of these rows that may have
        posted one (a minute earlier, for clocks that differ), as (id, how it reads); none to read when
        there was no such try, or the platform still remembers its nonce."""
        tried = min((row["tried_at"] for row in rows if row["tried_at"]), default=None)
        if tried is None or tried > stamp(self.clock() - NONCE_MEMORY):
            return []
        return await self.messenger.sent_since(target, datetime.fromisoformat(tried) - CLOCK_SLACK)

    async def _mark_pieces(self, outbox_id: int, pieces: int) -> None:
        """Store how many pieces of a row went; a failure is logged (memory holds it meanwhile)."""
        try:
            await asyncio.to_thread(self.store.mark_pieces_sent, outbox_id, pieces)
        except Exception:
            log.exception("outbox row %s: marking %d pieces sent failed; tried again later",
                          outbox_id, pieces)

    async def _ask(self, row: dict, place: str, pieces: list[str]) -> None:
        """A question written into the player's question message of its player-turn at a place
        (one message a piece, the buttons under the last): edited in place, or new ones (see the
        module's docstring); a retry goes on with the messages it made."""
        game_id, question = row["game"], row["payload"]["question"]
        asked = await asyncio.to_thread(self.store.question_messages, game_id, place)
        if asked is not None and asked[1] == row["id"]:
            kept = asked[2]  # a retry
        elif not question.get("fresh") and asked is not None and asked[0] == question["since"]:
            kept = asked[2]
        elif not question.get("fresh") and question.get("in_place"):
            kept = [str(question["in_place"])]
        else:
            kept = []
        await asyncio.to_thread(self.store.set_question_messages, game_id, place, question["since"], row["id"], kept)
        await self._write(row, place, pieces, kept, row["payload"].get("buttons"),
                          partial(self.store.set_question_messages, game_id, place, question["since"], row["id"]))

    async def _retire(self, row: dict, place: str) -> None:
        """A question message of a game now over, written over (bot/tables/news.py, retire_rows): what
        else the question it asks told, then how the game ended, its buttons gone; left as it is
        when it asks nothing (an answer written in it since, a question never sent)."""
        game_id = row["game"]
        asked = await asyncio.to_thread(self.store.question_messages, game_id, place)
        last = await asyncio.to_thread(self.store.outbox_row, asked[1]) if asked and asked[2] else None
        if asked is None or last is None or "unasked" not in last["payload"]:
            return
        said = [text for text in (last["payload"]["unasked"], row["payload"]["text"]) if text]
        await self._write(row, place, self.messenger.pieces(words(f"Game {game_id}: ", join(said))), asked[2], None,
                          partial(self.store.set_question_messages, game_id, place, asked[0], asked[1]))

    async def _edit_kept(self, row: dict, place: str, pieces: list[str]) -> None:
        """The messages of a player's private view at a place, edited into these pieces."""
        kept = await asyncio.to_thread(self.store.kept_messages, row["game"], place)
        await self._write(row, place, pieces, kept, None, partial(self.store.set_kept_messages, row["game"], place))

    async def _write(self, row: dict, place: str, pieces: list[str], kept: list[str], buttons: Buttons | None,
                     remember: Callable[[list[str]], None]) -> None:
        """The messages `kept` at a place edited into a row's pieces (`buttons` under the last): one
        sent for a piece more, one deleted for a piece less; their ids `remember`ed (in a worker
        thread) each time they change. A message sent goes with the piece's nonce, so a retry after
        its answer was lost (its id unknown) is that message again, not a second one; a retry later
        than the platform remembers a nonce finds it among the place's messages since the try (read
        as the piece's, with its buttons: Messenger.reads) and writes into it."""
        went = {said: made for made, said in await self._sent_since([row], place) if made not in kept}
        for n, piece in enumerate(pieces):
            under = buttons if n == len(pieces) - 1 else None
            made = await self.messenger.keep(place, piece, kept[n] if n < len(kept) else
                                             went.pop(self.messenger.reads(piece, False, under), None), under,
                                             nonce([row], n))
            if kept[n:n + 1] != [made]:
                kept = [*kept[:n], made, *kept[n + 1:]]
                await asyncio.to_thread(remember, kept)
        while len(kept) > len(pieces):
            await self.messenger.drop(place, kept[-1])
            kept = kept[:-1]
            await asyncio.to_thread(remember, kept)

    def _dm_closed(self, user: str) -> None:
        """Remember that this person's DMs are closed; try again after a growing pause."""
        closed = self.store.closed_dm(user)
        failures = (closed["failures"] if closed else 0) + 1
        pause = min(DM_RETRY_CAP, DM_RETRY_FIRST * 2 ** (failures - 1))
        self.store.set_closed_dm(user, failures, stamp(self.clock() + pause))
        log.info("DMs to %s are closed (%d times); next try in %s", user, failures, pause)

    async def pictures(self, game_id: int, spec: dict) -> list[bytes]:
        """The PNGs of a stored view (the view at command `seq` for `side`): the map, then with
        `crop` its latest action; rendered in a worker thread, once for every place that shows
        them; none without a renderer, when it fails (logged: a game never stops for a
        picture), or when that command has been undone."""
        version = await asyncio.to_thread(self._version, game_id, spec["seq"])
        key = json.dumps([game_id, spec, version], sort_keys=True)
        if key not in self._pictures:
            self._pictures[key] = await self._render(game_id, spec)
            while len(self._pictures) > PICTURES_KEPT:
                self._pictures.popitem(last=False)
        return self._pictures[key]

    def _version(self, game_id: int, seq: int) -> str | None:
        """What tells the state after command `seq` from another one with the same number (an
        undo and a new command reuse it): that command's text and time."""
        rows = self.store.commands(game_id, after=seq - 1, upto=seq) if seq else []
        return f"{rows[0]['accepted_at']} {rows[0]['normalised']}" if rows else None

    async def _render(self, game_id: int, spec: dict) -> list[bytes]:
        try:
            return await asyncio.to_thread(self._draw, game_id, spec)
        except Exception:
            log.exception("rendering a map of game %s failed", game_id)
            return []

    def _draw(self, game_id: int, spec: dict) -> list[bytes]:
        """In a worker thread: the view at the spec's command, drawn, then (`crop`, with a
        cropper) its latest action when the view's log holds one (none: no renderer, or that
        command is gone)."""
        last = self.store.last_seq(game_id)
        if self.renderer is None or spec["seq"] > last:
            return []
        state = self.service.load(game_id) if spec["seq"] == last \
            else self.service.state_at(game_id, spec["seq"])
        view = self.service.system(game_id).view(state, spec["side"])
        crop = self.cropper(view) if self.cropper is not None and spec.get("crop") else None
        return [self.renderer(view, **spec.get("options", {}))] + ([crop] if crop else [])

    def held(self, user: str) -> list[dict]:
        """What closed DMs hold back from this person, to show in a reply to them."""
        if self.store.closed_dm(user) is None:
            return []
        return [row for row in self.store.undelivered_to(user)  # a question retired is no news
                if self.store.private_thread(row["game"], user) is None and "retire" not in row["payload"]]

    def held_text(self, rows: list[dict]) -> Text:
        return words(*(words("\n" if i else "", f"Game {row['game']}: ",
                             payload_text(row["payload"])) for i, row in enumerate(rows)))

    async def mark_shown(self, rows: tuple[dict, ...]) -> None:
        """Held rows the person has now been shown (the reply carrying them was accepted), in a
        worker thread; none shown, nothing written."""
        if rows:
            await asyncio.to_thread(self.store.mark_delivered, *(row["id"] for row in rows))
