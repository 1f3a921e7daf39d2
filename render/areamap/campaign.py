"""The 1812 area map of European Russia, drawn from a view: places (areas and sub-areas) as labelled
boxes joined by their adjacencies, control and depletion, forts and cities, stacks (the viewer's own
with their composition, the enemy's as a bare marker), the battle under way, the turn / Victory
Point Index track with the winter turns, and a legend. The title says the game is reconstructed.

It shares the area-map machinery with Bloody Monday: `View` (a box of the frame at a scale), the
title strip, the legend flow, the star and the neighbourhood window of render.areamap.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

from PIL import Image, ImageDraw

from render import palette as P
from render.areamap.graph import neighbourhood
from render.areamap.static import View, star_points
from render.fonts import font
from render.frame import flow_legend, line_icon, strip, swatch, text_size
from rules.campaign_1812 import campaign_data as data

FRAME = (1000, 800)  # data/map.toml's drawing frame
BOX = (112, 50)  # a place's box, in frame units
FULL_SCALE = 1.1
PAD = 70
CONTROL = P.PLACE_CONTROL
DEPLETION = {50: (150, 140, 110), 100: (90, 70, 50)}
WINTER: P.RGB = (120, 170, 220)
BATTLE: P.RGB = (200, 20, 30)
RECONSTRUCTED = "reconstructed from SPI's published overview"


def window(around: Iterable[int], radius: int) -> frozenset[int]:
    """The places within `radius` steps of those in `around`; NotOnMap for none of this map."""
    return neighbourhood({n: p.neighbours for n, p in data.places().items()}, around, radius,
                         "areas (1 to 36) and sub-areas (161, 162, 211, 212) by number")


def frame_for(around: list[int], radius: int, size: int | None) -> View:
    if around:
        pts = [data.places()[n].xy for n in window(around, radius)]
        box = (max(0, min(x for x, _ in pts) - PAD), max(0, min(y for _, y in pts) - PAD),
               min(FRAME[0], max(x for x, _ in pts) + PAD), min(FRAME[1], max(y for _, y in pts) + PAD))
    else:
        box = (0, 0, *FRAME)
    wide = box[2] - box[0]
    scale = size / wide if size else (FULL_SCALE if not around else min(3.0, 1000 / wide))
    return View(box, math.floor(100 * scale) / 100)


def _links(d: ImageDraw.ImageDraw, v: View) -> None:
    places = data.places()
    for n, p in places.items():
        for m in p.neighbours:
            if m > n:
                same = places[m].area == p.area
                d.line([v.px(p.xy), v.px(places[m].xy)], fill=P.EDGE if same else P.GRID,
                       width=max(1, round(v.scale * (5 if same else 2))))


def _place(d: ImageDraw.ImageDraw, v: View, info: dict, battle: bool) -> None:
    p = data.places()[info["number"]]
    x, y = v.px(p.xy)
    w, h = BOX[0] * v.scale / 2, BOX[1] * v.scale / 2
    box = (x - w, y - h, x + w, y + h)
    edge = max(1, round(v.scale * (4 if battle else 1.5)))
    d.rounded_rectangle(box, radius=round(8 * v.scale), fill=CONTROL[info["control"]],
                        outline=BATTLE if battle else P.AREA_BORDER, width=edge)
    size = max(7, round(13 * v.scale))
    depleted = info["depleted"]
    shift = 0.0
    if depleted:  # the Depletion Counter: a tag at the box's upper left corner, the name beside it
        tag = (box[0] + 2 * v.scale, box[1] + 2 * v.scale, box[0] + 30 * v.scale, y - 1 * v.scale)
        d.rectangle(tag, fill=DEPLETION[depleted])
        d.text(((tag[0] + tag[2]) / 2, (tag[1] + tag[3]) / 2), f"{depleted}%", fill=P.HALO,
               font=font("condensed", max(6, round(9 * v.scale))), anchor="mm")
        shift = 14 * v.scale
    d.text((x + shift, y - h * 0.45), f"{p.name} {p.number}", fill=P.INK, font=font("bold", size), anchor="mm")
    if p.points:
        star = (x + w - 9 * v.scale, y - h + 9 * v.scale)
        d.polygon(star_points(star, 8 * v.scale if p.points > 1 else 5 * v.scale), fill=P.STAR, outline=P.INK)
        if p.points > 1:
            d.text((star[0] - 12 * v.scale, star[1]), str(p.points), fill=P.INK, font=font("bold", size), anchor="rm")


def _stacks(d: ImageDraw.ImageDraw, v: View, units: list[dict]) -> None:
    places = data.places()
    size = max(7, round(12 * v.scale))
    for u in units:
        x, y = v.px(places[u["area"]].xy)
        c, f = P.BLOCK[u["side"]], font("condensed", size)
        text = "stack" if "inf" not in u else " ".join(
            f"{u[k]}{k[0]}" for k in ("inf", "cav", "supply", "depot") if u[k]) or "-"
        half = max(24 * v.scale, d.textlength(text, font=f) / 2 + 4 * v.scale)
        mid = x + (-28 if u["side"] == "french" else 28) * v.scale
        box = (mid - half, y - 4 * v.scale, mid + half, y + 22 * v.scale)
        d.rounded_rectangle(box, radius=round(3 * v.scale), fill=c["fill"], outline=c["edge"],
                            width=max(1, round(v.scale)))
        d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, fill=c["ink"], font=f, anchor="mm")


def _track(view: dict, width: int) -> Image.Image:
    """Turns 1-13: the Victory Point Index of each, the current turn marked, winter turns in blue."""
    index = view.get("index_track", [])
    size = text_size(width)
    cell = width / max(1, len(index))
    img = Image.new("RGB", (width, round(size * 3.4)), P.PAPER)
    d = ImageDraw.Draw(img)
    winter = set(data.tables().winter)
    for k, need in enumerate(index, 1):
        x0, x1 = round((k - 1) * cell) + 2, round(k * cell) - 2
        fill = WINTER if k in winter else P.CLEAR
        d.rectangle((x0, 2, x1, img.height - 3), fill=fill, outline=BATTLE if k == view.get("turn") else P.EDGE,
                    width=4 if k == view.get("turn") else 1)
        d.text(((x0 + x1) / 2, img.height * 0.33), f"T{k}", fill=P.INK, font=font("bold", size), anchor="mm")
        d.text(((x0 + x1) / 2, img.height * 0.72), f"VPI {need}", fill=P.INK, font=font("sans", round(size * 0.8)),
               anchor="mm")
    return img


def _legend(width: int) -> Image.Image:
    items = [(swatch(CONTROL["french"]), "French control"), (swatch(CONTROL["russian"]), "Russian control"),
             (swatch(DEPLETION[50]), "50% depleted"), (swatch(DEPLETION[100]), "100% depleted"),
             (swatch(P.BLOCK["french"]["fill"]), "French stack"), (swatch(P.BLOCK["russian"]["fill"]), "Russian stack"),
             (swatch(P.STAR), "fort 1 VP; Kiev 3, capitals 5"), (line_icon(BATTLE, 0.3), "battle"),
             (swatch(WINTER), "winter turn"),
             (lambda img, d, box: None, "own stacks: i infantry, c cavalry, s supply, d depots; the enemy's hidden")]
    return flow_legend(items, width)


def draw_campaign_map(view: dict, *, size: int | None = None, around: Iterable[int] | None = None,
                      radius: int = 1) -> Image.Image:
    """The framed picture of an 1812 view as a Pillow image (see render.snapshot)."""
    v = frame_for([int(n) for n in around or []], radius, size)
    img = Image.new("RGB", v.size, P.PAPER)
    d = ImageDraw.Draw(img)
    if view.get("winter"):
        d.rectangle((0, 0, v.size[0] - 1, v.size[1] - 1), outline=WINTER, width=max(4, round(8 * v.scale)))
    _links(d, v)
    fighting = (view.get("battle") or {}).get("place")
    for info in view.get("places", []):
        _place(d, v, info, info["number"] == fighting)
    _stacks(d, v, view.get("units", []))
    width = img.width
    title = f"1812: {view.get('title', '')}"
    if RECONSTRUCTED not in title:
        title += f" ({RECONSTRUCTED})"
    parts = [f"Turn {view.get('turn')} of {view.get('last_turn', 13)}, {view.get('clock', '')}",
             str(view.get("phase", "")), f"French VP {view.get('vp')}, index {view.get('index')}, 22 to win"]
    if view.get("to_move"):
        parts.append("to move: " + ", ".join(s.title() for s in view["to_move"]))
    parts.append(f"{view['viewer'].title()} player's view" if view.get("viewer") else "Public view")
    top, track, legend = strip(title, parts, view.get("prompt") or "", width), _track(view, width), _legend(width)
    out = Image.new("RGB", (width, top.height + track.height + img.height + legend.height))
    y = 0
    for part in (top, track, img, legend):
        out.paste(part, (0, y))
        y += part.height
    return out
