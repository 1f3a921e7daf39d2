"""The 1812 command grammar as players read it (`help`, `help move`, ...)."""
from __future__ import annotations

from rules.campaign_1812 import campaign_data
from rules.core.helptext import help_text

RECONSTRUCTED = ("1812 is reconstructed from SPI's published overview of the game (the rules folder and its "
                 "tables are lost): the map, orders of battle and every number come from history, each marked "
                 "with its provenance in rules/campaign_1812/data/.")
TOPICS = {
    "move": ("move <from> <to> [<n> inf|cav|supply|depot ...] [leader]   move a stack, or part of it, one area or "
             "sub-area (MOVEMENT)\n  Without counts every unit there that has not moved goes. French depots "
             "move only with a supply unit. With the optional leader rule, `leader` takes your leader along with "
             "the corps named (a whole stack takes him anyway); he never stays behind alone."),
    "march": ("march <from> <to> [<n> inf|cav ...]   after movement, force march corps one place further: a die "
              "for each corps, which arrives, stays or is eliminated (MOVEMENT). Supply units and depots never do."),
    "attrit": ("attrit <place>             choose the enemy stack that takes the next attrition loss "
               "(ATTRITION: losses are selected by the opponent)"),
    "plan": ("plan <chit> [withdraw <place>]   your Battle Plan, face down until both are down (COMBAT)\n"
             "  Attacker: outflank, assault, reconnaissance, contact. Defender: withdraw, entrench, "
             "counterattack, cordon.\n  `withdraw <place>` takes your cavalry out before the battle; "
             "you may change your chit until the other player's is down too. `help chits`: what each pair does."),
    "fight": "fight                      as defender, at the chart's 'D choice': fight it out (go CRS-PS-RAC)",
    "retreat": ("retreat <place>            where your retreating stack goes: an adjacent place without "
                "an enemy stack (COMBAT)"),
    "depot": ("depot <place>              Supply Segment, French: a supply unit 100% depletes an area no corps "
              "occupies and makes a depot there (SUPPLY)"),
    "remove": ("remove <place> inf|cav     remove the corps the Victory Point Index costs you "
               "(VICTORY CONDITIONS)"),
    "end": "end                        end your Movement Phase, your forced marches, or the Supply Segment",
}


CODE_MEANINGS = {  # the Battle Plan Chart's results, as the overview's chart names them
    "Dr(D)": "the defender must retreat at the Retreat After Combat step",
    "A-1c": "the attacker loses one infantry corps at once", "D-1c": "the defender loses one infantry corps at once",
    "Acx2": "the attacker's corps count double in the Combat Resolution Step",
    "Dcx2": "the defender's corps count double in the Combat Resolution Step",
    "switch": "A&D switch: the defender becomes the attacker for all further steps",
    "CRS": "go CRS-PS-RAC: roll on the Combat Results Table, then pursuit, then retreats",
    "PS": "go PS-RAC: pursuit, then retreats, without a roll on the Combat Results Table",
    "stop": "the battle ends (after any retreat already due)", "none": "no effect",
    "Dchoice": "the defender chooses: retreat (Dr(D) and stop) or fight (`fight`: go CRS-PS-RAC)",
}


def chits_text() -> str:
    """The Battle Plan Chart as a player reads it: each pair of chits and its results, in order."""
    t = campaign_data.tables()
    rows = [f"  {d} against {a}: {', '.join(t.chart[a, d])}" for d in t.defender_plans for a in t.attacker_plans]
    return ("help chits                 the Battle Plan Chart (COMBAT). Both players put a chit down in secret; "
            "the pair gives results applied in order.\n" + "\n".join(rows) + "\nWhat the results mean:\n"
            + "\n".join(f"  {code}: {meaning}" for code, meaning in CODE_MEANINGS.items()))


def results_text() -> str:
    """What the Combat Results and Pursuit Tables' codes mean (COMBAT)."""
    t = campaign_data.tables()
    return ("help results               the Combat Results Table (COMBAT), one die in the column of the "
            f"attacker's infantry corps to the defender's ({', '.join(t.crt_columns)}), +{t.french_leadership} "
            f"when the French attack, -{t.french_leadership} when they defend.\n"
            "  A1, A2: the attacker loses one or two infantry corps; D1 to D4: the defender loses one to four.\n"
            "  Ar, Dr: the attacker or the defender retreats. \"D2 Dr\": two defending corps lost, then a retreat.\n"
            "Pursuit (PS): the attacker's surplus of cavalry corps rolls; D1, D2: defending infantry corps lost; "
            "Ac1: one pursuing cavalry corps lost; -: nothing.")


def help(topic: str | None = None) -> str:
    topics = {**TOPICS, "chits": chits_text(), "results": results_text()}
    return help_text(topics, topic, footer=RECONSTRUCTED + "\n")
