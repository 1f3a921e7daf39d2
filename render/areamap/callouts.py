"""Crowded areas listed beside the map's blocks: when an area's blocks would shrink below
LEGIBLE to fit in it (six in Borodino, 41), they stand instead at full size in a small panel
beside the area (or over it, when that leaves them room), joined to it by a leader line.

A panel goes to the nearest free spot round the area, inside the picture, clear of every other
block, number circle and panel, and of the names and stars where it can. It depends only on how
many blocks stand where, as the slots do, so it tells nothing a hidden block keeps secret.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from render.areamap.stacking import GAP, anchor, slots
from render.areamap.static import UnitBox, keep_out
from rules.bloody_monday import bm_data

LEGIBLE = 22  # frame units: smaller blocks hardly show their label at the whole map's scale
LISTED = LEGIBLE  # the size of a block in a panel
PER_ROW = 3
PAD = 4  # round the blocks inside a panel
REACH = 240  # frame units: the furthest a panel stands from its area


@dataclass(frozen=True)
class Callout:
    """A panel listing area `number`'s blocks: its box, the blocks' boxes and the leader line's ends
    (frame units)."""

    number: int
    box: UnitBox
    slots: tuple[UnitBox, ...]
    leader: tuple[tuple[float, float], tuple[float, float]]


def crowded(number: int, count: int) -> bool:
    """True when three or more blocks fit area `number` only below LEGIBLE."""
    box = slots(number, count)[0]
    return count > 2 and box[2] - box[0] < LEGIBLE


def place(counts: dict[int, int], visible: tuple[float, float, float, float]) -> list[Callout]:
    """A panel for each crowded area of `counts` (blocks per area) that finds room inside `visible`;
    the areas left out keep their small slots."""
    areas = bm_data.areas()
    blocks = [b for n, c in counts.items() if not crowded(n, c) for b in slots(n, c)]
    circles = [keep_out(a)[0] for a in areas.values()]
    marks = [k for a in areas.values() for k in keep_out(a)[1:]]  # stars and names
    out: list[Callout] = []
    for number in sorted(n for n, c in counts.items() if crowded(n, c)):
        callout = (_place_one(number, counts[number], visible, blocks + circles + marks)
                   or _place_one(number, counts[number], visible, blocks + circles))
        if callout is not None:
            blocks.append(callout.box)
            out.append(callout)
    return out


def _place_one(number: int, count: int, visible: tuple[float, float, float, float],
               taken: list[UnitBox]) -> Callout | None:
    """The nearest free spot for the panel, trying a few shapes (rows of three, one row, two
    columns) at each distance, from over the area itself outwards."""
    ax, ay = anchor(bm_data.areas()[number])
    # what is taken near, its far sides moved out by GAP once: two boxes overlap when each starts
    # before the other ends, GAP apart (the same sums as before, computed once, not per spot)
    near = [(t[0], t[1], t[2] + GAP, t[3] + GAP) for t in taken
            if abs((t[0] + t[2]) / 2 - ax) < REACH + 200 and abs((t[1] + t[3]) / 2 - ay) < REACH + 200]
    shapes = sorted({(min(count, PER_ROW), math.ceil(count / PER_ROW)), (count, 1), (2, math.ceil(count / 2))})
    for dist in range(0, REACH, 8):
        for k in range(16 if dist else 1):
            cx, cy = ax + dist * math.cos(math.pi * k / 8), ay + dist * math.sin(math.pi * k / 8)
            for cols, rows in shapes:
                w, h = cols * LISTED + (cols - 1) * GAP + 2 * PAD, rows * LISTED + (rows - 1) * GAP + 2 * PAD
                x0, y0, x1, y1 = box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                far_x, far_y = x1 + GAP, y1 + GAP
                if visible[0] <= x0 and visible[1] <= y0 and x1 <= visible[2] and y1 <= visible[3] \
                        and not any(x0 < t2 and t0 < far_x and y0 < t3 and t1 < far_y for t0, t1, t2, t3 in near):
                    return Callout(number, box, _grid(box, count, cols), (_edge_towards(box, (ax, ay)), (ax, ay)))
    return None


def _grid(box: UnitBox, count: int, cols: int) -> tuple[UnitBox, ...]:
    x0, y0 = box[0] + PAD, box[1] + PAD
    return tuple((x0 + (i % cols) * (LISTED + GAP), y0 + (i // cols) * (LISTED + GAP),
                  x0 + (i % cols) * (LISTED + GAP) + LISTED, y0 + (i // cols) * (LISTED + GAP) + LISTED)
                 for i in range(count))


def _edge_towards(box: UnitBox, p: tuple[float, float]) -> tuple[float, float]:
    """The point of the box's edge on the line from its centre to p."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    dx, dy = p[0] - cx, p[1] - cy
    hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    t = min(hw / abs(dx) if dx else math.inf, hh / abs(dy) if dy else math.inf, 1.0)
    return cx + dx * t, cy + dy * t
