"""Victory conditions of the scenarios (Borodino, SCENARIOS: Victory Conditions; the Doomed Victory
errata's Shevardino training scenario).

5 Sept and Shevardino: who occupies the Schevardino redoubt at the end. 6 Sept: who holds three or more
redoubts, destroyed or not. 7 Sept and the Grand Battle: each side's best level among marginal,
substantial and decisive; the higher level wins (the loser's lower level, if any, is said to be
outranked), equal levels (or none) are a draw.
"""
from __future__ import annotations

from rules.borodino.battle import Battle

LEVELS = ("marginal", "substantial", "decisive")

DECISIVE_EXIT = 60  # "French Decisive victory: Move 60 Combat Points of units off the east edge" (7 September)
MET = {  # each level as the 7 September scenario states it, for the reason given at the end
    "french": {"marginal": "French units occupy every redoubt hex",
               "substantial": "the Russian losses are twice the French or more, and at least 40",
               "decisive": f"{DECISIVE_EXIT} or more French Combat Points have left by the east edge"},
    "russian": {"marginal": "Russian units occupy every redoubt hex east of the Front Line",
                "substantial": "the French losses exceed the Russian",
                "decisive": "both the marginal and the substantial conditions hold"},
}


def outcome(b: Battle) -> dict | None:
    """None while the game runs; else {"winner", "level", "reason"}."""
    if b.s["phase"] != "over":
        return None
    kind = b.scenario.victory
    if kind == "schevardino":
        return _schevardino(b)
    if kind == "three_redoubts":
        return _three_redoubts(b)
    return _grand(b)


def _schevardino(b: Battle) -> dict:
    """5 Sept and Shevardino: who occupies the deciding redoubt of map.toml (Schevardino) at the end."""
    redoubt = b.map.deciding_redoubt
    where = f"the {redoubt.name} ({redoubt.hex})"
    occ = b.at(redoubt.hex)
    if occ is None:
        return {"winner": None, "level": "draw", "reason": f"Nobody occupies {where} at the end."}
    side = b.side(occ)
    return {"winner": side, "level": "victory", "reason": f"The {side.title()} player occupies {where} at the end."}


def _three_redoubts(b: Battle) -> dict:
    held: dict[str, list[str]] = {"french": [], "russian": []}
    for h, r in sorted(b.s["redoubts"].items()):
        held[r["held"]].append(h)
    for side in ("french", "russian"):
        if len(held[side]) >= 3:
            return {"winner": side, "level": "victory",
                    "reason": f"The {side.title()} player holds {len(held[side])} redoubts ({', '.join(held[side])})."}
    return {"winner": None, "level": "draw", "reason": "Neither player holds three redoubts."}


def levels(b: Battle) -> dict[str, list[str]]:
    """The victory levels each side has achieved (7 Sept / Grand Battle)."""
    s = b.s
    lf, lr = s["losses"]["french"], s["losses"]["russian"]
    redoubts = sorted(b.map.redoubts)
    french_in = [h for h in redoubts if b.side_at(h) == "french"]
    russian_home = [h for h in redoubts if not b.scenario.west_of_front(h)]
    russian_in = [h for h in russian_home if b.side_at(h) == "russian"]
    out: dict[str, list[str]] = {"french": [], "russian": []}
    if french_in == redoubts:
        out["french"].append("marginal")
    if lr >= 2 * lf and lr >= 40:
        out["french"].append("substantial")
    if s["exited"]["french"] >= DECISIVE_EXIT:
        out["french"].append("decisive")
    marginal = russian_in == russian_home
    substantial = lf > lr
    if marginal:
        out["russian"].append("marginal")
    if substantial:
        out["russian"].append("substantial")
    if marginal and substantial:
        out["russian"].append("decisive")
    return out


def _grand(b: Battle) -> dict:
    got = levels(b)
    best = {side: max((LEVELS.index(x) for x in got[side]), default=-1) for side in got}
    s = b.s
    tally = (f"losses: French {s['losses']['french']}, Russian {s['losses']['russian']} Combat Points; "
             f"French Combat Points exited: {s['exited']['french']}")
    if best["french"] == best["russian"]:
        what = "Neither player met a victory condition" if best["french"] < 0 else \
            f"Both players won {LEVELS[best['french']]} victories, which cancel out"
        return {"winner": None, "level": "draw", "reason": f"{what} ({tally})."}
    side = "french" if best["french"] > best["russian"] else "russian"
    level, other = LEVELS[best[side]], "russian" if side == "french" else "french"
    return {"winner": side, "level": level, "reason": f"{_met(side, level)} ({tally}){_outranked(other, best)}."}


def _outranked(side: str, best: dict[str, int]) -> str:
    """What the loser met too, which the winner's higher level outranks, so that he reads why his own
    victory does not stand: '; the French marginal victory (French units occupy every redoubt hex) is
    outranked', or nothing.

    >>> _outranked("french", {"french": 0, "russian": 1})
    '; the French marginal victory (French units occupy every redoubt hex) is outranked'
    """
    if best[side] < 0:
        return ""
    level = LEVELS[best[side]]
    return f"; the {side.title()} {level} victory ({_condition(side, level)}) is outranked"


def _met(side: str, level: str) -> str:
    """The condition a level won by, as a sentence that stands alone: the outcome's line names the
    winner and the level before it ('the Russian player wins a decisive victory, as Russian units
    occupy ...'), and the Russian decisive victory's "both the marginal and the substantial
    conditions" are spelt out.

    >>> _met("french", "substantial")
    'The Russian losses are twice the French or more, and at least 40'
    """
    met = _condition(side, level)
    return met[0].upper() + met[1:]


def _condition(side: str, level: str) -> str:
    """A level's condition as the 7 September scenario states it, the Russian decisive's spelt out."""
    return MET[side][level] if (side, level) != ("russian", "decisive") else \
        f"{MET[side]['marginal']}, and {MET[side]['substantial']}"
