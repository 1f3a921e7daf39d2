"""The optional leader rule (option `leaders`, off unless the players choose it). SPI's 1812 overview,
GAME EQUIPMENT: "Leaders -- separate leader units are brought into play via an optional rule. They
then perform in a fashion similar to Leipzig. However, in the basic game of 1812 Area Version,
leaders are accounted for by a rule that adjusts the die roll to reflect French superiority of
leadership"; THE PLAYING PIECES: "The leader units are only used in a game including the Optional
rules."

The overview says no more of how they perform; reconstructed:

* each side has one leader (data/scenarios.toml: Napoleon, rating 2; Barclay or Kutuzov, rating 1),
  who starts with a stack of his side and is hidden in it as its corps are (STACKING);
* he moves with corps of his place, once a Movement Phase: `move 12 10 3 inf leader` (a whole
  stack, `move 12 10`, takes him along unless he has moved); he never force marches and never
  stands alone: when the last corps of his place leave it (a move, a forced march, a retreat) he
  goes with them, and when they are lost he is lost with them;
* in the Combat Resolution Step the die is shifted up by the attacker's leader's rating when he is
  in the battle and down by the defender's, in place of the basic game's French leadership shift.

State: `leaders[side]` = {name, place, rating, moved} while he is in play.
"""
from __future__ import annotations

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812.game import SIDES, Game
from rules.core.errors import RuleViolation
from rules.core.events import Event, event


def place_leaders(state: dict) -> None:
    """The scenario's leaders, where they start."""
    state["leaders"] = {x.side: {"name": x.name, "place": x.place, "rating": x.rating, "moved": False}
                        for x in data.scenarios()[state["scenario"]].leaders}


def leader(g: Game, side: str, place: int) -> dict | None:
    """The side's leader in that place, if the game has leaders and he stands there."""
    x = g.s.get("leaders", {}).get(side)
    return x if x is not None and x["place"] == place else None


def named(g: Game, side: str, place: int) -> str:
    """', with Napoleon' after a stack's contents where its leader stands in it; '' elsewhere."""
    x = leader(g, side, place)
    return f", with {x['name']}" if x else ""


def check_asked(g: Game, side: str, place: int, units: dict[str, int]) -> None:
    """Movement: `leader` in a move names a leader of that place, not yet moved, going with corps."""
    x = leader(g, side, place)
    if x is None:
        mine = g.s.get("leaders", {}).get(side)
        where = (f"; {mine['name']} is in {g.name(mine['place'])}" if mine else "; yours is lost"
                 if g.option("leaders") else " (this game is played without the leader rule)")
        raise RuleViolation("Leaders", f"no leader of yours stands in {g.name(place)}{where}")
    if x["moved"]:
        raise RuleViolation("Leaders", f"{x['name']} has moved this Player-Turn; a leader moves once")
    if not units["inf"] + units["cav"]:
        raise RuleViolation("Leaders", f"{x['name']} moves with corps: name at least one `inf` or `cav`")


def go(g: Game, side: str, origin: int, to: int, asked: bool) -> list[Event]:
    """The leader of `origin` goes to `to` with the corps that just went there when he was asked
    to (`asked`: named, or a whole stack with corps in it moving), or when no corps of his side is
    left behind."""
    x = leader(g, side, origin)
    if x is None or not (asked and not x["moved"] or not g.corps(side, origin)):
        return []
    x["place"], x["moved"] = to, True
    return [event(f"{x['name']} goes with them to {g.name(to)}.", side, kind="leader")]


def new_player_turn(g: Game) -> None:
    for x in g.s.get("leaders", {}).values():
        x["moved"] = False


def lost(g: Game) -> list[Event]:
    """A leader with no corps of his side left in his place is lost with them (told his side)."""
    out = []
    for side in SIDES:
        x = g.s.get("leaders", {}).get(side)
        if x is not None and not g.corps(side, x["place"]):
            del g.s["leaders"][side]
            out.append(event(f"{x['name']} is lost with the last corps in {g.name(x['place'])}.", side,
                             kind="leader"))
    return out


def shift(g: Game, attacker: str, defender: str, place: int) -> int:
    """The Combat Results Table's die roll shift: the leaders present (option `leaders`), else the
    basic game's French leadership, up when the French attack and down when they defend."""
    if g.option("leaders"):
        rating = {s: (x or {}).get("rating", 0) for s in (attacker, defender) for x in [leader(g, s, place)]}
        return rating[attacker] - rating[defender]
    return g.tables.french_leadership if attacker == "french" else -g.tables.french_leadership
