"""A computer player watched, shared by every system's computer-player tests: it is handed its
side's view, never the state, so the dice (and what they hold of the future) never reach it."""
from __future__ import annotations

import random

from rules.core.ai import Commander


class Watched:
    """A commander that records each view it is handed, then plans as the one it wraps."""

    def __init__(self, inner: Commander):
        self.inner, self.views = inner, []

    def plan(self, view: dict, seen: list, rng: random.Random):
        self.views.append(view)
        return self.inner.plan(view, seen, rng)


def never_the_state(views: list[dict]) -> bool:
    """Some views were handed over, and none holds the game's dice."""
    return bool(views) and all("dice" not in v and "dice" not in v["position"] for v in views)
