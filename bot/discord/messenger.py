"""The Messenger of Delivery over a discord.py client, and how Discord writes our words.

Discord markup lives here and nowhere else: a mention is `<@id>`, a moment `<t:…:R>` (each
reader sees it in their own time zone), a channel `<#id>`, and a name a person chose is escaped
so that it is never read as markdown or as a mention. No text is ever cut: a text longer than a
message may hold (2,000 characters) goes as several, cut after a line break where there is one.
Every message pings no role and nobody at large (@everyone, @here), only the users it mentions
on purpose. A send that fails raises (Delivery keeps the row and retries): Discord's passing
troubles (a 5xx, a rate limit, the network) as PlatformDown, which Delivery waits out however long
they last; a closed DM, or a user the bot cannot reach, as DMClosed.
"""
from __future__ import annotations

import asyncio
import functools
import io
import logging
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Coroutine, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any, ParamSpec, TypeVar

import aiohttp
import discord

from bot.delivery import Buttons, ChannelClosed, Delivery, DMClosed, Onlookers, PlatformDown, Reply, looks
from bot.discord.order_forms import shown
from bot.permissions import TableError
from bot.words import Text, join, mention, name, words, write

log = logging.getLogger("kolocha.discord")

LIMIT = 2000
TYPING_AGAIN = 8.0  # seconds between the calls that keep the bot shown typing: Discord shows one about 10 s
FIRST_FILE = "map.png"  # the file name of a message's first picture
P = ParamSpec("P")
T = TypeVar("T")
MENTION = re.compile(r"<@!?([0-9]+)>")
QUIET = discord.AllowedMentions(everyone=False, roles=False, users=False, replied_user=False)
NO_ATTACH = ("(No map picture: I may not attach files in this channel. A member with Manage Server "
             "gives me Attach Files here to bring the maps back.)")


FENCE = "```"  # a code block's fence: its lines in a fixed-width font


def trouble(error: BaseException) -> str | None:
    """What went wrong on Discord's side, when it did: a 5xx, a rate limit that discord.py's own
    retries did not outlast (429), the network; None for anything else (a refusal, any other 4xx,
    stays what it is)."""
    if isinstance(error, discord.HTTPException):
        return f"Discord answered {error.status}: {error.text or 'no reason'}" \
            if error.status == 429 or error.status >= 500 else None
    if isinstance(error, (aiohttp.ClientError, OSError)):  # a timeout is an OSError too
        return f"Discord out of reach: {str(error) or type(error).__name__}"
    return None


def waits_out_troubles(send: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, T]]:
    """A sending method whose failures on Discord's side (`trouble`) are Delivery's PlatformDown:
    the row waits them out."""
    @functools.wraps(send)
    async def sending(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await send(*args, **kwargs)
        except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
            said = trouble(error)
            if said is None:
                raise
            raise PlatformDown(said) from error
    return sending


def markup(text: Text) -> str:
    """Our words as Discord writes them."""
    return write(text, {"user": lambda user: f"<@{user}>", "channel": lambda to: f"<#{to}>",
                        "at": lambda at: f"<t:{int(datetime.fromisoformat(at).timestamp())}:R>",
                        "name": escape_name, "table": lambda lines: f"{FENCE}\n{lines}\n{FENCE}"})


def escape_name(name: str) -> str:
    """A name a person chose, never read as markdown or as a mention."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def split(text: str, limit: int = LIMIT) -> list[str]:
    """The text in consecutive pieces of at most `limit` characters, each cut after its last line
    break (else after its last space, else at the limit): "".join(split(text)) == text, but that
    a code block cut in two is closed at the end of one piece and opened again in the next."""
    fenced = FENCE in text
    pieces = []
    room = limit - 2 * (len(FENCE) + 1) if fenced else limit
    while len(text) > room:
        window = text[:room]
        cut = window.rfind("\n") + 1 or window.rfind(" ") + 1 or room
        pieces.append(text[:cut])
        text = text[cut:]
    pieces = [*pieces, text] if text else pieces
    return _fences_closed(pieces) if fenced else pieces


def _fences_closed(pieces: list[str]) -> list[str]:
    """Each piece a whole message: a code block still open at its end is closed there and
    opened again at the start of the next piece."""
    out, inside = [], False
    for piece in pieces:
        opened = (FENCE + "\n" if inside else "") + piece
        inside = inside != (piece.count(FENCE) % 2 == 1)
        out.append(opened + (("" if opened.endswith("\n") else "\n") + FENCE if inside else ""))
    return out


def pieces(text: Text, typed: bool | None = None, place: str = "channel:", tip: bool = False) -> list[str]:
    """The messages that carry a text to a place ("channel:<id>", "dm:<user>", "thread:<id>"), its commands
    in the form that works there (`typed`: the bot reads orders typed in channels, or not; None: as written;
    `tip`: a DM or a thread says under it what works there: bot/discord/order_forms.py):
    whitespace-only pieces are left out (Discord refuses an empty message and strips the blanks
    around one)."""
    written = markup(text)
    kind = place.partition(":")[0]
    return [piece for piece in split(written if typed is None else shown(written, typed, kind, tip)) if piece.strip()]


def mentions(piece: str) -> discord.AllowedMentions:
    """Ping the users this message mentions on purpose (names are escaped, so every `<@id>` is
    ours), never a role, @everyone or @here; each once (Discord refuses a user listed twice, as
    texts joined in one message would list a player each of them pings).

    >>> [user.id for user in mentions("<@12>: your move. <@34> waits; <@12>: the choice is yours.").users]
    [12, 34]
    """
    users = [discord.Object(int(user)) for user in dict.fromkeys(MENTION.findall(piece))]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def attachments(pictures: Sequence[bytes]) -> list[discord.File]:
    """The map first, then the latest action."""
    names = (FIRST_FILE, "action.png")
    return [discord.File(io.BytesIO(picture), filename=names[min(n, 1)]) for n, picture in enumerate(pictures)]


def _read(message: discord.Message) -> str:
    """How one of the bot's messages reads when it looks for one it sent (DiscordMessenger.reads)."""
    said = message.content.removesuffix(f"\n{NO_ATTACH}")
    noted = said != message.content  # pictures it could not attach
    picture = message.attachments[0].filename if message.attachments else FIRST_FILE if noted else None
    controls = [item.custom_id for row in message.components for item in getattr(row, "children", [row])
                if getattr(item, "custom_id", None)]
    return looks(said, picture, controls)


Send = Callable[[str], Awaitable[object]]


async def send_reply(send: Send, delivery: Delivery, reply: Reply, first: Send | None = None,
                     typed: bool = False) -> None:
    """A private answer in as many messages as it takes (`first` sends the first one when it
    goes another way: with buttons, or as an edit); the held news it shows is marked delivered
    once Discord has accepted all of them. `typed`: the answer to orders typed in a DM, where the
    commands it shows are typed as they are written (no slash command works in a DM)."""
    for n, piece in enumerate((pieces(reply.text) if typed else delivery.messenger.pieces(reply.text)) or ["Done."]):
        await (first if first is not None and n == 0 else send)(piece)
    await delivery.mark_shown(reply.held)


class DiscordMessenger:
    """Posts, DMs and private threads through a connected client."""

    def __init__(self, client: discord.Client, typed: bool = True):
        self.client = client
        self.typed = typed  # the bot reads orders typed in channels (the message-content intent)

    def pieces(self, text: Text, place: str = "channel:", tip: bool = False) -> list[str]:
        return pieces(text, self.typed, place, tip)

    async def _channel(self, channel: str) -> discord.abc.GuildChannel | discord.Thread | \
            discord.abc.PrivateChannel:
        return self.client.get_channel(int(channel)) or \
            await self.client.fetch_channel(int(channel))

    @waits_out_troubles
    async def post(self, channel: str, piece: str, pictures: Sequence[bytes] = (),
                   buttons: Buttons | None = None, nonce: str | None = None) -> str:
        """The message's id; raises ChannelClosed when Discord refuses (403) or no longer knows
        (404) the channel. Where the bot may not attach files, the words go alone (`_text_only`).
        A nonce goes with enforce_nonce (discord.py sets it), so Discord answers a second send
        with it by the first message."""
        try:
            target = await self._channel(channel)
            if not isinstance(target, discord.abc.Messageable):
                raise TypeError(f"channel {channel} takes no messages")
            if pictures and not _may_attach(target):
                sent = await self._text_only(target, piece, buttons, nonce)
            else:
                sent = await target.send(piece, files=attachments(pictures),
                                         allowed_mentions=mentions(piece), view=_view(buttons),
                                         nonce=_nonce(nonce))
        except (discord.Forbidden, discord.NotFound) as error:
            raise ChannelClosed(channel) from error
        return str(sent.id)

    async def _text_only(self, target: discord.abc.Messageable, piece: str, buttons: Buttons | None,
                         nonce: str | None) -> discord.Message:
        """A post with pictures where the bot may not attach files: its words alone, with a note
        saying how to get the pictures back (after it, as a message of its own, when the two do
        not fit in one), rather than a refusal that would pause the game."""
        noted = f"{piece}\n{NO_ATTACH}"
        sent = await target.send(noted if len(noted) <= LIMIT else piece, allowed_mentions=mentions(piece),
                                 view=_view(buttons), nonce=_nonce(nonce))
        if len(noted) > LIMIT:
            await target.send(NO_ATTACH, allowed_mentions=QUIET)
        return sent

    @waits_out_troubles
    async def dm(self, user: str, piece: str, pictures: Sequence[bytes] = (),
                 buttons: Buttons | None = None, nonce: str | None = None) -> str:
        try:
            person = self.client.get_user(int(user)) or await self.client.fetch_user(int(user))
            sent = await person.send(piece, files=attachments(pictures), allowed_mentions=mentions(piece),
                                     view=_view(buttons), nonce=_nonce(nonce))
        except (discord.Forbidden, discord.NotFound) as error:
            raise DMClosed(user) from error
        return str(sent.id)

    @waits_out_troubles
    async def sent_since(self, place: str, since: datetime) -> list[tuple[str, str]]:
        """The bot's own messages at a place since a moment, oldest first, each as (its id, how it
        reads: its words, its first attachment's file name, its buttons' ids), among the first 100
        messages there since then (the minutes a lost answer leaves to check); a post's note of
        pictures it could not attach reads as the map it stands for. Nothing where the bot may not
        read the place (Read Message History), or it is gone: the send that follows meets that."""
        kind, _, where = place.partition(":")
        try:
            target = await (self._place(place) if kind == "dm" else self._channel(where))
            if not isinstance(target, discord.abc.Messageable):
                return []
            return [(str(message.id), _read(message))
                    async for message in target.history(limit=100, after=since, oldest_first=True)
                    if self.client.user is not None and message.author.id == self.client.user.id]
        except (discord.Forbidden, discord.NotFound):
            return []

    def reads(self, piece: str, pictured: bool = False, buttons: Buttons | None = None) -> str:
        """How a message of this piece reads among `sent_since`'s: the map its first attachment
        (`attachments`), the buttons' ids as `_view` gives them."""
        controls = [] if buttons is None else [item["custom_id"] for row in _view(buttons).to_components()
                                               for item in row["components"] if "custom_id" in item]
        return looks(piece, FIRST_FILE if pictured else None, controls)

    async def _place(self, place: str) -> discord.DMChannel | discord.Thread | discord.TextChannel:
        """The DM channel ("dm:<user>") or thread ("thread:<id>") a kept message lives in."""
        kind, _, where = place.partition(":")
        if kind == "dm":
            person = self.client.get_user(int(where)) or await self.client.fetch_user(int(where))
            return person.dm_channel or await person.create_dm()
        target = await self._channel(where)
        if not isinstance(target, discord.Thread | discord.TextChannel):
            raise TypeError(f"{place} takes no kept messages")
        return target

    @waits_out_troubles
    async def keep(self, place: str, piece: str, kept: str | None, buttons: Buttons | None = None,
                   nonce: str | None = None) -> str:
        """Edit a message of a DM or a thread, else (none, or deleted) send a new one; its id.
        `buttons` replace the message's own (without them, an edit takes them away)."""
        kind, _, where = place.partition(":")
        try:
            target = await self._place(place)
            if kept is not None:
                try:
                    edited = await target.get_partial_message(int(kept)).edit(
                        content=piece, allowed_mentions=QUIET, view=_view(buttons) if buttons else None)
                    return str(edited.id)
                except discord.NotFound:  # the player deleted it: a new one
                    pass
            return str((await target.send(piece, allowed_mentions=QUIET, view=_view(buttons), nonce=_nonce(nonce))).id)
        except (discord.Forbidden, discord.NotFound) as error:
            raise (DMClosed(where) if kind == "dm" else ChannelClosed(where)) from error

    @waits_out_troubles
    async def drop(self, place: str, kept: str) -> None:
        try:
            await (await self._place(place)).get_partial_message(int(kept)).delete()
        except discord.NotFound:
            return

    @asynccontextmanager
    async def typing(self, place: str) -> AsyncIterator[None]:
        """Discord's "Kolocha is typing..." at the place (POST /channels/{id}/typing, as discord.py's
        `typing()`), sent on entering and again every TYPING_AGAIN seconds until the block ends;
        Discord also ends it at the bot's next message there. A place where Discord refuses it, or
        Discord's trouble, shows nothing: the block runs all the same."""
        shown = await self._typing_at(place)
        going = None if shown is None else asyncio.get_running_loop().create_task(self._typing_again(shown))
        try:
            yield
        finally:
            if going is not None:
                going.cancel()

    async def _typing_at(self, place: str) -> discord.abc.Messageable | None:
        """The place, the bot shown typing there once; None where Discord would not show it."""
        kind, _, where = place.partition(":")
        try:
            target = await (self._place(place) if kind == "dm" else self._channel(where))
            if not isinstance(target, discord.abc.Messageable):
                return None
            await target.typing()
        except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
            log.info("the bot is not shown typing at %s: %s", place, error)
            return None
        return target

    async def _typing_again(self, target: discord.abc.Messageable) -> None:
        """The bot kept shown typing (`typing`) until cancelled, or until Discord refuses it."""
        while True:
            await asyncio.sleep(TYPING_AGAIN)
            try:
                await target.typing()
            except (discord.HTTPException, aiohttp.ClientError, OSError):
                return

    async def private_thread(self, channel: str, user: str, title: str, taken: Collection[str] = ()) -> str:
        """A private thread off the game's text channel, with only this person added: one the bot
        made for it before and never used, none of those `taken` (`_unused`), else a new one."""
        target = await self._channel(channel)
        if not isinstance(target, discord.TextChannel):
            raise TableError("This game is played in a thread, where no private thread can "
                             "open; allow DMs from this server's members (Privacy Settings) "
                             "to get your private news.")
        try:
            thread = await self._unused(target, user, title[:100], taken) or \
                await target.create_thread(name=title[:100], invitable=False, type=discord.ChannelType.private_thread,
                                           auto_archive_duration=10080)
            await thread.add_user(discord.Object(int(user)))
        except discord.Forbidden:
            raise TableError("I may not open private threads here: give me Create Private "
                             "Threads and Send Messages in Threads, or allow DMs from this "
                             "server's members (Privacy Settings).")
        return str(thread.id)

    async def _unused(self, channel: discord.TextChannel, user: str, name: str,
                      taken: Collection[str]) -> discord.Thread | None:
        """The bot's own private thread of this name off the channel, active or archived (opened
        again), with no message in it and no member but the bot and this person; None when there is
        none or the bot may not look. Discord takes no nonce for a new thread: a process killed once
        Discord had made a player's thread, before the store noted it, made a second one at the
        player's next try, and they saw two. A thread that holds news, or another's, is never taken
        (one `taken` by the store, its player gone from it, neither)."""
        me = self.client.user
        try:
            found = [thread for thread in await channel.guild.active_threads() if thread.parent_id == channel.id]
            found += [thread async for thread in channel.archived_threads(private=True, joined=True, limit=None)]
            for thread in found:
                if me is not None and thread.owner_id == me.id and thread.name == name \
                        and str(thread.id) not in taken and await _unused(thread, user):
                    return await thread.edit(archived=False) if thread.archived else thread
        except discord.Forbidden:
            return None
        return None

    async def onlookers(self, channel: str, person: str, users: Sequence[str]) -> Onlookers:
        """Who could read `person`'s private thread off the game's channel: which of `users`
        (checked one by one: the bot sees no member list), and who else."""
        target = await self._channel(channel)
        if not isinstance(target, discord.TextChannel):
            return Onlookers((), words())  # no private thread opens here
        among = []
        for user in users:
            member = target.guild.get_member(int(user))
            if member is None:
                try:
                    member = await target.guild.fetch_member(int(user))
                except discord.NotFound:  # no longer on the server: reads nothing there
                    continue
            if reads_private_threads(target.permissions_for(member)):
                among.append(user)
        return Onlookers(tuple(among), other_readers(target, person))


async def _unused(thread: discord.Thread, user: str) -> bool:
    """Whether a thread is private, holds no message, and has no member but the bot and this person
    (Discord is asked for that one member: the bot sees no member list)."""
    if thread.type != discord.ChannelType.private_thread or thread.message_count or \
            thread.last_message_id is not None or thread.member_count not in (1, 2):
        return False
    try:
        return thread.member_count == 1 or bool(await thread.fetch_member(int(user)))
    except discord.NotFound:
        return False


def reads_private_threads(permissions: discord.Permissions) -> bool:
    """Discord shows a private thread to those added to it and to whoever may manage threads in its
    channel (Administrator, and the server's owner, hold every permission)."""
    return permissions.administrator or (permissions.view_channel and permissions.manage_threads)


def other_readers(channel: discord.TextChannel, person: str) -> Text:
    """Everyone but `person` who may read every private thread off the channel, in words: the
    server's owner, the roles whose members may (this channel's overwrites counted), and members
    given it here."""
    guild = channel.guild
    roles = [role for role in guild.roles if reads_private_threads(channel.permissions_for(role))
             and not (role.managed and role in guild.me.roles)]  # the bot's own role
    members = [str(target.id) for target, overwrite in channel.overwrites.items()
               if not isinstance(target, discord.Role)
               and (overwrite.manage_threads or overwrite.administrator)]
    parts: list[Text] = []
    if guild.owner_id is not None and str(guild.owner_id) != person:
        parts.append(words("the server's owner (", mention(str(guild.owner_id)), ")"))
    if roles:
        everyone = [role for role in roles if role.is_default()]
        parts.append(words("everyone on the server") if everyone else
                     words("members with the role", "s " if len(roles) > 1 else " ",
                           join([name(role.name) for role in roles], ", ")))
    parts += [mention(member) for member in members if member not in (str(guild.owner_id), person)]
    return join(parts, ", ") if parts else words()


def _may_attach(target: discord.abc.Messageable) -> bool:
    """Whether the bot may attach files in a server's channel or thread (Attach Files)."""
    if not isinstance(target, discord.abc.GuildChannel | discord.Thread):
        return True
    me = target.guild.me
    return me is None or target.permissions_for(me).attach_files


def _nonce(nonce: str | None) -> str:
    """The nonce of a send (discord.py enforces it: Discord answers a second send with the same
    one by the first message); a message sent once, outside the outbox, gets one of its own."""
    return nonce if nonce is not None else secrets.token_hex(12)


def _view(buttons: Buttons | None) -> discord.ui.View:
    """A stored question's buttons as Discord's persistent ones (bot/discord/buttons.py);
    discord.py's "no view" without them."""
    if buttons is None:
        return discord.utils.MISSING
    from bot.discord.buttons import stored_view  # buttons.py sends its replies through this module

    return stored_view(buttons)
