"""How to win (Game Overview; 1.1; 8.0; 10.0): sudden death at once, else the victory areas (or,
in Last Blood, the victory points) at the end of Turn 4."""
from __future__ import annotations

from rules.bloody_monday.game import MORALE_LIMIT, SIDES, Game, enemy_of
from rules.core.events import event


def sudden_death(g: Game) -> dict | None:
    """A: the enemy supreme commander killed; B: all 7 victory areas; C: 10 enemy blocks eliminated."""
    for side in SIDES:
        foe = enemy_of(side)
        if g.entry(g.chief(foe))["where"] == "eliminated":
            return {"winner": side, "level": "sudden death",
                    "reason": f"The {side.title()} player killed the enemy supreme commander (How to Win A)."}
        if _holds_all(g, side):
            return {"winner": side, "level": "sudden death",
                    "reason": f"The {side.title()} player controls all 7 victory areas (How to Win B, 1.1)."}
        if len(g.s["morale"][foe]) >= MORALE_LIMIT:
            return {"winner": side, "level": "sudden death",
                    "reason": f"The {side.title()} player eliminated {MORALE_LIMIT} enemy blocks (How to Win C, 2.4)."}
    return None


def _holds_all(g: Game, side: str) -> bool:
    """B: the six victory areas and the three Flèches, which count as the seventh (1.1): a
    `victory_count` of 7, asked area by area until one is not held."""
    return all(g.owner(n) == side for n in g.field.victory_areas) and g.holds_fleches(side)


def last_blood_points(g: Game, side: str) -> int:
    """10.0: 3 for all three Flèches, 2 per victory area, 5/3/2 per eliminated enemy gold/silver/other
    unit (Russian jagers, militia and cossacks 1)."""
    areas = g.victory_count(side)
    fleches = 1 if g.holds_fleches(side) else 0
    points = 3 * fleches + 2 * (areas - fleches)
    for e in g.s["eliminated"]:
        if e["side"] == side:
            continue
        shield = g.defs[e["id"]].shield
        points += 5 if shield == "gold" else 3 if shield == "silver" else 2 if e["morale"] else 1
    return points


def final_score(g: Game) -> dict:
    """8.0: the most victory areas wins; equal counts are a tie (1.1). Last Blood counts points (10.0)."""
    last_blood = g.s["scenario"] == "last_blood"
    score = {side: last_blood_points(g, side) if last_blood else g.victory_count(side) for side in SIDES}
    what = "victory points (10.0)" if last_blood else "victory areas (8.0)"
    tally = f"French {score['french']}, Russian {score['russian']}"
    if score["french"] == score["russian"]:
        return {"winner": None, "level": "tie", "reason": f"Turn 4 ends with equal {what}: {tally}."}
    winner = max(SIDES, key=lambda s: score[s])
    return {"winner": winner, "level": "victory",
            "reason": f"The {winner.title()} player ends Turn 4 with more {what}: {tally}."}


def settle(g: Game) -> list[dict]:
    """After every command: end the game on a sudden death, or score it when Turn 4 is over."""
    s = g.s
    if s["outcome"] is not None:
        return []
    result = sudden_death(g) or (final_score(g) if s["phase"] == "over" else None)
    if result is None:
        return []
    s["phase"], s["outcome"] = "over", result
    return [event(result["reason"], kind="outcome", **result)]
