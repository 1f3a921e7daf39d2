"""Choosing where a label goes: the first candidate box inside the picture that covers nothing,
else the one covering least, what it covers weighed by how much it matters (a counter more than
an arrow)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from render.hexmap.geometry import Box, boxes_overlap

Weighted = Sequence[tuple[Sequence[Box], float]]  # boxes to keep clear of, and the weight of covering them


def best_spot(candidates: Iterable[Box], avoid: Weighted, area: Box) -> Box | None:
    """The first candidate inside `area` overlapping none of `avoid`, else the inside one whose
    weighted overlap is least; None when no candidate lies inside `area`."""
    best: tuple[float, Box] | None = None
    for box in candidates:
        if not (area[0] <= box[0] and area[1] <= box[1] and box[2] <= area[2] and box[3] <= area[3]):
            continue
        clash = sum(weight * overlap_area(box, other) for boxes, weight in avoid for other in boxes)
        if clash == 0:
            return box
        if best is None or clash < best[0]:
            best = (clash, box)
    return None if best is None else best[1]


def overlap_area(a: Box, b: Box) -> int:
    if not boxes_overlap(a, b):
        return 0
    return (min(a[2], b[2]) - max(a[0], b[0])) * (min(a[3], b[3]) - max(a[1], b[1]))


def near(boxes: Iterable[Box], box: Box) -> list[Box]:
    """The boxes that overlap `box` (the span of a label's candidates): the only ones they can meet."""
    return [b for b in boxes if boxes_overlap(b, box)]


class Grid:
    """Boxes filed by the square cells (`cell` pixels wide) they reach into, so that what a box
    meets is found among the few filed where it lies, not among all."""

    def __init__(self, boxes: Iterable[Box], cell: float):
        self.cell = max(1.0, cell)
        self.cells: dict[tuple[int, int], list[Box]] = {}
        for box in boxes:
            for key in self._keys(box):
                self.cells.setdefault(key, []).append(box)

    def _keys(self, box: Box) -> Iterable[tuple[int, int]]:
        c = self.cell
        return ((i, j) for i in range(int(box[0] // c), int(box[2] // c) + 1)
                for j in range(int(box[1] // c), int(box[3] // c) + 1))

    def near(self, box: Box) -> list[Box]:
        """The boxes overlapping `box`, each once."""
        found = {id(b): b for key in self._keys(box) for b in self.cells.get(key, ()) if boxes_overlap(b, box)}
        return list(found.values())

    def covered(self, box: Box) -> int:
        """The area of `box` the filed boxes cover, each counted once (overlapping ones add up)."""
        return sum(overlap_area(box, b) for b in self.near(box))
