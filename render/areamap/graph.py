"""Neighbourhoods on an area graph, shared by every area map (Bloody Monday, 1812)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping


def neighbourhood(neighbours: Mapping[int, Iterable[int]], around: Iterable[int], radius: int) -> frozenset[int]:
    """The places within `radius` steps (neighbour to neighbour) of those in `around` that are
    places of the graph (none of them: empty).

    >>> sorted(neighbourhood({1: [2], 2: [1, 3], 3: [2]}, [1, 9], 1))
    [1, 2]
    """
    seen = {n for n in around if n in neighbours}
    edge = set(seen)
    for _ in range(radius):
        edge = {m for a in edge for m in neighbours[a]} - seen
        seen |= edge
    return frozenset(seen)
