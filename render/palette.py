"""Colours of the Borodino map, chosen to stay apart under deuteranopia.

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
ATTACK: RGB = (20, 20, 20)
ELIMINATED: RGB = (150, 10, 20)
HALO: RGB = (255, 255, 255)
SELECT: RGB = (255, 220, 0)
DESTINATION: tuple[int, int, int, int] = (255, 230, 60, 110)
ZOC: tuple[int, int, int, int] = (200, 40, 140, 70)
