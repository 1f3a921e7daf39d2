"""The picture files of a terminal game, written beside its database for the player at the screen.

`kolocha-game<ID>.png` is redrawn after each change with `kolocha-game<ID>-action.png`, the latest
action at a phone's width (removed while there is none), `kolocha-game<ID>-map.png` on
`map ...` with words. At a hot-seat hand-over with hidden information they would still show the
player who just left: `hand_over()` removes the asked-for map and redraws the main two with the
public view, and the loop draws them again for the incoming player once they sit down.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot import pictures
from bot.converters import Unreadable
from bot.service import GameService

Drawer = Callable[..., bytes]  # (service, game_id, *, viewer, **map options) -> PNG bytes
Cropper = Callable[..., bytes | None]  # (service, game_id, *, viewer) -> PNG bytes, or None


class MapFiles:
    """The picture files of one game in one folder."""

    def __init__(self, service: GameService, game_id: int, folder: Path,
                 png: Drawer = pictures.map_png, crop: Cropper = pictures.action_png):
        self.service = service
        self.game_id = game_id
        self.main = folder / f"kolocha-game{game_id}.png"
        self.action = folder / f"kolocha-game{game_id}-action.png"
        self.asked = folder / f"kolocha-game{game_id}-map.png"
        self._png = png
        self._crop = crop

    def draw(self, words: list[str], viewer: str | None) -> str:
        """Draw what `viewer` (None: everyone) may see, the main picture and the latest action
        without words; the sentence saying where, or why the words were not understood."""
        try:
            view = self.service.system(self.game_id).view(self.service.load(self.game_id), viewer)
            options = pictures.parse_map_words(words, view)
            path = self.asked if words else self.main
            path.write_bytes(self._png(self.service, self.game_id, viewer=viewer, **options))
        except Unreadable as error:
            return str(error)
        if words:
            return f"Map: {path}"
        action = self._crop(self.service, self.game_id, viewer=viewer)
        if action is None:
            self.action.unlink(missing_ok=True)
            return f"Map: {path}"
        self.action.write_bytes(action)
        return f"Map: {path} (latest action: {self.action})"

    def hand_over(self) -> None:
        """Leave nothing of the player who leaves the screen: only the public picture stays."""
        self.asked.unlink(missing_ok=True)
        self.draw([], None)
