"""The positive control of a refusal test, shared by every game system's helpers: the same command
is accepted once the obstacle is gone, so the refusal is known to come from that obstacle."""
from __future__ import annotations

import copy
from collections.abc import Callable


def cleared(state: dict, clear: Callable[[dict], object]) -> dict:
    """A copy of `state` after `clear` has removed the obstacle from it; `state` stays as it was."""
    copied = copy.deepcopy(state)
    clear(copied)
    return copied
