"""VICTORY CONDITIONS: "The French Player needs 22 Victory Points to win the game. He scores one
Victory Point for each of the nineteen fort-areas he controls, plus three points for Kiev, five
points for St. Petersburg, and five points for Moscow ... The Russian Player wins if he can prevent
the French Player from reaching his required total by game's end." And each Game-Turn the French
player "suffers the loss of one corps (of his choice) in the event he has less Victory Points than
the required total for that Game-Turn" (the Victory Point Index).

Control (reconstructed: the overview's Area Control marker "represents French control of Areas or
Sub-areas that produce Victory Points"): a victory place becomes French when French infantry holds
it with no Russian unit there, Russian again when Russian corps hold it with no French corps there;
it is settled at the end of each Player-Turn and of the Supply Segment.
"""
from __future__ import annotations

from rules.campaign_1812.combat import PEOPLE
from rules.campaign_1812.game import Game
from rules.core.events import Event, event


def update_control(g: Game) -> list[Event]:
    out = []
    for key, holder in sorted(g.s["control"].items(), key=lambda kv: int(kv[0])):
        place = int(key)
        french, russian = g.stack("french", place), g.stack("russian", place)
        now = holder
        if french["inf"] and not any(russian.values()):
            now = "french"
        elif russian["inf"] + russian["cav"] and not french["inf"] + french["cav"]:
            now = "russian"
        if now != holder:
            g.s["control"][key] = now
            out.append(event(f"{g.name(place)} passes to the {PEOPLE[now]} ({g.places[place].points} "
                             f"point{'s' if g.places[place].points > 1 else ''}).", kind="control", place=place))
    return out


def check_index(g: Game) -> list[Event]:
    """The French total against the Victory Point Index of this Game-Turn."""
    s = g.s
    need, have = g.tables.index[s["turn"] - 1], g.vp()
    count = f"{have} Victory Point{'s' if have != 1 else ''}, {need} needed"
    if have >= need:
        return [event(f"The French meet the Victory Point Index: {count}.", kind="victory")]
    if not g.corps("french"):
        return [event(f"The French fall short of the Victory Point Index ({count}) and have no corps left to "
                      "remove.", kind="victory")]
    s["phase"], s["removal"] = "removal", 1
    return [event(f"The French fall short of the Victory Point Index ({count}): the French player removes a "
                  "corps of his choice (`remove <place> inf|cav`).", kind="victory")]


def finish(g: Game) -> list[Event]:
    """The end of the game: the French total against the levels of victory (data/tables.toml)."""
    s = g.s
    points = g.vp()
    if not g.corps("french"):
        result = {"winner": "russian", "level": "decisive", "reason": "the Grande Armee has no corps left"}
    else:
        _, winner, level = next(row for row in g.tables.levels if points >= row[0])
        result = {"winner": winner, "level": level,
                  "reason": f"the French hold {points} Victory Points; they needed {g.tables.to_win}"}
    s["phase"], s["player"], s["outcome"] = "over", None, result
    return [event(f"The game is over: {result['winner'].title()} {result['level']} victory ({result['reason']}).",
                  kind="outcome")]
