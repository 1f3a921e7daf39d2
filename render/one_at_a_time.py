"""One picture drawn at a time in a process.

Drawing a picture holds tens of megabytes for a moment (its layer, canvases, the quantizer's
tables: some 40 MB for the whole Bloody Monday map); a bot drawing for several players at once,
its warm-up and an export's frames would add those up. Each is drawn in turn instead: Pillow
holds the interpreter through most of a picture anyway, so little time is lost.
"""
from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
DRAWING = threading.RLock()  # re-entrant: a picture may draw another (a crop's whole layer)


def one_at_a_time(draw: F) -> F:
    """`draw`, waiting while another thread of the process draws."""
    @functools.wraps(draw)
    def in_turn(*args: Any, **kwargs: Any) -> Any:
        with DRAWING:
            return draw(*args, **kwargs)
    return in_turn  # type: ignore[return-value]
