"""`kolocha bench` rows for the first pictures a player can cause once a restarted bot
has warmed up, each next to its target.

Measured as a restarted bot meets them: a new process warms its pictures as the bot does
(bot.discord.app.warm_pictures: static layers read from disk, where an earlier run left them),
then draws, of a game it has never drawn (another scenario or seed, a few random commands in),
the first picture of each kind: the whole map, a crop round a place as `/game map` draws it, and
the phone-width picture of the latest action, whose scale follows the action and is drawn
nowhere before. Bloody Monday is measured once for a player's view and once, in a process of
its own, for the spectators'. CPU time: the machine may be shared. `kolocha map` is timed as the
whole process a person starts from the shell.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import rules
from rules.core.playout import random_playout, replay

TARGET_MS = 150  # a first picture after the warm-up
TARGET_MAP_S = 1.0  # `kolocha map` from the shell
OTHER_GAME = {"borodino": ("5sep", 2), "bloody_monday": ("bloody_monday", 2)}  # not the warm-up's game
VIEWERS: dict[str, list[str | None]] = {"borodino": [None], "bloody_monday": ["french", None]}
CHILD = ("import json, sys; from bot.tools.bench_pictures import first_pictures; "
         "print(json.dumps(first_pictures(sys.argv[1], sys.argv[2] or None)))")


def rows(system_name: str) -> list[tuple[str, str]]:
    """The rows of `kolocha bench` for a system the renderer draws (none for another)."""
    if system_name not in VIEWERS:
        return []
    subprocess.run([sys.executable, "-c", "from bot.discord.app import warm_pictures; warm_pictures()"],
                   check=True)  # the layers are on disk from here on, as after any earlier run
    out: list[tuple[str, str]] = []
    for viewer in VIEWERS[system_name]:
        figures = measured(system_name, viewer)
        out.append((f"bot start ({_whose(viewer)}): pictures warmed, layers from disk, in",
                    f"{figures.pop('warm'):.0f} ms"))
        out += [(f"then the first {what}", f"{ms:.0f} ms of CPU; target {TARGET_MS}") for what, ms in figures.items()]
    out.append(("`kolocha map` from the shell, the whole process", f"{shell_map(system_name):.2f} s of CPU; "
                f"target {TARGET_MAP_S:g}"))
    return out


def measured(system_name: str, viewer: str | None) -> dict[str, float]:
    """first_pictures in a process of its own, as a restarted bot."""
    child = subprocess.run([sys.executable, "-c", CHILD, system_name, viewer or ""], capture_output=True,
                           text=True, check=True)
    return json.loads(child.stdout.splitlines()[-1])


def first_pictures(system_name: str, viewer: str | None) -> dict[str, float]:
    """In a fresh process: warm up as the bot does, then the CPU milliseconds of each first
    picture of another game, as `viewer` sees it ("warm": the warm-up's)."""
    from bot.discord.app import warm_pictures
    from render import action_crop, snapshot
    from render.action import PHONE_WIDTH, crop_areas, crop_hexes
    from render.areamap.picture import frame_for
    from render.hexmap.picture import crop_r, legible_radius

    figures = {"warm": _cpu_ms(warm_pictures)}
    system = rules.load(system_name)
    view = system.view(game_in_progress(system_name), viewer)
    figures[f"whole map, {_whose(viewer)}"] = _cpu_ms(lambda: snapshot(view))
    if system_name == "bloody_monday":
        areas = crop_areas(view)
        crop, phone = frame_for(areas[-1:], 2, None), frame_for(areas, 0, PHONE_WIDTH)
        figures[f"crop round area {areas[-1]} (scale {crop.scale})"] = \
            _cpu_ms(lambda: snapshot(view, around=areas[-1:]))
        figures[f"phone-width action crop, areas {areas} (scale {phone.scale})"] = _cpu_ms(lambda: action_crop(view))
    else:
        hexes = crop_hexes(view)
        figures[f"crop round {hexes[-1]}"] = _cpu_ms(lambda: snapshot(view, around=hexes[-1:]))
        r = crop_r(hexes, legible_radius(hexes), PHONE_WIDTH)
        figures[f"phone-width action crop, hexes of {r} px (a scale drawn nowhere before)"] = \
            _cpu_ms(lambda: action_crop(view))
    return figures


def game_in_progress(system_name: str, commands: int = 40) -> dict:
    """A position of a game the warm-up never drew, after a few random commands, whose log holds
    an action to picture (the latest such position of the first `commands`)."""
    from render.action import crop_areas, crop_hexes

    scenario, seed = OTHER_GAME[system_name]
    system = rules.load(system_name)
    latest = crop_areas if system_name == "bloody_monday" else crop_hexes
    playout = random_playout(system, scenario, seed, rng_seed=7, max_commands=commands, policy="sample")
    state = system.setup(scenario, seed)
    acted = state
    for state, _ in replay(system, state, playout.commands):
        if latest(system.view(state, None)):
            acted = state
    return acted


def shell_map(system_name: str) -> float:
    """CPU seconds of `kolocha map` for a stored game of the system, as a person runs it: a new
    process that reads the game and writes its PNG (the layers on disk), its second run."""
    from bot.service import GameService
    from bot.store import Store

    scenario, seed = OTHER_GAME[system_name]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "map.sqlite"
        GameService(Store(db)).new_game(system_name, scenario, seed, None)
        command = [sys.executable, "-m", "bot.cli", "map", "--db", str(db), "--out", str(Path(tmp) / "map.png")]
        # as installed: Python's compiled modules kept (PYTHONDONTWRITEBYTECODE would compile
        # every module anew on each run, a second of its own); the first run leaves them
        env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
        subprocess.run(command, check=True, capture_output=True, env=env)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, check=True, capture_output=True, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def _whose(viewer: str | None) -> str:
    return f"the {viewer.title()} player's view" if viewer else "the public view (spectators)"


def _cpu_ms(action: Callable[[], object]) -> float:
    start = time.process_time()
    action()
    return (time.process_time() - start) * 1000
