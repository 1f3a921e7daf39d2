"""Colours of the Borodino hex map and the area maps (Bloody Monday, 1812), chosen to stay apart for
every colour vision.

The two armies differ in hue family *and* lightness (dark blue French, orange Russians), so they
stay distinct for colour-blind players; terrain leans on texture as well as colour. MEANING lists
the pairs a player must tell apart by colour; tests/render/test_colour_vision.py requires each to
stay MIN_APART (CIEDE2000) apart under protanopia, deuteranopia and tritanopia.
"""
from __future__ import annotations

RGB = tuple[int, int, int]

PAPER: RGB = (214, 206, 184)  # off-map margin
CLEAR: RGB = (236, 231, 205)
WOODS: RGB = (150, 178, 122)
TREE: RGB = (84, 120, 70)
TOWN: RGB = (192, 183, 173)  # grey, apart from clear and redoubt for every vision
BUILDING: RGB = (120, 70, 55)
REDOUBT: RGB = (240, 213, 148)
EARTHWORK: RGB = (92, 58, 30)
GRID: RGB = (160, 152, 126)
EDGE: RGB = (60, 52, 40)
RIVER: RGB = (52, 110, 190)
STREAM: RGB = (96, 150, 214)
FORD: RGB = (191, 173, 129)
BRIDGE: RGB = (70, 50, 35)
ROAD: RGB = (132, 94, 67)
ROAD_CENTRE: RGB = (232, 214, 170)
HEX_NUMBER: RGB = (96, 90, 74)
INK: RGB = (30, 28, 24)
WATER_LABEL: RGB = (30, 80, 160)
TOWN_LABEL: RGB = (110, 40, 30)
WOODS_LABEL: RGB = (40, 80, 40)
EXIT_ZONE: RGB = (70, 100, 170)
STRIP: RGB = (40, 38, 34)
STRIP_TEXT: RGB = (245, 240, 225)

# Each side: counter fill, counter ink, and the darker colour of its arrows.
SIDES: dict[str, dict[str, RGB]] = {
    "french": {"fill": (46, 86, 160), "ink": (255, 255, 255), "arrow": (24, 52, 120)},
    "russian": {"fill": (226, 130, 60), "ink": (30, 24, 20), "arrow": (171, 80, 8)},
}
GUARD: RGB = (255, 240, 120)  # pale: apart from the Russian orange under deuteranopia
FROZEN: RGB = (215, 240, 255)  # ice blue: a counter's inner edge while the 5 Sept rule holds it
BROKEN: RGB = (200, 30, 30)  # the Doomed Victory BROKEN marker (6.10), a red cross on the counter
ATTACK: RGB = (20, 20, 20)
ELIMINATED: RGB = (150, 10, 20)
HALO: RGB = (255, 255, 255)
SELECT: RGB = (255, 220, 0)
DESTINATION: tuple[int, int, int, int] = (255, 210, 0, 130)
ZOC: tuple[int, int, int, int] = (190, 30, 150, 90)

# --- Bloody Monday -----------------------------------------------------------------------------
# Area fills are soft so blocks read on top; the circles carry the rule book's strong colours, and
# forest and hill areas also carry a texture (dots, hatching) for colour-blind players.
AREA_FILL: dict[str, RGB] = {"green": (225, 236, 203), "yellow": (242, 217, 118), "red": (222, 169, 160)}
AREA_TEXTURE: dict[str, RGB] = {"yellow": (190, 166, 70), "red": (186, 116, 104)}
AREA_CIRCLE: dict[str, RGB] = {"green": (56, 133, 60), "yellow": (236, 196, 40), "red": (223, 30, 21)}
AREA_NUMBER: dict[str, RGB] = {"green": (255, 255, 255), "yellow": (30, 28, 24), "red": (255, 255, 255)}
AREA_BORDER: RGB = (120, 112, 90)
KOLOCHA: RGB = (52, 110, 190)
START_LINE: RGB = (200, 30, 30)
COMMAND_LINE: RGB = (255, 255, 255)
STAR: RGB = (232, 180, 20)
# Blocks: French blue, Russian green as in the box, apart in lightness and in the blue-yellow axis.
BLOCK: dict[str, dict[str, RGB]] = {
    "french": {"fill": (38, 74, 158), "ink": (255, 255, 255), "arrow": (24, 48, 120), "edge": (14, 26, 60)},
    "russian": {"fill": (66, 165, 103), "ink": (255, 255, 255), "arrow": (28, 86, 30), "edge": (20, 50, 20)},
}
REVEALED_EDGE: RGB = (250, 246, 228)
ACTIVATED: RGB = (255, 196, 0)
FIREPOWER: dict[str, RGB] = {"SF": (16, 16, 16), "DF": (255, 255, 255), "TF": (214, 32, 32), "QF": (24, 176, 178)}
CUBE: dict[str, RGB] = {"inspired": (250, 216, 40), "kolocha": (130, 204, 244), "isolated": (255, 255, 255),
                        "fired": (214, 32, 32)}
CORPS: dict[str, RGB] = {"gold": (212, 172, 52), "blue": (90, 140, 230), "orange": (240, 140, 40),
                         "yellow": (246, 222, 60), "green": (96, 186, 90), "brown": (140, 92, 50),
                         "pink": (240, 156, 196), "red": (210, 40, 40), "light_blue": (140, 200, 240),
                         "white": (248, 248, 248)}
SHIELD: dict[str, RGB] = {"silver": (206, 210, 216), "gold": (232, 186, 40)}
BURST: RGB = (250, 120, 20)
ARTILLERY_FIRE: RGB = (190, 20, 20)
DISC: RGB = (250, 250, 244)

# --- 1812 ---------------------------------------------------------------------------------------
# A place's fill says who controls it; the Russian one is apart from the neutral clear for every vision.
PLACE_CONTROL: dict[str | None, RGB] = {"french": (196, 210, 236), "russian": (236, 186, 140), None: CLEAR}

# --- What colour alone must tell apart ----------------------------------------------------------
MIN_APART = 10.0  # CIEDE2000 under every simulated colour vision; about 1 is the least one notices


def tinted(base: RGB, tint: tuple[int, int, int, int]) -> RGB:
    """A translucent tint (RGBA) laid on an opaque colour, as Pillow's RGBA drawing blends it."""
    a = tint[3] / 255
    r, g, b = (round(t * a + c * (1 - a)) for t, c in zip(tint[:3], base))
    return r, g, b


_RU, _FR = SIDES["russian"], SIDES["french"]
# Pairs told apart by more than colour are left out: the Bloody Monday corps stripes carry their
# corps' letters, artillery fire is dotted where the start line is dashed, the exit zone and the
# stars are named or shaped, and a block's pips are ringed in ink.
MEANING: dict[str, tuple[RGB, RGB]] = {
    "French and Russian counters": (_FR["fill"], _RU["fill"]),
    "Russian counter and Guard band": (_RU["fill"], GUARD),
    "French counter and Guard band": (_FR["fill"], GUARD),
    "Russian counter and its frozen edge": (_RU["fill"], FROZEN),
    "Russian counter on clear": (_RU["fill"], CLEAR),
    "Russian counter on woods": (_RU["fill"], WOODS),
    "Russian counter on a town": (_RU["fill"], TOWN),
    "Russian counter on a redoubt": (_RU["fill"], REDOUBT),
    "French counter on woods": (_FR["fill"], WOODS),
    "clear and woods": (CLEAR, WOODS),
    "clear and town": (CLEAR, TOWN),
    "clear and redoubt": (CLEAR, REDOUBT),
    "town and redoubt": (TOWN, REDOUBT),
    "woods and town": (WOODS, TOWN),
    "woods and redoubt": (WOODS, REDOUBT),
    "river and stream": (RIVER, STREAM),
    "ford and river": (FORD, RIVER),
    "ford and redoubt": (FORD, REDOUBT),
    "road and bridge": (ROAD, BRIDGE),
    "Russian trail and road": (_RU["arrow"], ROAD),
    "French trail and road": (_FR["arrow"], ROAD),
    "French trail and river": (_FR["arrow"], RIVER),
    "French and Russian trails": (_FR["arrow"], _RU["arrow"]),
    "attack and French trail": (ATTACK, _FR["arrow"]),
    "eliminated cross and Russian trail": (ELIMINATED, _RU["arrow"]),
    "ZOC shading on clear": (tinted(CLEAR, ZOC), CLEAR),
    "ZOC shading on woods": (tinted(WOODS, ZOC), WOODS),
    "ZOC shading on a town": (tinted(TOWN, ZOC), TOWN),
    "ZOC shading on a redoubt": (tinted(REDOUBT, ZOC), REDOUBT),
    "destination tint on clear": (tinted(CLEAR, DESTINATION), CLEAR),
    "destination tint on woods": (tinted(WOODS, DESTINATION), WOODS),
    "destination tint and ZOC shading": (tinted(CLEAR, DESTINATION), tinted(CLEAR, ZOC)),
    "open and forest areas": (AREA_FILL["green"], AREA_FILL["yellow"]),
    "open and hill areas": (AREA_FILL["green"], AREA_FILL["red"]),
    "forest and hill areas": (AREA_FILL["yellow"], AREA_FILL["red"]),
    "open and forest circles": (AREA_CIRCLE["green"], AREA_CIRCLE["yellow"]),
    "open and hill circles": (AREA_CIRCLE["green"], AREA_CIRCLE["red"]),
    "forest and hill circles": (AREA_CIRCLE["yellow"], AREA_CIRCLE["red"]),
    "French and Russian blocks": (BLOCK["french"]["fill"], BLOCK["russian"]["fill"]),
    "hidden Russian block and open circle": (BLOCK["russian"]["fill"], AREA_CIRCLE["green"]),
    "Russian block and hill circle": (BLOCK["russian"]["fill"], AREA_CIRCLE["red"]),
    "Russian block on open ground": (BLOCK["russian"]["fill"], AREA_FILL["green"]),
    "Russian block in a forest": (BLOCK["russian"]["fill"], AREA_FILL["yellow"]),
    "Russian block on a hill": (BLOCK["russian"]["fill"], AREA_FILL["red"]),
    "French block on open ground": (BLOCK["french"]["fill"], AREA_FILL["green"]),
    "French block and the Kolocha": (BLOCK["french"]["fill"], KOLOCHA),
    "Russian block and the Kolocha": (BLOCK["russian"]["fill"], KOLOCHA),
    "Kolocha on open ground": (KOLOCHA, AREA_FILL["green"]),
    "battle burst and Russian block": (BURST, BLOCK["russian"]["fill"]),
    "broken cross on a Russian counter": (BROKEN, _RU["fill"]),
    "broken cross on a French counter": (BROKEN, _FR["fill"]),
    "1812: French and Russian places": (PLACE_CONTROL["french"], PLACE_CONTROL["russian"]),
    "1812: French and neutral places": (PLACE_CONTROL["french"], PLACE_CONTROL[None]),
    "1812: Russian and neutral places": (PLACE_CONTROL["russian"], PLACE_CONTROL[None]),
    "activated and revealed edges": (ACTIVATED, REVEALED_EDGE),
    **{f"firepower {a} and {b}": (FIREPOWER[a], FIREPOWER[b])
       for i, a in enumerate(FIREPOWER) for b in list(FIREPOWER)[i + 1:]},
    **{f"{a} and {b} cubes": (CUBE[a], CUBE[b]) for i, a in enumerate(CUBE) for b in list(CUBE)[i + 1:]},
}
