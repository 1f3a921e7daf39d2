"""What changes on the area map: control rings, contested and isolated marks, highlights, blocks,
and the log's arrows (moves, artillery fire) and battle bursts.  Everything comes from the view."""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import palette as P
from render.areamap import callouts
from render.areamap.blocks import face_of, may_see, sprite
from render.areamap.callouts import Callout
from render.areamap.stacking import slots, unit_order
from render.areamap.static import CIRCLE, Point, View, draw_circle
from render.arrows import arrow
from render.fonts import font
from rules.bloody_monday import bm_data

Box = tuple[int, int, int, int]
Rect = tuple[float, float, float, float]


def arrangement(view: dict, frame: View) -> tuple[list[tuple[dict, Box]], list[Callout]]:
    """Each unit with its pixel box, in its area or in the panel listing a crowded area's blocks
    (render/areamap/callouts.py), and those panels."""
    viewer = view.get("viewer")
    by_area: dict[int, list[dict]] = {}
    for u in view.get("units", []):
        if isinstance(u.get("area"), int) and u["area"] in bm_data.areas():
            by_area.setdefault(u["area"], []).append(u)
    listed = {c.number: c for c in callouts.place({n: len(us) for n, us in by_area.items()}, frame.box)}
    out = []
    for number in sorted(by_area):
        units = sorted(by_area[number], key=lambda u: unit_order(u, may_see(u, viewer)))
        boxes = listed[number].slots if number in listed else slots(number, len(units))
        out += [(u, frame.px_box(b)) for u, b in zip(units, boxes)]
    return out, list(listed.values())


def draw_blocks(img: Image.Image, view: dict, frame: View) -> list[Box]:
    """The panels of crowded areas with their leader lines, then every block; the blocks' boxes."""
    viewer = view.get("viewer")
    placed, panels = arrangement(view, frame)
    d = ImageDraw.Draw(img, "RGBA")
    for panel in panels:
        _panel(d, panel, frame)
    for unit, (x0, y0, x1, _) in placed:
        size = x1 - x0
        shadow = max(1, size // 14)
        if x0 >= img.width or y0 >= img.height or x1 + shadow <= 0 or y0 + size + shadow <= 0:
            continue  # outside a crop: no sprite to draw at its scale
        spr = sprite(face_of(unit, viewer), size)
        img.paste((40, 36, 30), (x0 + shadow, y0 + shadow, x0 + shadow + size, y0 + shadow + size), spr)
        img.paste(spr, (x0, y0), spr)
    return [box for _, box in placed] + [frame.px_box(p.box) for p in panels]


def _panel(d: ImageDraw.ImageDraw, panel: Callout, frame: View) -> None:
    """A light card under the listed blocks, and a leader line from it to a dot in their area."""
    s = frame.scale
    (ex, ey), (ax, ay) = (frame.px(p) for p in panel.leader)
    d.line([(ex, ey), (ax, ay)], fill=P.INK, width=max(1, round(1.6 * s)))
    dot = 3.5 * s
    d.ellipse((ax - dot, ay - dot, ax + dot, ay + dot), fill=P.INK)
    d.rounded_rectangle(frame.px_box(panel.box), radius=round(4 * s), fill=P.DISC + (235,), outline=P.INK,
                        width=max(1, round(1.2 * s)))


def draw_control(d: ImageDraw.ImageDraw, view: dict, frame: View, only: frozenset[int] | None = None) -> None:
    """A ring in the owner's colour round each number circle (or those of `only`); contested areas
    get both colours and crossed swords, isolated ones a white cube."""
    s = frame.scale
    areas = bm_data.areas()
    for entry in view.get("areas", []):
        a = areas.get(entry.get("number"))
        if a is None or only is not None and a.number not in only:
            continue
        cx, cy = frame.px(a.centre)
        r, w = (CIRCLE + 2.5) * s, max(2, round(4 * s))
        owner = P.BLOCK.get(str(entry.get("owner")), {}).get("fill", P.PAPER)
        box = (cx - r, cy - r, cx + r, cy + r)
        if entry.get("contested"):
            other = "russian" if entry.get("owner") == "french" else "french"
            for k in range(6):
                d.arc(box, 60 * k - 90, 60 * k - 30, fill=owner if k % 2 == 0 else P.BLOCK[other]["fill"], width=w)
            _swords(d, (cx - r - 8 * s, cy - r + 2 * s), 9 * s)
        else:
            d.ellipse(box, outline=owner, width=w)
        if entry.get("isolated"):
            c = 5 * s
            d.rectangle((cx - r - c * 2.2, cy + r - c * 1.6, cx - r, cy + r + c * 0.6), fill=P.CUBE["isolated"],
                        outline=P.INK)


def _swords(d: ImageDraw.ImageDraw, at: Point, k: float) -> None:
    x, y = at
    for a, b in (((x - k, y - k), (x + k, y + k)), ((x - k, y + k), (x + k, y - k))):
        d.line([a, b], fill=P.HALO, width=max(2, round(k / 2.2)))
        d.line([a, b], fill=P.INK, width=max(1, round(k / 4)))


def draw_highlight(d: ImageDraw.ImageDraw, highlight: dict, frame: View) -> None:
    """Shade `areas`, ring the `select`ed area."""
    areas = bm_data.areas()
    for n in highlight.get("areas", []):
        if n in areas:
            d.polygon([frame.px(p) for p in areas[n].polygon], fill=P.DESTINATION)
    select = highlight.get("select")
    if select in areas:
        d.polygon([frame.px(p) for p in areas[select].polygon], outline=P.SELECT, width=max(3, round(4 * frame.scale)))


def _between(a: int, b: int, frame: View, pull: float) -> tuple[Point, Point]:
    """From near area a's centre to short of area b's, kept off both number circles."""
    areas = bm_data.areas()
    pa, pb = frame.px(areas[a].centre), frame.px(areas[b].centre)
    dist = math.dist(pa, pb) or 1.0
    k = min(pull * frame.scale, dist / 3) / dist
    dx, dy = (pb[0] - pa[0]) * k, (pb[1] - pa[1]) * k
    return (pa[0] + dx, pa[1] + dy), (pb[0] - dx, pb[1] - dy)


def draw_log(d: ImageDraw.ImageDraw, view: dict, frame: View) -> None:
    """Move arrows in the mover's colour (thicker for several blocks), artillery fire in red dots
    (the start line is dashed red: the pattern, not the colour, tells them apart); then the number
    circles, with their names and control rings, that an arrow crosses between its two areas, drawn
    again over it (a move across the map hid a digit of each number it passed: '8' of 82)."""
    areas = bm_data.areas()
    log = view.get("log") or {}
    s = frame.scale
    moves = Counter((m.get("side"), m.get("from"), m.get("to")) for m in log.get("moves", []))
    drawn: list[tuple[tuple[int, int], tuple[Point, Point]]] = []  # (from, to) and the arrow's ends
    for (side, a, b), n in sorted(moves.items(), key=str):
        if a in areas and b in areas:
            colour = P.BLOCK.get(str(side), P.BLOCK["french"])["arrow"]
            drawn.append(((a, b), _between(a, b, frame, CIRCLE + 4)))
            arrow(d, list(drawn[-1][1]), colour, (3 + 1.2 * min(n, 4)) * s)
    for shot in log.get("artillery", []):
        a, b = shot.get("from"), shot.get("to")
        if a in areas and b in areas:
            drawn.append(((a, b), _between(a, b, frame, CIRCLE + 8)))
            arrow(d, list(drawn[-1][1]), P.ARTILLERY_FIRE, 3.5 * s, dots=True)
    reach = (CIRCLE + 6) * s  # the circle, its ring and the arrow's half width
    crossed = frozenset(n for n, a in areas.items() for tip, ends in drawn
                        if n not in tip and _near(frame.px(a.centre), ends, reach))
    for n in sorted(crossed):
        draw_circle(d, frame, areas[n])
    draw_control(d, view, frame, crossed)


def _near(p: Point, ends: tuple[Point, Point], reach: float) -> bool:
    """Whether `p` lies within `reach` of the segment `ends`."""
    (ax, ay), (bx, by) = ends
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.dist(p, (ax + t * dx, ay + t * dy)) < reach


def draw_bursts(d: ImageDraw.ImageDraw, view: dict, frame: View) -> None:
    """A burst round the number circle of each battle area, under the blocks."""
    areas = bm_data.areas()
    s = frame.scale
    for battle in (view.get("log") or {}).get("battles", []):
        a = areas.get(battle.get("area"))
        if a is not None:
            d.polygon(_burst(frame.px(a.centre), CIRCLE * s, (CIRCLE + 11) * s), fill=P.BURST, outline=P.INK,
                      width=max(1, round(s)))
            draw_circle(d, frame, a)


def draw_hits(d: ImageDraw.ImageDraw, view: dict, frame: View, blocks: list[Box]) -> None:
    """The hits each side scored in a battle, a disc per side in its blocks' colour, French first, on
    the burst's rim where no block (or panel) stands. The engine keeps them per side (5.3)."""
    areas = bm_data.areas()
    s = frame.scale
    for battle in (view.get("log") or {}).get("battles", []):
        a = areas.get(battle.get("area"))
        if a is None or not isinstance(battle.get("hits"), dict):
            continue
        taken: list[Rect] = list(blocks)
        for side in ("french", "russian"):
            box = hits_disc(frame.px(a.centre), s, taken)
            taken.append(box)
            colours = P.BLOCK[side]
            d.ellipse(box, fill=colours["fill"], outline=P.INK, width=max(1, round(s)))
            d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(battle["hits"].get(side, 0)),
                   fill=colours["ink"], font=font("bold", round(10 * s)), anchor="mm")


def hits_disc(centre: Point, scale: float, blocks: Sequence[Rect]) -> Rect:
    """The box of the hits disc: on the burst's rim, lower left if free, else the first free spot
    round it, else lower left."""
    cx, cy = centre
    r = 7 * scale
    spots = [(cx + reach * scale * math.cos(math.radians(t)), cy + reach * scale * math.sin(math.radians(t)))
             for reach in (CIRCLE + 8, CIRCLE + 16) for t in (135, 45, 225, 315, 180, 0, 90, 270)]
    boxes = [(x - r, y - r, x + r, y + r) for x, y in spots]
    return next((b for b in boxes if not any(_meets(b, block) for block in blocks)), boxes[0])


def _meets(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _burst(c: Point, inner: float, outer: float) -> list[Point]:
    """A sixteen-pointed explosion from `inner` to `outer` radius."""
    return [(c[0] + (outer if k % 2 == 0 else inner) * math.cos(math.pi * k / 16),
             c[1] + (outer if k % 2 == 0 else inner) * math.sin(math.pi * k / 16)) for k in range(32)]
