"""Odds before you commit: what a declared attack would meet, without rolling.

`forecast` reads `attackers -> defenders` as `attack` does and plans it with `combat.plan_attack`,
so the strengths, the attacker's and the defender's modifiers and the odds column are exactly those the attack would
get (Combat, General Rule; J, K; Artillery H; Redoubts E-I). Each die face of that column of the
Combat Resolution Table is one sixth; faces with the same result are grouped. A retreat is looked
up with `results.retreat_options`: a unit with no open path "is ELIMINATED" (Retreat and Advance),
and the forecast names it. Under Doomed Victory's `dv_rally` a retreat may be two hexes (6.10):
`two_hexes` names those units, `breaks` those it breaks, and a broken unit on a two-hex retreat is
among the `eliminated`; under `dv_leaders`, `rally` names the units an active leader stacked
with or next to them may still rally, which shortens a retreat by a hex (8.151). The state is never
changed and no die is rolled.
"""
from __future__ import annotations

from fractions import Fraction

from rules.borodino import commands as C
from rules.borodino import dv_combat, dv_leaders
from rules.borodino.battle import Battle
from rules.borodino.combat import Plan, plan_attack
from rules.borodino.instead import InGame
from rules.borodino.results import retreat_options, spared_attackers
from rules.borodino.tables import odds_ratio
from rules.core.errors import CommandError
from rules.core.hexes import is_hex
from rules.core.play import copy_state


def forecast(state: dict, text: str) -> dict:
    """The odds of `attackers -> defenders` ("3022+3121 -> 3020") and what each result would do.

    Asked outside the attacker's own Combat Phase, the attack is judged as it would stand at the
    start of one: every unit fresh, and Combat (B, D) left to the moves still to come.
    """
    shown = InGame(state, state["player"])  # examples in the phasing player's hexes
    cmd = C.parse(f"attack {text}", ex=shown) if "->" in text else None
    if not isinstance(cmd, C.Attack):
        words = text.split()
        asked = len(words) == 2 and all(is_hex(h) for w in words for h in w.split("+"))  # '3122 3021'
        example = f"`odds {words[0]} -> {words[1]}`" if asked else shown.attack(words).replace("`attack ", "`odds ")
        raise CommandError(f"odds takes an attack, attackers -> defenders: {example} (Combat A).")
    b = Battle(copy_state(state))
    side = _attacking_side(b, cmd)
    now = b.s["phase"] == "combat" and b.s["player"] == side
    if not now:
        _fresh(b)
    plan = plan_attack(b, side, cmd, check_obligations=now)
    b.s["pending"] = {"steps": [], "involved": plan.attackers + plan.defenders}
    return {
        "kind": "crt", "attack": cmd.to_text().removeprefix("attack "), "side": side,
        "attack_strength": _number(plan.attack), "defence_strength": _number(plan.defence),
        "odds": plan.odds, "ratio": odds_ratio(plan.attack, plan.defence),  # beyond the table: fought at its odds
        "modifiers": plan.notes + _empty_redoubt(b, plan),
        "attack_modifiers": plan.attack_notes,
        "bombarding": [b.describe(a) for a in plan.bombarding],
        "results": [_consequences(b, plan, result, faces) for result, faces in _faces(b, plan.odds)],
    }


def _empty_redoubt(b: Battle, plan: Plan) -> list[str]:
    """An empty redoubt attacked by itself defends with its own strength through its front, with none
    from the rear (Russian Redoubts D, I)."""
    if not (plan.redoubt_alone and plan.redoubt_defending):
        return []
    r = b.map.redoubts[plan.redoubt_defending]
    return [f"the {r.name}, empty, defends with its own {r.strength}" if plan.defence else
            f"the {r.name}, empty and attacked from the rear, has no strength"]


def _attacking_side(b: Battle, cmd: C.Attack) -> str:
    """The side of the first attacker named (a redoubt attacks for the Russians)."""
    first = cmd.attackers[0]
    if first.startswith("R"):
        return "russian"
    side = b.side_at(first)
    if side is None:
        raise CommandError(f"There is no unit in {first} to attack with (Combat A).")
    return side


def _fresh(b: Battle) -> None:
    """Every unit and redoubt as at the start of a Combat Phase (turns.end_movement)."""
    for u in b.s["units"].values():
        u["attacked"] = u["defended"] = u["advanced"] = False
    for r in b.s["redoubts"].values():
        r["attacked"] = False


def _faces(b: Battle, column: str) -> list[tuple[str, list[int]]]:
    """The results of one CRT column, each with the die faces that give it, in die order."""
    grouped: dict[str, list[int]] = {}
    for die in range(1, 7):
        grouped.setdefault(b.tables.result(column, die), []).append(die)
    return list(grouped.items())


def _consequences(b: Battle, plan: Plan, result: str, faces: list[int]) -> dict:
    """What one result does to the units of this attack (CRT; Artillery C; Redoubts J)."""
    spared = spared_attackers(b, plan)  # Artillery C
    exposed = [a for a in plan.attackers if a not in spared]
    out: dict = {"result": result, "faces": faces, "probability": len(faces) / 6,
                 "eliminated": [], "retreat": [], "blocked": [], "exchange": 0}
    if result == "Ae":
        out["eliminated"] = [b.describe(a) for a in exposed]
    elif result in ("De", "Ex"):
        out["eliminated"] = [b.describe(d) for d in plan.defenders]
    if result == "Ex" and exposed:  # "In the case of a doubled Defender, ... the printed (undoubled)"
        out["exchange"] = sum(b.strength(d) for d in plan.defenders) if plan.defenders else \
            b.map.redoubts[plan.redoubt_defending or ""].strength
    near = [a for a in plan.attackers if a not in plan.bombarding]  # bombarding artillery never advances (G)
    if plan.redoubt_alone and near and result in ("Dr", "De", "Ex"):  # Redoubts J: it stays, may be entered
        out["redoubt_taken"] = b.map.redoubts[plan.redoubt_defending or ""].name
    retreating = exposed if result == "Ar" else plan.defenders if result == "Dr" else []
    for uid in retreating:
        hexes = _hexes_retreated(b, result, plan.odds, uid)
        if hexes == dv_combat.ELIMINATED:
            out["eliminated"].append(b.describe(uid))
        elif not retreat_options(b, uid, b.hex_of(uid), frozenset()):
            out["blocked"].append(b.describe(uid))
        else:
            out["retreat"].append(b.describe(uid))
        if hexes == 2:
            out.setdefault("two_hexes", []).append(b.describe(uid))
        if hexes == 2 and not dv_combat.is_broken(b, uid):
            out.setdefault("breaks", []).append(b.describe(uid))
        if b.doomed and "leaders" in b.s and dv_leaders.can_rally(b, uid):
            out.setdefault("rally", []).append(b.describe(uid))
    return out


def _hexes_retreated(b: Battle, result: str, odds: str, uid: str) -> int:
    """How far a unit retreats on an Ar or Dr before any leader's rally: 1, or with `dv_rally` 2 where
    the result is a two-hex one (6.10, binding 1: `two_hex_retreats`) or the unit is already broken
    ("If a broken unit receives a Dr result, it retreats TWO hexes instead of one"), or
    dv_combat.ELIMINATED for a broken unit on a two-hex one ("If a broken unit receives another DR
    result, it is eliminated")."""
    if not b.doomed:
        return 1
    n = dv_combat.nominal_length(b, result, odds)
    if not dv_combat.is_broken(b, uid):
        return n
    return dv_combat.ELIMINATED if n == 2 else 2


def _number(x: Fraction) -> int | float:
    """A strength as JSON: 7, or 3.5 for a halved 7."""
    return x.numerator if x.denominator == 1 else float(x)
