"""A stand-in for Discord on 127.0.0.1: its REST API and its gateway, just enough for the bot.

`kolocha bench --discord` and the process-level test run the real bot (discord.py's own HTTP
client and websocket, in its own process or not) against it: `point_at(url)` (or the
KOLOCHA_DISCORD_URL environment variable read by `kolocha run`) turns discord.py's API base URL
and gateway URL to it. One server (guild) with text channels and members; people act by sending
interactions (`interact`, `press`), and everything the bot says is recorded in `sent`, with the
moment each interaction was acknowledged; the messages it made read as they do now (edited, or
deleted: gone) in `messages`; where it was shown typing, in `typed`; each command tree the bot syncs is
kept in `synced`. A test may have `lose_answer` called once for each new message, edit or deletion,
once it is made and before it is answered (there it kills the bot: the message went, its answer was
lost).
It recommends `shards` connections (Discord's sharding: each server's events go to the shard
(server id >> 22) % shards only) and keeps which shard each connection identified as.
Like Discord, a message sent with a nonce and enforce_nonce that this channel has already taken is
answered by the first message, not posted again. A heartbeat is acknowledged `heartbeat_ack` seconds
(HEARTBEAT_ACK_SECONDS unless told) later, as over a network: discord.py's keep-alive thread notes its
send only once the send is done, so an acknowledgement read before that was measured from the heartbeat
before, a whole interval ('Can't keep up, shard ID 0 websocket is 40.0s behind.', a false alarm in every log).
Nothing here checks permissions or rate limits: that is simcord's job in the tests.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import time
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

import discord
import yarl
from aiohttp import WSMsgType, web

APP_ID, BOT_ID, GUILD = 5000, 5001, 900
GATEWAY_PATH = "/gateway"
HEARTBEAT_ACK_SECONDS = 5.0  # after discord.py notes its heartbeat sent: its thread may be seconds late on a
# loaded machine (a wait of 1 s let one heartbeat in six read 41 s behind in a soak); below its 10 s alarm
EPHEMERAL = 64
MANAGE_GUILD = 0x20
EVERYONE_CAN = discord.Permissions(
    view_channel=True, send_messages=True, send_messages_in_threads=True, attach_files=True,
    embed_links=True, read_message_history=True, add_reactions=True,
    create_public_threads=True).value


def point_at(url: str) -> None:
    """Send discord.py's REST calls and gateway connection to a stand-in at `url`."""
    base = yarl.URL(url)
    discord.http.Route.BASE = str(base / "api" / "v10")
    scheme = "wss" if base.scheme == "https" else "ws"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = base.with_scheme(scheme) / GATEWAY_PATH[1:]


def user_payload(user_id: int | str, name: str, bot: bool = False) -> dict:
    return {"id": str(user_id), "username": name, "global_name": name, "discriminator": "0",
            "avatar": None, "bot": bot}


@dataclass
class Person:
    id: int
    name: str
    manage_guild: bool = False

    def member(self) -> dict:
        return {"user": user_payload(self.id, self.name), "roles": [], "nick": None,
                "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                "flags": 0, "permissions": str(MANAGE_GUILD if self.manage_guild else 0)}


@dataclass
class Sent:
    """One thing the bot sent: where ("channel:<id>", "dm:<user>", "reply:<interaction>"),
    its text, and when (time.monotonic())."""

    where: str
    text: str
    at: float
    components: list = field(default_factory=list)


class Loopback:
    """The stand-in: start() it, point the bot at `url`, then act and read `sent`."""

    def __init__(self, channels: int = 1, shards: int = 1, heartbeat_ack: float = HEARTBEAT_ACK_SECONDS) -> None:
        self._ids = itertools.count(10**15)
        self.channels = [str(700 + n) for n in range(channels)]
        self.sent: list[Sent] = []
        self.messages: dict[str, tuple[str, str]] = {}  # each message's id: (where, its words now)
        self.typed: list[tuple[str, float]] = []  # (where, when): POST /channels/{id}/typing
        self.lose_answer: Callable[[], None] | None = None
        self._lost: set[str] = set()  # the requests whose answer was lost once (a repeat is answered)
        self.synced: list[list[dict]] = []  # each command tree the bot sent (PUT .../commands)
        self.acked: dict[str, float] = {}
        self.sockets: list[web.WebSocketResponse] = []
        self.identified = asyncio.Event()  # set at each shard's READY
        self.shards = shards
        self.shard_of: dict[web.WebSocketResponse, int] = {}  # each connection's shard, as identified
        self._acks: set[asyncio.Task] = set()  # heartbeat acknowledgements on their way
        self.heartbeat_ack = heartbeat_ack  # seconds after a heartbeat that its acknowledgement comes
        self.ack_delay = 0.0  # seconds each acknowledgement of an interaction takes (a slow Discord)
        self.acking = asyncio.Event()  # set when one is under way
        self.failing_syncs = 0  # how many syncs of the command tree to answer 503 (Discord is down)
        self._dm_channels: dict[str, str] = {}
        self._nonces: dict[tuple[str, str], dict] = {}  # (channel, nonce) -> the message it made
        self._seq = itertools.count(1)
        self._runner: web.AppRunner | None = None
        self.url = ""

    # -- running -------------------------------------------------------------------------

    async def start(self, port: int = 0) -> str:
        app = web.Application()
        app.router.add_get(GATEWAY_PATH, self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        sockets = site._server.sockets  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{sockets[0].getsockname()[1]}"
        return self.url

    async def stop(self) -> None:
        for ack in list(self._acks):
            ack.cancel()
        for ws in list(self.sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- what people do ------------------------------------------------------------------

    async def interact(self, person: Person, command: str, options: dict | None = None,
                       channel: str | None = None) -> str:
        """A slash command (`"game new"` for a subcommand); the interaction's id."""
        words = command.split()
        opts = [{"name": k, "type": 5 if isinstance(v, bool) else 4 if isinstance(v, int)
                 else 3, "value": v} for k, v in (options or {}).items()]
        data: dict[str, Any] = {"id": "1", "name": words[-1], "type": 1, "options": opts}
        if len(words) == 2:
            data = {"id": "1", "name": words[0], "type": 1,
                    "options": [{"name": words[1], "type": 1, "options": opts}]}
        return await self._dispatch_interaction(2, person, data, channel or self.channels[0])

    async def press(self, person: Person, custom_id: str, channel: str | None = None) -> str:
        """Press a button of an ephemeral message that carries it."""
        row = {"type": 1, "components": [{"type": 2, "style": 4, "label": "x",
                                          "custom_id": custom_id}]}
        message = self._message(channel or self.channels[0], user_payload(BOT_ID, "Kolocha",
                                bot=True), "", components=[row], flags=EPHEMERAL)
        return await self._dispatch_interaction(3, person, {"custom_id": custom_id,
                                                            "component_type": 2},
                                                channel or self.channels[0], message)

    async def _dispatch_interaction(self, kind: int, person: Person, data: dict, channel: str,
                                    message: dict | None = None) -> str:
        interaction_id = str(next(self._ids))
        payload = {"id": interaction_id, "application_id": str(APP_ID), "type": kind,
                   "data": data, "guild_id": str(GUILD), "channel_id": channel,
                   "channel": self._channel(channel), "member": person.member(),
                   "token": f"token-{interaction_id}", "version": 1,
                   "app_permissions": str(EVERYONE_CAN), "locale": "en-US",
                   "attachment_size_limit": 8 << 20, "entitlements": []}
        if message is not None:
            payload["message"] = message
        await self.dispatch("INTERACTION_CREATE", payload)
        return interaction_id

    async def dispatch(self, event: str, data: dict) -> None:
        """Send an event on the connections of the shard its server belongs to (all of them for
        an event of no server)."""
        guild = data.get("guild_id")
        shard = None if guild is None else (int(guild) >> 22) % self.shards
        for ws in [ws for ws in self.sockets if shard is None or self.shard_of.get(ws) == shard]:
            await ws.send_str(json.dumps({"op": 0, "t": event, "s": next(self._seq), "d": data}))

    def texts(self, where: str) -> list[str]:
        return [s.text for s in self.sent if s.where == where]

    # -- the gateway ---------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.sockets.append(ws)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 40000}}))
        try:
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                await self._gateway_op(ws, json.loads(frame.data))
        finally:
            self.sockets.remove(ws)
            self.shard_of.pop(ws, None)
        return ws

    async def _gateway_op(self, ws: web.WebSocketResponse, message: dict) -> None:
        op = message["op"]
        if op == 1:
            ack = asyncio.ensure_future(self._acknowledge(ws))
            self._acks.add(ack)
            ack.add_done_callback(self._acks.discard)
        elif op == 6:  # RESUME: this stand-in keeps no sessions
            await ws.send_str(json.dumps({"op": 9, "d": False}))
        elif op == 2:
            shard, count = message["d"].get("shard") or [0, 1]
            self.shard_of[ws] = shard
            mine = (GUILD >> 22) % count == shard
            ready = {"v": 10, "user": user_payload(BOT_ID, "Kolocha", bot=True),
                     "guilds": [{"id": str(GUILD), "unavailable": True}] if mine else [],
                     "session_id": f"loopback-{shard}", "resume_gateway_url": self.url.replace(
                         "http", "ws") + GATEWAY_PATH,
                     "application": {"id": str(APP_ID), "flags": 0}, "shard": [shard, count]}
            await ws.send_str(json.dumps({"op": 0, "t": "READY", "s": next(self._seq),
                                          "d": ready}))
            if mine:
                await ws.send_str(json.dumps({"op": 0, "t": "GUILD_CREATE", "s": next(self._seq),
                                              "d": self._guild()}))
            self.identified.set()

    async def _acknowledge(self, ws: web.WebSocketResponse) -> None:
        """A heartbeat's acknowledgement (op 11), `heartbeat_ack` seconds after it came, by a task of
        its own: the frames that follow it are answered meanwhile. A connection closed before then is
        owed none."""
        await asyncio.sleep(self.heartbeat_ack)
        if not ws.closed:
            try:
                await ws.send_str(json.dumps({"op": 11}))
            except ConnectionError:
                pass  # closed as it was sent

    def _guild(self) -> dict:
        everyone = {"id": str(GUILD), "name": "@everyone", "permissions": str(EVERYONE_CAN),
                    "position": 0, "color": 0, "hoist": False, "managed": False,
                    "mentionable": False, "flags": 0}
        bot_member = {**Person(BOT_ID, "Kolocha").member(),
                      "user": user_payload(BOT_ID, "Kolocha", bot=True)}
        return {"id": str(GUILD), "name": "Loopback", "owner_id": "1", "roles": [everyone],
                "channels": [self._channel(c) for c in self.channels], "threads": [],
                "members": [bot_member], "member_count": 1, "features": [], "emojis": [],
                "stickers": [], "large": False, "unavailable": False,
                "joined_at": "2026-01-01T00:00:00+00:00", "voice_states": [], "presences": [],
                "stage_instances": [], "guild_scheduled_events": [], "premium_tier": 0,
                "preferred_locale": "en-US", "afk_timeout": 300, "verification_level": 0,
                "default_message_notifications": 0, "explicit_content_filter": 0,
                "mfa_level": 0, "nsfw_level": 0, "system_channel_flags": 0}

    def _channel(self, channel: str) -> dict:
        """A guild's text channel (type 0) as the gateway and the REST API describe one."""
        return {"id": channel, "type": 0, "guild_id": str(GUILD), "name": f"game-{channel}",
                "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}

    # -- the REST API --------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["path"]
        body = await self._body(request)
        if path.startswith("/interactions/") and self.ack_delay:
            self.acking.set()
            await asyncio.sleep(self.ack_delay)
        if path.endswith("/commands") and request.method == "PUT" and self.failing_syncs:
            self.failing_syncs -= 1
            return web.Response(status=503, text="upstream connect error")
        said, asked = len(self.sent), json.dumps([request.method, path, body], sort_keys=True)
        answer = self._route(request.method, path, body)
        if self.lose_answer is not None and path.startswith("/channels/") and asked not in self._lost and \
                (len(self.sent) > said or request.method in ("PATCH", "DELETE")):
            self._lost.add(asked)
            self.lose_answer()
        if answer is None:
            return web.Response(status=204)
        # discord.py reads a body as JSON only under exactly this content type
        return web.Response(body=json.dumps(answer).encode(),
                            headers={"Content-Type": "application/json"})

    async def _body(self, request: web.Request) -> dict:
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                if getattr(part, "name", None) == "payload_json":
                    return json.loads(await part.text())  # type: ignore[union-attr]
            return {}
        text = await request.text()
        return json.loads(text) if text else {}

    def _route(self, method: str, path: str, body: dict) -> Any:
        parts = path.strip("/").split("/")
        now = time.monotonic()
        if path == "/users/@me":
            return user_payload(BOT_ID, "Kolocha", bot=True)
        if path == "/oauth2/applications/@me":
            return {"id": str(APP_ID), "name": "Kolocha", "icon": None, "description": "",
                    "rpc_origins": [], "bot_public": False, "bot_require_code_grant": False,
                    "verify_key": "0", "flags": 0, "summary": "",
                    "owner": user_payload(1, "owner"), "team": None}
        if path == "/gateway/bot":
            return {"url": self.url.replace("http", "ws") + GATEWAY_PATH, "shards": self.shards,
                    "session_start_limit": {"total": 1000, "remaining": 1000,
                                            "reset_after": 0, "max_concurrency": 1}}
        if parts[0] == "applications" and parts[-1] == "commands":
            if method == "PUT":
                self.synced.append(body)  # type: ignore[arg-type]  # a list of commands
            return [{**c, "id": str(next(self._ids)), "application_id": str(APP_ID),
                     "version": "1"} for c in body] if method == "PUT" else []
        if parts[0] == "interactions":  # POST /interactions/{id}/{token}/callback
            self.acked.setdefault(parts[1], now)
            data = body.get("data") or {}
            if data.get("content"):
                self.sent.append(Sent(f"reply:{parts[1]}", data["content"], now,
                                      data.get("components", [])))
            return {"interaction": {"id": parts[1], "type": body.get("type")}}
        if parts[0] == "webhooks":  # follow-ups and edits of interaction answers
            interaction = parts[2].removeprefix("token-")
            self.sent.append(Sent(f"reply:{interaction}", body.get("content") or "", now,
                                  body.get("components", [])))
            return self._message(self.channels[0], user_payload(BOT_ID, "Kolocha", bot=True),
                                 body.get("content") or "")
        if path == "/users/@me/channels":
            user = str(body["recipient_id"])
            channel = self._dm_channels.setdefault(user, str(next(self._ids)))
            return {"id": channel, "type": 1, "recipients": [user_payload(user, "someone")]}
        if parts[0] == "channels" and parts[-1] == "messages" and method == "POST":
            nonce = (parts[1], str(body["nonce"])) if body.get("enforce_nonce") else None
            if nonce in self._nonces:
                return self._nonces[nonce]
            self.sent.append(Sent(self._where(parts[1]), body.get("content") or "", now))
            posted = self._message(parts[1], user_payload(BOT_ID, "Kolocha", bot=True),
                                   body.get("content") or "", nonce=body.get("nonce"))
            self.messages[posted["id"]] = (self._where(parts[1]), posted["content"])
            if nonce is not None:
                self._nonces[nonce] = posted
            return posted
        if parts[0] == "channels" and parts[2:] == ["typing"] and method == "POST":
            self.typed.append((self._where(parts[1]), now))
            return None
        if parts[0] == "channels" and parts[2:3] == ["messages"] and len(parts) == 4 and method == "PATCH":
            if parts[3] not in self.messages:
                raise web.HTTPNotFound(text=json.dumps({"code": 10008, "message": "Unknown Message"}))
            where, content = self.messages[parts[3]]
            self.messages[parts[3]] = (where, body.get("content", content))
            return self._message(parts[1], user_payload(BOT_ID, "Kolocha", bot=True), self.messages[parts[3]][1],
                                 id=parts[3])
        if parts[0] == "channels" and parts[2:3] == ["messages"] and len(parts) == 4 and method == "DELETE":
            self.messages.pop(parts[3], None)
            return None
        if parts[0] == "channels" and len(parts) == 2:
            return self._channel(parts[1])
        if parts[0] == "users" and len(parts) == 2:
            return user_payload(parts[1], "someone")
        if "reactions" in parts:
            return None
        raise web.HTTPNotFound(text=json.dumps({"code": 0, "message": f"no route {path}"}))

    def _where(self, channel: str) -> str:
        users = [u for u, c in self._dm_channels.items() if c == channel]
        return f"dm:{users[0]}" if users else f"channel:{channel}"

    def _message(self, channel: str, author: dict, content: str, **extra: object) -> dict:
        return {"id": str(next(self._ids)), "channel_id": channel, "author": author,
                "content": content, "timestamp": "2026-03-01T12:00:00+00:00",
                "edited_timestamp": None, "tts": False, "mention_everyone": False,
                "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
                "pinned": False, "type": 0, "flags": 0, **extra}
