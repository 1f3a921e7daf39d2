"""Level 1: an 1812 commander playing by heuristics on the overview's priorities, from its own view
(board.py) and the events told to it, never the state: enemy stacks are markers whose contents it
believes, and the enemy's battle plan is secret until both chits are down.

* Attrition (the opponent selects the losses): the enemy marker believed to hold most corps, the
  nearest to its own stacks first (a stack without corps would spend the loss on nothing).
* Movement: manoeuvre.py, then `end`; forced marches onto victory places to take next door.
* Combat: the chit worth most on the Battle Plan Chart against the enemy's chits taken evenly,
  with a quarter of the worst cell (battle.py), drawn among those nearly as good so that it is
  not read; at the defender's choice it fights when the Combat Results Table promises more than
  the retreat costs; a retreat goes where its side is supplied, holds ground and is safe.
* Supply Segment (French): a depot wherever a supply unit stands apart in an area not stripped
  bare; Victory Point Index: a cavalry corps of the largest stack first.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812.ai.battle import RETREAT, Stacks, answered, chit_values, crs
from rules.campaign_1812.ai.board import Board, about, distances, read, revealed
from rules.campaign_1812.ai.manoeuvre import Manoeuvre, marches
from rules.campaign_1812.commands import CHIT_NAMES
from rules.core.ai import Decision

NEARLY = 0.15  # a chit this close to the best is as good: drawn among them


class Level1:
    """The heuristic commander (see the module docstring)."""

    def plan(self, view: dict, seen: Sequence[dict], rng: random.Random) -> list[Decision]:
        b = read(view, seen)
        phase = b.phase
        if phase == "attrition":
            return [attrition(b)]
        if phase == "movement":
            return [*Manoeuvre(b).plan(), Decision("end", "every stack that should move has moved")]
        if phase == "march":
            return [*marches(b), Decision("end", "no other forced march is worth its risk")]
        if phase == "supply":
            return [*depots(b), Decision("end", "no other depot is needed")]
        if phase == "removal":
            return [removal(b)]
        if view["retreat"]:
            return [retreat(b, view["retreat"]["place"])]
        return [battle(b, view["battle"], rng)]


def attrition(b: Board) -> Decision:
    def near(m: int) -> int:
        return min((distances(m)[p] for p in b.mine), default=0)
    target = max(sorted(b.enemy), key=lambda m: (b.belief.get(m, 0.0) - 0.25 * near(m), -m))
    steps = near(target)
    where = ("where a stack of mine stands" if steps == 0 else
             f"{steps} place{'s' if steps > 1 else ''} from mine")
    return Decision(f"attrit {target}", f"the enemy stack in {b.name(target)} is believed to hold "
                    f"{about(b.belief.get(target, 0.0))}, {where}")


def battle(b: Board, bt: dict, rng: random.Random) -> Decision:
    place = bt["place"]
    mine = b.mine.get(place, {"inf": 0, "cav": 0})
    if bt["stage"] == "choice":
        return choose(b, bt)
    attacking = bt["attacker"] == b.side
    if bt.get("my_plan"):
        return Decision(f"plan {bt['my_plan']}", "the chit stays down until the enemy's is")
    believed = b.belief.get(place, 1.0)
    enemy = (believed, believed / 5)
    st = Stacks(mine["inf"], mine["cav"], *enemy) if attacking else Stacks(*enemy, mine["inf"], mine["cav"])
    t = b.tables
    offered = list(t.attacker_plans if attacking else t.defender_plans)
    weigh = chit_values if attacking else answered  # the defender reads what the attacker is likely to put down
    values = weigh(st, bt["attacker"] == "french", attacking, offered, t, b.chart())
    best = max(values.values())
    chit = rng.choice(sorted(c for c, v in values.items() if v >= best - NEARLY))
    role = "attacker" if attacking else "defender"
    against = "any enemy chit" if attacking else "the chits the attacker is likely to put down"
    return Decision(f"plan {chit}", f"{CHIT_NAMES[chit]} as the {role} in {b.name(place)}: {mine['inf']} infantry "
                    f"corps against {about(believed, '')}, the best of the chart against {against}")


def choose(b: Board, bt: dict) -> Decision:
    """The defender's choice, both stacks shown: fight when the Combat Results Table costs less
    than the retreat."""
    shown = revealed(bt["lines"])
    place = bt["place"]
    mine, theirs = b.mine.get(place, {"inf": 0, "cav": 0}), shown.get(b.foe, {"inf": 1, "cav": 0})
    st = Stacks(theirs["inf"], theirs["cav"], mine["inf"], mine["cav"])
    cost = crs(st, bt["attacker"] == "french", b.tables)
    if cost < RETREAT or not b_retreats(b, place):
        return Decision("fight", f"{mine['inf']} infantry corps against {theirs['inf']}: the Combat Results Table "
                        "costs less than giving up the place")
    return retreat(b, place, why="the Combat Results Table would cost more than giving up the place")


def b_retreats(b: Board, place: int) -> list[int]:
    return [n for n in b.neighbours(place) if n not in b.enemy]


def retreat(b: Board, place: int, why: str = "the rules demand it") -> Decision:
    """Where a retreat goes: supplied, a victory place of its own side, among its own stacks, away
    from the enemy, toward its own map edge."""
    def value(n: int) -> tuple[float, int]:
        west = data.places()[n].xy[0]
        threat = sum(1 for m in b.neighbours(n) if m in b.enemy)
        score = (2.0 * b.supplied(n, bool(b.mine.get(place, {}).get("depot"))) + (b.control.get(n) == b.side)
                 + 0.5 * (n in b.mine) - 0.5 * threat - 0.001 * (west if b.side == "french" else -west))
        return score, -n
    to = max(b_retreats(b, place), key=value)
    return Decision(f"retreat {to}", f"from {b.name(place)} to {b.name(to)}: {why}; it is the safest place next door")


def depots(b: Board) -> list[Decision]:
    """SUPPLY: a depot wherever a supply unit stands in an area without French corps or a Russian
    stack and not yet 100% depleted: it feeds the place and, out of winter, the places next door,
    and it is one more stack the enemy cannot tell from one of corps (STACKING)."""
    if b.side != "french":
        return []
    out, used = [], set()
    for place, st in sorted(b.mine.items()):
        area = data.places()[place].area
        members = [p for p, pl in data.places().items() if pl.area == area]
        if (not st["supply"] or area in used or b.area_depleted(place) == 100
                or any(b.corps(p) or p in b.enemy for p in members)):
            continue
        used.add(area)
        out.append(Decision(f"depot {place}", f"a depot in {b.name(place)}: it feeds the corps that come by, and "
                            "the enemy cannot tell it from a stack of corps"))
    return out


def removal(b: Board) -> Decision:
    """VICTORY CONDITIONS: the corps the index costs, a cavalry corps first (infantry takes and holds
    the victory places), from the largest stack."""
    for kind in ("cav", "inf"):
        places = [p for p, st in b.mine.items() if st[kind]]
        if places:
            place = max(places, key=lambda p: (b.corps(p), -p))
            word = "a cavalry" if kind == "cav" else "an infantry"
            return Decision(f"remove {place} {kind}", f"{word} corps of the largest stack, in {b.name(place)}: "
                            "infantry takes and holds the victory places")
    raise AssertionError("the removal waits only while the French have a corps")
