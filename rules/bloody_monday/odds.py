"""Odds before you commit: the hits a battle or a gun may score, from what the asker may know.

`odds <area>` forecasts the ground combat of a battle there (5.3.4): each side's units roll as
many dice as their strength, support units one (2.3), hitting at their firepower (2.2), inspired
one better (5.2.2), halved across the Kolocha (1.2.3) — all read off `ground.dice_of`, the function
the battle itself rolls with. `odds <artillery> <area>` forecasts one gun's fire (5.3.1): strength
dice at TF. The defender's ground absorbs the first hits either way (1.2.1, 5.3.6).

Fog of war (Setup): the asker's own blocks and the enemy blocks the asker's view shows count
exactly; a hidden enemy block counts only as "one of the enemy blocks I have not seen", valued as
their average at printed strength. Hidden facts never enter the answer, so two hidden blocks
swapped give the same forecast (the swap test).
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

from rules.bloody_monday import commands as C
from rules.bloody_monday import ground
from rules.bloody_monday.game import Game, enemy_of
from rules.core.errors import CommandError, RuleViolation
from rules.core.play import copy_state


def forecast(state: dict, viewer: str | None, text: str) -> dict:
    """`<area>`: a battle's expected hits; `<artillery> <area>`: one gun's fire (read as `battle`
    and `fire` read them)."""
    words = text.split()
    if len(words) == 1:
        cmd = C.parse(f"battle {text}")
        assert isinstance(cmd, C.Battle)
        return battle(_assumed(state, viewer), viewer, cmd.area)
    if len(words) == 2 and not all(word.isdigit() for word in words):  # `odds 41 42`: one area is asked
        shot = C.parse(f"fire {text}")
        assert isinstance(shot, C.Fire)
        return fire(Game(copy_state(state)), viewer, shot.block, shot.area)
    raise CommandError("odds takes a battle area (`odds 41`) or an artillery and the area it would fire "
                       "into (`odds f-i-a1 41`).")


def _assumed(state: dict, viewer: str | None) -> Game:
    """The position as the viewer may reckon it: every block the viewer does not know stands at its
    printed strength without cubes (its true strength and cubes are hidden)."""
    g = Game(copy_state(state))
    for bid in g.s["blocks"]:
        if not g.knows(viewer, bid):
            g.block(bid)["strength"], g.block(bid)["cubes"] = g.defs[bid].strength, []
    return g


def _unit(g: Game, bid: str) -> dict:
    dice, need = ground.dice_of(g, bid)
    return {"name": g.public_name(bid), "dice": dice, "hits_on": need, "expected": float(_expected(dice, need))}


def _expected(dice: int, need: int) -> Fraction:
    return dice * Fraction(max(0, 7 - need), 6)


def battle(g: Game, viewer: str | None, area: int) -> dict:
    """5.3.4: each side's expected hits in the ground combat of `area`, known units exactly."""
    if not g.contested(area):
        raise RuleViolation("5.3", f"{area} is not contested: battles are fought where both sides have units; "
                            "ask about a contested area")
    bt = g.s["battle"]
    attacker = bt["attacker"] if bt else g.s["player"]
    defender = enemy_of(attacker)
    sides = {}
    for side in (attacker, defender):
        units = g.units(area, side)
        known = [_unit(g, b) for b in units if g.knows(viewer, b)]
        hidden = len(units) - len(known)
        each = _unseen_average(g, viewer, side) if hidden else Fraction(0)
        sides[side] = {"known": known, "hidden": hidden, "hidden_each": float(each),
                       "expected": sum(u["expected"] for u in known) + float(hidden * each)}
    return {"kind": "battle", "area": area, "attacker": attacker, "defender": defender,
            "bonus": g.defensive_bonus(area, defender), "sides": sides}


def _unseen_average(g: Game, viewer: str | None, side: str) -> Fraction:
    """The average expected hits of `side`'s blocks the viewer has not seen, at printed strength."""
    unseen = [b for b in g.defs if g.defs[b].side == side and not g.knows(viewer, b)]
    return sum((_expected(*ground.dice_of(g, b)) for b in unseen), Fraction(0)) / len(unseen)


def fire(g: Game, viewer: str | None, ref: str, area: int) -> dict:
    """5.3.1: "Each activated Artillery rolls as many dice as its Strength ... and has TF"."""
    if viewer is None:
        raise CommandError("Only a player can ask about the fire of one of their guns.")
    bid = g.resolve(viewer, ref)
    if g.defs[bid].type != "artillery":
        raise RuleViolation("5.3.1", f"{g.public_name(bid)} is not an artillery; name one of your guns")
    if area not in g.areas[g.area(bid)].neighbours:
        raise RuleViolation("5.3.1", f"{g.public_name(bid)} supports battles in adjacent areas, and {area} is not "
                            f"adjacent to {g.block(bid)['area']}")
    dice, need = g.strength(bid), g.army.hits_on["TF"]
    p = Fraction(7 - need, 6)
    return {"kind": "fire", "artillery": g.public_name(bid), "area": area, "dice": dice, "hits_on": need,
            "expected": float(_expected(dice, need)), "bonus": g.defensive_bonus(area, enemy_of(viewer)),
            "chances": [float(comb(dice, k) * p**k * (1 - p) ** (dice - k)) for k in range(dice + 1)]}
