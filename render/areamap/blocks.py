"""Bloody Monday blocks as the players see them: upright squares in the side's colour.

A face-up block shows its sticker: current strength as pips along the top edge in its firepower
colour (lost steps as faint rings, as the real block turns 90 degrees per step), the label, a type
symbol, the corps colour stripe with the corps' letters (colour is not enough for colour-blind
players: gold and orange, brown and red look alike to them), a shield, cubes, and its edge (light
when revealed to the enemy, gold when activated).  A hidden block shows its side's colour and
nothing else: one sprite for all.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render import palette as P
from render.areamap.static import star_points
from render.fonts import font
from render.symbols import canvas, shrunk, symbol

SYMBOL_FROM = 26  # blocks at least this many pixels wide show their type symbol
# The engine names a cube by its colour, as the rule book does; the picture and its legend by its meaning.
CUBES = {"yellow": "inspired", "light_blue": "kolocha", "white": "isolated", "red": "fired"}
LEADER_MARK = {"tactical_leader": "★", "supreme_commander": "♛"}


@dataclass(frozen=True)
class Face:
    """Everything a block shows; hidden blocks carry only their side."""

    side: str
    hidden: bool = True
    label: str = ""
    type: str = ""
    colour: str = ""
    strength: int = 0
    max_strength: int = 0
    firepower: str = ""
    shield: str = ""
    revealed: bool = False
    activated: bool = False
    cubes: tuple[str, ...] = ()
    corps: str = ""  # the corps' letters on the stripe (corps_tag)


def may_see(unit: dict, viewer: str | None) -> bool:
    """A block is drawn face up when it is the viewer's own or the rules have revealed it."""
    return unit.get("side") == viewer or unit.get("revealed") is True


def face_of(unit: dict, viewer: str | None) -> Face:
    """The Face of one unit of the view; a block the viewer may not see reads its side only."""
    if not may_see(unit, viewer):
        return Face(unit["side"])
    return Face(unit["side"], False, str(unit.get("label", "")), str(unit.get("type", "")), str(unit.get("colour", "")),
                int(unit.get("strength", 0)), int(unit.get("max_strength", unit.get("strength", 0))),
                str(unit.get("firepower", "")), str(unit.get("shield") or ""), bool(unit.get("revealed")),
                bool(unit.get("activated")),
                tuple(meaning for colour, meaning in CUBES.items() if colour in unit.get("cubes", ())),
                corps_tag(str(unit.get("corps", ""))))


def corps_tag(key: str) -> str:
    """The letters a corps' stripe carries, from its key in blocks.toml: the Roman numeral of a
    numbered corps ("iii": III), else the initials ("cavalry_reserve": CR, "1st_army": 1A)."""
    if key and set(key) <= set("ivx"):
        return key.upper()
    return "".join(word[0] for word in key.split("_") if word).upper()


@lru_cache(maxsize=1024)
def sprite(face: Face, size: int) -> Image.Image:
    """The block as an RGBA image of size x size pixels."""
    img, d, s = canvas(size)
    colours = P.BLOCK[face.side]
    edge = max(2, s // 18)
    outline = P.ACTIVATED if face.activated else P.REVEALED_EDGE if face.revealed else colours["edge"]
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s // 9, fill=colours["fill"], outline=outline,
                        width=round(edge * (2 if face.activated else 1.5 if face.revealed else 1)))
    if face.hidden:
        d.line((s * 0.16, s * 0.16, s * 0.84, s * 0.16), fill=_lighter(colours["fill"]), width=edge)
        d.line((s * 0.16, s * 0.16, s * 0.16, s * 0.84), fill=_lighter(colours["fill"]), width=edge)
    else:
        _sticker(d, face, s, size)
    return shrunk(img, size)


def _ink_on(rgb: P.RGB) -> P.RGB:
    """Black on a light stripe, white on a dark one (by luma)."""
    return P.INK if 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] > 140 else P.HALO


def _lighter(rgb: P.RGB) -> P.RGB:
    return tuple(round(c + (255 - c) * 0.35) for c in rgb)  # type: ignore[return-value]


def _sticker(d: ImageDraw.ImageDraw, face: Face, s: int, size: int) -> None:
    ink = P.BLOCK[face.side]["ink"]
    stripe = P.CORPS.get(face.colour, P.HALO)
    d.rectangle((s * 0.1, s * 0.79, s * 0.9, s * 0.95), fill=stripe, outline=P.INK, width=max(1, s // 60))
    if face.corps:
        d.text((s / 2, s * 0.875), face.corps, fill=_ink_on(stripe), font=font("condensed", round(s * 0.15)),
               anchor="mm")
    _pips(d, face, s)
    big = size >= SYMBOL_FROM
    label_y = 0.46 if big else 0.56
    d.text((s / 2, s * label_y), face.label, fill=ink, font=font("condensed", round(s * (0.26 if big else 0.34))),
           anchor="mm", stroke_width=max(1, s // 50), stroke_fill=P.BLOCK[face.side]["edge"])
    if big:
        if face.type in LEADER_MARK:
            d.text((s / 2, s * 0.68), LEADER_MARK[face.type], fill=ink, font=font("sans", round(s * 0.2)), anchor="mm")
        elif face.type in ("infantry", "cavalry", "artillery"):
            _small_symbol(d, face.type, s, ink)
    if face.shield:
        x, y, w = s * 0.12, s * 0.62, s * 0.16
        d.polygon([(x, y), (x + w, y), (x + w, y + w * 0.6), (x + w / 2, y + w * 1.05), (x, y + w * 0.6)],
                  fill=P.SHIELD.get(face.shield, P.HALO), outline=P.INK)
    for k, cube in enumerate(face.cubes):
        c, y = s * 0.17, s * (0.6 - 0.19 * k)
        d.rectangle((s * 0.8, y, s * 0.8 + c, y + c), fill=P.CUBE[cube], outline=P.INK, width=max(1, s // 60))


def _small_symbol(d: ImageDraw.ImageDraw, kind: str, s: int, ink: P.RGB) -> None:
    """The NATO symbol, small, between the label and the corps stripe."""
    layer = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    symbol(ImageDraw.Draw(layer), kind, s, ink, top=0.0)
    small = layer.crop((0, 0, s, round(0.36 * s))).resize((round(s * 0.36), round(s * 0.13)))
    d.bitmap((round(s * 0.32), round(s * 0.62)), small.getchannel("A"), fill=ink)


def _pips(d: ImageDraw.ImageDraw, face: Face, s: int) -> None:
    """Current strength along the top edge (stars for leaders), lost steps as faint rings."""
    n = max(face.max_strength, face.strength, 1)
    gap = s * 0.8 / n
    r = min(gap * 0.38, s * 0.095)
    colour = P.FIREPOWER.get(face.firepower, P.FIREPOWER["SF"])
    for k in range(n):
        x, y = s * 0.1 + gap * (k + 0.5), s * 0.15
        if k < face.strength:
            if face.type in LEADER_MARK:
                d.polygon(star_points((x, y), r * 1.35), fill=colour, outline=P.INK)
            else:
                d.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=P.INK, width=max(1, math.ceil(s / 90)))
        else:
            d.ellipse((x - r * 0.7, y - r * 0.7, x + r * 0.7, y + r * 0.7),
                      outline=_lighter(P.BLOCK[face.side]["fill"]), width=max(1, s // 70))
