"""What changes on top of the terrain: redoubt works, highlighted hexes, and the arrows of play.

Moves are drawn under the counters (a trail along the path actually taken, ending at the mover);
attacks, retreats, advances and eliminations on top, attack labels placed clear of each other.
Nothing here decides a rule: every hex drawn comes from the view or from `highlight`.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence

from PIL import ImageDraw

from render import palette as P
from render.arrows import arrow, polyline, towards
from render.fonts import Font, font
from render.hexmap.counters import counter_size
from render.hexmap.geometry import Box, Layout, Point
from render.hexmap.spots import best_spot, near
from rules.borodino.battlemap import BattleMap
from rules.core.hexes import Hex


def _hex(ref: str) -> Hex:
    """A hex of the log; a redoubt firing on its own is logged as "R2817"."""
    return ref.removeprefix("R")


def draw_redoubts(d: ImageDraw.ImageDraw, layout: Layout, redoubts: Iterable[dict]) -> None:
    """Each redoubt's three front hexsides as earthworks, on the hexside's inner edge so that a
    counter leaves them in sight; once destroyed the hex is clear terrain (Russian Redoubts, J),
    drawn faded with broken grey earthworks."""
    r = layout.r
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
            x, y, t = cx + 0.8 * r, cy - 0.1 * r, 0.12 * r
            d.ellipse((x - t, y - t, x + t, y + t), fill=P.SIDES[red["held"]]["fill"], outline=P.INK)


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


def draw_eliminations(d: ImageDraw.ImageDraw, layout: Layout, log: dict, alpha: int = 255) -> None:
    """A red cross over each hex where a unit was eliminated (under any counter that came later)."""
    r = layout.r
    for gone in log.get("eliminated", []):
        cx, cy = layout.centre(gone["hex"])
        k = 0.42 * r
        for a, b in (((cx - k, cy - k + 0.1 * r), (cx + k, cy + k + 0.1 * r)),
                     ((cx - k, cy + k + 0.1 * r), (cx + k, cy - k + 0.1 * r))):
            d.line([a, b], fill=P.HALO + (alpha,), width=round(0.2 * r))
            d.line([a, b], fill=P.ELIMINATED + (alpha,), width=round(0.12 * r))


def draw_results(d: ImageDraw.ImageDraw, layout: Layout, log: dict, alpha: int = 255) -> None:
    """Retreats (dashed) and advances after combat (solid, thin), in the moving side's colour; a
    step between the two hexes of an attack (a victor advancing into the hex its enemy attacked
    from or held, Combat H) runs beside the attack's arrow, which would otherwise hide it."""
    r = layout.r
    fought = {frozenset((_hex(a), _hex(b))) for attack in log.get("attacks", [])
              for a in attack.get("attackers", []) for b in attack.get("defenders", [])}
    for kind, dash in (("retreats", 0.1 * r), ("advances", 0.0)):
        for step in log.get(kind, []):
            beside = 0.3 * r if frozenset((_hex(step["from"]), _hex(step["to"]))) in fought else 0.0
            _short_arrow(d, layout, step["from"], step["to"], _side_colour(step, alpha), 0.08 * r, dash, beside)


def _side_colour(event: dict, alpha: int) -> tuple:
    return P.SIDES.get(str(event.get("side")), P.SIDES["french"])["arrow"] + (alpha,)


def _short_arrow(d: ImageDraw.ImageDraw, layout: Layout, a: Hex, b: Hex, colour: tuple, width: float,
                 dash: float, beside: float) -> None:
    """An arrow between two nearby hexes, from beside a's centre to just short of b's, shifted
    `beside` to its right (seen along it)."""
    pa, pb = layout.centre(_hex(a)), layout.centre(_hex(b))
    length = math.dist(pa, pb) or 1.0
    dx, dy = -(pb[1] - pa[1]) / length * beside, (pb[0] - pa[0]) / length * beside
    pa, pb = (pa[0] + dx, pa[1] + dy), (pb[0] + dx, pb[1] + dy)
    arrow(d, [towards(pa, pb, 0.3 * layout.r), towards(pb, pa, 0.45 * layout.r)], colour, width, dash=dash)


def draw_attack_arrows(d: ImageDraw.ImageDraw, layout: Layout, log: dict, alpha: int = 255) -> list[Box]:
    """Arrows from each attacker to the nearest defender (dashed when bombarding); small boxes
    along them, for labels to keep clear of."""
    r = layout.r
    colour = P.ATTACK + (alpha,)
    along: list[Box] = []
    for attack in log.get("attacks", []):
        defenders = [layout.centre(_hex(h)) for h in attack.get("defenders", [])]
        if not defenders:
            continue
        bombard = {_hex(h) for h in attack.get("bombarding", [])}
        for ref in attack.get("attackers", []):
            h = _hex(ref)
            pa = layout.centre(h)
            pb = min(defenders, key=lambda p: math.dist(p, pa))
            start = towards(pa, pb, _to_counter_edge(layout, pa, pb) - 0.15 * r)
            end = towards(pb, pa, _to_counter_edge(layout, pb, pa) - 0.1 * r)
            arrow(d, [start, end], colour, 0.14 * r, dash=0.12 * r if h in bombard else 0.0)
            along += _boxes_along(start, end, 0.15 * r)
    return along


def _boxes_along(a: Point, b: Point, half: float) -> list[Box]:
    """Squares `2 * half` wide every `half` along a segment: its room, as boxes."""
    steps = max(1, math.ceil(math.dist(a, b) / half))
    out = []
    for k in range(steps + 1):
        x, y = a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps
        out.append((round(x - half), round(y - half), round(x + half), round(y + half)))
    return out


def place_attack_labels(d: ImageDraw.ImageDraw, layout: Layout, log: dict, solid: list[Box], arrows: list[Box],
                        labels: list[Box], area: Box) -> list[tuple[str, Box]]:
    """One label per attack (odds, die, result) beside its defenders, inside `area`, clear of the
    `solid` boxes (counters, badges) above all, then of other `labels` (which it extends), then of
    the `arrows`: the text and its box."""
    out = []
    for attack in log.get("attacks", []):
        defenders = [layout.centre(_hex(h)) for h in attack.get("defenders", [])]
        if not defenders:
            continue
        attackers = [layout.centre(_hex(h)) for h in attack.get("attackers", [])] or defenders
        text = attack_label(attack)
        candidates = list(_label_boxes(d, layout, defenders, attackers, text))
        span = (min(b[0] for b in candidates), min(b[1] for b in candidates),
                max(b[2] for b in candidates), max(b[3] for b in candidates))  # all a candidate can meet
        avoid = [(near(solid, span), 20.0), (labels, 4.0), (near(arrows, span), 1.0)]
        box = best_spot(candidates, avoid, area) or candidates[0]
        labels.append(box)
        out.append((text, box))
    return out


def attack_label(attack: dict) -> str:
    """What an attack's label says: its odds, die and result, and the units a leader rallied
    against it (Doomed Victory 8.151: '1-1  die 1: Dr, 2704 rallied', where 2704 stands still)."""
    text = f"{attack.get('odds', '?')}  die {attack.get('die', '?')}: {attack.get('result', '?')}"
    rallied = attack.get("rallied")
    return f"{text}, {'+'.join(rallied)} rallied" if rallied else text


def draw_attack_labels(d: ImageDraw.ImageDraw, layout: Layout, labels: Iterable[tuple[str, Box]],
                       alpha: int = 255) -> None:
    r = layout.r
    f = _label_font(r)
    for text, box in labels:
        d.rounded_rectangle(box, radius=_label_pad(r), fill=(255, 255, 255, alpha), outline=P.ATTACK + (alpha,),
                            width=max(1, round(r / 20)))
        d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, fill=P.ATTACK + (alpha,), font=f,
               anchor="mm")


def _label_font(r: float) -> Font:
    return font("bold", max(10, round(0.4 * r)))


def _label_pad(r: float) -> int:
    return max(2, round(0.08 * r))


def _to_counter_edge(layout: Layout, centre: Point, target: Point) -> float:
    """How far from a hex centre, heading towards a point, the ray leaves that hex's counter."""
    half, shift = counter_size(layout.r) / 2, 0.12 * layout.r
    dx, dy = target[0] - centre[0], target[1] - centre[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    reach_x = half / abs(ux) if ux else math.inf
    reach_y = ((half + shift) / uy if uy > 0 else (half - shift) / -uy) if uy else math.inf
    return min(reach_x, reach_y)


def _label_boxes(d: ImageDraw.ImageDraw, layout: Layout, defenders: list[Point], attackers: list[Point],
                 text: str) -> Iterator[Box]:
    """Spots for a label round the defenders, nearest and furthest from the attackers first."""
    r = layout.r
    f = _label_font(r)
    dx = sum(p[0] for p in defenders) / len(defenders)
    dy = sum(p[1] for p in defenders) / len(defenders)
    ax = sum(p[0] for p in attackers) / len(attackers)
    ay = sum(p[1] for p in attackers) / len(attackers)
    away = math.atan2(dy - ay, dx - ax)
    pad = _label_pad(r)
    x0, y0, x1, y1 = d.textbbox((0, 0), text, font=f, anchor="mm")
    for turn in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6):
        angle = away + turn * math.pi / 6
        for reach in (1.05, 1.7, 2.4, 3.1):
            x, y = dx + math.cos(angle) * reach * r, dy + math.sin(angle) * reach * r
            yield round(x + x0) - pad, round(y + y0) - pad, round(x + x1) + pad, round(y + y1) + pad
