"""Colours of the Borodino hex map and the Bloody Monday area map, chosen to stay apart under deuteranopia.

The two armies differ in hue family *and* lightness (dark blue French, light orange Russians), so
they stay distinct for red-green colour-blind players; terrain leans on texture as well as colour.
"""
from __future__ import annotations

RGB = tuple[int, int, int]

PAPER: RGB = (214, 206, 184)  # off-map margin
CLEAR: RGB = (236, 231, 205)
WOODS: RGB = (150, 178, 120)
TREE: RGB = (84, 120, 70)
TOWN: RGB = (226, 208, 186)
BUILDING: RGB = (120, 70, 55)
REDOUBT: RGB = (218, 196, 150)
EARTHWORK: RGB = (92, 58, 30)
GRID: RGB = (160, 152, 126)
EDGE: RGB = (60, 52, 40)
RIVER: RGB = (52, 110, 190)
STREAM: RGB = (96, 150, 214)
FORD: RGB = (206, 186, 140)
BRIDGE: RGB = (70, 50, 35)
ROAD: RGB = (138, 88, 46)
ROAD_CENTRE: RGB = (232, 214, 170)
HEX_NUMBER: RGB = (96, 90, 74)
INK: RGB = (30, 28, 24)
WATER_LABEL: RGB = (30, 80, 160)
TOWN_LABEL: RGB = (110, 40, 30)
WOODS_LABEL: RGB = (40, 80, 40)
EXIT_ZONE: RGB = (70, 100, 170)
STRIP: RGB = (40, 38, 34)
STRIP_TEXT: RGB = (245, 240, 225)
STRIP_DIM: RGB = (190, 184, 168)

# Each side: counter fill, counter ink, and the darker colour of its arrows.
SIDES: dict[str, dict[str, RGB]] = {
    "french": {"fill": (46, 86, 160), "ink": (255, 255, 255), "arrow": (24, 52, 120)},
    "russian": {"fill": (238, 160, 80), "ink": (30, 24, 20), "arrow": (170, 80, 10)},
}
GUARD: RGB = (240, 200, 40)
BROKEN: RGB = (200, 30, 30)  # the Doomed Victory BROKEN marker (6.10), a red cross on the counter
ATTACK: RGB = (20, 20, 20)
ELIMINATED: RGB = (150, 10, 20)
HALO: RGB = (255, 255, 255)
SELECT: RGB = (255, 220, 0)
DESTINATION: tuple[int, int, int, int] = (255, 230, 60, 110)
ZOC: tuple[int, int, int, int] = (200, 40, 140, 70)

# --- Bloody Monday -----------------------------------------------------------------------------
# Area fills are soft so blocks read on top; the circles carry the rule book's strong colours, and
# forest and hill areas also carry a texture (dots, hatching) for colour-blind players.
AREA_FILL: dict[str, RGB] = {"green": (214, 228, 182), "yellow": (240, 229, 170), "red": (238, 200, 186)}
AREA_TEXTURE: dict[str, RGB] = {"yellow": (196, 178, 96), "red": (206, 140, 124)}
AREA_CIRCLE: dict[str, RGB] = {"green": (60, 140, 60), "yellow": (236, 196, 40), "red": (196, 44, 36)}
AREA_NUMBER: dict[str, RGB] = {"green": (255, 255, 255), "yellow": (30, 28, 24), "red": (255, 255, 255)}
AREA_BORDER: RGB = (120, 112, 90)
KOLOCHA: RGB = (52, 110, 190)
START_LINE: RGB = (200, 30, 30)
COMMAND_LINE: RGB = (255, 255, 255)
STAR: RGB = (232, 180, 20)
# Blocks: French blue, Russian green as in the box, apart in lightness and in the blue-yellow axis.
BLOCK: dict[str, dict[str, RGB]] = {
    "french": {"fill": (38, 74, 158), "ink": (255, 255, 255), "arrow": (24, 48, 120), "edge": (14, 26, 60)},
    "russian": {"fill": (70, 140, 62), "ink": (255, 255, 255), "arrow": (28, 86, 30), "edge": (20, 50, 20)},
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
