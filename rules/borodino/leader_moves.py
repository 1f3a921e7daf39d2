"""Moving a leader (Doomed Victory 8.1, 8.152; option `dv_leaders`).

"Leaders are never affected by enemy ZOC": a leader moves over the Terrain Effects Chart like a
unit, up to his Movement Points, but enemy Zones of Control neither stop him nor hold him. He may
not pass through enemy units (binding: SPI units may not either), and ends on a friendly combat unit,
with which he is then stacked (dv_leaders.py). He moves once in his side's Movement Phase and once
in the Rally Phase (8.152); riding with the unit he is stacked with costs him nothing.
"""
from __future__ import annotations

import heapq

from rules.borodino import dv_data, dv_leaders
from rules.borodino.battle import Battle
from rules.borodino.commands import Move
from rules.borodino.movement import closed_fronts, passable_steps, some_hexes
from rules.core.errors import RuleViolation
from rules.core.events import Event, event, listed
from rules.core.hexes import Hex


def destinations(b: Battle, lid: str) -> dict[Hex, int]:
    """The hexes of friendly units this leader can reach, with their cost in MP."""
    start = dv_leaders.leader_hex(b, lid)
    if start is None:
        return {}
    d = dv_data.load().leaders[lid]
    enemies = {h for h, occ in b.occupant.items() if b.side(occ) != d.side}
    closed = closed_fronts(b) if d.side == "french" else frozenset()
    steps = passable_steps(b.map)
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > best[h]:
            continue
        for n, c in steps.get(h, ()):
            c += cost
            if c <= d.movement and c < best.get(n, 99) and n not in enemies and (h, n) not in closed:
                best[n] = c
                heapq.heappush(heap, (c, n))
    return {h: c for h, c in best.items() if h != start and b.side_at(h) == d.side}


def movers(b: Battle, side: str) -> list[str]:
    """The side's leaders on the map that have not moved this phase (in the Rally Phase, the active
    ones: 8.152)."""
    rally = b.s["phase"] == "rally"
    return [lid for lid in dv_leaders.on_map(b, side) if not b.s["leaders"][lid]["moved"]
            and (b.s["leaders"][lid]["active"] or not rally)]


def _why_not(b: Battle, side: str, to: Hex, frm: Hex | None) -> str:
    """Why a leader standing in `frm` may not end in `to`: off the map, where he stands already, no
    friendly unit there, or out of his reach."""
    if not b.map.on_map(to):
        return f"{to} is not on the map"
    if to == frm:
        return f"he already stands in {to}, stacked with {b.describe(b.at(to) or '')}"
    host = b.at(to)
    if host is None:
        return f"{to} holds no unit"
    return f"{to} holds an enemy unit" if b.side(host) != side else f"{to} is beyond his reach"


def move(b: Battle, side: str, lid: str, cmd: Move) -> list[Event]:
    """`move davout 3224`: the leader joins the friendly unit in 3224 (8.1)."""
    d = dv_data.load().leaders[lid]
    leader = b.s["leaders"][lid]
    if d.side != side:
        yours = [dv_leaders.name(x) for x in dv_leaders.on_map(b, side)]
        raise RuleViolation("Turns of Play", f"{d.name} is a {d.side.title()} leader, not yours; "
                            + (f"yours on the map: {listed(yours)}" if yours else "you have none on the map"))
    frm = dv_leaders.leader_hex(b, lid)
    if frm is None and leader["where"] == "removed":
        raise RuleViolation("Doomed Victory 8.14", f"{d.name} has left the game (killed, captured or wounded)")
    if frm is None:
        host = leader["with"]
        comes = f": he comes on with {host}, a reinforcement waiting to enter" \
            if host and b.unit(host)["where"] == "waiting" else ""
        raise RuleViolation("Doomed Victory 8.1", f"{d.name} is not on the map{comes}")
    if leader["moved"]:
        raise RuleViolation("Doomed Victory 8.1", f"{d.name} has already moved this phase; to change his move, "
                            "`undo` it")
    if b.s["phase"] == "rally" and not leader["active"]:
        raise RuleViolation("Doomed Victory 8.152", f"{d.name} is inactive this Game-Turn, and only an active leader "
                            "moves in the Rally Phase")
    options = destinations(b, lid)
    if len(cmd.path) != 1:
        nearest = sorted(options, key=lambda h: (options[h], h))[:1]
        raise RuleViolation("Doomed Victory 8.1", "a leader is moved to one hex, not along a path: " + (
            f"`move {d.name} {nearest[0]}`" if nearest else f"{d.name} can reach no friendly unit now"))
    to = cmd.path[0]
    if to not in options:
        hint = some_hexes(options, 10, to if b.map.on_map(to) else None) or "nowhere"
        raise RuleViolation("Doomed Victory 8.1", f"{d.name} moves up to {d.movement} MP, unhindered by enemy Zones "
                            f"of Control but not through enemy units, to a hex holding a friendly unit, with which he "
                            f"stacks; {_why_not(b, side, to, frm)}; he can reach {hint}")
    host = b.at(to)
    assert host is not None
    leader["with"], leader["moved"] = host, True
    unit = b.defs[host]  # by its kind: its hex is the one just named ('to 2327 ... and stacks with 2327 (...)')
    return [event(f"{d.name} moves from {frm} to {to} ({options[to]} MP) and stacks with the {unit.side.title()} "
                  f"{unit.strength}-{unit.movement} {unit.kind} there (Doomed Victory 8.1).", kind="leader_move",
                  leader=lid, path=[frm, to])]
