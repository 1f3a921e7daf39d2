"""Level 1's leaders under Doomed Victory's `dv_leaders` (rules/borodino/leader_moves.py).

Where a leader stands decides what he does, so each moves (once, as the rules allow: 8.1 in the
Movement Phase after the units, 8.152 in the Rally Phase) to the friendly unit that serves best:
* a corps leader next to his own units: 8.151 lets him rally a subordinate unit "stacked with its
  Leader (or in a hex adjacent to him)" that receives a retreat, and 8.152 rally a broken one, so he
  goes where most of his units touch the enemy, and most broken ones, are within a hex of him;
  among such places he keeps out of the enemy's reach, since 8.14 rolls for a leader "stacked with"
  a unit that "receives a combat result of any kind"; failing any, he joins his own units nearest
  the enemy, "toward the attacks";
* an army commander (Murat, the Russian Army Commanders) where most of the corps leaders who need
  him are within his range: they are then active without a die (8.112 for Murat's cavalry
  generals; 8.10 and 8.12 for the Russian corps leaders, who else roll for it, 8.122).
A leader moves only when the new place is better than where he stands.
"""
from __future__ import annotations

from rules import borodino
from rules.borodino import commands as C
from rules.borodino import dv_data, dv_leaders, leader_moves
from rules.borodino.battle import Battle, enemy_of
from rules.core.ai import Decision
from rules.core.hexes import Hex, distance


def moves(state: dict, side: str) -> tuple[dict, list[Decision]]:
    """The leader moves worth making now, each applied in turn; the state after them."""
    if "leaders" not in state:
        return state, []
    plan = []
    for lid in leader_moves.movers(Battle(state), side):
        b = Battle(state)
        if b.s["phase"] == "rally" and not b.s["leaders"][lid]["active"]:
            continue  # 8.152: "Each active Leader has the option to move during the Rally Phase"
        here, options = dv_leaders.leader_hex(b, lid), sorted(leader_moves.destinations(b, lid))
        if here is None or not options:
            continue
        best = max(options, key=lambda h: (_worth(b, lid, h), h))
        if _worth(b, lid, best) <= _worth(b, lid, here):
            continue
        state, _ = borodino.apply(state, side, C.Move(lid, (best,)))
        plan.append(Decision(f"move {dv_leaders.name(lid).lower()} {best}", _why(b, lid, best)))
    return state, plan


def _worth(b: Battle, lid: str, h: Hex) -> tuple[int, ...]:
    if dv_data.load().leaders[lid].role == "army":
        return (len(_in_range(b, lid, h)), -_exposed(b, h))
    near = [u for u in _own_units(b, lid) if distance(b.hex_of(u), h) <= 1]
    fighting = sum(1 for u in near if _exposed(b, b.hex_of(u)))
    broken = sum(1 for u in near if u in b.s.get("broken", ()))
    host = b.at(h)
    own = host is not None and dv_leaders.leader_of(b, host) == lid
    return (3 * broken + 2 * fighting, -_exposed(b, h), int(own), -_front_distance(b, h))


def _own_units(b: Battle, lid: str) -> list[str]:
    """The units on the map whose corps the leader commands (8.10)."""
    return [u for u in b.on_map(dv_data.load().leaders[lid].side) if dv_leaders.leader_of(b, u) == lid]


def _exposed(b: Battle, h: Hex) -> int:
    """How many enemy units stand next to a hex (a unit there may be attacked, 8.14)."""
    side = b.side_at(h)
    return sum(1 for n in b.map.adjacent(h) if side and b.side_at(n) == enemy_of(side))


def _front_distance(b: Battle, h: Hex) -> int:
    side = b.side_at(h)
    enemies = [b.hex_of(u) for u in b.on_map(enemy_of(side))] if side else []
    return min((distance(h, e) for e in enemies), default=0)


def _in_range(b: Battle, lid: str, h: Hex) -> list[str]:
    """The corps leaders on the map activated by this army commander standing in h (8.10, 8.112)."""
    defs = dv_data.load().leaders
    return [other for other in dv_leaders.on_map(b, defs[lid].side) if defs[other].activation == "in_range"
            and distance(_stands(b, other), h) <= defs[lid].range]


def _stands(b: Battle, lid: str) -> Hex:
    h = dv_leaders.leader_hex(b, lid)
    assert h is not None, f"{lid} is on the map"
    return h


def _why(b: Battle, lid: str, h: Hex) -> str:
    leader = dv_data.load().leaders[lid]
    if leader.role == "army":
        n = len(_in_range(b, lid, h))
        which = "8.112" if leader.side == "french" else "8.10, 8.12"  # Murat's cavalry generals; Russian corps
        return (f"brings {n} corps leader{'s' if n != 1 else ''} within his range, active without a die "
                f"(Doomed Victory {which})")
    if _worth(b, lid, h)[0] == 0:  # none of his units near h fights or is broken
        return ("joins his own units nearest the enemy, at hand to rally them when they fight "
                "(Doomed Victory 8.151), clear of the enemy where he can (8.14)")
    return ("stands with or next to his units that fight or are broken, to rally them "
            "(Doomed Victory 8.151, 8.152), clear of the enemy where he can (8.14)")
