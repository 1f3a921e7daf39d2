"""The 1812 command grammar as players read it (`help`, `help move`, ...), in the rules of the game
asked about: its Battle Plan Chart, Combat Results Table, supply and leaders follow the options and
own tables it was set up with (readings.py), so a game begun before a reading is told its own."""
from __future__ import annotations

from rules.campaign_1812.combat import column
from rules.campaign_1812.game import Game
from rules.campaign_1812.readings import READINGS
from rules.core.helptext import help_text, options_entry

RECONSTRUCTED = ("1812 is reconstructed from SPI's published overview of the game (the rules folder and its "
                 "tables are lost): the map, orders of battle and every number come from history, each marked "
                 "with its provenance in rules/campaign_1812/data/.")
TOPICS = {
    "march": ("march <from> <to> [<n> inf|cav ...]   after movement, force march corps one place further: a die "
              "for each corps, which arrives, stays or is eliminated (Movement). Supply units and depots never do."),
    "attrit": ("attrit <place>             choose the enemy stack that takes the next attrition loss "
               "(Attrition: losses are selected by the opponent)\n"
               "attrit <place> <place> ...  the next losses at once, one a place named, in order"),
    "plan": ("plan <chit> [withdraw <place>]   your Battle Plan, face down until both are down (Combat)\n"
             "plan <chit> all            the same chit in every battle of yours this Combat Phase, each placed as "
             "it opens\n"
             "  Attacker: outflank, assault, reconnaissance, contact. Defender: withdraw, entrench, "
             "counterattack, cordon.\n  `withdraw <place>` takes your cavalry out before the battle; "
             "you may change your chit until the other player's is down too. `help chits`: what each pair does."),
    "fight": "fight                      as defender, at the chart's 'D choice': fight it out (go CRS-PS-RAC)",
    "retreat": ("retreat <place>            where your retreating stack goes: an adjacent place without "
                "an enemy stack (Combat)"),
    "remove": ("remove <place> inf|cav     remove the corps the Victory Point Index costs you "
               "(Victory Conditions)"),
    "end": "end                        end your Movement Phase, your forced marches, or the Supply Segment",
    "odds": ("odds <place>               the odds of the battle there: `odds 15`\n"
             "  Once both Battle Plans and stacks are revealed (at the defender's choice: `fight` or `retreat`), the "
             "column and the result of each die roll of the Combat Results Table (Combat); before, the chits are "
             "secret and the enemy stack hidden; after, the table has been rolled. Nothing is rolled or changed."),
}

ORDER = ("move", "march", "attrit", "plan", "fight", "retreat", "depot", "remove", "end", "odds", "chits", "results",
         "victory", "options")

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

OPTIONS = {  # what each option plays, (on, off): readings.py and leaders.py quote the overview
    "chart_fragments": ("the Battle Plan Chart holds every legible fragment of the overview's chart in its cell "
                        "(Outflank against Entrench: Acx2, CRS)",
                        "the chart's first reading (Assault against Entrench: Dcx2, CRS; Outflank against "
                        "Withdraw: D-1c, Dr(D), PS)"),
    "corps_move_once": ("each corps moves once a Player-Turn: corps that came into a place stay marked as moved "
                        "when others there move on",
                        "the first reading: corps moving on from a place took the marks of those that came in, so "
                        "one of those could move again"),
    "depot_supply": ("a depot feeds its own area and projects into the areas next to it, not in winter; nothing "
                     "else supplies a 100% depleted area",
                     "the first reading: a depot feeds its own place and, outside winter, the places next to it; "
                     "Russian corps are also supplied in any victory place the Russians hold"),
    "fort_reinforcements": ("a Russian reinforcement arrives every Game-Turn, in a fort the Russians hold",
                            "the first reading: no Russian reinforcement on turns 1, 2, 4, 12 and 13, and some "
                            "arrive in Moscow, Kiev or St Petersburg"),
    "leaders": ("one leader a side (Napoleon 2; Barclay or Kutuzov 1) moves with corps (`help move`), and the "
                "leaders in a battle shift the Combat Results Table's die by their ratings",
                "no leader units: the die is shifted for the French superiority of leadership (`help results`)"),
}


def faces(rolls: tuple | list, words: dict | None = None, what_first: bool = False) -> str:
    """The faces of a die grouped by what each brings, in order, `words` naming what: '1-3 arrives, 4-5
    stays, 6 eliminated'; or what first: '1 on 1-2, 2 on 3, 1 on 4-6'.

    >>> faces(["march", "march", "march", "stay", "stay", "eliminated"], MARCH_WORDS)
    '1-3 arrives, 4-5 stays, 6 eliminated'
    >>> faces([1, 1, 2, 1, 1, 1], what_first=True)
    '1 on 1-2, 2 on 3, 1 on 4-6'
    """
    runs: list[list] = []
    for face, what in enumerate(rolls, 1):
        if runs and runs[-1][2] == what:
            runs[-1][1] = face
        else:
            runs.append([face, face, what])
    said = [(f"{first}{f'-{last}' if last > first else ''}", (words or {}).get(what, what))
            for first, last, what in runs]
    return ", ".join(f"{what} on {face}" if what_first else f"{face} {what}" for face, what in said)


MARCH_WORDS = {"march": "arrives", "stay": "stays", "eliminated": "eliminated"}


def march_text(g: Game) -> str:
    """MOVEMENT's Forced March Table as this game's tables hold it."""
    t = g.tables
    normal, winter = (faces(t.forced_march[season], MARCH_WORDS) for season in ("normal", "winter"))
    return (TOPICS["march"] + f"\n  Forced March Table, a die for each corps: {normal}; in winter (turns "
            f"{', '.join(map(str, sorted(t.winter)))}) {winter}.")


def attrit_text(g: Game) -> str:
    """ATTRITION's table: corps lost per die roll, each side's row."""
    rows = "; ".join(f"{side.title()} " + faces([n or "none" for n in g.tables.attrition[side]], what_first=True)
                     for side in ("french", "russian"))
    return TOPICS["attrit"] + f"\n  Attrition Table, a die each Player-Turn, the corps lost: {rows}."


def _game(state: dict | None) -> Game:
    """The game whose rules help tells: the one in `state`, else a new game's (the current readings
    on, the optional leader rule off, the shipped tables)."""
    return Game(state if state is not None else {"options": list(READINGS)})


def move_text(g: Game) -> str:
    """MOVEMENT; the `leader` word only in a game with the optional leader rule."""
    leader = (" [leader]", "\n  `leader` takes your leader along with the corps named (a whole stack takes him "
              "anyway); he never stays behind alone.") if g.option("leaders") else ("", "")
    return (f"move <from> <to> [<n> inf|cav|supply|depot ...]{leader[0]}   move a stack, or part of it, one area or "
            "sub-area (Movement)\n  Without counts every unit there that has not moved goes. French depots "
            f"move only with a supply unit.{leader[1]}")


def _corps_rows(rows: tuple[tuple[int, int], ...]) -> str:
    """The Area Depletion Chart's rows of one kind: '1 to 3 corps 50%, 4 or more 100%'.

    >>> _corps_rows(((1, 1), (4, 2)))
    '1 to 3 corps 50%, 4 or more 100%'
    """
    said = []
    for i, (least, steps) in enumerate(rows):
        upto = rows[i + 1][0] - 1 if i + 1 < len(rows) else None
        count = f"{least} or more" if upto is None else str(least) if upto == least else f"{least} to {upto}"
        said.append(f"{count}{' corps' if not i else ''} {50 * steps}%")
    return ", ".join(said)


def depot_text(g: Game) -> str:
    """SUPPLY: who is supplied in a 100% depleted area, in this game's reading."""
    winter = ", ".join(map(str, sorted(g.tables.winter)))
    if g.option("depot_supply"):
        fed = (f"a friendly depot in their area or, outside winter (turns {winter}), in an area next to it; "
               "nothing else")
    else:
        fed = (f"a friendly depot in their place or, outside winter (turns {winter}), in a place next to it; "
               "Russian corps also in any victory place the Russians hold (this game's reading of Supply)")
    t = g.tables
    lost = {season: faces(["eliminated" if n in t.unsupplied[season] else "kept" for n in range(1, 7)])
            for season in ("normal", "winter")}
    unsupplied = f"  Unsupplied Chart, a die for each unsupplied corps: {lost['normal']}; in winter {lost['winter']}."
    depletion = "; ".join(f"{kind.split('_')[0]} a supply unit there " + _corps_rows(t.depletion[kind])
                          for kind in ("without_supply", "with_supply"))
    return ("depot <place>              Supply Segment, French: a supply unit 100% depletes an area no corps "
            f"occupies and makes a depot there (Supply)\n  Units in a 100% depleted area are supplied by {fed}.\n"
            f"{unsupplied}\n  Area Depletion Chart, the corps of both sides in an area at the Supply Segment: "
            f"{depletion} (depletion adds up, and stays).")


def chits_text(g: Game) -> str:
    """The Battle Plan Chart this game plays: each pair of chits and its results, in order."""
    t, chart = g.tables, g.chart()
    which = ("every legible fragment of the overview's chart in its cell" if g.option("chart_fragments")
             else "the chart's first reading (this game is played without the option chart_fragments)")
    rows = [f"  {d} against {a}: {', '.join(chart[a, d])}" for d in t.defender_plans for a in t.attacker_plans]
    return ("help chits                 the Battle Plan Chart (Combat). Both players put a chit down in secret; "
            f"the pair gives results applied in order.\nThis game's chart, {which}:\n" + "\n".join(rows)
            + "\nWhat the results mean:\n" + "\n".join(f"  {code}: {what}" for code, what in CODE_MEANINGS.items()))


def results_text(g: Game) -> str:
    """What the Combat Results and Pursuit Tables' codes mean (COMBAT), and this game's die shift."""
    t = g.tables
    shift = ("the die shifted up by the attacking leader's rating and down by the defending leader's, for "
             "those in the battle (the optional leader rule)" if g.option("leaders") else
             f"+{t.french_leadership} when the French attack, -{t.french_leadership} when they defend")
    return ("help results               the Combat Results Table (Combat), one die in the column of the "
            f"attacker's infantry corps to the defender's ({', '.join(t.crt_columns)}), {shift}.\n"
            "  The odds are rounded in the defender's favour: 7 corps against 4 fight in the column "
            f"{t.crt_columns[column(t.crt_columns, 7, 4)]}.\n"
            "  A1, A2: the attacker loses one or two infantry corps; D1 to D4: the defender loses one to four.\n"
            "  Ar, Dr: the attacker or the defender retreats. \"D2 Dr\": two defending corps lost, then a retreat.\n"
            "Pursuit (PS): the attacker's surplus of cavalry corps rolls; D1, D2: defending infantry corps lost; "
            "Ac1: one pursuing cavalry corps lost; -: nothing.\n" + _table_rows(g))


def _table_rows(g: Game) -> str:
    """The Combat Results Table by modified die, and the Pursuit Table by surplus, as this game's tables hold them
    (a row a line, the cells apart, read alike in any font)."""
    t = g.tables
    crt = [f"  {n}: {' | '.join(row)}" for n, row in enumerate(t.crt_rows)]
    surplus = [f"  {n}{' or more' if n == len(t.pursuit) else ''}: {faces(row)}" for n, row in enumerate(t.pursuit, 1)]
    return (f"Combat Results Table, a line for each modified die, the columns {' | '.join(t.crt_columns)}:\n"
            + "\n".join(crt) + "\nPursuit Table, a line for each surplus of cavalry corps, by the die:\n"
            + "\n".join(surplus))


def victory_text(g: Game, in_game: bool) -> str:
    """VICTORY CONDITIONS: what scores, the levels at the end and the Victory Point Index, in this game's
    tables; in a game, where the count stands (public: the view's notes say it too)."""
    t = g.tables
    levels = sorted(t.levels, reverse=True)
    said = []
    for i, (least, winner, level) in enumerate(levels):
        upto = f" to {levels[i - 1][0] - 1}" if i and levels[i - 1][0] - 1 > least else ""
        said.append(f"{least}{upto if i else ' or more'} {winner.title()} {level}" if least or not i else
                    f"under {levels[i - 1][0]} {winner.title()} {level}")
    lines = ["help victory               how the game is won, and where the count stands (Victory Conditions)",
             "  The French score 1 Victory Point for each of the nineteen forts they control, 3 for Kiev, 5 for St "
             f"Petersburg and 5 for Moscow; they need {t.to_win} at the end of Game-Turn {t.turns}: "
             + ", ".join(said) + " (the levels are reconstructed). A Grande Armee left without a corps at the end of a "
             "Game-Turn loses there, a Russian decisive victory.",
             "  In each Supply Segment a French total short of the Game-Turn's Victory Point Index costs the French a "
             "corps of their choice (`remove <place> inf|cav`); the index of Game-Turns 1 to "
             f"{t.turns}: {', '.join(map(str, t.index))}."]
    if in_game:
        turn = g.s["turn"]
        lines.append(f"  Now, Game-Turn {turn}: French {g.vp()} Victory Points, index {t.index[turn - 1]}.")
    return "\n".join(lines)


def option_rows(g: Game) -> list[tuple[str, bool, str]]:
    """Each option, on or off in this game, and what that plays."""
    return [(name, g.option(name), OPTIONS[name][not g.option(name)]) for name in OPTIONS]


def options_text(g: Game) -> str:
    own = "\n  own tables: the tables this game was set up with, not the shipped ones" if g.s.get("tables") else ""
    return options_entry(option_rows(g)) + own


def help(topic: str | None = None, state: dict | None = None) -> str:
    """Help on one command, or the list of all commands, in the rules of the game in `state` (None:
    those of a new game)."""
    g = _game(state)
    own = {"move": move_text(g), "march": march_text(g), "attrit": attrit_text(g), "depot": depot_text(g),
           "chits": chits_text(g), "results": results_text(g),
           "victory": victory_text(g, state is not None), "options": options_text(g)}
    topics = {name: own.get(name) or TOPICS[name] for name in ORDER}
    return help_text(topics, topic, footer=RECONSTRUCTED + "\n", options=option_rows(g))
