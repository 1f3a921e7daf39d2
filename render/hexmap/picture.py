"""Compose one picture of a view: static terrain, redoubts, highlights, trails, counters, terrain
badges, combat, place names, then the title strip above and the legend below."""
from __future__ import annotations

import io
import math
from collections.abc import Iterable
from typing import NamedTuple

from PIL import Image, ImageDraw

from render import palette as P
from render.action import PHONE_WIDTH
from render.frame import NotOnMap
from render.hexmap import attack_labels, badges, counters, names, overlays, terrain
from render.hexmap.frame import DOOMED, legend, title_strip
from render.hexmap.geometry import SQRT3, Box, Layout, window
from render.hexmap.spots import Grid
from render.hexmap.terrain import kept_window, layer_layout, layer_size, static_layer, terrain_window
from rules.borodino import battlemap

FULL_R = 28  # default hex size of the whole map: about 1390 px wide
CROP_R = 42  # default hex size of a crop: counters a phone can read
PHONE_R = 38  # the least hex size of a crop at a phone's width: counters show their designations
ARROW = 8.0  # what covering a pixel of an arrow, or of the border of a counter, costs a label
NUMBER_IN_PLAY = 6.0  # ... of a hex number a player names in orders (of another hex number: 0.25)
PAST = 110  # opacity of the previous player-turn's arrows and labels once the current one has its own


def _map_width_in_r() -> float:
    return layer_size(FULL_R)[0] / FULL_R


def warm_layers(view: dict) -> None:
    """Read from disk (or draw) the whole layer at the whole map's default scale, and the view's
    counters at a crop's default size (a crop draws only the counters it shows; its terrain it
    reads from the layer of its scale on disk, or draws: map_part)."""
    static_layer(FULL_R, bool(view.get("exits_east")))
    size = counters.counter_size(CROP_R)
    for unit in view.get("units", []):
        counters.sprite(counters.look_of(unit, size), size)


def hexes_around(around: Iterable[str], radius: int) -> frozenset[str]:
    """The map's hexes within `radius` of those in `around`; NotOnMap when none of them is one (a
    name that is no hex, "99" or "x", and a hex beside the map are none)."""
    around = list(around)
    known = battlemap.load().hexes
    hexes = window(known, [h for h in around if h in known], radius)
    if not hexes:
        raise NotOnMap(f"{', '.join(map(str, around))}: no hex of this map; name hexes on "
                       "the map (their four digits), or none to draw the whole map.")
    return hexes


def _crop_box(r: int, around: Iterable[str], radius: int) -> Box:
    """The pixel box of a crop, centred on the asked hexes: `radius` hexes round them each way, the
    margin beyond the map's edge included (drawn as paper) so that the asked hexes stay in the middle."""
    around = list(around)
    hexes_around(around, radius)
    layout = layer_layout(r)
    centres = [layout.centre(h) for h in around if h in battlemap.load().hexes]
    half_w, half_h = (1.5 * radius + 1.3) * r, (SQRT3 * radius + SQRT3 / 2 + 0.3) * r
    return (math.floor(min(x for x, _ in centres) - half_w), math.floor(min(y for _, y in centres) - half_h),
            math.ceil(max(x for x, _ in centres) + half_w), math.ceil(max(y for _, y in centres) + half_h))


def crop_r(around: list[str], radius: int, size: int | None) -> int:
    """The hex size of a crop: CROP_R, or what fits `size` pixels across."""
    if not size:
        return CROP_R
    x0, _, x1, _ = _crop_box(CROP_R, around, radius)
    return max(8, math.floor(CROP_R * size / (x1 - x0)))


def legible_radius(around: list[str]) -> int:
    """The widest context (2 hexes, else 1, else none) around `around` that still fits a phone's
    PHONE_WIDTH pixels with hexes of at least PHONE_R."""
    return next((radius for radius in (2, 1) if crop_r(around, radius, PHONE_WIDTH) >= PHONE_R), 0)


def draw_map(view: dict, *, highlight: dict | None = None, size: int | None = None,
             around: Iterable[str] | None = None, radius: int = 6) -> Image.Image:
    """The framed picture of a view as a Pillow image (see render.snapshot)."""
    exits = bool(view.get("exits_east"))  # the east edge's exit zone: 7 Sept and the Grand Battle alone
    img, layout, numbers = map_part(size, list(around or []), radius, exits)
    draw_play(img, layout, view, highlight or {}, numbers)
    doomed = any(option in DOOMED for option in view.get("options", []))
    frozen = any(unit.get("frozen") for unit in view.get("units", []))
    top, bottom = title_strip(view, img.width), legend(img.width, doomed, frozen, exits)
    out = Image.new("RGB", (img.width, top.height + img.height + bottom.height))
    out.paste(top, (0, 0))
    out.paste(img, (0, top.height))
    out.paste(bottom, (0, top.height + img.height))
    return out


def map_part(size: int | None, around: list[str], radius: int,
             exits: bool = True) -> tuple[Image.Image, Layout, list[Box]]:
    """The terrain of the whole map or of a crop, its layout, and the boxes of its hex numbers and
    margin notes (which place names keep clear of); the east edge's exit zone drawn only where the
    scenario has one (`exits`, the view's `exits_east`). A crop reads its window of terrain from the
    whole layer of its scale on disk when that is there, else draws only the window (the same
    pixels, at a fraction of the cost: terrain_window); its margin beyond the map's edge is paper."""
    if not around:
        layer = static_layer(max(8, math.floor(size / _map_width_in_r())) if size else FULL_R, exits)
        return layer.image.copy(), layer.layout, list(layer.labels)
    r = crop_r(around, radius, size)
    box = _crop_box(r, around, radius)
    width, height = layer_size(r)
    img = Image.new("RGB", (box[2] - box[0], box[3] - box[1]), P.PAPER)
    inner = (max(0, box[0]), max(0, box[1]), min(width, box[2]), min(height, box[3]))
    terrain, labels = kept_window(r, inner, exits) or terrain_window(r, inner, exits)
    img.paste(terrain, (inner[0] - box[0], inner[1] - box[1]))
    origin = layer_layout(r)
    layout = Layout(r, origin.x0 - box[0], origin.y0 - box[1])
    numbers = [(x0 - box[0], y0 - box[1], x1 - box[0], y1 - box[1]) for x0, y0, x1, y1 in labels]
    return img, layout, numbers


class Placed(NamedTuple):
    """Where draw_play put what must not overlap: counters, badges (with the discs of who holds each
    redoubt), attack labels and their leader lines, names."""

    counters: list[Box]
    badges: list[Box]
    labels: list[Box]
    names: list[names.Name]
    leaders: list[attack_labels.Segment]


def draw_play(img: Image.Image, layout: Layout, view: dict, highlight: dict, numbers: list[Box]) -> Placed:
    """Everything of the view on the terrain, in layers: trails under the counters, then badges,
    combat (the current player-turn's labels take the best spots) and the place names."""
    m = battlemap.load()
    d = ImageDraw.Draw(img, "RGBA")
    discs = overlays.draw_redoubts(d, layout, view.get("redoubts", []))
    overlays.draw_highlight(d, layout, view, m, highlight)
    logs = _logs(view)
    crosses: list[Box] = []
    for log, alpha in logs:
        overlays.draw_moves(d, layout, log, alpha)
        crosses += overlays.draw_eliminations(d, layout, log, alpha)
    counters.draw_counters(img, layout, view.get("units", []))
    boxes = [counters.counter_box(layout, u["hex"]) for u in view.get("units", []) if "hex" in u]
    tags = badges.draw_badges(d, layout, view, m) + discs  # who holds a redoubt: never under a name or label
    arrows: list[Box] = []
    for log, alpha in logs:
        arrows += overlays.draw_results(d, layout, log, alpha)
        arrows += overlays.draw_attack_arrows(d, layout, log, alpha)
    area = (0, 0, img.width, img.height)
    room, placed = _attack_labels(d, layout, view, logs, boxes + tags + crosses, arrows, numbers, area)
    for (_, alpha), set_labels in zip(logs, placed, strict=True):
        attack_labels.draw_labels(d, layout, set_labels, alpha)
    taken = boxes + tags + arrows + room.labels + room.leader_boxes(layout.r) + numbers
    set_names = names.place_names(d, layout, m, taken, room.area, discs)
    names.draw_names(d, layout, set_names)
    return Placed(boxes, tags, room.labels, set_names, room.leaders)


def _attack_labels(d: ImageDraw.ImageDraw, layout: Layout, view: dict, logs: list[tuple[dict, int]],
                   solid: list[Box], arrows: list[Box], numbers: list[Box],
                   area: Box) -> tuple[attack_labels.Room, list[list[attack_labels.Label]]]:
    """Each log's attack labels (render/hexmap/attack_labels.py), the current player-turn's placed
    first so that they take the best spots; the faint previous one's only beside their attacks.
    Labels keep off counters, badges and crosses (they may touch their borders as they may an
    arrow), then the numbers of hexes holding a unit or fought over (a player names them in
    orders; covering one costs as much as a leader line two hexes long), the arrows, and lightly
    the other numbers."""
    in_play = {u["hex"] for u in view.get("units", []) if "hex" in u}
    in_play |= {str(h).removeprefix("R") for log, _ in logs for attack in log.get("attacks", [])
                for key in ("attackers", "defenders") for h in attack.get(key, [])}
    edge = round(0.08 * layout.r)
    inner = [(x0 + edge, y0 + edge, x1 - edge, y1 - edge) for x0, y0, x1, y1 in solid]
    needed = [terrain.number_box(layout, h) for h in sorted(in_play)]
    weighed = [(needed, NUMBER_IN_PLAY), (arrows + solid, ARROW), (numbers, 0.25)]
    room = attack_labels.Room(area, Grid(inner, 2 * layout.r), [(Grid(b, 2 * layout.r), w) for b, w in weighed])
    placed = []
    for log, alpha in logs[::-1]:
        fought = [attack_labels.attack_of(layout, attack, [(a, z) for a, z, _ in arrows_of])
                  for attack in log.get("attacks", []) if (arrows_of := overlays.attack_arrows(layout, attack))]
        placed.append(attack_labels.place_labels(d, layout, fought, room, apart=alpha == 255))
    return room, placed[::-1]


def _logs(view: dict) -> list[tuple[dict, int]]:
    """The player-turn logs to draw, oldest first: the previous one (faint once the current player-turn
    has its own events) and the current one."""
    current, previous = view.get("log") or {}, view.get("last_log") or {}
    busy = any(current.get(k) for k in ("moves", "attacks", "retreats", "advances", "eliminated"))
    return [(previous, PAST if busy else 255)] + ([(current, 255)] if busy else [])


def png(img: Image.Image) -> bytes:
    """PNG bytes, reduced to 256 colours (the map has few; this keeps files small and fast to write)."""
    buf = io.BytesIO()
    img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(buf, "PNG", compress_level=3)
    return buf.getvalue()
