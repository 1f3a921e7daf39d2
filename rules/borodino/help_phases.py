"""`help phases` (and `help movement`, `help combat`, `help rally`, `help night`): what each phase of
a Game-Turn asks of a player (Sequence of Play), told in the rules of the game asked about: the Rally
Phase only under the Doomed Victory options, the night only where the scenario has night turns, the
Guard, the leaders and the 5 September freeze only where the game plays them."""
from __future__ import annotations

from rules.borodino import scenario_data

HEAD = "help phases                what each phase of a Game-Turn asks of you, or one: `help combat` (Sequence of Play)"


def entries(state: dict | None) -> dict[str, str]:
    """`help phases` and one topic per phase the game plays, each under the same first line; before
    a game (None), every phase of any game."""
    options = set(state["options"]) if state else {"imperial_guard", "dv_rally", "dv_leaders"}
    sc = scenario_data.scenarios()[state["scenario"]] if state else None
    lines = {"movement": _movement(options, sc is None or sc.frozen_max_column is not None),
             "combat": _combat(options)}
    absent = {}  # asked of a game without it: said so
    if options & {"dv_rally", "dv_leaders"}:
        lines["rally"] = _rally(options)
    else:
        absent["rally"] = ("  No Rally Phase in this game, which is played without dv_rally and dv_leaders (Doomed "
                           "Victory 3.2; `help options`).")
    if sc is None or any(scenario_data.is_night(t) for t in range(sc.first_turn, sc.last_turn + 1)):
        lines["night"] = ("  Night (Grand Battle, Game-Turns 9-10 and 25-26): no Combat Phase; no unit may move within "
                          "three hexes of the enemy, and one that begins within three, next to it too, may only move "
                          "further away (Night Movement A, B); a Russian unit in a destroyed redoubt when the second "
                          "night turn ends rebuilds it (C).")
    else:
        absent["night"] = (f"  No night turns in this scenario, Game-Turns {sc.first_turn} to {sc.last_turn}; the "
                           "Grand Battle's are 9-10 and 25-26 (Night Movement).")
    turn = ("  A Game-Turn: the French Player-Turn (a Movement Phase, then a Combat Phase), then the Russian one"
            + (", then the Rally Phase (Doomed Victory 3.2)" if "rally" in lines else "")
            + "; a redoubt with a French unit in it when a Russian Player-Turn ends is destroyed (Russian Redoubts "
            "J). Nothing of yours moves or fights in the enemy's Player-Turn.")
    out = {"phases": "\n".join([HEAD, turn, *lines.values()])}
    return out | {name: f"{HEAD}\n{line}" for name, line in (lines | absent).items()}


def _movement(options: set[str], freeze: bool) -> str:
    line = ("  Movement Phase: move as many of your units as you like, each once, up to its Movement Allowance "
            "(`move`); a unit stops on entering an enemy Zone of Control and may not move if it begins in one "
            "(Zones of Control C, D); reinforcements due come on at their entry hexes (`move <id> <hex>`), those "
            "not moved on are placed there when the phase ends (Scenarios)")
    if freeze:
        line += ("; on 5 September the Russian units north of the Great Redoubt are held in place until 1500, then "
                 "one more may begin moving each Game-Turn, and one the French attack is free (5 September special "
                 "rules; `status` counts them)")
    if "imperial_guard" in options:
        line += "; a Guard unit not released keeps four hexes from the enemy (Imperial Guard A)"
    if "dv_leaders" in options:
        line += ("; each leader moves once, ignoring enemy Zones of Control (`move <leader> <hex>`, Doomed Victory "
                 "8.1), and the units of an inactive one may not move (8.10)")
    return line + "; then `end`."


def _combat(options: set[str]) -> str:
    barred = [why for option, why in (("dv_rally", "a broken unit (Doomed Victory 6.10)"),
                                      ("dv_leaders", "one of an inactive leader (8.10)")) if option in options]
    but = f", except {' or '.join(barred)}" if barred else ""
    return ("  Combat Phase: every unit of yours next to the enemy attacks" + but + ", and every enemy unit "
            "next to yours is attacked (Combat B; `status` names those due), one `attack` at a time (`odds` first, "
            "if you like), each "
            "carried out at once: the victor chooses where the loser retreats (`retreat`) and whether to advance "
            "(`advance`, `stay`), the attacker what an exchange costs (`lose`), his own answers given with the "
            "attack if he likes (`attack 2919 -> 2918 then stay`); then `end`.")


def _rally(options: set[str]) -> str:
    if "dv_leaders" not in options:
        return ("  Rally Phase: a die for each broken unit on the map, which rallies on 1-2 (Russian), 1-3 (French "
                "allies) or 1-4 (French); nothing to command (Doomed Victory 6.10).")
    who = "every side with an active leader" if "dv_rally_moves" in options else "a side with broken units"
    return (f"  Rally Phase: the leaders of {who} may move, French first (`move <leader> <hex>`), then `end`; each "
            "active leader then rolls for each broken unit of his corps stacked with or next to him, rallying it "
            "on his rating or less, and every leader turns active (Doomed Victory 8.152).")
