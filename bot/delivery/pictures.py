"""Pictures are not stored: a row names the view to draw (`{"seq": n, "side": side or None}`) and
it is rendered when sent, in a worker thread, once for every place that shows it (the last few
kept in memory, keyed by what tells that command from an undone one with its number); a row posted
after a change (`crop`) carries a second picture, the latest action at a phone's width. Without a
renderer a map is a note saying so (`NO_PICTURE`), and a picture that fails to draw is logged: a
game never stops for a picture.
"""
from __future__ import annotations

import asyncio
import json
import logging

from bot.delivery.base import Cropper, DeliveryBase, PlaceCheck, Renderer

log = logging.getLogger("kolocha.delivery")

NO_PICTURE = "(No map picture: the map renderer is not available on this server.)"
PICTURES_KEPT = 16


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


class PicturesPart(DeliveryBase):
    """The pictures of the rows Delivery sends."""

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
