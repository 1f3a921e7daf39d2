"""How far apart two places of an area map are: the fewest moves from one neighbour to the next
(a neighbour is 1 away), over the map's own graph. For presenting places nearest first; what a
unit may actually reach is the rules' business (terrain, enemies, movement allowances).

>>> graph = {1: (2,), 2: (1, 3), 3: (2,), 4: ()}
>>> steps(graph.__getitem__, 1, 3), steps(graph.__getitem__, 1, 1), steps(graph.__getitem__, 1, 4) is None
(2, 0, True)
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable


def steps(neighbours: Callable[[int], Iterable[int]], a: int, b: int) -> int | None:
    """Moves from `a` to `b` over `neighbours`; None when no path joins them."""
    far = {a: 0}
    todo = deque([a])
    while todo:
        here = todo.popleft()
        if here == b:
            return far[here]
        for there in neighbours(here):
            if there not in far:
                far[there] = far[here] + 1
                todo.append(there)
    return None


def place_steps(neighbours: Callable[[int], Iterable[int]], known: Iterable[int], a: str, b: str) -> int | None:
    """`steps` between two places named by their numbers as a player types them; None for a
    word that is not a place of the map."""
    places = set(known)
    if not (a.isdigit() and b.isdigit() and int(a) in places and int(b) in places):
        return None
    return steps(neighbours, int(a), int(b))
