"""The frame around the Borodino map: a title strip (scenario, Game-Turn, time, phase, prompt, losses)
and its legend."""
from __future__ import annotations

from functools import partial

from PIL import Image, ImageDraw

from render import layer_cache
from render import palette as P
from render.frame import (Icon, arrow_icon, cross_icon, flow_legend, line_icon, over, sprite_icon, strip, swatch,
                          symbol_icon)
from render.hexmap.badges import badge, redoubt_tag
from render.hexmap.counters import Look, sprite
from rules.core.events import listed

PHASES = {"movement": "Movement Phase", "combat": "Combat Phase", "rally": "Rally Phase"}  # "over": see over()
SIDE_ARROWS = (P.SIDES["french"]["arrow"], P.SIDES["russian"]["arrow"])  # moves and retreats: the side's colour


def status_parts(view: dict) -> list[str]:
    """The facts of the title strip, in reading order."""
    parts = []
    if "turn" in view:
        parts.append(f"Game-Turn {view['turn']} of {view.get('last_turn', '?')}")
    when = "Night" if view.get("night") else view.get("clock")
    parts.append(" ".join(p for p in (view.get("day"), when) if p))
    phase = view.get("phase", "")
    if phase == "over":
        parts.append(over(view.get("outcome") or {}))
    else:
        side = (view.get("player") or "").title()
        parts.append(f"{side} {PHASES.get(phase, phase.title())}".strip())
        if view.get("to_move"):
            parts.append("to move: " + ", ".join(s.title() for s in view["to_move"]))
    losses = view.get("losses")
    if losses:
        parts.append("Losses: " + ", ".join(f"{s.title()} {n}" for s, n in sorted(losses.items())))
    exited = (view.get("exited_points") or {}).get("french")
    if exited:  # the 7 September French decisive victory counts them (Victory Conditions)
        parts.append(f"French exited: {exited}")
    return [p for p in parts if p]


def title_strip(view: dict, width: int) -> Image.Image:
    """Scenario title, then status lines, then the prompt (if any; once the game is over, why it
    ended: 'The French player holds 5 redoubts (...)') and the reinforcements waiting to enter, each
    wrapped to the width."""
    said = view.get("prompt") or (view.get("outcome") or {}).get("reason") or ""
    return strip(f"Borodino: {scenario_name(view)}", status_parts(view),
                 " ".join(part for part in (said, arrivals(view)) if part), width)


def scenario_name(view: dict) -> str:
    """The scenario as its players call it: its title without the note in brackets of how it was
    adapted ('Shevardino training scenario', whose title goes on '(Doomed Victory, adapted: Game-Turns
    3-8, redoubt 3222)', a note the scenario menu of /game new keeps); its id where the view has no title."""
    return str(view.get("title", view.get("scenario", ""))).split(" (")[0]


def arrivals(view: dict) -> str:
    """The phasing side's reinforcements of this Game-Turn, off the map until moved on, by entry hex:
    'Reinforcements waiting to enter at 2630: F-IC-1H, F-IC-1L and F-IC-5H.' (the status says so, and
    the map, which draws no counter off its edge, did not)."""
    waiting = [u for u in view.get("waiting") or [] if u.get("side") == view.get("player")]
    entries = sorted({str(u.get("entry")) for u in waiting})
    at = "; ".join(f"at {h}: " + listed([str(u["id"]) for u in waiting if str(u.get("entry")) == h]) for h in entries)
    return f"Reinforcements waiting to enter {at}." if waiting else ""


def _counter_icon(look: Look) -> Icon:
    return sprite_icon(partial(sprite, look))


READABLE_COUNTER = 32  # pixels: from this size up a counter's marks read as drawn (a sixth of it, 5 px)


def _marked_icon(look: Look, mark: str) -> Icon:
    """A counter with its mark, drawn large where the counter is small: the counter's own mark is a
    sixth of it, a speck on a legend icon 15 pixels tall at a phone's width (550 px). `mark`:
    "broken" (the red cross, top left), "leader" (the gold disc, top right), "frozen" (the ice edge)
    or "moved_attacked" (the corner, bottom right, and the diamond, left)."""
    counter = _counter_icon(look)

    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        counter(img, d, box)
        s = box[3] - box[1]
        if s >= READABLE_COUNTER:
            return
        x, y = box[0] + (box[2] - box[0] - s) // 2, box[1]  # the counter's corner (sprite_icon centres it)
        w, a = max(2, round(s / 7)), round(0.5 * s)
        if mark == "broken":
            d.line((x + 1, y + 1, x + a, y + a), fill=P.BROKEN, width=w)
            d.line((x + 1, y + a, x + a, y + 1), fill=P.BROKEN, width=w)
        elif mark == "leader":
            d.ellipse((x + s - 1 - a, y, x + s - 1, y + a), fill=P.GUARD, outline=P.INK)
        elif mark == "frozen":
            d.rounded_rectangle((x, y, x + s - 1, y + s - 1), radius=s // 10, outline=P.FROZEN, width=w)
        elif mark == "moved_attacked":
            c, t = round(0.45 * s), max(2, round(0.18 * s))
            d.polygon([(x + s - 1, y + s - 1 - c), (x + s - 1, y + s - 1), (x + s - 1 - c, y + s - 1)], fill=P.INK)
            cx, cy = x + t, y + round(0.7 * s)
            d.polygon([(cx, cy - t), (cx + t, cy), (cx, cy + t), (cx - t + 1, cy)], fill=P.SIDES[look.side]["ink"])
    return draw


def _badge_icon(kind: str) -> Icon:
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        badge(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), (box[3] - box[1]) / 2, kind)
    return draw


def _tag_icon(strength: int, destroyed: bool) -> Icon:
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        redoubt_tag(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), (box[3] - box[1]) * 1.6, strength, destroyed)
    return draw


def _held_icon(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """The disc beside a redoubt in the colour of the side that holds it, one of each side."""
    x0, y0, x1, y1 = box
    t, y = (y1 - y0) * 0.26, (y0 + y1) / 2
    for x, side in ((x0 + (x1 - x0) * 0.3, "french"), (x0 + (x1 - x0) * 0.7, "russian")):
        d.ellipse((x - t, y - t, x + t, y + t), fill=P.SIDES[side]["fill"], outline=P.INK)


DOOMED = ("dv_rally", "dv_leaders")  # the options whose marks the legend then explains


def legend_items(doomed: bool = False, frozen: bool = False, exits: bool = True) -> list[tuple[Icon, str]]:
    """What the legend explains; `doomed`: with the Doomed Victory options, the corner marks of a
    broken unit (6.10) and of a unit a leader stands with (8.1) too; `frozen`: while the 5
    September special rules hold units in place, their mark; `exits`: where the scenario has the east
    edge's exit zone (7 Sept, the Grand Battle), the zone the map draws."""
    french = Look("french", "infantry", "4-4", False, False, False, "")
    marks = [(_marked_icon(Look("french", "infantry", "4-4", False, False, False, "", broken=True), "broken"),
              "broken"),
             (_marked_icon(Look("french", "infantry", "4-4", False, False, False, "", leader=True), "leader"),
              "leader with it")] if doomed else []
    if frozen:
        marks.append((_marked_icon(Look("russian", "infantry", "4-4", False, False, False, "", frozen=True), "frozen"),
                      "frozen: may not move yet (5 Sept)"))
    return [
        (_counter_icon(french), "French"),
        (_counter_icon(Look("russian", "infantry", "4-4", False, False, False, "")), "Russian"),
        (_counter_icon(Look("french", "infantry", "5-4", True, False, False, "")), "Guard"),
        (_marked_icon(Look("french", "infantry", "4-4", False, True, True, ""), "moved_attacked"),
         "moved (corner), attacked (diamond)"),
        *marks,
        (symbol_icon("infantry"), "infantry"), (symbol_icon("cavalry"), "cavalry"),
        (symbol_icon("artillery"), "artillery"),
        (swatch(P.CLEAR), "clear"), (swatch(P.WOODS, P.TREE), "woods"), (swatch(P.TOWN, P.BUILDING), "town"),
        (swatch(P.REDOUBT), "redoubt"), (_tag_icon(6, False), "redoubt strength (front: earthworks)"),
        (_tag_icon(4, True), "destroyed redoubt"), (_held_icon, "who holds a redoubt"),
        (_badge_icon("town"), "town under a counter"),
        (_badge_icon("woods"), "woods under a counter"), (swatch(P.tinted(P.CLEAR, P.ZOC)), "enemy ZOC (map zoc)"),
        (line_icon(P.RIVER, 0.35), "river"), (line_icon(P.STREAM, 0.18), "stream"),
        (line_icon(P.FORD, 0.3), "ford"), (line_icon(P.BRIDGE, 0.45, P.ROAD_CENTRE), "bridge"),
        (line_icon(P.ROAD, 0.3, P.ROAD_CENTRE), "road"),
        (arrow_icon(*SIDE_ARROWS), "move, in its side's colour"), (arrow_icon(P.ATTACK), "attack: odds, die, result"),
        (arrow_icon(P.ATTACK, dash=True), "artillery bombarding two hexes off"),
        (arrow_icon(*SIDE_ARROWS, dash=True), "retreat"), (cross_icon, "eliminated"),
        *([(line_icon(P.EXIT_ZONE, 0.4), "exit zone (7 Sept, Grand Battle)")] if exits else []),
        (lambda img, d, box: None, "top of the map: East"),
    ]


@layer_cache.held  # the same for every picture of a width: pasted, never changed
def legend(width: int, doomed: bool = False, frozen: bool = False, exits: bool = True) -> Image.Image:
    """The Borodino legend, flowed to the width (`doomed`, `frozen`, `exits`: see legend_items)."""
    return flow_legend(legend_items(doomed, frozen, exits), width)
