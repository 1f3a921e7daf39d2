"""Map pictures of stored games for the front ends: the current map, a unit's moves, replays.

The renderer draws views; this module picks the view and the highlight. A selected unit's
destinations come from the engine's legal commands, never from the picture code.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import render
from bot.converters import Unreadable
from bot.permissions import TableError
from bot.service import GameService
from render.frame import NotOnMap
from rules.core.errors import RulesError
from rules.core.playout import replay


def destinations(system, state: dict, select: str | None) -> list[str]:
    """Where the selected unit may move now, from the engine's legal commands; the unit named by
    its place or its id, in any letter case (the map words are read in lower case)."""
    if not select:
        return []
    return sorted({cmd.path[-1] for side in system.active_sides(state)
                   for cmd in system.legal_commands(state, side)
                   if str(getattr(cmd, "unit", "")).lower() == select.lower() and getattr(cmd, "path", None)
                   and cmd.path[-1] != "off"})


def in_game(option: str = "", value: str = "") -> str:
    """How a player asks the terminal's `map` for an option, quoted.

    >>> in_game(), in_game("zoc", "french"), in_game("around", "12")
    ('`map`', '`map zoc french`', '`map 12`')
    """
    said = [*([option] if option not in ("", "around") else []), *([value] if value else [])]
    return "`" + " ".join(["map", *said]) + "`"


def on_the_command_line(option: str = "", value: str = "") -> str:
    """The same asked of `kolocha map`, quoted.

    >>> on_the_command_line(), on_the_command_line("zoc", "french"), on_the_command_line("around", "12")
    ('`kolocha map`', '`kolocha map --zoc french`', '`kolocha map --around 12`')
    """
    return "`" + " ".join(["kolocha map", *([f"--{option}"] if option else []), *([value] if value else [])]) + "`"


Spelt = Callable[..., str]  # (option, value) -> how the asker writes it: in_game or on_the_command_line
PLACES = {"borodino": ("3225", "hex"), "bloody_monday": ("57", "area"), "campaign_1812": ("12", "place")}  # examples
NO_ZOC = {  # why a map of areas has no zones of control to shade, citing the rule
    "bloody_monday": "Bloody Monday has no zones of control to shade: a block stops only where it enters an area "
                     "the enemy holds (1.2.2)",
    "campaign_1812": "1812 has no zones of control to shade: a stack may move into and out of a place the enemy "
                     "holds (Movement)"}


def selected(view: dict, select: str | None, spelt: Spelt = in_game) -> tuple[str | None, str | None]:
    """The unit `map select WORD` names, by its id (a Borodino Doomed Victory leader's also when
    named by his name), and the place to ring (where it stands, if it does); a place is both. A
    word that is no place and names none of the units the view shows is refused, and so is a number
    that is no place of the map, where either drew the map unmarked.

    >>> murat = {"id": "L-MURAT", "name": "Murat", "hex": "2525"}
    >>> view = {"units": [{"id": "F-I-2", "hex": "2629"}], "leaders": [murat]}
    >>> selected(view, "f-i-2"), selected(view, "murat"), selected(view, "3225")
    (('F-I-2', '2629'), ('L-MURAT', '2525'), ('3225', '3225'))
    >>> selected(view, "9999")
    Traceback (most recent call last):
    bot.converters.Unreadable: 9999 is no hex of this map: ring a unit by its hex or its id, `map select 3225`.
    """
    place, kind = PLACES.get(str(view.get("system", "borodino")), PLACES["borodino"])
    instead = f"ring a unit by its {kind} or its id, {spelt('select', place)}."
    if select and select.isdigit():
        try:
            render.check_around(view, [select])
        except NotOnMap:
            raise Unreadable(f"{select} is no {kind} of this map: {instead}") from None
    if not select or select.isdigit():
        return select, select
    word = select.lower()
    for leader in view.get("leaders", []):
        if word in (str(leader.get("id", "")).lower(), str(leader.get("name", "")).lower()):
            return str(leader["id"]), leader.get("hex")
    for unit in view.get("units", []) + view.get("waiting", []):
        if word == str(unit.get("id", "")).lower():
            place = unit.get("hex") or unit.get("area")
            return str(unit["id"]), str(place) if place else None
    raise Unreadable(f"{select!r} names no unit you can see: {instead}")


RADII = range(0, 21)  # a wider crop than 20 hexes (or areas) round a place is larger than the whole map
WIDTHS = range(300, 4001)  # pixels: narrower hides the numbers (Bloody Monday's panels fail); wider takes 100 MB


def map_png(service: GameService, game_id: int, *, around: list[str] | None = None, radius: int = 6,
            size: int | None = None, zoc: str | None = None, select: str | None = None,
            viewer: str | None = None, spelt: Spelt = in_game) -> bytes:
    """PNG of what `viewer` (None: the public) sees of a game now, optionally cropped and highlighted;
    a radius or a width out of RADII or WIDTHS is refused before a pixel is drawn (a radius of 500 took
    minutes and gigabytes, a negative one failed in the drawing), and so is a highlight the map cannot
    draw (a map of areas has no zones of control; 1812's marks no moves), each refusal saying what to ask
    instead as the asker writes it (`spelt`: at the terminal's prompt, or on the command line)."""
    if radius not in RADII:
        raise Unreadable(f"a crop's radius is {RADII.start} to {RADII.stop - 1} hexes (or areas) round the places "
                         f"asked, not {radius}; without places the whole map is drawn.")
    if size is not None and size not in WIDTHS:
        raise Unreadable(f"a map is {WIDTHS.start} to {WIDTHS.stop - 1} pixels wide, not {size} (a phone shows "
                         "550).")
    system, state = service.system(game_id), service.load(game_id)
    view = system.view(state, viewer)
    place, _ = PLACES.get(str(view.get("system")), PLACES["borodino"])
    instead = f"ask {spelt()}, or {spelt('around', place)} to centre the map on a place."
    if zoc and view.get("system") in NO_ZOC:
        raise Unreadable(f"{NO_ZOC[view['system']]}; {instead}")
    if select and view.get("system") == "campaign_1812":
        raise Unreadable(f"1812's map marks no moves: {instead}")
    unit, ring = selected(view, select, spelt)
    moves = destinations(system, state, unit) or destinations(system, state, ring)  # Borodino's by its hex
    try:
        return render.snapshot(view, zoc=zoc, select=ring, destinations=moves, size=size, around=around or None,
                               radius=radius)
    except NotOnMap as error:
        raise Unreadable(str(error)) from None


def action_png(service: GameService, game_id: int, *, viewer: str | None = None) -> bytes | None:
    """PNG of the latest action that `viewer` sees, at a phone's width; None before any."""
    return render.action_crop(service.system(game_id).view(service.load(game_id), viewer))


def write_map(service: GameService, game_id: int, path: Path, **options) -> Path:
    path.write_bytes(map_png(service, game_id, **options))
    return path


def face_up(system, state: dict) -> dict:
    """The public view with every side's own units as their owner sees them: all blocks face up,
    as the rule book's players show them once the game is over. Only for an ended
    game: before the end it would give away what each side hides."""
    view = system.view(state, None)
    if not system.INFO.hidden_information:
        return view
    units = [u for side in system.INFO.sides for u in system.view(state, side).get("units", [])
             if u.get("side") == side]
    return {**view, "units": units}


def turn_views(service: GameService, game_id: int) -> list[dict]:
    """One view per player-turn of a stored game, each holding that player-turn's events: the
    public view while the game runs, all blocks face up once it is over. A game begun before an
    upgrade that mended a rule it met replays only up to the command that met it: its frames stop
    there, and the last is its stored position, as the game went on (its export failed whole)."""
    game = service.store.game(game_id)
    system = service.system(game_id)
    look = (lambda state: face_up(system, state)) if game["status"] == "over" else \
        (lambda state: system.view(state, None))
    start = system.setup(game["scenario"], game["seed"], game["options"])
    views = [look(start)]
    state, turn = start, system.phase_key(start).rsplit(":", 1)[0]
    try:
        for state, _ in replay(system, start, ((r["side"], r["normalised"]) for r in service.store.commands(game_id))):
            if system.phase_key(state).rsplit(":", 1)[0] != turn:
                turn = system.phase_key(state).rsplit(":", 1)[0]
                views.append(look(state))
    except RulesError:
        state = service.load(game_id)
    final = look(state)
    if final != views[-1]:
        views.append(final)
    return views


def replay_gif(service: GameService, game_id: int, size: int | None = None) -> bytes:
    """An animated GIF of a stored game, one frame per player-turn."""
    return render.replay_gif(turn_views(service, game_id), size=size)


def check_ended(game: dict) -> None:
    """TableError while the game runs: its record is not shown until it has ended."""
    if game["status"] != "over":
        raise TableError(f"Game {game['id']} is still running; its record is exported once it has "
                         "ended (until then its seed is secret and its orders name hidden units).")


def command_script(service: GameService, game_id: int) -> str:
    """The command log of an ended game as a script that `kolocha local --script` replays
   . Refused (TableError) while the game runs: its seed is still secret (fair dice)
    and its log names hidden units."""
    game = service.store.game(game_id)
    check_ended(game)
    chosen = game["options"] or {}
    tables = chosen.get("tables") if isinstance(chosen, dict) else None
    names = [name for name, on in chosen.items() if on and name != "tables"] if isinstance(chosen, dict) \
        else list(chosen)
    # a reading the game was played without is said off: a new game would play it unless told
    names += [f"{name}=off" for name in service.system(game_id).INFO.new_game_options if name not in names]
    header = f"# kolocha system={game['system']} scenario={game['scenario']} seed={game['seed']}"
    lines = [header + (f" options={','.join(names)}" if names else ""),
             *([f"# tables: {json.dumps(tables, sort_keys=True)}"] if tables is not None else []),
             f"# game {game_id}, exported by Kolocha", "# expect: all-accepted"]
    lines += [f"{row['side']}: {row['normalised']}" for row in service.store.commands(game_id)]
    return "\n".join(lines) + "\n"


def parse_map_words(words: list[str], view: dict | None = None) -> dict:
    """`map [HEX|AREA ...] [radius N] [size N] [zoc SIDE] [select HEX]` -> map_png options. A word
    none of these is refused in the words of the `view`'s map where it has areas (1812 answers a
    place's name with its number), else with Borodino's examples."""
    options: dict = {"around": []}
    it = iter(words)
    for word in it:
        if word in ("radius", "size"):
            value = next(it, "")
            if not value.isdigit():
                raise Unreadable(f"`{word}` needs a number, e.g. `map 2817 {word} 4`.")
            options[word] = int(value)
        elif word in ("zoc", "select"):
            value = next(it, "")
            if not value:
                raise Unreadable(f"`{word}` needs a {'side' if word == 'zoc' else 'hex'}: `map {word} ...`.")
            if word == "zoc" and value.lower() not in ("french", "russian"):
                raise Unreadable(f"`zoc` takes the side whose enemies' zones are shaded, french or russian, "
                                 f"not {value!r}: `map zoc french`.")
            options[word] = value.lower()
        elif word.isdigit():  # a hex (2817) or an area (Bloody Monday's 46, 1812's 12): the map checks it
            options["around"].append(word)
        else:
            if (view or {}).get("system") in ("bloody_monday", "campaign_1812"):
                try:
                    render.check_around(view or {}, [word])
                except NotOnMap as error:
                    raise Unreadable(str(error)) from None
            raise Unreadable(f"`map` does not understand {word!r}: try `map`, `map 2817` (or an area: `map 46`), "
                             "`map 2817 radius 4`, `map zoc french` or `map select 3225`.")
    return options
