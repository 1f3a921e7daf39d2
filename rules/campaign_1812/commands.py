"""The 1812 command grammar: text -> typed command, and back (`to_text`).

    move 12 10                 every unmoved unit of the stack in 12 moves to 10
    move 12 10 3 inf 1 supply  part of it (inf, cav, supply, depot); `march` alike, corps only
    move 12 10 3 inf leader    and the leader there with them (the optional leader rule)
    attrit 12                  choose where the enemy takes an attrition loss
    attrit 12 14 15            where it takes the next losses due, one a place named, in order
    plan assault [withdraw 9]  your secret battle plan (and where your cavalry withdraws first)
    fight | retreat 9          the defender's choice; where a retreating stack goes
    depot 14 | remove 12 inf | end
"""
from __future__ import annotations

from collections import Counter

from rules.campaign_1812.campaign_data import KINDS, places
from rules.core.commands import Word, Worded, command
from rules.core.errors import CommandError
from rules.core.events import listed
from rules.core.words import ANSWERED_TOO, meant, number, split

ALIASES = {"inf": "inf", "infantry": "inf", "cav": "cav", "cavalry": "cav", "supply": "supply",
           "supplies": "supply", "depot": "depot", "depots": "depot"}
PLANS = {"outflank": "outflank", "flank": "outflank", "assault": "assault", "reconnaissance": "reconnaissance",
         "recon": "reconnaissance", "contact": "contact", "withdraw": "withdraw", "entrench": "entrench",
         "counterattack": "counterattack", "counter-attack": "counterattack", "cordon": "cordon"}
CHIT_NAMES = {"outflank": "Outflank", "assault": "Assault", "reconnaissance": "Reconnaissance",
              "contact": "Contact", "withdraw": "Withdraw", "entrench": "Entrench",
              "counterattack": "Counter-attack", "cordon": "Cordon"}
Counts = tuple[tuple[str, int], ...]  # (kind, count) pairs; empty: every unit that may go


def _counts_text(counts: Counts) -> str:
    return "".join(f" {n} {k}" for k, n in counts)


@command("move")
class Move(Worded):
    """MOVEMENT: a stack's units go one place (area or sub-area)."""

    origin: int
    to: int
    counts: Counts = ()
    leader: bool = False  # the leader there goes too (the optional leader rule)

    def to_text(self) -> str:
        return f"{self.VERB} {self.origin} {self.to}{_counts_text(self.counts)}" + (" leader" if self.leader else "")


@command("march")
class March(Move):
    """MOVEMENT: a forced march of corps one place further, a die for each corps."""


@command("attrit")
class Attrit(Worded):
    """ATTRITION: the enemy stack that takes the next loss due, and those that take the losses after it."""

    place: int
    more: tuple[int, ...] = ()


@command("plan")
class Plan(Worded):
    """COMBAT: a Battle Plan chit placed face down, and where the cavalry withdraws before the battle;
    `every`: the same chit for every battle of the side's in this Combat Phase (`plan assault all`)."""

    chit: str
    withdraw: int | None = None
    every: bool = False

    def to_text(self) -> str:
        return f"plan {self.chit}" + (" all" if self.every else "") + \
            (f" withdraw {self.withdraw}" if self.withdraw is not None else "")


@command("retreat")
class Retreat(Worded):
    to: int


@command("depot")
class Depot(Worded):
    place: int


@command("remove")
class Remove(Worded):
    place: int
    kind: str


Command = Move | March | Attrit | Plan | Retreat | Depot | Remove | Word
FORMS = {  # what a verb needs, for a command of a known verb with the wrong words after it
    "move": "move needs the place a stack moves from and the one it moves to: `move 12 10`, or part of it: "
            "`move 12 10 3 inf 1 supply`",
    "march": "march needs the place corps force march from and the one they march to: `march 10 15`, or some of "
             "them: `march 10 15 2 inf`",
    "attrit": "attrit names the enemy stack that takes a loss by its place, one place a loss: `attrit 12`, "
              "`attrit 12 14`",
    "plan": "plan names your chit, and may send your cavalry away first: `plan assault`, `plan cordon withdraw 23`, "
            "or keeps it for every battle of the phase: `plan assault all`",
    "retreat": "retreat names one place: `retreat 23`", "depot": "depot names one place: `depot 14`",
    "remove": "remove names a place and the kind of corps, inf or cav: `remove 12 inf`",
    "end": "`end` takes nothing after it", "fight": "`fight` takes nothing after it"}
USAGE = ("commands: `move <from> <to> [<n> inf|cav|supply|depot ...] [leader]`, `march <from> <to> [<n> inf|cav ...]`, "
         "`attrit <place>`, `plan <chit> [all|withdraw <place>]`, `fight`, `retreat <place>`, `depot <place>`, "
         "`remove <place> inf|cav`, `end`")


def in_words(cmd: Command) -> str:
    """A command as a player reads it among the answers of a choice (a button's label, within
    Discord's 80 characters); a command no choice asks reads as its text.

    >>> in_words(Plan("withdraw", 11)), in_words(Retreat(15)), in_words(Remove(12, "cav"))
    ('Withdraw, cavalry withdrawing to Kovno (11)', 'Retreat to Smolensk (15)', 'Remove a cavalry corps in Vilna (12)')
    """
    named = places()
    if isinstance(cmd, Plan):
        away = f", cavalry withdrawing to {named[cmd.withdraw].label}" if cmd.withdraw is not None else ""
        return CHIT_NAMES[cmd.chit] + away + (", kept for every battle of this phase" if cmd.every else "")
    if isinstance(cmd, Retreat):
        return f"Retreat to {named[cmd.to].label}"
    if isinstance(cmd, Attrit) and cmd.more:
        each = Counter((cmd.place, *cmd.more))
        if len(each) == 1:
            return f"{each[cmd.place]} losses taken in {named[cmd.place].label}"
        return f"Losses taken: {listed([f'{n} in {named[p].label}' for p, n in each.items()])}"
    if isinstance(cmd, Attrit):
        return f"Loss taken in {named[cmd.place].label}"
    if isinstance(cmd, Remove):
        return f"Remove {'an infantry' if cmd.kind == 'inf' else 'a cavalry'} corps in {named[cmd.place].label}"
    return "Fight it out" if cmd == Word("fight") else cmd.to_text()


def places_of(cmd: Command) -> list[int]:
    """The places a command names, in order: where a stack moves from and to, the place it acts on, where its
    cavalry withdraws.

    >>> places_of(Move(12, 10, (("inf", 1),))), places_of(Plan("cordon", 23)), places_of(Word("end"))
    ([12, 10], [23], [])
    """
    return [n for field in ("origin", "to", "place", "withdraw") if (n := getattr(cmd, field, None)) is not None] \
        + list(getattr(cmd, "more", ()))


def place(word: str) -> int:
    """An area or sub-area, named by its number; a place's name is answered with its number (any other
    word with Vilna's, as an example), citing the map that numbers them."""
    found = number(word)
    named = next((p for p in places().values() if p.name.lower() == word.lower()), None)
    if found is None and named is not None:  # 'kovno' is a place, and was told it was none
        raise CommandError(f"A place is named by its number in orders: {named.name} is {named.number} (The Game Map).")
    if found is None:
        raise CommandError(f"{word!r} is not a place: name areas and sub-areas by number (Vilna is 12) (The Game Map).")
    return found


def counts(words: list[str], corps_only: bool) -> Counts:
    """The parts of a stack that move, as pairs of a count and a kind (`3 inf 1 supply`)."""
    if len(words) % 2:
        raise CommandError("Give each part as a count and a kind: `3 inf 1 cav`.")
    out: dict[str, int] = {}
    for n, kind in zip(words[::2], words[1::2]):
        k, count = ALIASES.get(kind), number(n, 1)
        if count is None or k is None:
            raise CommandError(f"{n} {kind!r}: give a count and one of inf, cav, supply, depot (`3 inf`).")
        if corps_only and k not in ("inf", "cav"):
            raise CommandError("Supply units may not force march, nor depots (Movement); march `inf` and `cav`.")
        out[k] = out.get(k, 0) + count
    return tuple((k, out[k]) for k in KINDS if k in out)


def parse(text: str) -> Command:
    """Text -> command; CommandError with the grammar for text that is not one."""
    line = split(text)
    verb, args = line.verb, line.args
    if verb in ("move", "march") and len(args) >= 2:
        leader = args[-1] == "leader"
        if leader and verb == "march":
            raise CommandError("A leader never force marches; he goes with the last corps to leave his place.")
        kind = Move if verb == "move" else March
        return kind(place(args[0]), place(args[1]), counts(args[2:len(args) - leader], verb == "march"), leader)
    if verb == "attrit" and args:
        return Attrit(place(args[0]), tuple(place(word) for word in args[1:]))
    if verb == "depot" and len(args) == 1:
        return Depot(place(args[0]))
    if verb == "plan" and len(args) in (1, 2, 3):
        if args[0] not in PLANS:
            raise CommandError(f"{args[0]!r} is no Battle Plan chit: the attacker's are outflank, assault, "
                               "reconnaissance, contact; the defender's withdraw, entrench, counterattack, cordon.")
        if len(args) == 2 and args[1] == "all":
            return Plan(PLANS[args[0]], every=True)
        if len(args) == 2:  # `plan withdraw 23`: a chit names no place; a retreat's is chosen when it is due
            raise CommandError("A chit names no place: name where your cavalry withdraws first as `plan <chit> "
                               "withdraw <place>`, and where a retreating stack goes with `retreat <place>` once "
                               "both chits are revealed.")
        if len(args) == 3 and args[1] != "withdraw":
            raise CommandError("Name where your cavalry withdraws as `plan <chit> withdraw <place>`.")
        return Plan(PLANS[args[0]], place(args[2]) if len(args) == 3 else None)
    if verb == "retreat" and len(args) == 1:
        return Retreat(place(args[0]))
    if verb == "remove" and len(args) == 2 and ALIASES.get(args[1]) in ("inf", "cav"):
        return Remove(place(args[0]), ALIASES[args[1]])
    if verb in ("end", "fight") and not args:
        return Word(verb)
    if verb in FORMS:
        raise CommandError(f"{FORMS[verb]}.")
    guess = meant(verb, [*FORMS, *ANSWERED_TOO.split(", ")]) if verb else ""
    raise CommandError(f"{text.strip()!r} is not a command of 1812{guess}; {USAGE}.")
