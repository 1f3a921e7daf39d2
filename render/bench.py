"""Timing of snapshots for `kolocha bench`: the static layer is warmed first, as in a running bot."""
from __future__ import annotations

import statistics
import time

import rules
from render import snapshot


def _median_ms(call, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 1)


def measure(repeat: int = 7) -> dict:
    """Median milliseconds of a Borodino full-map snapshot (7 Sept start, every unit), a radius-6 crop,
    and a Bloody Monday area-map snapshot of the set-up in the French player's view."""
    system = rules.load("borodino")
    view = system.view(system.setup("7sep", 1), None)
    snapshot(view)
    snapshot(view, around=["2817"])
    blocks = rules.load("bloody_monday")
    bm = blocks.view(blocks.setup(blocks.INFO.default_scenario, 1), "french")
    snapshot(bm)
    return {"full_snapshot_ms": _median_ms(lambda: snapshot(view), repeat),
            "crop_snapshot_ms": _median_ms(lambda: snapshot(view, around=["2817"]), repeat),
            "units": len(view["units"]),
            "area_snapshot_ms": _median_ms(lambda: snapshot(bm), repeat), "blocks": len(bm["units"])}

