"""Where blocks stand inside their area: square slots on a grid, inside the polygon, clear of the
number circle, star and name, never overlapping; smaller when many blocks share a small area.

Slots depend only on the area and how many blocks stand in it, and blocks take them in an order that
uses nothing a hidden block keeps secret: side, then face-up blocks by label and id, then hidden ones.
"""
from __future__ import annotations

import math
from functools import cache

from render import layer_cache
from render.areamap.static import UnitBox, keep_out
from rules.bloody_monday import bm_data
from rules.bloody_monday.bm_data import Area
from rules.bloody_monday.geometry import contains

NOMINAL = 30  # block size in frame units when there is room
SMALLEST = 8
GAP = 4  # between blocks, and from the area's border
SLOTS = "areamap-slots"  # the name of the table kept on disk
SIDE_ORDER = {"french": 0, "russian": 1}


def unit_order(unit: dict, face_up: bool) -> tuple:
    """Sort key within an area: side, face-up before hidden, then what the viewer may know."""
    known = (unit.get("label", ""), unit.get("id", "")) if face_up else ("", "")
    return SIDE_ORDER.get(unit["side"], 2), not face_up, known


MOST = 10  # blocks in one area: two sides of four (1.2), and each side's supreme commander


@cache
def slots(number: int, count: int) -> tuple[UnitBox, ...]:
    """`count` square boxes (frame units) inside area `number`, west to east, then north to south:
    from the table kept on disk (kept_slots) when it holds them, else worked out."""
    kept = _kept()
    if kept is not None and f"{number}:{count}" in kept:
        return tuple(tuple(box) for box in kept[f"{number}:{count}"])  # type: ignore[misc]
    return _worked_out(number, count)


@cache
def _kept() -> dict | None:
    return layer_cache.note(SLOTS)


def kept_slots() -> None:
    """Work out the slots of every area for 1 to MOST blocks and keep them on disk: seconds of
    searching, which would otherwise fall on the first picture after a start that shows an area
    holding a number of blocks not drawn there before. render.warm runs this in a
    process of its own; a later process reads the table (render/layer_cache.py)."""
    layer_cache.note(SLOTS, lambda: {f"{n}:{c}": _worked_out(n, c) for n in sorted(bm_data.areas())
                                     for c in range(1, MOST + 1) if _fits(n, c)})


def _fits(number: int, count: int) -> bool:
    try:
        _worked_out(number, count)
    except ValueError:
        return False
    return True


@cache
def _worked_out(number: int, count: int) -> tuple[UnitBox, ...]:
    area = bm_data.areas()[number]
    for avoid in (keep_out(area), ()):
        for size in range(NOMINAL, SMALLEST - 1, -2):
            best = _best_grid(area, size, avoid, count)
            if best:
                return tuple(sorted(best, key=lambda b: (round(b[0]), b[1])))
    raise ValueError(f"{count} blocks do not fit in area {number}")


def anchor(area: Area) -> tuple[float, float]:
    """Blocks gather round the middle of the polygon's corners, pulled a little below the circle."""
    xs, ys = [p[0] for p in area.polygon], [p[1] for p in area.polygon]
    return (sum(xs) / len(xs) + area.centre[0]) / 2, (sum(ys) / len(ys) + area.centre[1]) / 2 + 20


def _best_grid(area: Area, size: int, avoid: tuple[UnitBox, ...], count: int) -> list[UnitBox]:
    """Of four grid offsets, the one whose `count` cells nearest the anchor lie closest together."""
    ax, ay = anchor(area)
    pitch = size + GAP
    best: tuple[float, list[UnitBox]] = (math.inf, [])
    for dx, dy in ((0, 0), (pitch / 2, 0), (0, pitch / 2), (pitch / 2, pitch / 2)):
        cells = _cells(area, size, avoid, (ax - size / 2 + dx, ay - size / 2 + dy))
        if len(cells) < count:
            continue
        cells.sort(key=lambda b: (_dist(b, (ax, ay)), b[1], b[0]))
        score = sum(_dist(b, (ax, ay)) for b in cells[:count])
        if score < best[0]:
            best = (score, cells[:count])
    return best[1]


def _dist(b: UnitBox, p: tuple[float, float]) -> float:
    return math.hypot((b[0] + b[2]) / 2 - p[0], (b[1] + b[3]) / 2 - p[1])


def _cells(area: Area, size: int, avoid: tuple[UnitBox, ...], origin: tuple[float, float]) -> list[UnitBox]:
    xs, ys = [p[0] for p in area.polygon], [p[1] for p in area.polygon]
    pitch = size + GAP
    ox, oy = origin
    i0, i1 = math.floor((min(xs) - ox) / pitch), math.ceil((max(xs) - ox) / pitch)
    j0, j1 = math.floor((min(ys) - oy) / pitch), math.ceil((max(ys) - oy) / pitch)
    out = []
    for i in range(i0, i1 + 1):
        for j in range(j0, j1 + 1):
            x, y = ox + i * pitch, oy + j * pitch
            box = (x, y, x + size, y + size)
            if _inside(area, box) and not any(_overlap(box, a, GAP / 2) for a in avoid):
                out.append(box)
    return out


def _inside(area: Area, box: UnitBox) -> bool:
    """The box, grown by GAP, lies inside the polygon: its outline sampled, no corner of the polygon in it."""
    x0, y0, x1, y1 = box[0] - GAP, box[1] - GAP, box[2] + GAP, box[3] + GAP
    for t in (0.0, 0.25, 0.5, 0.75):
        dx, dy = (x1 - x0) * t, (y1 - y0) * t
        for p in ((x0 + dx, y0), (x1, y0 + dy), (x1 - dx, y1), (x0, y1 - dy)):
            if not contains(area.polygon, p):  # type: ignore[arg-type]
                return False
    return not any(x0 < px < x1 and y0 < py < y1 for px, py in area.polygon)


def _overlap(a: UnitBox, b: UnitBox, margin: float) -> bool:
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin
