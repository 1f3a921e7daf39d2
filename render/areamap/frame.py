"""The frame around the Bloody Monday map: the title strip with the turn track, a panel at each
player's edge (French west, Russian east) with morale track, reinforcements pool and, for its
holder, the initiative disc; and a legend below."""
from __future__ import annotations

from functools import partial

from PIL import Image, ImageDraw

from render import layer_cache
from render import palette as P
from render.areamap.blocks import Face, sprite
from render.areamap.static import star_points
from render.arrows import arrow
from render.fonts import font
from render.frame import Icon, arrow_icon, flow_legend, sprite_icon, strip, text_size

PHASES = {"logistics": "Logistics Phase", "impulses": "Impulses Phase", "final": "Final Phase", "over": "Game over"}
SIDES = ("french", "russian")


def viewer_words(viewer: str | None) -> str:
    return f"{viewer.title()} player's view" if viewer in SIDES else "Public view"


def status_parts(view: dict) -> list[str]:
    """The facts of the title strip, in reading order."""
    parts = [f"Turn {view.get('turn', '?')} of {view.get('last_turn', 4)}"]
    if view.get("phase") == "over":
        outcome = view.get("outcome") or {}
        winner = outcome.get("winner")
        parts.append(f"Game over: {winner.title()} victory" if winner else
                     "Game over: a tie" if outcome.get("level") == "tie" else "Game over")  # 8.0, 10.0: equal at Turn 4
    else:
        parts.append(PHASES.get(view.get("phase", ""), str(view.get("phase", "")).title()))
        if view.get("to_move"):
            to_move = view["to_move"]
            names = [to_move] if isinstance(to_move, str) else to_move
            parts.append("to move: " + ", ".join(s.title() for s in names))
    parts.append(viewer_words(view.get("viewer")))
    return [p for p in parts if p]


def title_strip(view: dict, width: int) -> Image.Image:
    title = f"Bloody Monday: {view.get('title') or view.get('scenario', '')}"
    top = strip(title, status_parts(view), view.get("prompt") or "", width)
    track = turn_track(view, width)
    out = Image.new("RGB", (width, top.height + track.height))
    out.paste(top, (0, 0))
    out.paste(track, (0, top.height))
    return out


def turn_track(view: dict, width: int) -> Image.Image:
    """Boxes 1..last turn, the current one holding the turn marker."""
    size = text_size(width)
    pad, box = size // 2, round(size * 1.6)
    img = Image.new("RGB", (width, box + 2 * pad), P.PAPER)
    d = ImageDraw.Draw(img)
    f = font("bold", size)
    d.text((pad, pad + box / 2), "Turn track", fill=P.INK, font=f, anchor="lm")
    x = pad + round(d.textlength("Turn track", font=f)) + size
    for turn in range(1, int(view.get("last_turn", 4)) + 1):
        current = turn == view.get("turn")
        d.rectangle((x, pad, x + box, pad + box), fill=P.GUARD if current else P.CLEAR, outline=P.INK,
                    width=max(1, size // 8))
        d.text((x + box / 2, pad + box / 2), str(turn), fill=P.INK, font=f, anchor="mm")
        x += box + pad
    return img


def panel(view: dict, side: str, width: int, height: int, text: int) -> Image.Image:
    """One player's edge: name, initiative disc if held, morale track 10..1 with losses, pool."""
    img = Image.new("RGB", (width, height), P.PAPER)
    d = ImageDraw.Draw(img)
    pad = text // 2
    f, small = font("bold", text), font("sans", round(text * 0.8))
    colours = P.BLOCK[side]
    d.rectangle((0, 0, width - 1, round(text * 1.6)), fill=colours["fill"])
    d.text((width / 2, text * 0.8), side.upper(), fill=colours["ink"], font=f, anchor="mm")
    y = round(text * 2.2)
    if view.get("initiative") == side:
        r = min(width / 2 - pad, text * 1.6)
        d.ellipse((width / 2 - r, y, width / 2 + r, y + 2 * r), fill=P.DISC, outline=P.INK, width=max(1, text // 8))
        d.text((width / 2, y + r), "Initiative", fill=P.INK, font=font("bold", round(text * 0.62)), anchor="mm")
        y += round(2 * r + pad)
    d.text((width / 2, y), "Morale", fill=P.INK, font=f, anchor="mt")
    y += round(text * 1.4)
    lost = int((view.get("morale") or {}).get(side, 0))
    box = min(round(text * 1.7), (height - y - 5 * text) // 11)
    for k, n in enumerate(range(10, 0, -1)):
        top = y + k * box
        d.rectangle((pad, top, width - pad, top + box - 2), fill=P.CLEAR, outline=P.GRID)
        d.text((pad * 2, top + box / 2), str(n), fill=P.INK, font=small, anchor="lm")
        if k < lost:
            s = box - 6
            spr = sprite(Face(side), s)
            img.paste(spr, (width - pad - s - 3, top + 2), spr)
    top = y + 10 * box
    d.rectangle((pad, top, width - pad, top + box - 2), fill=(200, 60, 50) if lost >= 10 else P.CLEAR, outline=P.GRID)
    d.text((width / 2, top + box / 2), "Sudden death", fill=P.INK, font=font("sans", round(text * 0.62)), anchor="mm")
    y = top + box + text
    pool = (view.get("pools") or {}).get(side)
    if pool is not None:
        d.text((width / 2, y), "Pool", fill=P.INK, font=f, anchor="mt")
        d.text((width / 2, y + text * 1.3), f"{pool} block{'s' if pool != 1 else ''}", fill=P.INK, font=small,
               anchor="mt")
    return img


def _block(face: Face) -> Icon:
    return sprite_icon(partial(sprite, face))


def _circle(colour: str) -> Icon:
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        r, cx, cy = (y1 - y0) / 2, (x0 + x1) / 2, (y0 + y1) / 2
        d.rectangle(box, fill=P.AREA_FILL[colour])
        d.ellipse((cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8), fill=P.AREA_CIRCLE[colour], outline=P.INK)
    return draw


def star_icon(fill: P.RGB) -> Icon:
    """A star as tall as the legend's box, as the maps draw victory places (Bloody Monday, 1812)."""
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        d.polygon(star_points(((x0 + x1) / 2, (y0 + y1) / 2), (y1 - y0) / 2), fill=fill, outline=P.INK)
    return draw


def _line(colour: P.RGB, frac: float, dash: bool = False, head: bool = False, dots: bool = False) -> Icon:
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        y, w = (y0 + y1) / 2, max(2.0, (y1 - y0) * frac)
        if head or dash or dots:
            arrow(d, [(x0, y), (x1, y)], colour, w, halo=None if not head else P.HALO,
                  dash=(y1 - y0) / 4 if dash else 0.0, dots=dots)
        else:
            d.line((x0, y, x1, y), fill=colour, width=round(w))
    return draw


def _cube(name: str) -> Icon:
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        c, cx, cy = (y1 - y0) * 0.35, (x0 + x1) / 2, (y0 + y1) / 2
        d.rectangle((cx - c, cy - c, cx + c, cy + c), fill=P.CUBE[name], outline=P.INK)
    return draw


def _fire(name: str) -> Icon:
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        c, cx, cy = (y1 - y0) * 0.3, (x0 + x1) / 2, (y0 + y1) / 2
        d.rectangle(box, fill=P.BLOCK["french"]["fill"])
        d.ellipse((cx - c, cy - c, cx + c, cy + c), fill=P.FIREPOWER[name], outline=P.INK)
    return draw


def _burst(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    r = (y1 - y0) / 2
    d.polygon(star_points(((x0 + x1) / 2, (y0 + y1) / 2), r), fill=P.BURST, outline=P.INK)


@layer_cache.held  # the same for every picture of a width: pasted, never changed
def legend(width: int, viewer: str | None) -> Image.Image:
    own = viewer if viewer in SIDES else "french"
    sample = Face(own, False, "5", "infantry", "orange", 3, 4, "TF", "silver", corps="I")
    items: list[tuple[Icon, str]] = [
        *((_block(Face(side)), f"{side.title()} block" + (" (hidden)" if viewer in SIDES and side != viewer else ""))
          for side in SIDES),  # the viewer's enemy's stand on edge; in the public view everyone's do
        (_block(sample), "face up: strength on top, faint = lost steps, corps stripe and letters, shield"),
        (_block(Face(own, False, "5", "infantry", "orange", 3, 4, "TF", "", revealed=True)), "revealed"),
        (_block(Face(own, False, "5", "infantry", "orange", 3, 4, "TF", "", activated=True)), "activated"),
        (_fire("SF"), "SF"), (_fire("DF"), "DF"), (_fire("TF"), "TF"), (_fire("QF"), "QF"),
        (_cube("inspired"), "inspired"), (_cube("kolocha"), "Kolocha crossing"), (_cube("isolated"), "isolated"),
        (_cube("fired"), "artillery fired"),
        (_circle("green"), "open"), (_circle("yellow"), "forest"), (_circle("red"), "hill / redoubt"),
        (star_icon(P.STAR), "victory area"), (star_icon(P.AREA_FILL["red"]), "Flèche (all three = one star)"),
        (_line(P.KOLOCHA, 0.35), "Kolocha"), (_line(P.START_LINE, 0.12, dash=True), "start line"),
        (_line(P.COMMAND_LINE, 0.15), "command limit"),
        (arrow_icon(P.BLOCK["french"]["arrow"], P.BLOCK["russian"]["arrow"]), "move, in its side's colour"),
        (_line(P.ARTILLERY_FIRE, 0.16, head=True, dots=True), "artillery fire"),
        (_burst, "battle; discs: hits each side scored, in its colour"),
        (lambda img, d, box: None, "ring round a number: owner; two colours and crossed swords: contested; "
                                    "north at the top"),
    ]
    return flow_legend(items, width)
