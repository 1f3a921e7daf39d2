"""The board a computer player thinks on: rebuilt from its view, never taken from the state.

Borodino hides nothing, so the view carries the whole position but its dice (views.view,
`position`). The rebuilt state gets fresh dice drawn from the AI's own generator: what the AI
tries out never foretells the real rolls, and its decisions cannot depend on the real seed.
"""
from __future__ import annotations

import random

from rules.core.dice import new_dice
from rules.core.play import copy_state


def rebuild(view: dict, rng: random.Random) -> dict:
    """A state with the view's position and dice of the AI's own drawing."""
    state = copy_state(view["position"])
    state["dice"] = new_dice(rng.getrandbits(48))
    return state
