"""Timing of snapshots for `kolocha bench`: the static layer is warmed first, as in a running bot."""
from __future__ import annotations

import statistics
import time

import rules
from render import snapshot
from rules.bloody_monday import bm_data


def _median_ms(call, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 1)


def area_view() -> dict:
    """A Bloody Monday French view with all 115 blocks, two to an area of their side's start control."""
    areas = sorted(bm_data.areas().values(), key=lambda a: a.number)
    units: list[dict] = []
    for side in ("french", "russian"):
        places = [a.number for a in areas if a.control == side for _ in range(2)]
        for bid, area in zip(sorted(b for b in bm_data.blocks() if bm_data.blocks()[b].side == side), places):
            b = bm_data.blocks()[bid]
            units.append({"side": side, "area": area, "revealed": False} if side == "russian" else
                         {"side": side, "area": area, "id": bid, "label": b.label, "type": b.type, "colour": b.colour,
                          "strength": b.strength, "max_strength": b.strength, "firepower": b.firepower_at(b.strength),
                          "shield": b.shield, "revealed": False, "cubes": []})
    return {"system": "bloody_monday", "title": "bench", "viewer": "french", "turn": 1, "phase": "impulses",
            "initiative": "french", "units": units,
            "areas": [{"number": a.number, "owner": a.control, "contested": False} for a in areas]}


def measure(repeat: int = 7) -> dict:
    """Median milliseconds of a Borodino full-map snapshot (7 Sept start, every unit), a radius-6 crop,
    and a Bloody Monday full area-map snapshot (all 115 blocks)."""
    system = rules.load("borodino")
    view = system.view(system.setup("7sep", 1), None)
    snapshot(view)
    snapshot(view, around=["2817"])
    bm = area_view()
    snapshot(bm)
    return {"area_snapshot_ms": _median_ms(lambda: snapshot(bm), repeat),"full_snapshot_ms": _median_ms(lambda: snapshot(view), repeat),
            "crop_snapshot_ms": _median_ms(lambda: snapshot(view, around=["2817"]), repeat),
            "units": len(view["units"])}
