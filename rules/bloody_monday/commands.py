"""Bloody Monday commands: small typed values with a from-text constructor and its inverse.

`parse(text)` turns a player's line into a command or raises CommandError with a hint;
`cmd.to_text()` gives the line that parses back to the same command. Blocks are named by id or
label, case-insensitive ("f-i-5", "vg"); the game resolves the name against the player's own
blocks (game.resolve). Areas are numbers 1-111.
"""
from __future__ import annotations

from collections.abc import Collection
from itertools import groupby

from rules.core.commands import Word, Worded, command
from rules.core.errors import CommandError
from rules.core.words import number, played, read, shown


@command("move")
class Move(Worded):
    block: str
    path: tuple[int, ...]  # the destination alone, or every area entered in order


@command("activate")
class Activate(Worded):
    block: str  # a tactical leader, an artillery, or (Logistics Phase) the supreme commander
    area: int | None = None  # where it moves before activating


@command("inspire")
class Inspire(Worded):
    leader: str
    block: str


@command("battle")
class Battle(Worded):
    area: int


@command("fire")
class Fire(Worded):
    block: str
    area: int


@command("hit")
class Hit(Worded):
    """The units that take the next hits, one each, in order (5.3.6)."""

    blocks: tuple[str, ...]


@command("hit")
class HitOrder(Worded):
    """`hit order r-1-4 r-1-11`: every hit of the player's in this battle, now and to come, goes where
    5.3.6 sends it, to the strongest units, and where it leaves him the choice among equals, to the
    first of them in this order (his units not named after those named, leaders and artillery last),
    as a player at the table says once "among equals, the 4th first" (5.3.6: "the controlling player
    chooses to which Unit that hit must be applied")."""

    blocks: tuple[str, ...]

    def to_text(self) -> str:
        return " ".join(["hit", "order", *self.blocks])


@command("stand")
class StandAll(Worded):
    """`stand all`: the defender stands in this battle and in every later battle of this impulse where he
    would be asked whether he retreats, as a player at the table says once "I keep the disc this
    impulse" (6.4: "The Non-Phasing Player spends the Disc to retreat from one Combat")."""

    def to_text(self) -> str:
        return "stand all"


@command("retreat")
class Retreat:
    """`retreat 40 43` (the units spread over the areas) or `retreat r-1-3 40 r-1-4 43` (each unit
    placed; `blocks[i]` goes to `areas[i]`, the units not named are lost: 6.4)."""

    areas: tuple[int, ...]
    blocks: tuple[str, ...] = ()

    def to_text(self) -> str:
        if self.blocks:
            return " ".join(["retreat", *(f"{b} {n}" for b, n in zip(self.blocks, self.areas, strict=True))])
        return " ".join(["retreat", *map(str, self.areas)])


@command("skirmish")
class Skirmish(Worded):
    block: str
    area: int


@command("ambush")
class Ambush(Worded):
    block: str


@command("restore")
class Restore(Worded):
    block: str


@command("reinforce")
class Reinforce(Worded):
    """3.1: the activated supreme commander's player deploys reinforcements: `count` of them, or
    (None) as many as the Logistics Value and the victory areas allow."""

    count: int | None = None


@command("initiative")
class Initiative(Worded):
    action: str  # reinforcements | move | raid | offensive


Command = (Move | Activate | Inspire | Battle | Fire | Hit | HitOrder | StandAll | Retreat | Skirmish | Ambush
           | Restore | Reinforce | Initiative | Word)

INITIATIVE_ACTIONS = ("reinforcements", "move", "raid", "offensive")
WORDS = ("pass", "tactical", "end", "stand")  # `stand`: the defender declines to retreat (6.4)
STAND_USAGE = "nothing after it, or `all` to stand in every battle of this impulse: `stand all` (6.4)"
MOST_HITS = 8  # units one `hit` names
ORDER_USAGE = ("`order`, then your units in the battle in the order they take the hits that leave you the choice "
               "among equals: `hit order f-i-5 f-i-4` (5.3.6)")
VERBS = ("move", "activate", "inspire", "battle", "fire", "hit", "retreat", "skirmish", "ambush", "restore",
         "reinforce", "initiative") + WORDS
OPTION_VERBS = {"skirmish": "russian_jager", "ambush": "russian_jager"}  # the verbs only an optional rule plays (9.1)


def in_words(cmd: Command) -> str:
    """A command as a player reads it among the answers of a choice (a button's label): the hits
    of a battle step (5.3.6), a retreat (6.4), what a jager does (9.1); any other reads as its text."""
    if isinstance(cmd, Hit):  # the hits in order, those on one unit in a row counted together
        runs = [(bid, len(list(same))) for bid, same in groupby(cmd.blocks)]
        return ", ".join(f"{n}{' hit' + 's' * (n > 1) if i == 0 else ''} on {bid}" for i, (bid, n) in enumerate(runs))
    if isinstance(cmd, HitOrder):
        return f"Every hit of this battle, ties first to {', '.join(cmd.blocks)}"
    if isinstance(cmd, StandAll):
        return "Stand in every battle of this impulse"
    if isinstance(cmd, Retreat):
        placed = [f"{b} into {n}" for b, n in zip(cmd.blocks, cmd.areas, strict=True)] if cmd.blocks else []
        return f"Retreat {', '.join(placed)}" if placed else f"Retreat into {', '.join(map(str, cmd.areas))}"
    if isinstance(cmd, Skirmish):
        return f"{cmd.block} skirmishes into {cmd.area}"
    if isinstance(cmd, Ambush):
        return f"{cmd.block} ambushes"
    said = {"stand": "Stand and fight it out", "end": "The other jagers fight as usual"}
    return said.get(cmd.to_text(), cmd.to_text())


def _area(word: str) -> int:
    """An area number, 1 to 111."""
    area = number(word, 1, 111)
    if area is None:
        raise CommandError(f"{shown(word)!r} is not an area: areas are numbered 1 to 111.")
    return area


def parse(text: str, options: Collection[str] | None = None) -> Command:
    """Parse one command line (see help.py for the grammar); an unknown verb is refused naming the
    verbs a game with `options` plays (None: every verb). A verb of an optional rule not played
    still parses, for the rules to refuse citing the rule."""
    line = read(text, VERBS, "`tactical`, `move f-i-5 20` or `pass`", listed=played(VERBS, OPTION_VERBS, options))
    verb, takes = line.verb, line.takes
    if verb == "stand" and line.args:  # `stand all` (6.4)
        if takes(1, 1, STAND_USAGE)[0].casefold() != "all":
            raise CommandError(f"`stand` takes {STAND_USAGE}.")
        return StandAll()
    if verb in WORDS:
        takes(0, 0, "nothing after it")
        return Word(verb)
    if verb == "move":
        args = takes(2, 30, "a block and its destination area, or the areas of its path: `move f-i-5 20 22`")
        return Move(args[0], tuple(_area(w) for w in args[1:]))
    if verb == "activate":
        args = takes(1, 2, "a leader or artillery and, to move it first, an area: `activate f-i-d 20`")
        return Activate(args[0], _area(args[1]) if len(args) == 2 else None)
    if verb == "inspire":
        args = takes(2, 2, "the activated leader and one of its combat units: `inspire f-g-b vg`")
        return Inspire(args[0], args[1])
    if verb in ("battle", "fire"):
        if verb == "battle":
            args = takes(1, 1, "the contested area to fight in: `battle 41`")
            return Battle(_area(args[0]))
        args = takes(2, 2, "an activated artillery and the adjacent battle area: `fire f-i-a1 41`")
        return Fire(args[0], _area(args[1]))
    if verb == "hit":
        ordered = bool(line.args) and line.args[0].casefold() == "order"
        args = takes(1 + ordered, MOST_HITS + ordered, ORDER_USAGE if ordered else
                     "the unit that takes the next hit, or several for the next hits in order: `hit f-i-5`")
        return HitOrder(tuple(args[1:])) if ordered else Hit(tuple(args))
    if verb in ("restore", "ambush"):
        args = takes(1, 1, f"one of your blocks: `{verb} {'r-1-1j' if verb == 'ambush' else 'f-i-5'}`")
        return Restore(args[0]) if verb == "restore" else Ambush(args[0])
    if verb == "skirmish":
        args = takes(2, 2, "a full-strength jager and the adjacent friendly area: `skirmish r-1-1j 43`")
        return Skirmish(args[0], _area(args[1]))
    if verb == "retreat":
        usage = ("the adjacent areas you control to retreat into, `retreat 40 43`, or each unit and its area, "
                 "`retreat r-1-3 40 r-1-4 43`")
        args = takes(1, 12, usage)
        if all(w.isdigit() for w in args):
            return Retreat(tuple(_area(w) for w in args))
        if len(args) % 2:
            raise CommandError(f"`retreat` takes {usage}.")
        return Retreat(tuple(_area(w) for w in args[1::2]), tuple(args[0::2]))
    if verb == "reinforce":
        args = takes(0, 1, "nothing (as many as you may) or how many: `reinforce 3`")
        count = number(args[0], 1, 99) if args else None
        if args and count is None:
            raise CommandError(f"{shown(args[0])!r} is not a number of reinforcements: `reinforce 3`, "
                               "or `reinforce` for all.")
        return Reinforce(count)
    args = takes(1, 1, "one of " + ", ".join(INITIATIVE_ACTIONS))
    if args[0] not in INITIATIVE_ACTIONS:
        raise CommandError(f"{args[0]!r} is not an Initiative Action; choose {', '.join(INITIATIVE_ACTIONS)} (6.0).")
    return Initiative(args[0])
