"""The Borodino command grammar, as players read it (`help`, `help move`, ...)."""
from __future__ import annotations

from rules.core.helptext import help_text

TOPICS = {
    "move": ("move <unit> <hex>          move a unit by its cheapest legal path: `move 3225 3224`\n"
             "move <unit> <hex> <hex>..  move along an explicit path of hexes entered: `move 3225 3224 3223`\n"
             "move <unit> off            leave the map by the east edge between the two roads "
             "(French; 7 Sept and Grand Battle only)\n"
             "move <unit> <hex>.. off    the same along an explicit path: `move 3402 3302 off`\n"
             "  <unit> is the hex it stands in, or its id for a reinforcement waiting to enter: `move F-IG-OG 3029`.\n"
             "  Each unit moves once per Movement Phase (Movement)."),
    "attack": ("attack <hex>[+<hex>..] -> <hex>[+<hex>..]   attackers -> defenders: `attack 3224+3124 -> 3223`\n"
               "  Artillery may bombard a single unit two hexes away. A redoubt's own strength is R<hex>: "
               "`attack R2817 -> 2818`.\n"
               "  Every unit adjacent to the enemy must attack and every adjacent enemy be attacked (Combat B)."),
    "retreat": ("retreat <hex>              when the engine asks the victor where a beaten unit retreats\n"
                "retreat <unit> <hex>       the same, naming the retreating unit\n"
                "retreat <artillery hex>    artillery spared by an Ar elects to retreat; the victor then chooses "
                "where (Artillery C)"),
    "advance": "advance <unit> [<hex>]     after combat, move a victorious unit into the vacated hex (Combat H)",
    "stay": "stay                       decline an advance after combat, or artillery's voluntary retreat",
    "lose": "lose <hex>[+<hex>..]       choose the attackers given up in an Exchange (CRT: Ex)",
    "release": "release <unit>             release a Guard unit after your losses allow it (Imperial Guard B2)",
    "end": "end                        end your Movement or Combat Phase (refused while attacks are still due)",
    "undo": ("undo                       take back your last command of this phase; "
             "earlier ones need the opponent's consent"),
    "status": "status                     the turn, phase, losses and what the engine waits for",
    "units": "units [hex]                list the units (or the unit in one hex)",
    "odds": ("odds <hex>[+<hex>..] -> <hex>[+<hex>..]   the odds of an attack before you make it: "
             "`odds 3022+3121 -> 3020`\n"
             "  The strengths, the defender's modifiers (towns, woods/roads, redoubts, fords), and the chance "
             "of each result of the Combat Resolution Table, naming units whose retreat would be blocked. "
             "Nothing is rolled or changed."),
}


def help(topic: str | None = None) -> str:
    """Help on one command, or the list of all commands."""
    return help_text(TOPICS, topic)
