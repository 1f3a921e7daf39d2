"""The Borodino command grammar, as players read it (`help`, `help move`, ...)."""
from __future__ import annotations

from rules.borodino import help_phases, scenario_data
from rules.borodino.commands import OPTION_VERBS
from rules.borodino.victory import MET
from rules.core.helptext import for_game, help_text, options_entry

TOPICS = {
    "move": ("move <unit> <hex>          move a unit by its cheapest legal path: `move 3225 3224`\n"
             "move <unit> <hex> <hex>..  move along an explicit path of hexes entered: `move 3225 3224 3223`\n"
             "move <unit> off            leave the map by the east edge between the two roads "
             "(French; 7 Sept and Grand Battle only)\n"
             "move <unit> <hex>.. off    the same along an explicit path: `move 3402 3302 off`\n"
             "  <unit> is the hex it stands in, or its id for a reinforcement waiting to enter: `move F-IG-OG 3029`.\n"
             "  Each unit moves once per Movement Phase (Movement).\n"
             "move <leader> <hex>        with dv_leaders: the leader (`davout`, `L-DAVOUT`) joins the friendly unit "
             "in <hex>, ignoring enemy ZOC (Doomed Victory 8.1); `help doomed`"),
    "attack": ("attack <hex>[+<hex>..] -> <hex>[+<hex>..]   attackers -> defenders: `attack 3224+3124 -> 3223`\n"
               "  Artillery may bombard a single unit two hexes away. A redoubt's own strength is R<hex>: "
               "`attack R2817 -> 2818`.\n"
               "  Every unit adjacent to the enemy must attack and every adjacent enemy be attacked (Combat B).\n"
               "attack ... then stay       with your answers to what its result may leave you, chosen before the die: "
               "`attack 2919 -> 2918 then retreat 2817 then stay`: where a beaten defender retreats (and the hexes "
               "its chain goes on to), `then lose <hex>` for an exchange, last `then stay` or `then advance <unit>` "
               "(Combat H); one its result does not bring is passed over, one it leaves unfit is asked"),
    "retreat": ("retreat <hex>              when the engine asks the victor where a beaten unit retreats\n"
                "retreat <unit> <hex>       the same, naming the retreating unit\n"
                "retreat <hex> then <hex>   and where the unit it displaces retreats (Displacement), or the "
                "second hex of a two-hex retreat, chosen at once\n"
                "retreat <artillery hex>    artillery spared by an Ar elects to retreat; the victor then chooses "
                "where (Artillery C)"),
    "advance": "advance <unit> [<hex>]     after combat, move a victorious unit into the vacated hex (Combat H)",
    "stay": "stay                       decline an advance after combat, or artillery's voluntary retreat",
    "lose": "lose <hex>[+<hex>..]       choose the attackers given up in an Exchange (CRT: Ex)",
    "release": "release <unit>             release a Guard unit after your losses allow it (Imperial Guard B2)",
    "assign": ("assign <leader> <fallen>   with dv_leaders: a leader takes the corps of a fallen one "
               "(an army commander one corps; a corps leader once his own is gone; Doomed Victory 8.14)"),
    "end": ("end                        end your Movement or Combat Phase, or with dv_rally your Rally Phase "
            "(refused while attacks are still due)"),
    "undo": ("undo                       take back your last command of this phase; "
             "earlier ones need the opponent's consent"),
    "status": "status                     the turn, phase, losses and what the engine waits for",
    "units": "units [hex]                list the units (or the unit in one hex)",
    "odds": ("odds <hex>[+<hex>..] -> <hex>[+<hex>..]   the odds of an attack before you make it: "
             "`odds 3022+3121 -> 3020`\n"
             "  The strengths, the attacker's modifiers (fords, bridges, a redoubt's own strength) and the "
             "defender's (towns, woods/roads, redoubts), and the chance "
             "of each result of the Combat Resolution Table, naming units whose retreat would be blocked. "
             "Nothing is rolled or changed."),
    "doomed": ("help doomed                the Doomed Victory options dv_rally and dv_leaders, and the Shevardino "
               "training scenario\n"
               "  dv_rally (6.10, 3.2): some retreats are two hexes and break the unit (Dr at 3-1 and 4-1, Ar at 1-2 "
               "to 1-4); a broken unit may not attack, retreats two hexes on a Dr and is eliminated by a second "
               "two-hex retreat; in the Rally Phase after the Russian Player-Turn it rallies on a die of 1-2 "
               "(Russian), 1-3 (French allies: IV, V, VIII Corps) or 1-4 (French).\n"
               "  dv_leaders (8.1-8.15): each corps has a leader stacked with one of its units (`move davout 3224`); "
               "units of an inactive leader may not move or attack; a leader stacked with or next to a unit hit by "
               "a retreat rolls to rally it (die <= rating); two dice for a leader whose unit receives a result "
               "(2, 4, 11, 12: he is lost); in the Rally Phase leaders move, rally broken units, then all turn "
               "active.\n"
               "  With dv_leaders, to the letter: dv_rally_moves lets every active leader move in the Rally Phase, "
               "also with nothing to rally (8.152); dv_leaderless_halt stops a corps whose leader has fallen "
               "until `assign` gives it one (8.10).\n"
               "  Scenario `shevardino`: the errata's six-turn training scenario (2000-2300 on its own map), adapted "
               "to SPI Borodino as Game-Turns 3-8 (1400-1900: SPI's 2000 and later are night turns without combat) "
               "around the Schevardino redoubt 3222; who has a unit in 3222 at the end wins."),
}


OPTIONS = {  # what each option plays (the rule book's optional rules, the errata's, its letter)
    "imperial_guard": ("the optional Imperial Guard rule: Guard units keep four hexes from the enemy until released "
                       "(Imperial Guard)"),
    "additional_forces": ("the optional Additional Forces rule: a Russian 3-3 militia infantry unit each Game-Turn "
                          "from 11 to 21 (Grand Battle only)"),
    "dv_rally": "the Doomed Victory errata's two-hex retreats, broken units and rally (`help doomed`)",
    "dv_leaders": "the Doomed Victory errata's leaders, their activity and casualties (`help doomed`)",
    "dv_rally_moves": "with dv_leaders, every active leader may move in the Rally Phase (8.152)",
    "dv_leaderless_halt": "with dv_leaders, a corps whose leader has fallen halts until one is assigned (8.10)",
    "river_artillery": "artillery next to an enemy across a plain river must attack (Artillery, General Rule)",
    "moves_stand": "a move once sent changes only with the opponent's consent (Movement)",
}


WITH = {  # the commands only some options play: listed in a game that has one of them
    **{verb: (option,) for verb, option in OPTION_VERBS.items()}, "doomed": ("dv_rally", "dv_leaders")}
VICTORY = "help victory               how this scenario is won, and when it ends"
WON_BY = {  # each scenario's Victory Conditions, as the rule book states them
    "schevardino": "The player who occupies the Schevardino redoubt hex (3222) at the end of the game is the winner; "
                   "nobody there is a draw.",
    "three_redoubts": "The player who at the end of the game holds three or more of the redoubts on the map (whether "
                      "destroyed or not) is the winner; a redoubt is held by the side whose unit last stood in it "
                      "(the disc beside it on the map).",
    "grand": "Each player wins the highest of his levels met at the end; the higher level wins, equal levels (or "
             "none) are a draw.\n" + "\n".join(
                 f"  {side.title()} {level}: {MET[side][level]}." for side in ("french", "russian")
                 for level in ("marginal", "substantial", "decisive")) +
             "\n  Units moved off the east edge (`move <unit> off`) may not return.",
}


def victory_entry(state: dict | None) -> str:
    """`help victory`: the Victory Conditions and the length of the game in `state`'s scenario, then
    its historical commentary (SCENARIOS: "a brief historical commentary"), or where to find them
    before a game is chosen."""
    if state is None:
        return f"{VICTORY}\n  Each scenario has its own; `help victory` in a game states them."
    sc = scenario_data.scenarios()[state["scenario"]]
    return (f"{VICTORY}\n  {sc.title}, Game-Turns {sc.first_turn} to {sc.last_turn} "
            f"({scenario_data.day(sc.last_turn)} {scenario_data.clock(sc.last_turn)} is the last). "
            f"{WON_BY[sc.victory]}\n  {sc.commentary}")


def help(topic: str | None = None, state: dict | None = None) -> str:
    """Help on one command, or the list of all commands; `help options` names those of the game in
    `state` (None: a new game's, none chosen), `help victory` its scenario's Victory Conditions."""
    offered = scenario_data.scenarios()[state["scenario"]].options if state else scenario_data.OPTIONS
    chosen = state["options"] if state else []
    rows = [(name, name in chosen, OPTIONS[name]) for name in OPTIONS if name in offered]
    phases = help_phases.entries(state)
    topics = {**TOPICS, "victory": victory_entry(state), "phases": phases.pop("phases"), "options": options_entry(rows)}
    key = (topic or "").lower()
    if key in phases:  # one phase: `help combat`
        return phases[key]
    if state is not None:  # the list leaves out what this game's options do not play
        topics = for_game(topics, topic, WITH, chosen)
    return help_text(topics, topic, options=rows)

