"""Hex geometry in the rule books' `XXYY` numbering.

A hex is the four-digit string printed on the map, e.g. "3225": XX is the column, YY the row.
Columns are vertical files of flat-topped hexes; even columns sit half a hex lower than odd ones
(reconstruction: the printed maps are lost, and this parity makes every printed set-up work).
On the Borodino map XX grows from north to south and YY from east to west, so row 01 is the
east edge.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import cache

Hex = str  # "XXYY", always four digits

# Cube directions for a flat-topped layout, clockwise from "up" (towards row 01).
_DIRECTIONS = ((0, +1, -1), (+1, 0, -1), (+1, -1, 0), (0, -1, +1), (-1, 0, +1), (-1, +1, 0))


def is_hex(text: str) -> bool:
    """True for a well-formed four-digit hex number (on a map or not).

    >>> is_hex("2817"), is_hex("28a7"), is_hex("281")
    (True, False, False)
    """
    return len(text) == 4 and text.isdigit()


def hex_at(col: int, row: int) -> Hex:
    """The hex number of a column and row.

    >>> hex_at(3, 7)
    '0307'
    """
    return f"{col:02d}{row:02d}"


def col_row(h: Hex) -> tuple[int, int]:
    """The column and row of a hex number.

    >>> col_row("2817")
    (28, 17)
    """
    return int(h[:2]), int(h[2:])


@cache
def to_cube(h: Hex) -> tuple[int, int, int]:
    """Cube coordinates (x, y, z) with x + y + z == 0; `from_cube` turns them back.

    >>> to_cube("2817"), from_cube(*to_cube("2817"))
    ((28, -31, 3), '2817')
    """
    col, row = col_row(h)
    x = col
    z = row - (col + (col & 1)) // 2
    return x, -x - z, z


def from_cube(x: int, y: int, z: int) -> Hex | None:
    """The hex at cube coordinates; None where its number would not have four digits."""
    col = x
    row = z + (col + (col & 1)) // 2
    if not (0 <= col <= 99 and 0 <= row <= 99):
        return None
    return hex_at(col, row)


@cache
def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six adjacent hexes (those with a valid number; the map decides which exist).

    >>> neighbours("2817")
    ('2816', '2917', '2918', '2818', '2718', '2717')
    """
    x, y, z = to_cube(h)
    out = []
    for dx, dy, dz in _DIRECTIONS:
        n = from_cube(x + dx, y + dy, z + dz)
        if n is not None:
            out.append(n)
    return tuple(out)


def distance(a: Hex, b: Hex) -> int:
    """Hexes between two hexes, counting the last one not the first (a neighbour is 1 away).

    >>> distance("2817", "2817"), distance("2817", "2918"), distance("2817", "3117")
    (0, 1, 3)
    """
    ax, ay, az = to_cube(a)
    bx, by, bz = to_cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def are_adjacent(a: Hex, b: Hex) -> bool:
    """Whether two hexes share a hexside.

    >>> are_adjacent("2817", "2816"), are_adjacent("2817", "2819")
    (True, False)
    """
    return distance(a, b) == 1


def hexside(a: Hex, b: Hex) -> str:
    """The side shared by two adjacent hexes, named by both hexes in order.

    >>> hexside("2817", "2818")
    '2817/2818'
    """
    return f"{a}/{b}" if a < b else f"{b}/{a}"


@cache
def nearby(h: Hex, radius: int) -> frozenset[Hex]:
    """The hexes of `within(h, radius)` as a set, computed once per hex and radius.

    >>> sorted(nearby("2817", 1)) == sorted(neighbours("2817"))
    True
    """
    return frozenset(within(h, radius))


def within(h: Hex, radius: int) -> Iterator[Hex]:
    """Every numbered hex at distance 1..radius of h."""
    x, y, z = to_cube(h)
    for dx in range(-radius, radius + 1):
        for dy in range(max(-radius, -dx - radius), min(radius, -dx + radius) + 1):
            dz = -dx - dy
            if dx == dy == 0:
                continue
            n = from_cube(x + dx, y + dy, z + dz)
            if n is not None:
                yield n


def fire_paths(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The hexes a line of fire from a to b passes through, as alternative paths.

    Adjacent hexes: one empty path. Two hexes apart in a straight line: one path through the
    middle hex. Two hexes apart otherwise the line runs along a hexside between two hexes,
    the case of Borodino, Artillery (I): two equidistant paths, and fire is blocked only if
    both are blocked. Longer ranges are not used by any rule book here.
    """
    d = distance(a, b)
    if d == 1:
        return [()]
    if d != 2:
        raise ValueError(f"line of fire is defined for ranges 1 and 2, not {d}")
    common = [n for n in neighbours(a) if n in neighbours(b)]
    return [(n,) for n in sorted(common)]
