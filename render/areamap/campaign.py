"""The 1812 area map of European Russia, drawn from a view: places (areas and sub-areas) as labelled
boxes joined by their adjacencies, control and depletion, forts and cities, stacks (the viewer's own
with their composition, the enemy's as a bare marker), the battle under way, the turn / Victory
Point Index track with the winter turns, and a legend. The title says the game is reconstructed.

It shares the area-map machinery with Bloody Monday: `View` (a box of the frame at a scale), the
title strip, the legend flow, the star and the neighbourhood window of render.areamap.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable

from PIL import Image, ImageDraw

from render import palette as P
from render.areamap.frame import star_icon
from render.areamap.graph import neighbourhood
from render.areamap.static import View, star_points
from render.fonts import Font, font
from render.frame import Icon, flow_legend, line_icon, over, strip, swatch, text_size
from rules.campaign_1812 import campaign_data as data

FRAME = (1000, 800)  # data/map.toml's drawing frame
BOX = (112, 50)  # a place's box, in frame units
FULL_WIDTH = 1100  # the whole map's width in pixels
EDGE, TAB = 12, 20  # frame units round the outermost boxes; above the top ones, for their star tab
PAD = 70
MIN_FONT = 6  # the smallest text a label shrinks to before it takes two lines
CONTROL = P.PLACE_CONTROL
DEPLETION = {50: (150, 140, 110), 100: (90, 70, 50)}
WINTER: P.RGB = (120, 170, 220)
BATTLE: P.RGB = (200, 20, 30)
RECONSTRUCTED = "reconstructed from SPI's published overview"
PixelBox = tuple[float, float, float, float]


def window(around: Iterable[int], radius: int) -> frozenset[int]:
    """The places within `radius` steps of those in `around`; NotOnMap for none of this map."""
    return neighbourhood({n: p.neighbours for n, p in data.places().items()}, around, radius,
                         "places by number: areas 1 to 36, the sub-divided 16 and 21 by their sub-areas "
                         "(161, 162, 211, 212)")


def frame_for(around: list[int], radius: int, size: int | None) -> View:
    """The frame of the whole map (every place's box, its star tab and its stacks' labels inside
    it, FULL_WIDTH pixels wide) or of a crop round the places of `around`, `size` pixels wide."""
    if around:
        pts = [data.places()[n].xy for n in window(around, radius)]
        box = (max(0, min(x for x, _ in pts) - PAD), max(0, min(y for _, y in pts) - PAD),
               min(FRAME[0], max(x for x, _ in pts) + PAD), min(FRAME[1], max(y for _, y in pts) + PAD))
        scale = size / (box[2] - box[0]) if size else min(3.0, 1000 / (box[2] - box[0]))
        return View(box, math.floor(100 * scale) / 100)
    xs, ys = [p.xy[0] for p in data.places().values()], [p.xy[1] for p in data.places().values()]
    box = (min(xs) - BOX[0] // 2 - EDGE, min(ys) - BOX[1] // 2 - TAB, max(xs) + BOX[0] // 2 + EDGE,
           max(ys) + BOX[1] // 2 + EDGE)
    return View(box, (size or FULL_WIDTH) / (box[2] - box[0]))


def _links(d: ImageDraw.ImageDraw, v: View) -> None:
    places = data.places()
    for n, p in places.items():
        for m in p.neighbours:
            if m > n:
                same = places[m].area == p.area
                d.line([v.px(p.xy), v.px(places[m].xy)], fill=P.EDGE if same else P.GRID,
                       width=max(1, round(v.scale * (5 if same else 2))))


def _fitted(d: ImageDraw.ImageDraw, text: str, style: str, size: int, room: tuple[float, float],
            least: int = MIN_FONT) -> tuple[list[str], Font]:
    """The text in a font of `style` that fits `room` (width, height in pixels): on one line, shrunk
    from `size` down to `least`, else on two lines, shrunk down to MIN_FONT."""
    words = text.split()
    half = max(1, len(words) // 2)
    for lines, floor in (([text], least), ([" ".join(words[:half]), " ".join(words[half:])], MIN_FONT)):
        for k in range(size, floor - 1, -1):
            fits = max(d.textlength(line, font=font(style, k)) for line in lines) <= room[0]
            if fits and len(lines) * (k + 1) <= room[1]:
                return lines, font(style, k)
    return lines, font(style, MIN_FONT)


def _lines(d: ImageDraw.ImageDraw, lines: list[str], f: Font, x: float, y: float, anchor: str,
           ink: P.RGB) -> PixelBox:
    """Draw one or two lines centred on y, aligned on x by `anchor` ("l", "m" or "r"); their box."""
    step = f.size + 1
    boxes = []
    for k, line in enumerate(lines):
        at = (x, y + (k - (len(lines) - 1) / 2) * step)
        d.text(at, line, fill=ink, font=f, anchor=anchor + "m")
        boxes.append(d.textbbox(at, line, font=f, anchor=anchor + "m"))
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _place(d: ImageDraw.ImageDraw, v: View, info: dict, battle: bool) -> list[PixelBox]:
    """A place's box and its labels: the name and number in its upper half (shrunk to fit it), the
    Depletion Counter on a tab above its upper left corner and the Victory Points on a star tab
    above its upper right one, so that no two labels meet; the labels' boxes."""
    p = data.places()[info["number"]]
    x, y = v.px(p.xy)
    w, h = BOX[0] * v.scale / 2, BOX[1] * v.scale / 2
    box = (x - w, y - h, x + w, y + h)
    edge = max(1, round(v.scale * (4 if battle else 1.5)))
    d.rounded_rectangle(box, radius=round(8 * v.scale), fill=CONTROL[info["control"]],
                        outline=BATTLE if battle else P.AREA_BORDER, width=edge)
    size, pad = max(7, round(13 * v.scale)), 3 * v.scale
    lines, f = _fitted(d, f"{p.name} {p.number}", "bold", size, (box[2] - box[0] - 2 * pad, h))
    out = [_lines(d, lines, f, x, (box[1] + y) / 2, "m", P.INK)]
    if info["depleted"]:  # the Depletion Counter, on a tab above the box's upper left corner
        tag = (box[0] + 6 * v.scale, box[1] - 12 * v.scale, box[0] + 36 * v.scale, box[1] + 1 * v.scale)
        d.rectangle(tag, fill=DEPLETION[info["depleted"]])
        d.text(((tag[0] + tag[2]) / 2, (tag[1] + tag[3]) / 2), f"{info['depleted']}%", fill=P.HALO,
               font=font("condensed", max(6, round(10 * v.scale))), anchor="mm")
        out.append(tag)
    if p.points:
        out.append(_star_tab(d, v, (box[2], box[1]), p.points))
    return out


def _star_tab(d: ImageDraw.ImageDraw, v: View, corner: tuple[float, float], points: int) -> PixelBox:
    """The Victory Points of a place on a tab above its box's upper right corner: a star, and the
    number beside it where it is more than one."""
    radius = (7 if points > 1 else 5) * v.scale
    f = font("bold", max(7, round(11 * v.scale)))
    text = str(points) if points > 1 else ""
    width = 2 * radius + (d.textlength(text, font=f) + 2 * v.scale if text else 0) + 4 * v.scale
    tab = (corner[0] - width - 6 * v.scale, corner[1] - 2 * radius - 2 * v.scale, corner[0] - 6 * v.scale,
           corner[1] + 1 * v.scale)
    d.rounded_rectangle(tab, radius=round(4 * v.scale), fill=P.PAPER, outline=P.AREA_BORDER,
                        width=max(1, round(v.scale)))
    centre = (tab[0] + 2 * v.scale + radius, (tab[1] + tab[3]) / 2)
    d.polygon(star_points(centre, radius), fill=P.STAR, outline=P.INK)
    if text:
        d.text((centre[0] + radius + 2 * v.scale, centre[1]), text, fill=P.INK, font=f, anchor="lm")
    return tab


def _stacks(d: ImageDraw.ImageDraw, v: View, units: list[dict]) -> list[PixelBox]:
    """Each stack's label in the lower half of its place's box: a stack alone in its place centred,
    with the box's width to read on one line ('7i 2c 2s 1d'); where both sides stand, the French on
    the left and the Russian on the right of the middle, each shrunk to its half (two lines at the
    least size); their boxes."""
    places = data.places()
    sides_at = Counter(u["area"] for u in units)
    out = []
    for u in units:
        x, y = v.px(places[u["area"]].xy)
        c = P.BLOCK[u["side"]]
        parts = [f"{u[k]}{k[0]}" for k in ("inf", "cav", "supply", "depot") if u.get(k)] + [u.get("leader", "")[:1]]
        text = "stack" if "inf" not in u else " ".join(p for p in parts if p) or "-"
        alone = sides_at[u["area"]] == 1
        pad, room = 3 * v.scale, BOX[0] * v.scale / (1 if alone else 2)
        size, tall = max(7, round(12 * v.scale)), (BOX[1] / 2 - 6) * v.scale
        lines, f = _fitted(d, text, "condensed", size, (room - 4 * pad, tall), least=max(MIN_FONT, round(0.8 * size)))
        width = max(max(d.textlength(line, font=f) for line in lines) + 2 * pad, 40 * v.scale)
        inner = x - 2 * v.scale if u["side"] == "french" else x + 2 * v.scale
        x0, x1 = (x - width / 2, x + width / 2) if alone else \
            (inner - width, inner) if u["side"] == "french" else (inner, inner + width)
        box = (x0, y + 1 * v.scale, x1, y + BOX[1] * v.scale / 2 - 5 * v.scale)
        d.rounded_rectangle(box, radius=round(3 * v.scale), fill=c["fill"], outline=c["edge"],
                            width=max(1, round(v.scale)))
        out.append(box)
        _lines(d, lines, f, (x0 + x1) / 2, (box[1] + box[3]) / 2, "m", c["ink"])
    return out


def _track(view: dict, width: int) -> Image.Image:
    """Turns 1-13: the Victory Point Index of each, the current turn marked, winter turns in blue (the
    game's own: a player's tables may set other winter turns)."""
    index = view.get("index_track", [])
    size = text_size(width)
    cell = width / max(1, len(index))
    img = Image.new("RGB", (width, round(size * 3.4)), P.PAPER)
    d = ImageDraw.Draw(img)
    winter = set(view.get("winter_turns", ()))
    for k, need in enumerate(index, 1):
        x0, x1 = round((k - 1) * cell) + 2, round(k * cell) - 2
        fill = WINTER if k in winter else P.CLEAR
        d.rectangle((x0, 2, x1, img.height - 3), fill=fill, outline=BATTLE if k == view.get("turn") else P.EDGE,
                    width=4 if k == view.get("turn") else 1)
        d.text(((x0 + x1) / 2, img.height * 0.33), f"T{k}", fill=P.INK, font=font("bold", size), anchor="mm")
        d.text(((x0 + x1) / 2, img.height * 0.72), f"VPI {need}", fill=P.INK, font=font("sans", round(size * 0.8)),
               anchor="mm")
    return img


def legend_items(view: dict) -> list[tuple[Icon, str]]:
    """The legend's entries, each drawn as the map draws it (a fort's star as on its tab); the
    viewer's leader by his initial where the optional leader rule has him on the map. The public
    view has no own stacks: every stack is hidden to it, until the end shows them all face up."""
    leaders = [u["leader"] for u in view.get("units", []) if u.get("leader")]  # both at the end, face up
    letters = "stacks: i infantry, c cavalry, s supply, d depots" + "".join(f", {x[0]} {x}" for x in leaders)
    own = (f"own {letters}; the enemy's hidden" if view.get("viewer") else letters
           if any("id" in u for u in view.get("units", [])) else "every stack hidden to onlookers, as to the enemy")
    return [(swatch(CONTROL["french"]), "French control"), (swatch(CONTROL["russian"]), "Russian control"),
            (swatch(CONTROL[None]), "no Victory Points"),
            (swatch(DEPLETION[50]), "50% depleted"), (swatch(DEPLETION[100]), "100% depleted"),
            (swatch(P.BLOCK["french"]["fill"]), "French stack"), (swatch(P.BLOCK["russian"]["fill"]), "Russian stack"),
            (star_icon(P.STAR), "fort 1 VP; Kiev 3, capitals 5"), (line_icon(BATTLE, 0.3), "battle"),
            (line_icon(P.EDGE, 0.3), "sub-areas of one area"), (swatch(WINTER), "winter turn"),
            (lambda img, d, box: None, own)]


def draw_places(d: ImageDraw.ImageDraw, v: View, view: dict) -> list[PixelBox]:
    """The links, the places and the stacks of a view in frame `v`; the boxes of every label
    drawn (names, star tabs, depletion tags, stacks), which never overlap one another."""
    _links(d, v)
    fighting = (view.get("battle") or {}).get("place")
    labels = [box for info in view.get("places", []) for box in _place(d, v, info, info["number"] == fighting)]
    return labels + _stacks(d, v, view.get("units", []))


def player_phase(view: dict) -> str:
    """The phase as the headline and Borodino's picture name it, whose Player-Turn first: the view's
    'Attrition' and 'Forced March' read 'French Attrition Phase' and 'Russian Forced March Phase'
    ('... | Attrition Phase | French player' in the text above the picture).

    >>> player_phase({"phase": "Attrition", "player": "french"}), player_phase({"phase": "over", "player": "french"})
    ('French Attrition Phase', 'Game over')
    """
    phase = str(view.get("phase") or "")
    said = phase.lower().split(":")[0]
    if said in ("over", "game over"):
        return "Game over"
    named = phase if not phase or said.endswith(("phase", "segment")) else f"{phase} Phase"
    return f"{str(view.get('player') or '').title()} {named}".strip()


def draw_campaign_map(view: dict, *, size: int | None = None, around: Iterable[int] | None = None,
                      radius: int = 1) -> Image.Image:
    """The framed picture of an 1812 view as a Pillow image (see render.snapshot)."""
    v = frame_for([int(n) for n in around or []], radius, size)
    img = Image.new("RGB", v.size, P.PAPER)
    d = ImageDraw.Draw(img)
    if view.get("winter"):
        d.rectangle((0, 0, v.size[0] - 1, v.size[1] - 1), outline=WINTER, width=max(4, round(8 * v.scale)))
    draw_places(d, v, view)
    width = img.width
    title = f"1812: {view.get('title', '')}"
    if RECONSTRUCTED not in title:
        title += f" ({RECONSTRUCTED})"
    phase = over(view.get("outcome") or {}) if view.get("outcome") else player_phase(view)
    parts = [f"Game-Turn {view.get('turn')} of {view.get('last_turn', 13)}, {view.get('clock', '')}",
             phase, f"French VP {view.get('vp')}, index {view.get('index')}, 22 to win"]
    if view.get("to_move"):
        parts.append("to move: " + ", ".join(s.title() for s in view["to_move"]))
    parts.append(f"{view['viewer'].title()} player's view" if view.get("viewer") else "Public view")
    top, track = strip(title, parts, view.get("prompt") or "", width), _track(view, width)
    legend = flow_legend(legend_items(view), width)
    out = Image.new("RGB", (width, top.height + track.height + img.height + legend.height))
    y = 0
    for part in (top, track, img, legend):
        out.paste(part, (0, y))
        y += part.height
    return out
