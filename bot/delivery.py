"""Who hears what, and how: public lines and maps in the game channel, private news by DM,
the public view in spectator channels, and the outbox for what could not be delivered.

A Messenger is the only thing that touches a chat service (Discord, or a fake in tests).
Whatever a closed DM could not carry stays in the outbox, addressed to a side or to
"user:<id>", and is shown privately at that person's next interaction: never in public.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Protocol

from bot import text as fmt
from bot.service import GameService

log = logging.getLogger("kolocha.delivery")

Renderer = Callable[..., bytes]
NO_PICTURE = "(No map picture: the map renderer is not available on this server.)"


class DMClosed(Exception):
    """The person does not accept direct messages from the bot."""


class Messenger(Protocol):
    async def post(self, channel: str, text: str, picture: bytes | None = None) -> None:
        """Post in a channel (the game's, or a spectators')."""

    async def dm(self, user: str, text: str, picture: bytes | None = None) -> None:
        """Send a direct message; raises DMClosed when the person's DMs are closed."""


def default_renderer() -> Renderer | None:
    """render.snapshot when the renderer is installed, else None (text only, with a note)."""
    try:
        from render import snapshot
    except ImportError:
        return None
    return snapshot


def user_audience(user: str) -> str:
    return f"user:{user}"


def payload_text(payload: dict) -> str:
    """The words of one outbox row: a sentence, or the lines of its events."""
    if "text" in payload:
        return str(payload["text"])
    return "\n".join(line.strip() for line in fmt.event_lines(payload.get("events", []), False))


class Delivery:
    """Sends a game's news through a Messenger; renders maps off the event loop."""

    def __init__(self, service: GameService, messenger: Messenger,
                 renderer: Renderer | None = None):
        self.service = service
        self.messenger = messenger
        self.renderer = renderer

    async def picture(self, view: dict, **options: object) -> bytes | None:
        """A PNG of a view, rendered in a worker thread; None when there is no renderer or it
        fails (the failure is logged; a game never stops for a picture)."""
        if self.renderer is None:
            return None
        try:
            return await asyncio.to_thread(self.renderer, view, **options)
        except Exception:
            log.exception("rendering a map failed")
            return None

    async def post_view(self, channel: str, view: dict, header: str,
                        **options: object) -> None:
        """A headline and a map of `view` in a channel (a note instead when there is no map)."""
        picture = await self.picture(view, **options)
        note = "" if picture else "\n" + NO_PICTURE
        await self.messenger.post(channel, f"{header}\n{fmt.headline(view)}{note}", picture)

    async def post(self, channel: str, text: str, picture: bytes | None = None) -> None:
        await self.messenger.post(channel, text, picture)

    async def dm(self, game_id: int, user: str, audience: str, text: str,
                 picture: bytes | None = None) -> bool:
        """DM a person; if their DMs are closed, keep the text for their next interaction."""
        try:
            await self.messenger.dm(user, text, picture)
            return True
        except DMClosed:
            self.service.store.add_outbox(game_id, audience, {"text": text})
            return False

    async def flush(self, game_id: int, seats: dict[str, str]) -> None:
        """Deliver the game's outbox: public rows were posted with the command's line; private
        rows go to the seated player's DMs and stay in the outbox when DMs are closed."""
        store = self.service.store
        for row in store.undelivered(game_id):
            audience = row["audience"]
            if audience == "all":
                store.mark_delivered(row["id"])
                continue
            user = audience.removeprefix("user:") if audience.startswith("user:") \
                else seats.get(audience)
            if user is None:
                continue
            try:
                await self.messenger.dm(user, f"Game {game_id}: {payload_text(row['payload'])}")
            except DMClosed:
                continue
            store.mark_delivered(row["id"])

    def notices(self, user: str) -> list[str]:
        """What closed DMs held back from this person, marked delivered now that they will
        read it (in a private reply)."""
        store = self.service.store
        out = []
        for row in store.undelivered_to(user):
            out.append(f"Game {row['game']}: {payload_text(row['payload'])}")
            store.mark_delivered(row["id"])
        return out
