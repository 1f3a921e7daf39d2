"""What every system's tactical test positions (rules/core/positions.py) must hold as a set."""
from __future__ import annotations

from rules.core.positions import Position


def holds_twenty_for_both_sides(found: list[Position], sides: tuple[str, ...]) -> None:
    """At least twenty positions, each side deciding in some, each with its source and a sound
    answer, no id twice."""
    assert len(found) >= 20 and {p.side for p in found} == set(sides)
    assert all(p.provenance and p.sound for p in found)
    assert len({p.id for p in found}) == len(found)
