"""The 1812 command grammar as players read it (`help`, `help move`, ...)."""
from __future__ import annotations

from rules.core.helptext import help_text

RECONSTRUCTED = ("1812 is reconstructed from SPI's published overview of the game (the rules folder and its "
                 "tables are lost): the map, orders of battle and every number come from history, each marked "
                 "with its provenance in rules/campaign_1812/data/.")
TOPICS = {
    "move": ("move <from> <to> [<n> inf|cav|supply|depot ...]   move a stack, or part of it, one area or "
             "sub-area (MOVEMENT)\n  Without counts every unit there that has not moved goes. French depots "
             "move only with a supply unit."),
    "march": ("march <from> <to> [<n> inf|cav ...]   after movement, force march corps one place further: a die "
              "for each corps, which arrives, stays or is eliminated (MOVEMENT). Supply units and depots never do."),
    "attrit": ("attrit <place>             choose the enemy stack that takes the next attrition loss "
               "(ATTRITION: losses are selected by the opponent)"),
    "plan": ("plan <chit> [withdraw <place>]   your Battle Plan, face down until both are down (COMBAT)\n"
             "  Attacker: outflank, assault, reconnaissance, contact. Defender: withdraw, entrench, "
             "counterattack, cordon.\n  `withdraw <place>` takes your cavalry out before the battle; "
             "you may change your chit until the other player's is down too."),
    "fight": "fight                      as defender, at the chart's 'D choice': fight it out (go CRS-PS-RAC)",
    "retreat": ("retreat <place>            where your retreating stack goes: an adjacent place without "
                "an enemy stack (COMBAT)"),
    "depot": ("depot <place>              Supply Segment, French: a supply unit 100% depletes an area no corps "
              "occupies and makes a depot there (SUPPLY)"),
    "remove": ("remove <place> inf|cav     remove the corps the Victory Point Index costs you "
               "(VICTORY CONDITIONS)"),
    "end": "end                        end your Movement Phase, your forced marches, or the Supply Segment",
}


def help(topic: str | None = None) -> str:
    return help_text(TOPICS, topic, footer=RECONSTRUCTED + "\n")
