"""The game at the terminal's hot seat in a front-end swap (at_terminal): its screen, prompts and picture files while
the viewer types, and the replay `kolocha replay --gif` draws of the game still running."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bot import pictures as stored  # the pictures of stored games (`pictures` names what a message carries)
from bot.terminal.console import play
from bot.terminal.map_files import MapFiles
from bot.tools.fog_check.position import Position, game_service
from bot.tools.fog_check.stand_ins import action_file, view_file, view_json


def at_terminal(position: Position, lines: list[str], folder: Path, viewer: str,
                hidden: Sequence[str] = ()) -> list[str]:
    """The game at the terminal's hot seat, the side to move at the screen: its screen, prompts
    and picture files while it types `lines`, up to the hand-over to the other player; the other
    side's secret orders `hidden` given before it sits down. Then the animated replay `kolocha replay GAME
    --gif` writes of the game still running (the JSON of its frames' views, the public ones); where the lines
    ended it, only that it is over (an ended game's replay shows every block, by design)."""
    seen: list[str] = []
    service = game_service(folder / "terminal.sqlite", position)
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
