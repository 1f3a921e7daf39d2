"""Neighbourhoods on an area graph, shared by every area map (Bloody Monday, 1812)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from render.frame import NotOnMap


def neighbourhood(neighbours: Mapping[int, Iterable[int]], around: Iterable[int], radius: int,
                  naming: str, kind: str = "place") -> frozenset[int]:
    """The places within `radius` steps (neighbour to neighbour) of those in `around` that are
    places of the graph; NotOnMap when none is, its sentence saying what the map calls a place
    (`kind`) and how it names them (`naming`).

    >>> sorted(neighbourhood({1: [2], 2: [1, 3], 3: [2]}, [1, 9], 1, "1 to 3"))
    [1, 2]
    """
    around = list(around)
    seen = {n for n in around if n in neighbours}
    if not seen:
        raise NotOnMap(f"{', '.join(map(str, around))}: no {kind} of this map; name {naming}, "
                       "or none to draw the whole map.")
    edge = set(seen)
    for _ in range(radius):
        edge = {m for a in edge for m in neighbours[a]} - seen
        seen |= edge
    return frozenset(seen)
