"""The Bloody Monday command grammar, as players read it (`help`, `help move`, ...)."""
from __future__ import annotations

from rules.bloody_monday import bm_data, victory
from rules.bloody_monday.commands import OPTION_VERBS
from rules.bloody_monday.game import MORALE_LIMIT, SIDES, Game
from rules.core.helptext import for_game, help_text, options_entry

TOPICS = {
    "tactical": "tactical                   declare a Tactical Action: activate leaders, move, inspire, fight (5.0)",
    "pass": "pass                       declare a Pass: move at most one unit, no engagement, then `end` (7.0)",
    "initiative": ("initiative reinforcements|move|raid|offensive   spend the Initiative Disc (6.1, 6.2, 6.3, 9.8)\n"
                   "  reinforcements and move replace an impulse; raid follows a Tactical Action; "
                   "offensive opens one."),
    "activate": ("activate <leader|artillery> [<area>]   move it there first, keeping 1 MP to activate (1.2.4), "
                 "then activate it (5.1, 5.2.1)\n"
                 "  In the Logistics Phase: activate your supreme commander to reinforce and restore (3.1)."),
    "move": ("move <block> <area>        move by the cheapest path: `move f-i-5 22`\n"
             "move <block> <area> <area>..   along the areas entered in order (5.2)"),
    "inspire": ("inspire <leader> <block>   an activated leader inspires an adjacent combat unit of its colour "
                "(5.2.2)\n  With optional rule 9.4 Murat inspires any cavalry; with 9.5 Platov cossacks only."),
    "battle": "battle <area>              resolve the battle in a contested area, new engagements first (5.3)",
    "fire": ("fire <artillery> <area>    an activated artillery fires into the adjacent battle (5.3.1)\n"
             "  Before the first impulse with optional rule 9.2: the Grande Batterie's guns fire once each."),
    "hit": ("hit <block> [<block>..]    name the unit that takes your next hit, "
            "or several for the next hits in order (5.3.6)\n"
            "hit order <block> [<block>..]   every hit of yours in this battle, now and to come: among equally "
            "strong units\n  the first named first, those not named after them, leaders and artillery last (5.3.6)\n"
            "  Artillery hits before the showdown: the defender names every hit, tie or not, unseen (5.3.1);\n"
            "  after the showdown the game asks only when units are equally strong, and both players see each hit."),
    "retreat": ("retreat <area> [<area>..]  as defender, spend the Initiative Disc and retreat into areas "
                "you control (6.4)\n"
                "retreat <block> <area> [<block> <area>..]   place each unit yourself; when not all have room,\n"
                "  the units you do not name are eliminated (6.4). Command limits bind a retreat (9.11-9.12)."),
    "stand": ("stand                      as defender, decline to retreat after artillery fire: "
              "the battle goes on (6.4)\n"
              "stand all                  stand in this battle and every later one of this impulse, none asked (6.4)"),
    "skirmish": ("skirmish <jager> <area>    a full-strength Russian jager slips away, one step down "
                 "(optional rule 9.1)"),
    "ambush": "ambush <jager>             a full-strength Russian jager fires before anyone (optional rule 9.1)",
    "reinforce": ("reinforce [<count>]        after activating your supreme commander: deploy reinforcements "
                  "(3.1-3.3)\n  as many as your Logistics Value allows, or only <count> of them (3.1: \"may\")"),
    "restore": "restore <block>            restore one step in the Logistics Phase (3.4-3.6)",
    "end": "end                        finish the current step: an impulse, artillery fire, logistics",
    "odds": ("odds <area> | odds <artillery> <area>   the hits a battle or a gun's fire may bring: `odds 41`\n"
             "  Expected hits of each side (2.2, 2.3, 5.2.2, 1.2.3) and the defensive bonus (1.2.1), from what "
             "you may see: hidden enemy blocks count as average blocks you have not seen. Nothing changes."),
    "help": "help [<command>]           this list, or more on one command",
}


OPTIONS = {  # the optional rules, by their section of the rule book
    "russian_jager": "9.1 Russian Jager", "grande_batterie": "9.2 Grande Batterie Artillery Fire",
    "agility": "9.3 Agility", "first_saber": "9.4 First Saber of the Empire", "cossacks": "9.5 Cossacks",
    "shields": "9.6 Shielded Units", "exhausted_leaders": "9.7 Exhausted Tactical Leader",
    "general_offensive": "9.8 General Offensive", "advanced_combat": "9.9 Advanced Combat",
    "battle_fatigue": "9.10 Battle Fatigue Attrition", "command_limit": "9.11 BdT/B Command Limit",
    "extreme_command_limit": "9.12 BdT/B Extreme Command Limit",
}


VICTORY = "help victory               how the game is won, and where the count stands"


def victory_entry(state: dict | None) -> str:
    """`help victory`: How to Win and the end of Turn 4 (8.0; Last Blood's points, 10.0), and in a game
    the victory areas (or points) each side holds now, all of it public."""
    field = bm_data.battlefield()
    stars = ", ".join(map(str, field.victory_areas))
    fleches = ", ".join(map(str, field.fleches))
    lines = [VICTORY, f"  At once (How to Win): A. the enemy supreme commander killed; B. all 7 victory areas held "
             f"({stars}, and the Flèches {fleches}, one area only all three together, 1.1); C. {MORALE_LIMIT} enemy "
             "blocks eliminated (Russian militia, jagers and cossacks do not count, Platov does: 2.4)."]
    if state is not None and state["scenario"] == "last_blood":
        lines.append("  Else at the end of Turn 4 the most victory points win (10.0): 3 for all three Flèches, 2 a "
                     "victory area, for each enemy unit eliminated 5 with a gold shield, 3 with a silver one, 2 "
                     "without (a Russian jager, militia or cossack 1); equal points are a tie.")
    else:
        lines.append("  Else at the end of Turn 4 the most victory areas win (8.0); 3 each, neither side holding "
                     "all three Flèches, is a tie (1.1).")
    if state is not None:
        g = Game(state)
        if state["scenario"] == "last_blood":
            now = ", ".join(f"{side.title()} {victory.last_blood_points(g, side)}" for side in SIDES)
            lines.append(f"  Now: {now} victory points.")
        else:
            now = ", ".join(f"{side.title()} {g.victory_count(side)}" for side in SIDES)
            lines.append(f"  Now: {now} victory areas.")
    return "\n".join(lines)


WITH = {verb: (option,) for verb, option in OPTION_VERBS.items()}  # the commands only an optional rule plays
# `initiative` in a game without 9.8, the General Offensive
NO_OFFENSIVE = ("initiative reinforcements|move|raid   spend the Initiative Disc (6.1, 6.2, 6.3)\n"
                "  reinforcements and move replace an impulse; raid follows a Tactical Action.")


def help(topic: str | None = None, state: dict | None = None) -> str:
    """Help on one command, or the list of all commands; `help options` names those of the game in
    `state` (None: a new game's, none chosen), `help victory` how it is won. In a game the list leaves
    out the commands of the optional rules it does not play (9.1, 9.8)."""
    chosen = state["options"] if state else []
    rows = [(name, name in chosen, f"optional rule {title}") for name, title in OPTIONS.items()]
    topics = {**TOPICS, "victory": victory_entry(state), "options": options_entry(rows)}
    if state is not None and "general_offensive" not in chosen:
        topics["initiative"] = NO_OFFENSIVE
    if state is not None:  # the list leaves out the commands of the optional rules not played
        topics = for_game(topics, topic, WITH, chosen)
    return help_text(topics, topic, "Blocks are named by id or label (`f-i-5`, `vg`), leaders also by name "
                     "(`davout`); areas by number.\n", rows)
