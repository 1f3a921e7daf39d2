"""Deuteranopia simulation (Viénot, Brettel & Mollon 1999), to check the map's colours stay apart."""
from __future__ import annotations

from PIL import Image

# Linear-RGB matrix of the simulation; applied to sRGB after a gamma 2.2 linearisation.
DEUTERANOPIA = (
    0.29275, 0.70725, 0.0,
    0.29275, 0.70725, 0.0,
    -0.02234, 0.02234, 1.0,
)


def _linear(v: int) -> float:
    return (v / 255) ** 2.2


def _srgb(v: float) -> int:
    return round(255 * min(1.0, max(0.0, v)) ** (1 / 2.2))


def simulate_colour(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """How a deuteranope sees one sRGB colour."""
    lin = [_linear(c) for c in rgb]
    m = DEUTERANOPIA
    return tuple(_srgb(sum(m[3 * i + j] * lin[j] for j in range(3))) for i in range(3))  # type: ignore[return-value]


def simulate(img: Image.Image) -> Image.Image:
    """The whole picture as a deuteranope sees it (gamma-aware, via lookup tables and a matrix)."""
    to_lin = [round(255 * _linear(v)) for v in range(256)] * 3
    linear = img.convert("RGB").point(to_lin)
    mixed = linear.convert("RGB", _matrix12())
    return mixed.point([_srgb(v / 255) for v in range(256)] * 3)


def _matrix12() -> tuple[float, ...]:
    m = DEUTERANOPIA
    return (m[0], m[1], m[2], 0.0, m[3], m[4], m[5], 0.0, m[6], m[7], m[8], 0.0)
