"""Pictures of a view: the Borodino hex map, the Bloody Monday area map or the 1812 map of European
Russia as PNG snapshots (chosen by the view's `system`; any other view is drawn on the Borodino
map), the latest action cropped at a phone's width, and animated GIF replays.

Everything drawn comes from the view (and `highlight`); nothing here decides a rule.
"""
from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable

from render import layer_cache
from render.action import PHONE_WIDTH, crop_areas, crop_hexes
from render.areamap import stacking
from render.areamap.campaign import draw_campaign_map
from render.areamap.campaign import window as campaign_window
from render.areamap.picture import draw_area_map, window
from render.areamap.static import missing_scales
from render.frame import NotOnMap
from render.hexmap.picture import CROP_R, FULL_R, draw_map, hexes_around, legible_radius, png, warm_layers
from render.hexmap.terrain import layer_name
from render.one_at_a_time import one_at_a_time
from render.replay import replay_gif

__all__ = ["NotOnMap", "action_crop", "check_around", "replay_gif", "snapshot", "warm"]


def check_around(view: dict, around: Iterable[str]) -> None:
    """NotOnMap, with the sentence for the person who asked, unless `around` names a place of
    the view's map: what a front end checks before it stores a crop that is drawn later."""
    places = [str(place) for place in around]
    if view.get("system") == "campaign_1812":
        if not all(place.isdigit() for place in places):
            named = [f"{info['name']} is {info['number']}" for place in places for info in view.get("places", [])
                     if info["name"].lower() == place.lower()]
            raise NotOnMap(f"{', '.join(places)}: areas and sub-areas are named by their numbers"
                           + (f" ({', '.join(named)})" if named else "") + ".")
        campaign_window([int(place) for place in places], 0)
    elif view.get("system") == "bloody_monday":
        if not all(place.isdigit() for place in places):
            raise NotOnMap(f"{', '.join(places)}: areas are named by their numbers, 1 to 111.")
        window([int(place) for place in places], 0)
    else:
        hexes_around(places, 0)


@one_at_a_time
def snapshot(view: dict, *, zoc: str | None = None, hexes: Iterable[str] = (),
             destinations: Iterable[str] = (), areas: Iterable[int] = (), select: str | int | None = None,
             size: int | None = None, around: Iterable[str] | Iterable[int] | None = None,
             radius: int | None = None) -> bytes:
    """PNG of the map for a view: the area map when view["system"] is "bloody_monday", the map of
    European Russia when it is "campaign_1812", else Borodino.

    zoc: shade the hexes in the Zone of Control of that side's enemies; hexes: shade these hexes;
    destinations: tint a selected unit's legal destinations; select: ring a hex ("3225").
    size: the picture's width in pixels (at most); default about 1390 for the whole map.
    around, radius: draw only the hexes within `radius` of those hexes, at a scale a phone can read.
    Bloody Monday: areas shades areas and select rings one (57); around lists area numbers and
    radius counts areas (default 2), neighbour to neighbour.
    """
    highlight = {key: value for key, value in (
        ("zoc", zoc), ("hexes", list(hexes)), ("destinations", list(destinations)),
        ("areas", list(areas)), ("select", select)) if value}
    places = None if around is None else [str(place) for place in around]
    if places is not None:
        check_around(view, places)
    if view.get("system") == "campaign_1812":
        numbers = None if places is None else [int(n) for n in places]
        return png(draw_campaign_map(view, size=size, around=numbers, radius=1 if radius is None else radius))
    if view.get("system") == "bloody_monday":
        numbers = None if places is None else [int(n) for n in places]
        return png(draw_area_map(view, highlight=highlight, size=size, around=numbers,
                                 radius=2 if radius is None else radius))
    return png(draw_map(view, highlight=highlight, size=size, around=places,
                        radius=6 if radius is None else radius))


@one_at_a_time
def action_crop(view: dict) -> bytes | None:
    """PNG of the latest action (render/action.py) at a phone's width, its counters or blocks large
    enough to read there; None while the view's log holds no action yet. 1812: the
    battle under way, else the latest battle."""
    if view.get("system") == "campaign_1812":
        fought = [b["place"] for b in view.get("log", [])]
        place = (view.get("battle") or {}).get("place") or (fought[-1] if fought else None)
        return None if place is None else png(draw_campaign_map(view, size=PHONE_WIDTH, around=[place], radius=1))
    if view.get("system") == "bloody_monday":
        areas = crop_areas(view)
        return png(draw_area_map(view, size=PHONE_WIDTH, around=areas, radius=0)) if areas else None
    hexes = crop_hexes(view)
    return png(draw_map(view, size=PHONE_WIDTH, around=hexes, radius=legible_radius(hexes))) if hexes else None


def warm(views: Iterable[dict]) -> None:
    """Draw each view whole and cropped around its first unit, and forget the pictures: the
    static layers (read from disk when drawn before, render/layer_cache.py) and the counters
    are then ready, and the first picture a player asks for is as quick as any other. The
    layers its pictures start from are first made on disk when missing (keep_layers). The bot
    runs this in a thread once connected."""
    for view in views:
        keep_layers(view.get("system"))
        snapshot(view)
        places = [u.get("hex") or u.get("area") for u in view.get("units", [])]
        snapshot(view, around=[place for place in places if place][:1])
        if view.get("system") not in ("bloody_monday", "campaign_1812"):
            warm_layers(view)  # Borodino: a crop at another scale draws only its window


def keep_layers(system: str | None) -> None:
    """The whole layers a system's pictures start from, on disk, made when missing by a process
    of its own (drawn at twice their size, they need 150 MB to half a gigabyte for some seconds,
    which the bot's own process then never holds): Bloody Monday's whole maps at its crop scales
    (render/areamap/static.py) and the slots of its blocks (render/areamap/stacking.py);
    Borodino's layers at the whole map's and a crop's hex sizes, with the east edge's exit zone and
    without (render/hexmap/terrain.py)."""
    if system == "bloody_monday":
        if missing_scales() or not layer_cache.kept(stacking.SLOTS):
            _apart("from render.areamap import stacking, static; static.whole_layers(); stacking.kept_slots()")
    elif system != "campaign_1812" and not all(layer_cache.kept(layer_name(r, exits)) for r in (FULL_R, CROP_R)
                                               for exits in (True, False)):
        _apart("from render.hexmap import terrain; " + "; ".join(f"terrain.static_layer({r}, {exits})"
                                                                for r in (FULL_R, CROP_R) for exits in (True, False)))


def _apart(code: str) -> None:
    subprocess.run([sys.executable, "-c", code], check=True)
