"""Where each attack's label (odds, die, result) stands, so that a reader tells at a glance which
attack it belongs to, however many attacks a Combat Phase holds.

A label never covers another label or a leader line, nor lets its leader line cross a label. Where
any spot allows, it covers no counter, badge or cross; then it keeps off what its picture weighs
(arrows, the numbers of the hexes a player names in orders, lightly the other numbers), as near its
attack as it can. A label stands beside its attack when it touches the attack's defender or arrows
and is nearer them than any other attack's; set apart, a leader line ties it to the head of its
arrow. Nothing here judges an attack: the view's log says what each was.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from PIL import ImageDraw

from render import palette as P
from render.fonts import Font, font
from render.hexmap.counters import counter_box
from render.hexmap.geometry import Box, Layout, Point
from render.hexmap.spots import Grid, overlap_area

# How far a label's near edge stands from the defender's centre, in r: touching its counter first,
# then out to about six hexes away (a leader line then ties it to its attack).
REACHES = (0.62, 0.9, 1.3, 1.8, 2.4, 3.1, 3.9, 4.8, 5.8, 7.0, 8.4, 10.0)
GAP = 0.15  # in r: the least room between two labels
BESIDE = 0.5  # in r: a label this near its attack's defender or arrows stands beside it
LEADER = 0.4  # in r², what a leader line costs before its length (a label over ~1.5 r of arrow)
CROSSING = 3.0  # in r², what a leader line crossing another costs; crossing a counter, a third of it
ALONG = 0.4  # in r² per r, what a leader line costs by its length


class Attack(NamedTuple):
    """What a label is placed for: its text, the defenders' centre and the bearing away from its
    attackers, the heads of its arrows (what a leader line ends on) and the boxes of its defenders'
    counters and arrows (what a label beside it touches)."""

    text: str
    centre: Point
    away: float
    heads: list[Point]
    marks: list[Box]


Segment = tuple[Point, Point]


class Label(NamedTuple):
    text: str
    box: Box
    leader: Segment | None  # from its arrow's head to the label's edge


@dataclass
class Room:
    """What a picture's labels keep clear of: the `solid` (counters, badges), then what they had
    better not cover (arrows, hex numbers), each at its cost a pixel; `labels` and `leaders` grow
    as labels are placed."""

    area: Box
    solid: Grid
    weighed: list[tuple[Grid, float]]
    labels: list[Box] = field(default_factory=list)
    leaders: list[Segment] = field(default_factory=list)

    def leader_boxes(self, r: float) -> list[Box]:
        """The leader lines as boxes along them, for place names to keep clear of."""
        return [b for a, z in self.leaders for b in boxes_along(a, z, 0.06 * r)]


def attack_label(attack: dict) -> str:
    """What an attack's label says: its odds, die and result, and the units a leader rallied
    against it (Doomed Victory 8.151: '1-1  die 1: Dr, 2704 rallied', where 2704 stands still)."""
    text = f"{attack.get('odds', '?')}  die {attack.get('die', '?')}: {attack.get('result', '?')}"
    rallied = attack.get("rallied")
    return f"{text}, {'+'.join(rallied)} rallied" if rallied else text


def place_labels(d: ImageDraw.ImageDraw, layout: Layout, attacks: Iterable[Attack], room: Room,
                 apart: bool = True) -> list[Label]:
    """Each attack's label, its box added to the room's labels and its leader line, if any, to its
    leaders. First every label that can stand beside its attack covering nothing that must stay in
    sight takes such a spot, in order; then the others stand apart, in order, each where it covers
    least (not `apart`, the previous player-turn's, told in the post before: left out). An attack
    whose arrows' heads all lie outside the picture (a crop's edge) has no label: the whole map
    shows it."""
    margin = 0.3 * layout.r
    inner = (room.area[0] + margin, room.area[1] + margin, room.area[2] - margin, room.area[3] - margin)
    attacks = list(attacks)
    shown = [(attack, heads) for attack in attacks if (heads := [p for p in attack.heads if _inside(p, inner)])]
    chosen: dict[int, Label] = {}
    for beside in (True, False) if apart else (True,):
        for k, (attack, heads) in enumerate(shown):
            if k not in chosen and (label := _best(d, layout, attack, heads, room, beside, attacks)):
                chosen[k] = label
                room.labels.append(label.box)
                if label.leader:
                    room.leaders.append(label.leader)
    return [chosen[k] for k in sorted(chosen)]


def _best(d: ImageDraw.ImageDraw, layout: Layout, attack: Attack, heads: list[Point], room: Room,
          beside: bool, rivals: list[Attack]) -> Label | None:
    """The label's least costly spot inside the picture; `beside`: the least costly of those beside
    the attack covering nothing that must stay in sight, if any. Beside means nearer it than any
    of its `rivals` (the attacks of its player-turn; the other's are drawn fainter)."""
    best: tuple[tuple[float, float, float], Label] | None = None
    for box in _boxes(d, layout, attack):
        if not _inside_box(box, room.area):
            continue
        label = Label(attack.text, box, _leader(layout, attack, box, heads, rivals))
        if beside and label.leader:
            continue
        cost = _cost(layout, label, room)
        if (not beside or cost[:2] == (0, 0)) and (best is None or cost < best[0]):
            best = (cost, label)
        if cost == (0, 0, 0):
            break
    if best is None and not beside:
        return Label(attack.text, next(_boxes(d, layout, attack)), None)
    return None if best is None else best[1]


def _cost(layout: Layout, label: Label, room: Room) -> tuple[float, float, float]:
    """What the label covers, weighed in three ranks, each deciding before the next: labels and
    leader lines (its own leader crossing a label counts too); the solid; what is weighed, and its
    leader line's length and crossings."""
    box, r = label.box, layout.r
    apart = _shrunk(box, -round(GAP * r))  # two labels side by side would read as one
    hard = _covered(apart, room.labels) + sum(r * r for a, z in room.leaders if _crosses(a, z, box))
    soft = sum(weight * grid.covered(box) for grid, weight in room.weighed)
    if label.leader:
        a, z = label.leader
        hard += sum(r * r for b in room.labels if _crosses(a, z, _shrunk(b, 1)))
        crossed = sum(_meet(label.leader, other) for other in room.leaders)
        over = sum(_crosses(a, z, b) for b in room.solid.near(_span(a, z)))
        soft += (LEADER + CROSSING * crossed + CROSSING / 3 * over) * r * r + math.dist(a, z) * ALONG * r
    return float(hard), float(room.solid.covered(box)), soft


def _covered(box: Box, boxes: Iterable[Box]) -> int:
    return sum(overlap_area(box, other) for other in boxes)


def _shrunk(box: Box, by: int) -> Box:
    return box[0] + by, box[1] + by, box[2] - by, box[3] - by


def _span(a: Point, z: Point) -> Box:
    return (math.floor(min(a[0], z[0])), math.floor(min(a[1], z[1])),
            math.ceil(max(a[0], z[0])), math.ceil(max(a[1], z[1])))


def _crosses(a: Point, z: Point, box: Box) -> bool:
    """Whether the segment a-z passes through the inside of `box` (clipped, Liang-Barsky)."""
    t0, t1 = 0.0, 1.0
    dx, dy = z[0] - a[0], z[1] - a[1]
    for p, q in ((-dx, a[0] - box[0]), (dx, box[2] - a[0]), (-dy, a[1] - box[1]), (dy, box[3] - a[1])):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    return t0 < t1


def _meet(s: Segment, other: Segment) -> bool:
    """Whether two segments cross (touching ends, as two leaders to one head, do not count)."""
    (ax, ay), (bx, by) = s
    (cx, cy), (dx, dy) = other

    def side(px: float, py: float, qx: float, qy: float, x: float, y: float) -> float:
        return (qx - px) * (y - py) - (qy - py) * (x - px)

    return (side(ax, ay, bx, by, cx, cy) * side(ax, ay, bx, by, dx, dy) < 0
            and side(cx, cy, dx, dy, ax, ay) * side(cx, cy, dx, dy, bx, by) < 0)


def _leader(layout: Layout, attack: Attack, box: Box, heads: list[Point], rivals: list[Attack]) -> Segment | None:
    """None where the box stands beside its attack, nearer it than any of its rivals; else the line
    from the nearest of its arrow heads to the box's edge."""
    own = _gap(box, attack.marks)
    if own <= BESIDE * layout.r and all(_gap(box, other.marks) > own for other in rivals if other is not attack):
        return None
    head = min(heads, key=lambda p: math.dist(p, _nearest(box, p)))
    return head, _nearest(box, head)


def _gap(box: Box, boxes: Sequence[Box]) -> float:
    """The least distance between `box` and any of `boxes` (0 where they touch or overlap)."""
    return min((math.hypot(max(0, b[0] - box[2], box[0] - b[2]), max(0, b[1] - box[3], box[1] - b[3]))
                for b in boxes), default=math.inf)


def _nearest(box: Box, p: Point) -> Point:
    return min(max(p[0], box[0]), box[2]), min(max(p[1], box[1]), box[3])


def _inside(p: Point, area: tuple[float, float, float, float]) -> bool:
    return area[0] <= p[0] <= area[2] and area[1] <= p[1] <= area[3]


def _inside_box(box: Box, area: Box) -> bool:
    return area[0] <= box[0] and area[1] <= box[1] and box[2] <= area[2] and box[3] <= area[3]


def _boxes(d: ImageDraw.ImageDraw, layout: Layout, attack: Attack) -> Iterator[Box]:
    """Spots round the defenders, nearest first, each ring from the side away from the attackers
    round to theirs: twelve bearings near the counter, twenty-four further out."""
    r = layout.r
    pad = label_pad(r)
    x0, y0, x1, y1 = d.textbbox((0, 0), attack.text, font=label_font(r), anchor="mm")
    half_w, half_h = (x1 - x0) / 2 + pad, (y1 - y0) / 2 + pad
    cx, cy = attack.centre
    for reach in REACHES:
        steps = 12 if reach < 2 else 24
        for turn in sorted(range(steps), key=lambda k: (min(k, steps - k), -k)):
            angle = attack.away + 2 * math.pi * turn / steps
            ux, uy = math.cos(angle), math.sin(angle)
            x, y = cx + ux * (reach * r + half_w * abs(ux)), cy + uy * (reach * r + half_h * abs(uy))
            yield round(x - half_w), round(y - half_h), round(x + half_w), round(y + half_h)


def attack_of(layout: Layout, attack: dict, arrows: Sequence[tuple[Point, Point]]) -> Attack:
    """The attack as its label sees it: `arrows` are its arrows' ends, (start, head)."""
    defenders = [layout.centre(str(h).removeprefix("R")) for h in attack["defenders"]]
    attackers = [start for start, _ in arrows] or defenders
    cx, cy = sum(p[0] for p in defenders) / len(defenders), sum(p[1] for p in defenders) / len(defenders)
    ax, ay = sum(p[0] for p in attackers) / len(attackers), sum(p[1] for p in attackers) / len(attackers)
    marks = [counter_box(layout, str(h).removeprefix("R")) for h in attack["defenders"]]
    marks += [b for start, head in arrows for b in boxes_along(start, head, 0.15 * layout.r)]
    return Attack(attack_label(attack), (cx, cy), math.atan2(cy - ay, cx - ax),
                  [head for _, head in arrows] or defenders, marks)


def boxes_along(a: Point, b: Point, half: float) -> list[Box]:
    """Squares `2 * half` wide every `half` along a segment: its room, as boxes."""
    steps = max(1, math.ceil(math.dist(a, b) / half))
    out = []
    for k in range(steps + 1):
        x, y = a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps
        out.append((round(x - half), round(y - half), round(x + half), round(y + half)))
    return out


def draw_labels(d: ImageDraw.ImageDraw, layout: Layout, labels: Iterable[Label], alpha: int = 255) -> None:
    """The leader lines (thin, haloed, a dot on the arrow's head), then the labels over them."""
    r = layout.r
    labels = list(labels)
    colour = P.ATTACK + (alpha,)
    for label in labels:
        if label.leader:
            head, edge = label.leader
            d.line([head, edge], fill=(255, 255, 255, alpha), width=max(3, round(0.12 * r)))
            d.line([head, edge], fill=colour, width=max(1, round(0.05 * r)))
            dot = max(2.0, 0.09 * r)
            d.ellipse((head[0] - dot, head[1] - dot, head[0] + dot, head[1] + dot), fill=colour,
                      outline=(255, 255, 255, alpha))
    f = label_font(r)
    for label in labels:
        box = label.box
        d.rounded_rectangle(box, radius=label_pad(r), fill=(255, 255, 255, alpha), outline=colour,
                            width=max(1, round(r / 20)))
        d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label.text, fill=colour, font=f, anchor="mm")


def label_font(r: float) -> Font:
    """Letters grow with the hexes up to what a phone reads at ease (a crop's hexes grow larger
    where its action is small, and larger labels would crowd it)."""
    return font("bold", max(10, min(16, round(0.4 * r))))


def label_pad(r: float) -> int:
    return max(2, round(0.08 * r))
