"""Map pictures of stored games for the front ends: the current map, a unit's moves, replays.

The renderer draws views; this module picks the view and the highlight. A selected unit's
destinations come from the engine's legal commands, never from the picture code.
"""
from __future__ import annotations

from pathlib import Path

import render
from bot.service import GameService
from rules.core.playout import replay


def destinations(system, state: dict, select: str | None) -> list[str]:
    """Where the selected unit may move now, from the engine's legal commands."""
    if not select:
        return []
    return sorted({cmd.path[-1] for side in system.active_sides(state)
                   for cmd in system.legal_commands(state, side)
                   if getattr(cmd, "unit", None) == select and getattr(cmd, "path", None)
                   and cmd.path[-1] != "off"})


def map_png(service: GameService, game_id: int, *, around: list[str] | None = None, radius: int = 6,
            size: int | None = None, zoc: str | None = None, select: str | None = None,
            viewer: str | None = None) -> bytes:
    """PNG of what `viewer` (None: the public) sees of a game now, optionally cropped and highlighted."""
    system, state = service.system(game_id), service.load(game_id)
    return render.snapshot(system.view(state, viewer), zoc=zoc, select=select,
                           destinations=destinations(system, state, select), size=size,
                           around=around or None, radius=radius)


def write_map(service: GameService, game_id: int, path: Path, **options) -> Path:
    path.write_bytes(map_png(service, game_id, **options))
    return path


def turn_views(service: GameService, game_id: int) -> list[dict]:
    """One public view per player-turn of a stored game, each holding that player-turn's events."""
    game = service.store.game(game_id)
    system = service.system(game_id)
    start = system.setup(game["scenario"], game["seed"], game["options"])
    views = [system.view(start, None)]
    state, turn = start, system.phase_key(start).rsplit(":", 1)[0]
    for state, _ in replay(system, start, ((r["side"], r["normalised"]) for r in service.store.commands(game_id))):
        if system.phase_key(state).rsplit(":", 1)[0] != turn:
            turn = system.phase_key(state).rsplit(":", 1)[0]
            views.append(system.view(state, None))
    final = system.view(state, None)
    if final != views[-1]:
        views.append(final)
    return views


def replay_gif(service: GameService, game_id: int, size: int | None = None) -> bytes:
    """An animated GIF of a stored game, one frame per player-turn."""
    return render.replay_gif(turn_views(service, game_id), size=size)


def parse_map_words(words: list[str]) -> dict:
    """`map [HEX ...] [radius N] [size N] [zoc SIDE] [select HEX]` -> map_png options."""
    options: dict = {"around": []}
    it = iter(words)
    for word in it:
        if word in ("radius", "size"):
            value = next(it, "")
            if not value.isdigit():
                raise ValueError(f"`{word}` needs a number, e.g. `map 2817 {word} 4`.")
            options[word] = int(value)
        elif word in ("zoc", "select"):
            value = next(it, "")
            if not value:
                raise ValueError(f"`{word}` needs a {'side' if word == 'zoc' else 'hex'}: `map {word} ...`.")
            options[word] = value.lower()
        elif len(word) == 4 and word.isdigit():
            options["around"].append(word)
        else:
            raise ValueError(f"`map` does not understand {word!r}: try `map`, `map 2817`, `map 2817 radius 4`, "
                             "`map zoc french` or `map select 3225`.")
    return options
