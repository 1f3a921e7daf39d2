"""Plain-text pictures of a view and of events, for the terminal (and Discord code blocks).

Generic over the common core of every view (docs/architecture.md, "The engine contract"): game
fields `turn`, `clock`, `phase`, `player`, `to_move`, `prompt`, `notes` (sentences the engine
offers the player: attacks due, losses, ...), `outcome` and a `units` list.
Anything a unit dict holds beyond the core columns and is true shows up as a flag (moved, ...).
"""
from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Collection, Sequence

import rules
from rules.core.errors import CommandError, RulesError
from rules.core.events import listed

_CORE = ("side", "hex", "area", "id", "type", "strength", "movement")

TABLE_HELP = {  # the verbs every game answers, beside its own grammar (`help <verb>`)
    "undo": "undo                       take back your own last command: freely within its phase, "
            "with the other player's consent across phases; never across a die roll or a reveal",
    "accept": "accept                     consent to the other player's draw offer, else to their "
              "request to undo a command (at a shared terminal of an open game, answer for the other "
              "player with their side first: `russian: accept`)",
    "refuse": "refuse                     turn down the other player's draw offer, else their request "
              "to undo a command",
    "draw": "draw                       offer a draw; the other player may accept or refuse (a "
            "command played instead declines it); both offering is agreement",
    "status": "status                     the turn, phase, who moves, and how many units each side has",
    "units": "units [place]              every unit you may see, or those at one place: {example}",
    "help": "help [command]             the commands, or one command in full: `help move`",
    "map": "map [place ...] [radius N] [size N] [zoc SIDE] [select place]   a picture of what you may "
           "see (terminal: a PNG beside the database; Discord: `/game map`, and `/game map private:True` "
           "for your own side's map by DM)",
    "orders": "orders [kind order]        standing orders for the opponent's mid-turn choices, played "
              "for you when the choice falls to you: {examples}; `orders` alone lists the kinds and orders",
    "quit": "quit                       leave the terminal; the game is stored: resume it with "
            "`kolocha local --game ID` (in Discord, `/game resign` ends a game)",
}

TERMINAL_ONLY = ("quit",)  # the table's verbs that only the terminal answers


def options_help(offered: tuple[str, ...], on_unless_told: tuple[str, ...]) -> str:
    """How a new game's options are chosen, with this system's own as the examples.

    >>> print(options_help(("imperial_guard", "dv_rally"), ()))
    A game's options are chosen when it is opened and kept to its end: a name turns an option on. On Discord \
`/game new ... options:imperial_guard`; in the terminal `kolocha local --option imperial_guard`.
    >>> "options:leaders, chart_fragments=off`" in options_help(("chart_fragments", "leaders"), ("chart_fragments",))
    True
    """
    examples = [name for name in offered if name not in on_unless_told][:1] + [f"{name}=off" for name in
                                                                               on_unless_told][:1]
    off = ", name=off turns off a reading a new game plays unless told" if on_unless_told else ""
    return (f"A game's options are chosen when it is opened and kept to its end: a name turns an option on{off}. "
            f"On Discord `/game new ... options:{', '.join(examples)}`; in the terminal `kolocha local "
            + " ".join(f"--option {example}" for example in examples) + "`.")


def with_table_commands(listing: str) -> str:
    """A system's command list with the commands every table answers (undo, draw, map, orders,
    quit...) that it does not list itself (the first word of one of its lines), before its closing line.

    >>> print(with_table_commands("Commands:\\nmove <unit> <hex>\\nundo   take back\\nThe map.\\nType `help`."))
    Commands:
    move <unit> <hex>
    undo   take back
    The map.
    Also: accept, refuse, draw, status, units, help, map, orders, quit.
    Type `help`.
    """
    lines = listing.splitlines()
    named = {line.split()[0] for line in lines if line.strip()}
    extra = [verb for verb in TABLE_HELP if verb not in named]
    if not extra:
        return listing
    last = len(lines) - 1 if lines and lines[-1].startswith("Type `help") else len(lines)
    return "\n".join(lines[:last] + ["Also: " + ", ".join(extra) + "."] + lines[last:])


def in_chat(listing: str) -> str:
    """A command list as a chat shows it: a command and what it does one sentence ('end — end your
    phase'), which a chat's proportional font does not line up in columns as the terminal does; without
    the verbs of the terminal alone (`quit`) on its "Also:" line.

    >>> in_chat("move <unit> <hex>          move a unit\\nAlso: accept, map, quit.\\nType `help`.")
    'move <unit> <hex> — move a unit\\nAlso: accept, map.\\nType `help`.'
    """
    def kept(line: str) -> str:
        command = _COMMAND.fullmatch(line)
        if command:
            return f"{command[1]} — {command[2]}"
        if not line.startswith("Also: "):
            return line
        verbs = line.removeprefix("Also: ").removesuffix(".").split(", ")
        return "Also: " + ", ".join(verb for verb in verbs if verb not in TERMINAL_ONLY) + "."
    return "\n".join(kept(line) for line in listing.split("\n"))


TERMINAL = 80  # the columns of a terminal
HELP_COLUMN = 27  # where what a command does starts in every game's `help`, its synopsis padded to it
_COMMAND = re.compile(r"(\S(?:.*?\S)?) {2,}(\S.*)")  # a help line: its synopsis, then what it does


def in_columns(said: str, width: int = TERMINAL) -> str:
    """A help text as a terminal shows it, within `width` columns: what a command does runs on under
    itself at HELP_COLUMN (from its synopsis's line, a synopsis wider than the column too), a note under
    its indent, any other line from the start of the line; a command quoted in backticks is kept whole.

    >>> print(in_columns("undo                       take back your last command of this phase; earlier ones "
    ...                  "need the opponent's consent: `undo`\\n  Never across a die roll.", 60))
    undo                       take back your last command of
                               this phase; earlier ones need the
                               opponent's consent: `undo`
      Never across a die roll.
    """
    def wrapped(line: str) -> list[str]:
        command, indent = _COMMAND.fullmatch(line), len(line) - len(line.lstrip())
        start, rest = (line[:-len(command[2])], command[2]) if command else (" " * indent, line.strip())
        lines = textwrap.wrap(re.sub(r"`[^`]*`", lambda quoted: quoted[0].replace(" ", "\xa0"), rest), width,
                              initial_indent=start, subsequent_indent=" " * (HELP_COLUMN if command else indent),
                              break_long_words=False, break_on_hyphens=False)
        return [piece.replace("\xa0", " ") for piece in lines] or [""]
    return "\n".join(piece for line in said.split("\n") for piece in wrapped(line))


SYSTEM_NAMES = {"borodino": "Borodino", "bloody_monday": "Bloody Monday", "campaign_1812": "1812"}


def mid_sentence(text: str) -> str:
    """A sentence said after a colon ('kolocha: ...', a file's name and a colon, the terminal's 'Refused:
    move 3422 3320: ...'): its first word in lower case where it is a plain word, as a reply on Discord
    opens with a capital ('Game 3 is over ...', 'No such file or directory'); a name keeps its capital (a
    game's, a side's, Kolocha's), and so does a word with capitals inside (DISCORD_TOKEN, SQLite), a word
    before its number or id in brackets (1812's 'Minsk (14)') and a name of several words ('Last Blood',
    'Velikie Luki (7)'), never an article before one ('A French block', 'Your Logistics Value').

    >>> mid_sentence("An option is on by its name"), mid_sentence("Borodino has computer opponents")
    ('an option is on by its name', 'Borodino has computer opponents')
    >>> mid_sentence("Minsk (14) holds nothing"), mid_sentence("Last Blood is played with ...")
    ('Minsk (14) holds nothing', 'Last Blood is played with ...')
    >>> mid_sentence("It is the French Movement Phase"), mid_sentence("Your Logistics Value 4 limits ...")
    ('it is the French Movement Phase', 'your Logistics Value 4 limits ...')
    """
    first, _, rest = text.partition(" ")
    names = {name.split()[0] for name in SYSTEM_NAMES.values()} | {"French", "Russian", "Kolocha", "Discord"}
    named = rest[:1] == "(" or rest[:1].isupper() and first not in ARTICLES
    plain = first[1:] == first[1:].lower() and first.strip(".,;:") not in names and not named
    return text[:1].lower() + text[1:] if plain else text


ARTICLES = ("A", "An", "The", "Your", "No", "Each", "Every")  # before a name, never one (mid_sentence)


@functools.cache
def game_name(system: str, scenario: str) -> str:
    """A game as players read it in running text: the game and its scenario's title (without the
    provenance in brackets), its leading article in lower case after the colon as the other titles
    have it ('Borodino: 7 September: the Great Battle', 'Borodino: the Grand Battle, 5-7 September',
    where 'Game 1: Borodino: The Grand Battle, ...' stood mid-sentence); a title (the picture's strip)
    keeps the scenario's capital. The ids (`borodino 7sep`) where a scenario has no title.

    >>> game_name("bloody_monday", "bloody_monday"), game_name("borodino", "shevardino")
    ('Bloody Monday: Borodino, 7 September 1812', 'Borodino: Shevardino training scenario')
    >>> game_name("campaign_1812", "campaign"), game_name("borodino", "grand")
    ('1812: the Campaign, June to December 1812', 'Borodino: the Grand Battle, 5-7 September')
    """
    title = str(_scenario(system, scenario).get("title", "")).split(" (")[0]
    title = "the " + title.removeprefix("The ") if title.startswith("The ") else title
    return f"{SYSTEM_NAMES.get(system, system)}: {title}" if title else f"{system} {scenario}"


def unasked(system: str, scenario: str) -> str:
    """Why a scenario plays its options unasked, as a game's status says it beside them; '' for none.

    >>> unasked("bloody_monday", "last_blood"), unasked("bloody_monday", "bloody_monday")
    ('Last Blood plays them all, 10.0', '')
    """
    found = _scenario(system, scenario)
    return f"{found['title'].split(' (')[0]} plays them all, {found['unasked']}" if found.get("unasked") else ""


def scenario_sides(system: str, scenario: str) -> tuple[str, ...]:
    """A scenario's sides in its game's order (its data's), none where the game or scenario is unknown.

    >>> scenario_sides("borodino", "7sep"), scenario_sides("toy", "none")
    (('french', 'russian'), ())
    """
    return tuple(_scenario(system, scenario).get("sides", ()))


@functools.cache
def _scenario(system: str, scenario: str) -> dict:
    """A scenario as its system describes it (rules.core.system's `scenarios`), empty where unknown."""
    try:
        return next((s for s in rules.load(system).scenarios() if s["id"] == scenario), {})
    except RulesError:
        return {}


def side_name(side: str | None) -> str:
    """'french' -> 'French'; None -> 'Nobody'."""
    return side.replace("_", " ").title() if side else "Nobody"


def phase_name(phase: str | None) -> str:
    """'movement' -> 'Movement Phase'; a name that already says Phase or Segment is kept, and the
    end of a game is 'Game over' whichever way a view names it.

    >>> phase_name("movement"), phase_name("Supply Segment: Victory Point Index"), phase_name("over")
    ('Movement Phase', 'Supply Segment: Victory Point Index', 'Game over')
    """
    if not phase:
        return "Phase"
    name = str(phase).replace("_", " ").title()
    said = name.lower().split(":")[0]
    if said in ("over", "game over"):
        return "Game over"
    return name if said.endswith(("phase", "segment")) else f"{name} Phase"


def outcome_line(outcome: dict) -> str:
    """How a game ended, as one sentence: who won, by what degree of victory, and why.

    >>> outcome_line({"winner": "russian", "level": "decisive", "reason": "the Grande Armee has no corps left"})
    'Game over: the Russian player wins a decisive victory, as the Grande Armee has no corps left.'
    >>> outcome_line({"winner": None, "level": "draw", "reason": "Nobody occupies 3222 at the end."})
    'Game over: a draw, as nobody occupies 3222 at the end.'

    A game of one level of victory (Borodino's 5 and 6 September) names the winner once:

    >>> outcome_line({"winner": "russian", "level": "victory", "reason": "The Russian player holds 3222."})
    'Game over: the Russian player wins, as he holds 3222.'
    """
    return f"Game over: {how_it_ended(outcome)}."


LOWER = ("The ", "Nobody ", "Neither ", "Both ")  # a reason's first words that read lower-case after 'as'


def how_it_ended(outcome: dict) -> str:
    """Who won, how and why, as one clause without its full stop (in brackets too: 'Game 4 is over
    (the Russian player wins, as Anna resigns for French)'): 'the French player wins a marginal
    victory, as French units occupy every redoubt hex (...)', 'the French player wins by sudden
    death, as he killed ...', 'a tie, as Turn 4 ends with equal victory areas ...'; where it read
    'French wins (marginal): The ...', the winner named twice where the reason names him. A game
    its players ended without a winner or a level: 'no winner, ended by Mod'.

    >>> how_it_ended({"winner": "french", "level": "sudden death", "reason": "The French player killed X."})
    'the French player wins by sudden death, as he killed X'
    >>> how_it_ended({"winner": None, "reason": "ended by Mod"}), how_it_ended({"winner": "red"})
    ('no winner, ended by Mod', 'the Red player wins')
    """
    reason, level, winner = str(outcome.get("reason") or "").strip().rstrip("."), outcome.get("level") or "", \
        outcome.get("winner")
    if winner:
        said = f"the {side_name(winner)} player wins" + (
            "" if level == "victory" or not level else " by sudden death" if level == "sudden death"
            else f" a {level} victory")
        reason = "he " + reason.removeprefix(f"The {side_name(winner)} player ") \
            if reason.startswith(f"The {side_name(winner)} player ") else reason
    else:
        said = f"a {level}" if level else "no winner"
        if not level:
            return f"{said}, {reason}" if reason else said
    if reason.startswith(LOWER):
        reason = reason[0].lower() + reason[1:]
    return f"{said}, as {reason}" if reason else said


ECHO = 60  # characters of a player's own words repeated back in a refusal


def clipped(words: str, limit: int = ECHO) -> str:
    """A player's words as a refusal repeats them: whole when short, else their start, so that a
    line of 100,000 characters is not sent back whole.

    >>> clipped("move 3225 3224")
    'move 3225 3224'
    >>> clipped("x" * 100_000, 8)
    'xxxxxxxx... (100000 characters)'
    """
    return words if len(words) <= limit else f"{words[:limit]}... ({len(words)} characters)"


def places(word: str, view: dict | None = None) -> tuple[str, ...]:
    """The places a player names: a hex of four digits (3224), an area number of the map (41),
    or where the view names its places (1812) a place's name (Vilna, for 12); an 1812 area
    sub-divided names its sub-areas (16: Vyazma (161) and Borodino (162)). A refusal gives
    examples of the game's own kind of place.

    >>> places("3224"), places("vilna", {"places": [{"number": 12, "name": "Vilna", "area": 12}]})
    (('3224',), ('12',))
    >>> places("16", {"places": [{"number": 161, "area": 16, "name": "Vyazma"},
    ...                          {"number": 162, "area": 16, "name": "Borodino"}]})
    ('161', '162')
    """
    view = view or {}
    named = _numbers_by_name(view)
    if word.lower() in named:
        return (named[word.lower()],)
    hexes = any("hex" in u for u in view.get("units", []))
    if not (word.isascii() and word.isdigit() and len(word) <= 4) or (hexes and len(word) != 4):
        raise CommandError(f"{clipped(word)!r} is not a place: {_how_to_name(view, named)}.")
    areas = sorted(int(a["number"]) for a in view.get("areas", []))
    if areas and int(word) not in areas:
        raise CommandError(f"There is no area {word} on the map: areas are numbered {areas[0]} to {areas[-1]}.")
    return _sub_areas(int(word), view.get("places", [])) or (word,)


def _sub_areas(number: int, places: list[dict]) -> tuple[str, ...]:
    """The sub-areas that `number` names among the places a view names (1812's areas and sub-areas), an
    area sub-divided; none where it is a place itself (or the view names none); else CommandError, as the
    game refuses it in a command.

    >>> _sub_areas(16, [{"number": 12, "area": 12}, {"number": 161, "area": 16}, {"number": 162, "area": 16}])
    ('161', '162')
    """
    if not places or number in (int(p["number"]) for p in places):
        return ()
    parts = tuple(str(n) for n in sorted(int(p["number"]) for p in places if int(p["area"]) == number))
    if parts:
        return parts
    names = place_names({"places": places})
    areas = sorted(int(p["number"]) for p in places if p["number"] == p["area"])
    subs = [_named(str(n), names) for n in sorted(int(p["number"]) for p in places if p["number"] != p["area"])]
    raise CommandError(f"There is no place {number} on the map: name an area by its number, {areas[0]} to "
                       f"{areas[-1]}, or a sub-area: {', '.join(subs)} (The Game Map).")


def _how_to_name(view: dict, named: dict[str, str]) -> str:
    """How a game's places are named, with an example of each way."""
    if named:
        number, name = next((n, p) for p, n in named.items())
        return f"name one by its number or its name (`units {number}`, `units {name.title()}`)"
    if any("hex" in u for u in view.get("units", [])):
        return "name a hex by its four digits (`units 3224`)"
    if any("area" in u for u in view.get("units", [])):
        return "name an area by its number (`units 41`)"
    return "name a hex by its four digits (`units 3224`) or an area by its number (`units 41`)"


def units_help(view: dict) -> str:
    """`help units` with the game's own way of naming a place (Bloody Monday's areas are no hexes).

    >>> units_help({"units": [{"area": 41}]}).endswith("one place: name an area by its number (`units 41`)")
    True
    """
    return TABLE_HELP["units"].format(example=_how_to_name(view, _numbers_by_name(view)))


def _numbers_by_name(view: dict) -> dict[str, str]:
    """The number of each place the view names, by its name in lower case (1812)."""
    return {str(p["name"]).lower(): str(p["number"]) for p in view.get("places", [])}


def place_names(view: dict) -> dict[str, str]:
    """The names of a view's places by number, where it names them (1812)."""
    return {str(p["number"]): str(p["name"]) for p in view.get("places", []) if "name" in p}


UNIT_WORDS = {"unit": "unit", "units": "units"}  # a view's `unit_words` may call them otherwise (1812: stacks)


def status(view: dict) -> str:
    """The headline and how many units each side has (`units` lists them), the sides in their game's
    order, as the headline's losses and the picture name them."""
    return headline(view) + "\n\n" + unit_counts(view.get("units", []), view.get("unit_words"),
                                                   view.get("waiting") or [],
                                                   scenario_sides(str(view.get("system")), str(view.get("scenario"))))


def unit_counts(units: list[dict], words: dict | None = None, waiting: Sequence[dict] = (),
                sides: Sequence[str] = ()) -> str:
    """One line per side: its units, how many of them the viewer may not identify, and how many
    wait to enter (Borodino's reinforcements due), so that a side with none on the map yet is named.
    The `sides` named come first, in that order (a scenario's: French, then Russian in every game,
    where Borodino's views list the Russians first); then the others as the units name them.

    >>> print(unit_counts([{"side": "russian", "id": "R-1"}], waiting=[{"side": "french", "id": "F-1"}]))
    Russian: 1 unit
    French: none on the map, 1 waiting to enter
    `units` lists them; `units <place>` those at one place.
    >>> unit_counts([{"side": "russian", "id": "R-1"}, {"side": "french"}], sides=("french", "russian")).split("\\n")[0]
    'French: 1 unit, 1 of them hidden'
    """
    lines = []
    named = [u.get("side") for u in units] + [u.get("side") for u in waiting]
    for side in dict.fromkeys([side for side in sides if side in named] + named):
        mine = [u for u in units if u.get("side") == side]
        hidden = sum("id" not in u for u in mine)
        due = sum(u.get("side") == side for u in waiting)
        lines.append(f"{side_name(side)}: {_units(len(mine), words) if mine else 'none on the map'}"
                     + (f", {hidden} of them hidden" if hidden else "") + (f", {due} waiting to enter" if due else ""))
    return "\n".join(lines or [f"No {_word(words, 'units')}."]) + \
        "\n`units` lists them; `units <place>` those at one place."


def _word(words: dict | None, key: str) -> str:
    return (words or UNIT_WORDS).get(key, UNIT_WORDS[key])


def _units(n: int, words: dict | None = None) -> str:
    return f"{n} {_word(words, 'unit' if n == 1 else 'units')}"


TURN_WORDS = {"borodino": "Game-Turn", "campaign_1812": "Game-Turn"}  # SPI's word, as their pictures; else Turn


def turn_words(view: dict) -> str:
    """The turn as the system's picture names it: 'Game-Turn 27 of 40' (SPI's Borodino and 1812, whose
    events say 'Game-Turn 2 (July I): the French Player-Turn.'), 'Turn 2 of 4' (Bloody Monday).

    >>> turn_words({"system": "borodino", "turn": 27, "last_turn": 40}), turn_words({"turn": 3})
    ('Game-Turn 27 of 40', 'Turn 3')
    >>> turn_words({"system": "campaign_1812", "turn": 2, "last_turn": 13})
    'Game-Turn 2 of 13'
    """
    last = f" of {view['last_turn']}" if view.get("last_turn") else ""
    return f"{TURN_WORDS.get(str(view.get('system')), 'Turn')} {view.get('turn', '?')}{last}"


def turn_in_sentence(view: dict, turn: object = None) -> str:
    """The view's turn (or `turn` of its game) as its game names it within a sentence: 'Game-Turn
    28' (SPI's Borodino and 1812), 'turn 2' elsewhere.

    >>> turn_in_sentence({"system": "borodino", "turn": 28}), turn_in_sentence({"turn": 1}, 2)
    ('Game-Turn 28', 'turn 2')
    """
    named = turn_words({"system": view.get("system"), "turn": view.get("turn", "?") if turn is None else turn})
    return named if named.startswith("Game-") else named[0].lower() + named[1:]


def side_phase(view: dict, side: str) -> str:
    """The side's phase of the view as a sentence names it, what a deadline or a question waits for
    where no prompt says more.

    >>> side_phase({"system": "borodino", "turn": 28, "phase": "movement"}, "french")
    'the French Movement Phase (Game-Turn 28)'
    """
    return f"the {side_name(side)} {phase_name(view.get('phase'))} ({turn_in_sentence(view)})"


def headline(view: dict, computer: Collection[str] = ()) -> str:
    """Turn (as the picture names it), day and clock (Borodino's Grand Battle spans three days; a
    night turn reads Night, as on the picture), phase and player (none once the game is over: no
    side acts); then who moves, unless the phase's player alone, whom the line names (on a phone
    'To move: French' under '... | French player' said it again), or a person the prompt names
    (`_prompt_names`), or the outcome; and the engine's
    prompt, unless it only says what the first line does (1812's 'The Russian player's Forced
    March.' under '... | Forced March Phase | Russian player'). The sides the `computer` plays are
    named as such, and while only they move the prompt is left out: its instructions
    ('French impulse: `tactical`, `pass` ...') are for no one who reads them; so are those of the
    notes, which read as the view's `plain_notes` (Borodino's reinforcements, without '`move <id>
    <hex>` moves one on')."""
    head = [turn_words(view)]
    if view.get("clock"):
        head.append(" ".join(str(word) for word in (view.get("day"), "Night" if view.get("night") else view["clock"])
                             if word))
    head.append(phase_name(view.get("phase")))
    if view.get("player") and not view.get("outcome"):
        head.append(f"{side_name(view['player'])} player")
    lines = [" | ".join(head)]
    if view.get("outcome"):
        lines.append(outcome_line(view["outcome"]))
    elif view.get("to_move") and (view["to_move"] != [view.get("player")] or view.get("player") in computer) \
            and not _prompt_names(view, computer):
        lines.append("To move: " + ", ".join(side_name(s) + (" (the computer)" if s in computer else "")
                                             for s in view["to_move"]))
    unread = bool(view.get("to_move")) and set(view["to_move"]) <= set(computer)
    if view.get("prompt") and not unread and not said_by_headline(str(view["prompt"]), lines[0]):
        lines.append(str(view["prompt"]))
    lines += [str(note) for note in view.get("plain_notes" if unread and "plain_notes" in view else "notes", [])]
    return "\n".join(lines)


def _prompt_names(view: dict, computer: Collection[str]) -> bool:
    """Whether the view's prompt names the one player who acts, a person, first or after what it is about
    ('The Russian player is applying hits in 42 (5.3.6).', 1812's 'The Russian player chooses where French
    attrition falls', Bloody Monday's 'The battle in 16: the French player may spend the Initiative Disc to
    retreat ...' (6.4), 1812's 'Battle of Vyazma (161): the French player's choice.'): 'To move: Russian'
    above it said him twice in a row, and his ping under the headline a third time.

    >>> _prompt_names({"to_move": ["russian"], "prompt": "The Russian player is applying hits in 42 (5.3.6)."}, ())
    True
    >>> _prompt_names({"to_move": ["french"], "prompt": "The battle in 16: the French player may spend ..."}, ())
    True
    >>> _prompt_names({"to_move": ["russian"], "prompt": "The Russian stack in Kovno (11) must retreat."}, ())
    False
    """
    movers = view["to_move"]
    if len(movers) != 1 or movers[0] in computer:
        return False
    said, player = str(view.get("prompt") or ""), f"the {side_name(movers[0])} player"
    return said.startswith(f"T{player[1:]} ") or any(f": {player}{then}" in said for then in (" ", "'s "))


def units_table(units: list[dict], where: str | tuple[str, ...] | None = None, words: dict | None = None,
                names: dict[str, str] | None = None) -> str:
    """One block per side, within a phone's width (`_laid_out`): a line per unit, or a card per unit
    where its place's name leaves no room for it (1812's stacks); `where` filters a place, or places (an
    1812 area sub-divided: `units 16` lists those in Vyazma (161) and Borodino (162)).

    Units the viewer may not identify (no "id": a hidden block) are only counted, per place. A view's
    `unit_words` name the units (1812: stacks) and may give the columns a heading row; `names` name
    the places (1812: "Vilna (12)", as its events write them), and the place column is as wide as the
    longest of them.
    """
    spots = (where,) if isinstance(where, str) else where
    if spots is not None:
        units = [u for u in units if _place(u) in spots]
    if not units:
        none = f"No {_word(words, 'units')}"
        return f"{none} at {' or '.join(_named(spot, names) for spot in spots)}." if spots else f"{none}."
    blocks = []
    for side in dict.fromkeys(u.get("side") for u in units):
        mine = [u for u in units if u.get("side") == side]
        rows = [_unit_row(u, (words or {}).get("markers", {})) for u in mine if "id" in u]
        hidden: dict[str, int] = {}
        for u in mine:
            if "id" not in u:
                hidden[_place(u)] = hidden.get(_place(u), 0) + 1
        rows = [[_named(row[0], names), *row[1:]] for row in rows]
        counted = [(_named(place, names), _units(n, words).replace(" ", " hidden ", 1)) for place, n in hidden.items()]
        columns = (words or {}).get("columns") if rows else None
        heading = [columns[0], columns[1], columns[3], columns[2]] if columns else None
        width = max(len(place) for place in [row[0] for row in rows] + [p for p, _ in counted] + (heading or [])[:1]
                    + [_named(p, names) for p in names or ()])  # as wide for one place as for all, as named
        lines = [f"{side_name(side)}:", *_laid_out(rows, heading, width)]
        lines += [f"  {place.ljust(width)}  {count}" for place, count in counted]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


PHONE = 40  # the characters of a line that a Discord code block shows on a phone (about 40 to 45)
BESIDE = 20  # the least room for a unit's factors and kind beside its place and id; with less, a card per unit


def _laid_out(rows: list[list[str]], heading: list[str] | None, width: int) -> list[str]:
    """Rows of [place, id, factors, kind, marks] within PHONE characters a line, read alike on a phone
    and in a terminal: place (`width` wide) and id in columns, then the unit as the house writes it
    ('5-4 infantry', Bloody Monday's '4 supreme commander') with its marks, running on under itself
    where they do not fit. Where the place and id leave no room for that (1812's names of places), each
    unit is a card: its place, id and factors in columns, what it holds on the lines below, indented
    ('9 inf, 2 cav, 2 supply, 1 depot'). A heading's last cell runs on under itself likewise
    ('strength-movement,' over 'type').

    >>> rows = [["2319", "R-V-3G", "2-4", "infantry", "guard, frozen; leaders: Lavrov"],
    ...         ["3116", "R-VIII-CGr", "7-4", "infantry", ""]]
    >>> print("\\n".join(_laid_out(rows, ["hex", "unit", "strength-movement", "type"], 4)))
      hex   unit        strength-movement,
                        type
      2319  R-V-3G      2-4 infantry; guard,
                        frozen;
                        leaders: Lavrov
      3116  R-VIII-CGr  7-4 infantry
    >>> print("\\n".join(_laid_out([["Vilna (12)", "R12", "5", "4 inf, 1 cav, 1 supply, 1 depot", "moved"]],
    ...                   ["place", "stack", "corps", "holds"], 10)))
      place       stack  corps
      Vilna (12)  R12    5
        4 inf, 1 cav, 1 supply, 1 depot;
        moved
    """
    if not rows:
        return []
    ids = max(len(cell) for cell in [row[1] for row in rows] + (heading or [""])[1:2])
    room = PHONE - 2 - width - 2 - ids - 2
    units = [" ".join(cell for cell in row[2:4] if cell) for row in rows]
    if room >= BESIDE and all(len(unit) <= room for unit in units):
        head = [[*heading[:2], ", ".join(cell for cell in heading[2:] if cell), ""]] if heading else []
        return [line for row in head + [[*row[:2], unit, row[4]] for row, unit in zip(rows, units)]
                for line in _beside(row, [width, ids], room)]
    return [line for row in ([heading[:3] + [""]] if heading else []) + [[*row[:3], "; ".join(
            cell for cell in row[3:5] if cell)] for row in rows] for line in _card(row, width, ids)]


def _beside(cells: list[str], widths: list[int], room: int) -> list[str]:
    """A unit's line: place and id in their columns, the unit and its marks beside them, running on
    under itself; the unit itself ('4 supreme commander') never broken."""
    left = "  " + "  ".join(cell.ljust(w) for cell, w in zip(cells, widths)) + "  "
    unit, marks = cells[2:4]
    pieces = _wrapped(f"{unit}; {marks}" if marks else unit, room)
    if len(unit) <= room and not pieces[0].startswith(unit):  # the marks' first word would break it
        pieces = [unit, *_wrapped(marks, room)]
    return [(left if not i else " " * len(left)) + piece for i, piece in enumerate(pieces)]


def _wrapped(said: str, room: int) -> list[str]:
    """Lines of at most `room` characters, a list's name kept with its first item ('leaders: Lavrov')."""
    return [line.replace("\xa0", " ") for line in textwrap.wrap(said.replace(": ", ":\xa0"), room)]


def _card(cells: list[str], width: int, ids: int) -> list[str]:
    """A unit's card: its place, id and factors in columns, what it holds and its marks below."""
    top = f"  {cells[0].ljust(width)}  {cells[1].ljust(ids)}  {cells[2]}".rstrip()
    return [top, *("    " + piece for piece in _wrapped(cells[3], PHONE - 4))]


def waiting_line(view: dict) -> str:
    """The units of a view waiting off the map to enter (Borodino's reinforcements due, the blocks of a
    Bloody Monday player's own Reinforcements Pool), after the units table; nothing where none wait.

    >>> waiting_line({"waiting": [{"id": "F-IC-1H", "side": "french", "type": "cavalry", "strength": 2,
    ...                            "movement": 5, "entry": "2630"}]})
    '\\n\\nWaiting to enter: F-IC-1H (French 2-5 cavalry) at 2630.'
    """
    waiting = view.get("waiting") or []
    pool = view.get("my_pool") or []  # Bloody Monday: the viewer's own Reinforcements Pool (3.3)
    entering = "\n\nWaiting to enter: " + ", ".join(
        f"{u['id']} ({side_name(u['side'])} {u['strength']}-{u['movement']} {u['type']}) at {u['entry']}"
        for u in waiting) + "." if waiting else ""
    return entering + (f"\n\nIn your Reinforcements Pool (3.3): {', '.join(pool)}." if pool else "")


def _named(place: str, names: dict[str, str] | None) -> str:
    return f"{names[place]} ({place})" if names and place in names else place


def _place(unit: dict) -> str:
    return str(unit.get("hex", unit.get("area", "?")))


def _unit_row(unit: dict, markers: dict[str, str]) -> list[str]:
    """A unit's cells: place, id, factors, and its kind with its marks; `markers` (a view's
    `unit_words`) name what its lists hold, as the players read them (Bloody Monday's cube
    "light_blue" is a "Kolocha crossing")."""
    factors = "-".join(str(unit[k]) for k in ("strength", "movement") if k in unit)
    flags = ", ".join(k for k, v in unit.items() if k not in _CORE and v is True)  # "moved, broken"
    lists = [f"{k}: {', '.join(markers.get(str(x), str(x)) for x in v)}" for k, v in unit.items()
             if k not in _CORE and type(v) is list and v]  # the leaders with it, its cubes
    kind = str(unit.get("type", "")).replace("_", " ")  # a view's `tactical_leader` reads "tactical leader"
    return [_place(unit), str(unit["id"]), factors, kind, "; ".join(p for p in (flags, *lists) if p)]


def event_lines(events: list[dict], sides: bool = True, shared: bool = False) -> list[str]:
    """One line per event, indented, a question's points under it indented likewise (a Borodino
    retreat's hexes, rules.core.events.point_by_point); a private one says whom it is for, and on a
    screen both players share (`shared`) it names that side where it spoke to it: '(to Russian) Your
    Battle Plan in Kovno (11): Assault.' had no one there its 'your'. Log-only events are left out, and
    so is a private one that a public one already says (a Bloody Monday block revealed as it engages:
    its own side's line is the public one without "and engages").

    >>> plan = [{"to": "russian", "text": "Your Battle Plan in Kovno (11): Assault."}]
    >>> event_lines(plan)
    ['  (to Russian) Your Battle Plan in Kovno (11): Assault.']
    >>> event_lines(plan, shared=True)
    ['  (to Russian) Russian Battle Plan in Kovno (11): Assault.']
    >>> print(event_lines([{"text": "French player: choose where R-V-3G retreats:\\n- `retreat 2317`"}])[0])
      French player: choose where R-V-3G retreats:
      - `retreat 2317`
    """
    public = [str(e.get("text", "")) for e in events if e.get("to", "all") == "all"]
    lines = []
    for event in events:
        to = event.get("to", "all")
        if to == "log" or to != "all" and said_in(str(event.get("text", "")), public):
            continue
        told = str(event.get("text", event.get("kind", "")))
        if sides and to != "all":
            named = shared and told.startswith("Your ")
            told = f"(to {side_name(to)}) " + (f"{side_name(to)} {told.removeprefix('Your ')}" if named else told)
        lines.append("  " + told.replace("\n", "\n  "))
    return lines


def chat_lines(events: list[dict]) -> list[str]:
    """The events' lines as a chat writes them (a channel, a DM): `event_lines` without the terminal's
    indent and without naming whom a private one is for (it goes to that side alone), a question's points
    at the start of their lines, a list in Discord's markdown. A question reads word for word as its
    side's prompt says it, so a question the change's line shows already is known there: its buttons go
    on that line, the question not posted again (bot/tables/announcement.py, _carried), and its words are
    not told spectators, whose post says no question (bot/tables/change.py).

    >>> chat_lines([{"text": "French player: you may advance after combat:\\n- `advance 2804 2705`\\n- `stay`"}])
    ['French player: you may advance after combat:\\n- `advance 2804 2705`\\n- `stay`']
    """
    return [textwrap.dedent(line).strip() for line in event_lines(events, False)]


def said_in(line: str, told: list[str] | tuple[str, ...]) -> bool:
    """Whether `line` (a sentence) is already said by one of `told`, in full or as its start.

    >>> said_in("5 moves 34 → 46.", ["5 moves 34 → 46 and engages."])
    True
    >>> said_in("5 moves 34 → 31.", ["5 moves 34."])
    False
    """
    core = line.strip().removesuffix(".")
    return bool(core) and any(core in other for other in told)


def said_by_headline(line: str, head: str) -> bool:
    """Whether a line of a change says nothing that one line of the headline under it (`head`) does
    not: every word of it is among that line's. A phase's event says the phase the headline names
    ('Game-Turn 28 (7 Sept, 0700): French Movement Phase.' above 'Game-Turn 28 of 40 | 7 Sept 0700 |
    Movement Phase | French player'), or what its prompt asks ('Russian impulse (4.0).' above
    'Russian impulse: `tactical` or `pass` (4.0).'): read twice in a row on a phone. A line that
    tells more (a phase that began and ended: 'French Combat Phase.' above the Russian Movement
    Phase, whose notes count Combat Points) is kept: the words are matched line by line (a question of
    several lines, a point an answer, is said where each of its lines is).

    >>> head = "Game-Turn 28 of 40 | 7 Sept 0700 | Movement Phase | French player\\nLosses: French 0 Combat Points."
    >>> said_by_headline("Game-Turn 28 (7 Sept, 0700): French Movement Phase.", head)
    True
    >>> said_by_headline("French Combat Phase.", head), said_by_headline("Anything.", "")
    (False, False)
    """
    told = [_words(each) for each in head.split("\n")]
    said = [_words(each) for each in line.split("\n")]
    return all(said) and all(any(words <= known for known in told) for words in said)


def _words(line: str) -> set[str]:
    """The words of a line, in lower case, without its punctuation: a hyphen, stop or apostrophe
    inside a word stays ('game-turn', '4.0'); 'the' and a possessive's 's' go, which add nothing
    ('The Russian player's Forced March.' says no more than '... | Forced March Phase | Russian player').

    >>> sorted(_words("The Russian player's Game-Turn (4.0)."))
    ['4.0', 'game-turn', 'player', 'russian']
    """
    return {word.removesuffix("'s").removesuffix("’s") for word in re.findall(r"\w+(?:[-.'’]\w+)*", line.lower())} \
        - {"the"}


# --- odds before you commit: the engine's forecast in words -------------------------
CRT_WORDS = {"Ae": "attacker eliminated", "Ar": "attacker retreats", "Ex": "exchange",
             "Dr": "defender retreats", "De": "defender eliminated"}


def odds(forecast: dict) -> str:
    """A forecast from a system's `odds` (Borodino's CRT odds, Bloody Monday's expected hits)."""
    if forecast["kind"] == "crt":
        return _crt_odds(forecast)
    if forecast["kind"] == "fire":
        return _fire_odds(forecast)
    if forecast["kind"] == "results":
        return _results_odds(forecast)
    return _battle_odds(forecast)


def _results_odds(f: dict) -> str:
    """A table's results by die (1812's Combat Results Table), with what each means."""
    lines = [f"{f['title']}:"]
    lines += [f"  die {_faces(r['faces'])} ({len(r['faces'])} in 6, {r['probability']:.0%}): {r['result']}, "
              f"{r['meaning']}." for r in f["results"]]
    return "\n".join(lines + [note[0].upper() + note[1:] + "." for note in f["notes"]])


def _crt_odds(f: dict) -> str:
    attackers, defenders = (part.strip() for part in f["attack"].split("->"))
    odds = f["odds"] if f.get("ratio", f["odds"]) == f["odds"] else \
        f"{f['ratio']}, fought at {f['odds']}, the table's last column (Combat Resolution Table)"
    head = f"{attackers} ({f['attack_strength']:g}) against {defenders} ({f['defence_strength']:g}): odds {odds}."
    lines = [head]
    if f.get("attack_modifiers"):
        lines.append("The attacker's modifiers: " + "; ".join(f["attack_modifiers"]) + ".")
    lines.append("The defender's modifiers: " + ("; ".join(f["modifiers"]) if f["modifiers"] else "none") + ".")
    if f["bombarding"]:
        lines.append("Bombarding, untouched by the result (Artillery C): " + ", ".join(f["bombarding"]) + ".")
    for r in f["results"]:
        struck = r["eliminated"] or r["retreat"] or r["blocked"]
        said = UNTOUCHED.get(r["result"]) if not struck else None
        lines.append(f"  die {_faces(r['faces'])} ({len(r['faces'])} in 6, {r['probability']:.0%}): {r['result']}, "
                     + (f"{said}." if said else f"{CRT_WORDS[r['result']]}{_crt_effects(r)}."))
    return "\n".join(lines)


# a result against the attacker that strikes none of them: every attacker is artillery it spares (Artillery C)
UNTOUCHED = {"Ae": "no effect: the attacking artillery is untouched (Artillery C)",
             "Ar": "no effect: the attacking artillery is untouched, though it may elect to retreat (Artillery C)"}


def _faces(faces: list[int]) -> str:
    """[1, 2, 3] -> '1-3'; [5] -> '5'."""
    return f"{faces[0]}-{faces[-1]}" if len(faces) > 1 and faces[-1] - faces[0] == len(faces) - 1 \
        else ", ".join(map(str, faces))


def _crt_effects(r: dict) -> str:
    """The units a result strikes: eliminated, retreating, or eliminated for want of a retreat."""
    if r["result"] in ("Ar", "Dr"):
        moving = [", ".join(_how_far(unit, r) for unit in r["retreat"])] if r["retreat"] else []
        if r["blocked"]:
            moving.append("with no path of retreat, eliminated instead: " + ", ".join(r["blocked"]))
        if r["eliminated"]:
            moving.append("broken and given a two-hex retreat, eliminated instead (Doomed Victory 6.10): "
                          + ", ".join(r["eliminated"]))
        if r.get("rally"):
            moving.append(_rallied(r["rally"], r["retreat"]))
        return (": " + "; ".join(moving) if moving else "") + _taken(r)
    n = r["exchange"]
    cost = f"; the attacker loses at least {n} Combat Point{'' if n == 1 else 's'}" if n else ""
    return (": " + ", ".join(r["eliminated"]) if r["eliminated"] else "") + cost + _taken(r)


def _rallied(rally: list[str], retreat: list[str]) -> str:
    """Who of the retreating units a leader may rally (Doomed Victory 8.151), named only where not
    every one of them: one unit read its name twice on a line ('Dr, defender retreats: 2824 (French
    2-5 cavalry); a leader ... may rally it, a hex less (...): 2824 (French 2-5 cavalry)')."""
    one = len(rally) == 1
    whom = ("it" if one else "each") if rally == retreat else listed(rally)
    it = "it" if one or rally == retreat else "each"
    return f"a leader stacked with or next to {whom} may rally {it}, a hex less (Doomed Victory 8.151)"


def _taken(r: dict) -> str:
    """An empty redoubt beaten by itself: it stays, and the attacker may advance into it (Redoubts J)."""
    if not r.get("redoubt_taken"):
        return ""
    return f"; the {r['redoubt_taken']} stays, and the attacker may advance into it (Russian Redoubts J)"


def _how_far(unit: str, r: dict) -> str:
    """A retreating unit, with 'two hexes' where Doomed Victory's 6.10 makes it so."""
    if unit not in r.get("two_hexes", ()):
        return unit
    return unit + (" two hexes, and is broken" if unit in r.get("breaks", ()) else " two hexes, being broken") + \
        " (Doomed Victory 6.10)"


def _bonus(bonus: int) -> str:
    first = "first hit" if bonus == 1 else f"first {bonus} hits"
    return f" The defender's ground absorbs the {first} (1.2.1)." if bonus else ""


def _fire_odds(f: dict) -> str:
    spread = ", ".join(f"{k} hit{'' if k == 1 else 's'} {p:.0%}" for k, p in enumerate(f["chances"]))
    return (f"{f['artillery']} firing into {f['area']}: {f['dice']} dice hitting on {f['hits_on']}+ (5.3.1), "
            f"{f['expected']:.1f} hits expected ({spread}).{_bonus(f['bonus'])}")


def _battle_odds(f: dict) -> str:
    head = f"Battle in {f['area']}, {side_name(f['attacker'])} attacking: the hits each side may expect"
    lines = [head + " in the ground combat (5.3.4)."]
    for side, s in f["sides"].items():
        units = [f"{u['name']} {u['dice']} {'die' if u['dice'] == 1 else 'dice'} on {u['hits_on']}+ "
                 f"({u['expected']:.1f})" for u in s["known"]]
        if s["hidden"]:
            units.append(f"{s['hidden']} hidden block{'s' if s['hidden'] > 1 else ''}, about "
                         f"{s['hidden_each']:.1f} each (an average {side_name(side)} block you have not "
                         "seen, at full strength)")
        lines.append(f"  {side_name(side)}: about {s['expected']:.1f} hits: " + "; ".join(units) + ".")
    return "\n".join(lines) + _bonus(f["bonus"])


def orders_help(table: dict[str, dict[str, str]]) -> str:
    """`help orders` in a game's own words: its first kinds of choice as the examples.

    >>> "`orders retreat away`, `orders advance ask`;" in orders_help({"retreat": {"away": "."}, "advance": {}})
    True
    """
    if not table:
        return "orders                     this game has no mid-turn choices for standing orders"
    kinds = list(table)
    examples = [f"`orders {kinds[0]} {next(iter(table[kinds[0]]), 'ask')}`", f"`orders {kinds[-1]} ask`"]
    return TABLE_HELP["orders"].format(examples=", ".join(dict.fromkeys(examples)))


def standing_orders(table: dict[str, dict[str, str]], mine: dict[str, str]) -> str:
    """The standing orders a side has given and those it may give."""
    if not table:
        return "This game has no mid-turn choices for standing orders."
    lines = ["Your standing orders (played for you when that choice falls to you; "
             "`orders <kind> <order>` sets one, `ask` clears it):"]
    for kind, orders in table.items():
        lines.append(f"{kind}: {mine.get(kind, 'ask')}")
        lines += [f"    {order}: {what}" for order, what in orders.items()]
        lines.append("    ask: no standing order; the game waits for you")
    return "\n".join(lines)
