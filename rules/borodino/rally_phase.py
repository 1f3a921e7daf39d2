"""The Rally Phase of the Doomed Victory errata (3.2; options `dv_rally`, `dv_leaders`).

3.2: "I. French Player Turn > II. Russian Player turn > III. Rally Phase > IV. Game Turn Record
Phase": it runs after the Russian Player-Turn (and its redoubt upkeep), before the next Game-Turn.
* `dv_rally` alone (6.10): a die for each broken unit on the map; a Russian unit rallies on 1-2,
  a French allied one on 1-3, a French one on 1-4.
* with `dv_leaders` (8.152, which "supersedes" 6.10's roll): first the leaders may move, the
  French player's then the Russian player's (`move <leader> <hex>`, then `end`); then each active
  leader rolls for each broken subordinate unit stacked with or adjacent to him, rallying it on his
  rating or less; then every leader turns active. A side with no active leader on the map has no
  part. 8.152 says "Each active Leader has the option to move during the Rally Phase"; under the
  option dv_rally_moves that is read to the letter, and a side's leaders may move whenever one is
  active. Without it (the default) a side with no broken unit on the map is skipped too (binding:
  the phase exists for rallying, and by post each part of it is a wait for a player every Game-Turn
  while nothing is to be rallied; a leader moves again in his own Movement Phase).
"""
from __future__ import annotations

from collections.abc import Callable

from rules.borodino import dv_data, dv_leaders
from rules.borodino.battle import SIDES, Battle
from rules.core.dice import roll
from rules.core.events import Event, event, listed

Then = Callable[[Battle], list[Event]]  # what follows the Rally Phase (the next Game-Turn)


def begin(b: Battle, then: Then) -> list[Event]:
    """Open the Rally Phase: roll at once (6.10), or let the first side's leaders move (8.152)."""
    events = [event("Rally Phase (Doomed Victory 3.2).", kind="phase", turn=b.s["turn"])]
    if "leaders" not in b.s:
        return events + _unit_rolls(b) + then(b)
    for leader in b.s["leaders"].values():
        leader["moved"] = False
    return events + _next_mover(b, SIDES, then)


def end(b: Battle, side: str, then: Then) -> list[Event]:
    """`end` in the Rally Phase: the other side's leaders move, or the rolls are made."""
    later = SIDES[SIDES.index(side) + 1:]
    moved = any(b.s["leaders"][lid]["moved"] for lid in dv_leaders.on_map(b, side))
    done = "have moved" if moved else "stay where they are"
    return [event(f"The {side.title()} leaders {done} (Doomed Victory 8.152).", kind="phase")] + \
        _next_mover(b, later, then)


def _next_mover(b: Battle, sides: tuple[str, ...], then: Then) -> list[Event]:
    for side in sides:
        if _has_rallying(b, side):
            b.s["phase"], b.s["player"] = "rally", side
            return [event(f"{side.title()} leaders may move before they rally broken units (Doomed Victory "
                          "8.152).", kind="phase", player=side)]  # how: the status says it
    b.s["player"] = "russian"
    return _leader_rolls(b) + _all_active(b) + then(b)


def _has_rallying(b: Battle, side: str) -> bool:
    """Whether the side's leaders have a part in the Rally Phase (8.152; the module's docstring)."""
    if not (b.option("dv_rally_moves") or any(b.unit(u)["where"] == "map" and b.side(u) == side
                                              for u in b.s.get("broken", ()))):
        return False
    return any(b.s["leaders"][lid]["active"] for lid in dv_leaders.on_map(b, side))


def _unit_rolls(b: Battle) -> list[Event]:
    """6.10: one die for each broken unit on the map."""
    data, events = dv_data.load(), []
    for uid in list(b.s["broken"]):
        if b.unit(uid)["where"] != "map":
            continue
        need = data.rally_number(b.side(uid), b.defs[uid].corps)
        die = roll(b.s["dice"])
        events.append(_rolled(b, uid, die, need, f"rallies on {need} or less", "6.10"))
    return events


def _leader_rolls(b: Battle) -> list[Event]:
    """8.152: each active leader rolls for each broken subordinate unit he is stacked with or adjacent
    to; "Units remain broken until rallied by a Leader in the Rally Phase"."""
    if "broken" not in b.s:
        return []
    events, alone = [], []
    for uid in list(b.s["broken"]):
        lid = dv_leaders.can_rally(b, uid) if b.unit(uid)["where"] == "map" else None
        if lid is not None:
            rating = dv_data.load().leaders[lid].rating
            events.append(_rolled(b, uid, roll(b.s["dice"]), rating,
                                  f"{dv_leaders.name(lid)} rallies on his rating {rating} or less", "8.152"))
        elif b.unit(uid)["where"] == "map":
            alone.append(uid)
    return events + _unrallied(b, alone)


def _unrallied(b: Battle, alone: list[str]) -> list[Event]:
    """The broken units no leader rolls for, told so that none is passed over in silence."""
    if not alone:
        return []
    one = len(alone) == 1
    return [event(f"{listed([b.describe(u) for u in alone])} {'has' if one else 'have'} no active leader of "
                  f"{'its' if one else 'their'} corps stacked with or next to {'it' if one else 'them'}, and "
                  f"{'stays' if one else 'stay'} broken (Doomed Victory 8.152).", kind="unit_rally", units=alone,
                  rallied=False)]


def _rolled(b: Battle, uid: str, die: int, need: int, how: str, rule: str) -> Event:
    rallied = die <= need
    if rallied:
        b.s["broken"].remove(uid)
    said = "is rallied, its BROKEN marker removed" if rallied else "stays broken"  # one sentence, one colon-free
    return event(f"{b.describe(uid)} rolls {die} ({how}) and {said} (Doomed Victory {rule}).", kind="unit_rally",
                 unit=uid, die=die, rallied=rallied)


def _all_active(b: Battle) -> list[Event]:
    """8.152: "Flip all leaders to their ACTIVE side at the end of the Rally Phase"."""
    for leader in b.s["leaders"].values():
        leader["active"] = True
    return [event("Every leader turns active (Doomed Victory 8.152).", kind="leaders_active")]
