"""Disclosures the rules themselves make: where a rule tells a player something that depends on
what the other side hides, so that the swap test (two enemy blocks the viewer has not seen
exchanged: nothing the viewer observes may change) does not hold for it.

Each entry cites its rule, says what it tells, and names where it shows: the kind of the events
that tell it, the fields of a view's areas and the markers (cubes) on units the viewer knows. The
swap tests play the steps that make these disclosures and compare everything else the viewer
observes, with only these parts set aside (`set_aside`).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Disclosure:
    """One thing a rule makes public although it depends on something hidden."""

    system: str
    rule: str
    tells: str
    event: str  # the kind of the events that tell it
    area_fields: tuple[str, ...] = ()  # keys of a view's areas that show it
    cubes: tuple[str, ...] = ()  # markers on a unit the viewer knows that show it
    position_keys: tuple[str, ...] = ()  # keys of the state as the viewer knows it (view["position"])
    governs: tuple[str, ...] = ()  # kinds of events whose content the same rule makes follow from it


DISCLOSURES = (
    Disclosure("bloody_monday", "Bloody Monday 4.1",
               "which of the phasing side's units and controlled victory areas have no Line of Communication "
               "to its supreme commander, traced at the start of each of its Actions (the white cube), and so "
               "something of where he stands even while his block is hidden",
               event="isolation", area_fields=("isolated",), cubes=("white",), position_keys=("isolated_areas",),
               governs=("reinforcements",)),  # "Isolated Victory Areas cannot be used for deploying Reinforcements"
    Disclosure("bloody_monday", "Bloody Monday 1.2, 3.3",
               "where reinforcements deploy, in public: into a victory area without overstacking, where only a "
               "supreme commander may overstack, so an area at its limit takes one when a hidden block there is "
               "the supreme commander",
               event="reinforcements", governs=("reinforcements",)),
)


def of(system: str) -> tuple[Disclosure, ...]:
    """The disclosures of one game system."""
    return tuple(d for d in DISCLOSURES if d.system == system)


def telling(system: str, events: list[dict]) -> list[dict]:
    """The events that make a disclosure of `system` (the Isolation Check's, the reinforcements')."""
    kinds = {d.event for d in of(system)}
    return [e for e in events if e.get("kind") in kinds]


def governed(system: str, events: list[dict]) -> bool:
    """Whether `events` include one whose content a disclosure of `system` governs by its rule (where
    reinforcements may deploy follows from which victory areas are isolated): when the disclosure
    differs between two positions, so may these."""
    kinds = {k for d in of(system) for k in d.governs}
    return any(e.get("kind") in kinds for e in events)


def set_aside(system: str, view: dict, events: list[dict]) -> tuple[dict, list[dict]]:
    """A view and the events a viewer heard without what the rules of `system` disclose."""
    told = of(system)
    fields = {f for d in told for f in d.area_fields}
    cubes = {c for d in told for c in d.cubes}
    keys = {k for d in told for k in d.position_keys}
    out = dict(view)
    if "areas" in view:
        out["areas"] = [{k: v for k, v in area.items() if k not in fields} for area in view["areas"]]
    if "units" in view:
        out["units"] = _uncubed(view["units"], cubes)
    if "position" in view:
        known = view["position"]
        out["position"] = {k: v for k, v in known.items() if k not in keys}
        if "blocks" in known:
            out["position"]["blocks"] = dict(zip(known["blocks"], _uncubed(list(known["blocks"].values()), cubes)))
    return out, [e for e in events if e not in telling(system, events)]


def _uncubed(units: list[dict], cubes: set[str]) -> list[dict]:
    """Units without the markers `cubes`."""
    return [{**u, "cubes": [c for c in u["cubes"] if c not in cubes]} if "cubes" in u else u for u in units]
