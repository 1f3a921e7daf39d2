"""What changes on top of the terrain: redoubt works, highlighted hexes, and the arrows of play.

Moves are drawn under the counters (a trail along the path actually taken, ending at the mover);
attacks, retreats, advances and eliminations on top (their labels: render/hexmap/attack_labels.py).
Nothing here decides a rule: every hex drawn comes from the view or from `highlight`.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

from PIL import ImageDraw

from render import palette as P
from render.arrows import arrow, polyline, towards
from render.hexmap.attack_labels import boxes_along
from render.hexmap.counters import counter_size
from render.hexmap.geometry import Box, Layout, Point
from rules.borodino.battlemap import BattleMap
from rules.core.hexes import Hex


def _hex(ref: str) -> Hex:
    """A hex of the log; a redoubt firing on its own is logged as "R2817"."""
    return ref.removeprefix("R")


def _disc(layout: Layout, h: Hex) -> tuple[float, float, float, float]:
    """The disc beside a redoubt that says who holds it: on the hex's right, clear of its counter."""
    cx, cy = layout.centre(h)
    x, y, t = cx + 0.8 * layout.r, cy - 0.1 * layout.r, 0.12 * layout.r
    return x - t, y - t, x + t, y + t


def held_disc(layout: Layout, h: Hex) -> Box:
    """The box, in whole pixels, of the disc that says who holds the redoubt in `h`."""
    x0, y0, x1, y1 = _disc(layout, h)
    return math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)


def draw_redoubts(d: ImageDraw.ImageDraw, layout: Layout, redoubts: Iterable[dict]) -> list[Box]:
    """Each redoubt's three front hexsides as earthworks, on the hexside's inner edge so that a
    counter leaves them in sight; once destroyed the hex is clear terrain (Russian Redoubts, J),
    drawn faded with broken grey earthworks. Returns the boxes of the discs that say who holds each
    (6 September is won by holding three), for names and labels to keep off."""
    r = layout.r
    discs = []
    for red in redoubts:
        h = red["hex"]
        cx, cy = layout.centre(h)
        if red.get("destroyed"):
            d.polygon(layout.corners(h), fill=P.CLEAR + (170,))
        for f in red.get("front", []):
            a, b = layout.side(h, f)
            a, b = towards(a, (cx, cy), 0.08 * r), towards(b, (cx, cy), 0.08 * r)
            a, b = towards(a, b, 0.04 * r), towards(b, a, 0.04 * r)
            if red.get("destroyed"):
                polyline(d, [a, b], (120, 112, 100), 0.09 * r, 0.12 * r)
                continue
            d.line([a, b], fill=P.EARTHWORK, width=round(0.13 * r))
            fx, fy = layout.centre(f)
            for t in (0.2, 0.5, 0.8):
                p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                d.line([p, towards(p, (fx, fy), 0.2 * r)], fill=P.EARTHWORK, width=max(1, round(0.06 * r)))
        if red.get("held") in P.SIDES:
            d.ellipse(_disc(layout, h), fill=P.SIDES[red["held"]]["fill"], outline=P.INK)
            discs.append(held_disc(layout, h))
    return discs


def draw_highlight(d: ImageDraw.ImageDraw, layout: Layout, view: dict, m: BattleMap, highlight: dict) -> None:
    """Shade ZOC or given hexes, tint a selected unit's destinations, ring the selected hex."""
    shaded = set(highlight.get("hexes", []))
    if highlight.get("zoc"):  # the engine says which hexes; the picture only shades them
        shaded |= set(view.get("zoc", {}).get(highlight["zoc"], []))
    for h in sorted(shaded & m.hexes):
        d.polygon(layout.corners(h), fill=P.ZOC)
    for h in highlight.get("destinations", []):
        if h in m.hexes:
            d.polygon(layout.corners(h), fill=P.DESTINATION, outline=(150, 120, 0), width=max(1, round(layout.r / 14)))
    select = highlight.get("select")
    if isinstance(select, str) and select in m.hexes:
        d.polygon(layout.corners(select), outline=P.SELECT, width=max(3, round(layout.r / 6)))


def draw_moves(d: ImageDraw.ImageDraw, layout: Layout, log: dict, alpha: int = 255) -> None:
    """Trails of the log's moves along the hexes entered, from a ring at the start to the mover."""
    r = layout.r
    stop = 0.62 * counter_size(r)
    for move in log.get("moves", []):
        path = [layout.centre(h) for h in move["path"]]
        if len(path) < 2:
            continue
        colour = _side_colour(move, alpha)
        path[-1] = towards(path[-1], path[-2], min(stop, math.dist(path[-1], path[-2]) / 2))
        x, y = path[0]
        t = 0.16 * r
        d.ellipse((x - t, y - t, x + t, y + t), outline=colour, width=max(2, round(0.07 * r)))
        arrow(d, path, colour, 0.09 * r, halo=(255, 255, 255, alpha // 2))


def draw_eliminations(d: ImageDraw.ImageDraw, layout: Layout, log: dict, alpha: int = 255) -> list[Box]:
    """A red cross over each hex where a unit was eliminated (under any counter that came later);
    the crosses' boxes, for labels to keep clear of."""
    r = layout.r
    k = 0.42 * r
    out = []
    for gone in log.get("eliminated", []):
        cx, cy = layout.centre(gone["hex"])
        out.append((round(cx - k), round(cy - k + 0.1 * r), round(cx + k), round(cy + k + 0.1 * r)))
        for a, b in (((cx - k, cy - k + 0.1 * r), (cx + k, cy + k + 0.1 * r)),
                     ((cx - k, cy + k + 0.1 * r), (cx + k, cy - k + 0.1 * r))):
            d.line([a, b], fill=P.HALO + (alpha,), width=round(0.2 * r))
            d.line([a, b], fill=P.ELIMINATED + (alpha,), width=round(0.12 * r))
    return out


def draw_results(d: ImageDraw.ImageDraw, layout: Layout, log: dict, alpha: int = 255) -> list[Box]:
    """Retreats (dashed) and advances after combat (solid, thin), in the moving side's colour; a
    step between the two hexes of an attack (a victor advancing into the hex its enemy attacked
    from or held, Combat H) runs beside the attack's arrow, which would otherwise hide it. Small
    boxes along them, for labels to keep clear of."""
    r = layout.r
    along: list[Box] = []
    fought = {frozenset((_hex(a), _hex(b))) for attack in log.get("attacks", [])
              for a in attack.get("attackers", []) for b in attack.get("defenders", [])}
    for kind, dash in (("retreats", 0.1 * r), ("advances", 0.0)):
        for step in log.get(kind, []):
            beside = 0.3 * r if frozenset((_hex(step["from"]), _hex(step["to"]))) in fought else 0.0
            ends = _short_arrow(d, layout, step["from"], step["to"], _side_colour(step, alpha), 0.08 * r, dash, beside)
            along += boxes_along(*ends, 0.1 * r)
    return along


def _side_colour(event: dict, alpha: int) -> tuple:
    return P.SIDES.get(str(event.get("side")), P.SIDES["french"])["arrow"] + (alpha,)


def _short_arrow(d: ImageDraw.ImageDraw, layout: Layout, a: Hex, b: Hex, colour: tuple, width: float,
                 dash: float, beside: float) -> tuple[Point, Point]:
    """An arrow between two nearby hexes, from beside a's centre to just short of b's, shifted
    `beside` to its right (seen along it); its two ends."""
    pa, pb = layout.centre(_hex(a)), layout.centre(_hex(b))
    length = math.dist(pa, pb) or 1.0
    dx, dy = -(pb[1] - pa[1]) / length * beside, (pb[0] - pa[0]) / length * beside
    pa, pb = (pa[0] + dx, pa[1] + dy), (pb[0] + dx, pb[1] + dy)
    ends = towards(pa, pb, 0.3 * layout.r), towards(pb, pa, 0.45 * layout.r)
    arrow(d, list(ends), colour, width, dash=dash)
    return ends


def attack_arrows(layout: Layout, attack: dict) -> list[tuple[Point, Point, bool]]:
    """An attack's arrows, one from each attacker to the nearest defender, from counter edge to
    counter edge: (start, head, whether it bombards)."""
    r = layout.r
    defenders = [layout.centre(_hex(h)) for h in attack.get("defenders", [])]
    if not defenders:
        return []
    bombard = {_hex(h) for h in attack.get("bombarding", [])}
    out = []
    for ref in attack.get("attackers", []):
        h = _hex(ref)
        pa = layout.centre(h)
        pb = min(defenders, key=lambda p: math.dist(p, pa))
        start = towards(pa, pb, _to_counter_edge(layout, pa, pb) - 0.15 * r)
        out.append((start, towards(pb, pa, _to_counter_edge(layout, pb, pa) - 0.1 * r), h in bombard))
    return out


def draw_attack_arrows(d: ImageDraw.ImageDraw, layout: Layout, log: dict, alpha: int = 255) -> list[Box]:
    """The arrows of the log's attacks (dashed when bombarding); small boxes along them, for
    labels and names to keep clear of."""
    r = layout.r
    along: list[Box] = []
    for attack in log.get("attacks", []):
        for start, head, bombards in attack_arrows(layout, attack):
            arrow(d, [start, head], P.ATTACK + (alpha,), 0.14 * r, dash=0.12 * r if bombards else 0.0)
            along += boxes_along(start, head, 0.15 * r)
    return along


def _to_counter_edge(layout: Layout, centre: Point, target: Point) -> float:
    """How far from a hex centre, heading towards a point, the ray leaves that hex's counter."""
    half, shift = counter_size(layout.r) / 2, 0.12 * layout.r
    dx, dy = target[0] - centre[0], target[1] - centre[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    reach_x = half / abs(ux) if ux else math.inf
    reach_y = ((half + shift) / uy if uy > 0 else (half - shift) / -uy) if uy else math.inf
    return min(reach_x, reach_y)
