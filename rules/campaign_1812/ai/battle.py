"""What a battle of 1812 is worth before it is fought: the Battle Plan Chart's cells walked code by
code (COMBAT), the Combat Results Table and the Pursuit Table taken at their expectation over the
die, for the stacks a side knows or believes to be there.

A value is counted for the side that attacks when the chits are put down: infantry corps the
enemy loses less those it loses, and half a corps for each retreat forced on the enemy (the place
is left to the winner) or suffered. The level-1 commander chooses its chit against an enemy whose
chit it cannot see: the best mean over the enemy's chits, with a quarter of the worst cell added,
so that it does not stake a corps on the enemy choosing badly. Every value is counted on the tables
the game plays (its view names a player's own; both players know them).

>>> from rules.campaign_1812.campaign_data import tables
>>> round(crs(Stacks(6, 0, 2, 0), True, tables()), 2) > 0 > round(crs(Stacks(2, 0, 6, 0), True, tables()), 2)
True
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from rules.campaign_1812.campaign_data import Tables
from rules.campaign_1812.combat import column

RETREAT = 0.5  # a forced retreat, in infantry corps: the place is given up, nothing more is lost
RISK = 0.25  # the weight of the worst cell beside the mean when the enemy's chit is unknown
LIKELY = 0.15  # an enemy chit this close to the best the enemy can put down is one it may put down (`answered`)


@dataclass(frozen=True)
class Stacks:
    """The corps in a battle as the judging side counts them: the attacker's and the defender's."""

    a_inf: float
    a_cav: float
    d_inf: float
    d_cav: float

    def switched(self) -> Stacks:
        return Stacks(self.d_inf, self.d_cav, self.a_inf, self.a_cav)


def crs(st: Stacks, french_attack: bool, t: Tables, doubled: frozenset[str] = frozenset()) -> float:
    """The Combat Resolution Step and the Pursuit Step that follows it (go CRS-PS-RAC), for the
    attacker; `doubled` holds "A" and/or "D" (a cx2 result)."""
    a = st.a_inf * (2 if "A" in doubled else 1)
    d = st.d_inf * (2 if "D" in doubled else 1)
    if a <= 0 or d <= 0:
        return 0.0
    col = column(t.crt_columns, round(a), max(1, round(d)))
    shift = t.french_leadership if french_attack else -t.french_leadership
    total = 0.0
    for die in range(1, 7):
        row = max(0, min(len(t.crt_rows) - 1, die + shift))
        lost_a = lost_d = 0.0
        for word in t.crt_rows[row][col].split():
            if word[1:] == "r":
                total += RETREAT if word[0] == "D" else -RETREAT
            elif word[0] == "A":
                lost_a += min(int(word[1:]), st.a_inf)
            else:
                lost_d += min(int(word[1:]), st.d_inf)
        left = replace(st, a_inf=st.a_inf - lost_a, d_inf=st.d_inf - lost_d)
        total += lost_d - lost_a + pursuit(left, t)
    return total / 6


def pursuit(st: Stacks, t: Tables) -> float:
    """The Pursuit Step: the attacker's surplus cavalry against the Pursuit Table."""
    surplus = int(st.a_cav - st.d_cav)
    if surplus <= 0 or st.d_inf + st.d_cav <= 0:
        return 0.0
    row = t.pursuit[min(surplus, 3) - 1]
    total = 0.0
    for result in row:
        if result == "Ac1":
            total -= 1
        elif result.startswith("D"):
            total += min(int(result[1:]), st.d_inf + st.d_cav)
    return total / 6


def cell(codes: tuple[str, ...], st: Stacks, french_attack: bool, t: Tables) -> float:
    """A Battle Plan Chart cell carried out in order, for the side attacking when it began."""
    sign, doubled = 1.0, frozenset[str]()
    total = 0.0
    for code in codes:
        if code == "A-1c":
            total -= sign * min(1.0, st.a_inf)
            st = replace(st, a_inf=max(0.0, st.a_inf - 1))
        elif code == "D-1c":
            total += sign * min(1.0, st.d_inf)
            st = replace(st, d_inf=max(0.0, st.d_inf - 1))
        elif code in ("Acx2", "Dcx2"):
            doubled |= {code[0]}
        elif code == "switch":
            sign, st, french_attack = -sign, st.switched(), not french_attack
            doubled = frozenset({"D" if x == "A" else "A" for x in doubled})
        elif code == "Dr(D)":
            total += sign * RETREAT
        elif code == "Dchoice":  # the defender takes the better of retreating and fighting
            fight = crs(st, french_attack, t, doubled)
            return total + sign * min(RETREAT, fight)
        elif code == "CRS":
            return total + sign * crs(st, french_attack, t, doubled)
        elif code == "PS":
            return total + sign * pursuit(st, t)
        elif code == "stop":
            return total
    return total


Chart = dict[tuple[str, str], tuple[str, ...]]


def matrix(st: Stacks, french_attack: bool, t: Tables, chart: Chart) -> dict[tuple[str, str], float]:
    """The value of every pair of chits (attacker's, defender's) for the attacker, on the game's chart."""
    return {pair: cell(codes, st, french_attack, t) for pair, codes in chart.items()}


def chit_values(st: Stacks, french_attack: bool, attacking: bool, offered: list[str], t: Tables,
                chart: Chart) -> dict[str, float]:
    """Each chit the side may put down, valued for that side: the mean over the enemy's chits
    with RISK of the worst added (the enemy's chit is secret)."""
    values = matrix(st, french_attack, t, chart)
    out = {}
    for chit in offered:
        cells = [v if attacking else -v for (a, d), v in values.items() if (a if attacking else d) == chit]
        if cells:
            out[chit] = sum(cells) / len(cells) + RISK * min(cells)
    return out


def answered(st: Stacks, french_attack: bool, attacking: bool, offered: list[str], t: Tables,
             chart: Chart) -> dict[str, float]:
    """Each chit the side may put down, valued against the chits the enemy is likely to put down:
    those within LIKELY of the enemy's best by `chit_values` (the enemy taking ours as even), the
    mean over them, with RISK of the worst over every enemy chit added (its chit is still secret).
    Taken evenly, the attacker's chits left one corps defending against seven to entrench, nearly
    as good as withdrawing (Reconnaissance costs a withdrawing corps, Contact an entrenched one
    nothing); but seven corps attack by Assault or Outflank, against which Entrench goes to the
    Combat Results Table and loses the corps, and Withdraw gives up the place alone."""
    values = matrix(st, french_attack, t, chart)
    theirs = list(t.defender_plans if attacking else t.attacker_plans)
    enemy = chit_values(st, french_attack, not attacking, theirs, t, chart)
    top = max(enemy.values(), default=0.0)
    likely = {c for c, v in enemy.items() if v >= top - LIKELY}
    out = {}
    for chit in offered:
        cells = {(d if attacking else a): (v if attacking else -v)
                 for (a, d), v in values.items() if (a if attacking else d) == chit}
        if cells:
            near = [v for c, v in cells.items() if c in likely] or list(cells.values())
            out[chit] = sum(near) / len(near) + RISK * min(cells.values())
    return out


def expected(st: Stacks, french_attack: bool, t: Tables, chart: Chart) -> float:
    """What attacking is worth to the attacker when both sides choose their chits as the level-1
    commander does: its best chit against the defender's chits taken evenly."""
    values = chit_values(st, french_attack, True, list(t.attacker_plans), t, chart)
    return max(values.values()) if values else 0.0
