"""Borodino commands: small typed values with a from-text constructor and its inverse.

`parse(text)` turns a player's line into a command or raises CommandError with a hint;
`cmd.to_text()` gives the normalised line that parses back to the same command. A unit is named
by the hex it stands in ("3225") or, off the map, by its id ("F-IG-OG"). A Russian redoubt's own
strength is named "R2817" when it attacks on its own (Russian Redoubts, case I).
"""
from __future__ import annotations

from collections.abc import Collection

from rules.core.commands import Worded, command
from rules.core.errors import CommandError, NotPlayed
from rules.core.hexes import is_hex
from rules.core.words import group, played, read, split

OFF = "off"  # destination of a unit leaving the map by the east edge


@command("move")
class Move(Worded):
    unit: str            # hex or unit id
    path: tuple[str, ...]  # the destination alone, or the full path of hexes entered; or ("off",)

    def to_text(self) -> str:
        """`Worded.to_text` written out: every command of a random game is turned into text."""
        return f"move {self.unit} {' '.join(self.path)}"


@command("attack")
class Attack:
    """Attackers -> defenders; `then`: the attacker's answers to the choices its result may leave him,
    written ahead, in the order they come (where the defenders retreat, which attackers an exchange
    costs, whether to advance): `attack 2919 -> 2918 then retreat 2817 then stay` (results.ahead)."""

    attackers: tuple[str, ...]  # hexes (or "R<hex>" for a redoubt's intrinsic strength)
    defenders: tuple[str, ...]
    then: tuple[str, ...] = ()  # each answer as typed: `retreat 2817`, a hex the retreats go on to, `stay`

    def to_text(self) -> str:
        return f"attack {'+'.join(self.attackers)} -> {'+'.join(self.defenders)}" + \
            "".join(f" then {answer}" for answer in self.then)


@command("retreat")
class Retreat:
    """Where a beaten unit retreats; `then`: the next retreats the same player chooses in the same
    result, in order (the unit it displaces, or the second hex of a two-hex retreat), each a hex, and
    the advance after combat that follows them where it is his too (`stay`, `advance 3020 3019`),
    chosen at once: `retreat 3019 then 2918 then stay`."""

    to: str
    unit: str | None = None  # which retreating unit, when more than one waits
    then: tuple[str, ...] = ()

    def to_text(self) -> str:
        first = f"retreat {self.unit} {self.to}" if self.unit else f"retreat {self.to}"
        return first + "".join(f" then {h}" for h in self.then)


@command("advance")
class Advance(Worded):
    unit: str
    to: str | None = None


@command("lose")
class Lose:
    units: tuple[str, ...]

    def to_text(self) -> str:
        return "lose " + "+".join(self.units)


@command("release")
class Release(Worded):
    unit: str


@command("assign")
class Assign(Worded):
    """`assign barclay doctorov`: a leader takes the corps of a fallen one (Doomed Victory 8.14)."""

    leader: str
    fallen: str


@command("stay")
class Stay(Worded):
    """Decline an advance after combat (Combat H), or artillery's voluntary retreat."""


@command("end")
class End(Worded):
    """The phase, or the player's part of it, is over."""


Command = Move | Attack | Retreat | Advance | Lose | Release | Assign | Stay | End

VERBS = ("move", "attack", "retreat", "advance", "stay", "lose", "release", "assign", "end")
OPTION_VERBS = {"release": "imperial_guard", "assign": "dv_leaders"}  # verbs only an option plays


# Doomed Victory's words for what amends SPI's board, which Kolocha does not play (its guide says
# why): each word's kind, and the refusal's first half, citing the errata's case
UNPLAYED = {
    **dict.fromkeys(("formation", "form", "reform"), ("formation", (
        "Formations are not played: SPI's Borodino has none, so the Doomed Victory errata's formation "
        "changes (4.4, 4.6, 5.4) do not apply"))),
    **dict.fromkeys(("face", "facing", "pivot"), ("face", (
        "Facing is not played: a unit of SPI's Borodino has none, so the Doomed Victory errata's facing "
        "(5.4) does not apply"))),
    **dict.fromkeys(("charge", "countercharge"), ("charge", (
        "Cavalry charges are not played: SPI's Borodino has none, so the Doomed Victory errata's charge "
        "and countercharge (4.4) do not apply"))),
    **dict.fromkeys(("limber", "unlimber"), ("limber", (
        "Artillery is never limbered or unlimbered: SPI's Borodino has no such sides, so the Doomed "
        "Victory errata's limbered artillery (6.8) does not apply"))),
}


class Examples:
    """What a refusal of the grammar shows as the line to type instead. Here the forms alone, for
    a line read outside any game; in a game the player's own position gives them, his own units
    and hexes (instead.InGame). `words` are the words the player typed after the verb."""

    def any(self) -> str:
        return "`move <unit> <hex>` or `end`"

    def move(self, words: list[str]) -> str:
        return "`move <unit> <hex>` (or a path `move <unit> <hex> <hex>`, or `move <unit> off`)"

    def attack(self, words: list[str]) -> str:
        return "`attack <hex>+<hex> -> <hex>`"

    def retreat(self) -> str:
        return "`retreat <hex>` (or `retreat <unit> <hex>` to name the unit)"

    def advance(self) -> str:
        return "`advance <unit>` (or `advance <unit> <hex>` to name the vacated hex)"

    def lose(self) -> str:
        return "`lose <hex>+<hex>`"

    def release(self) -> str:
        return "`release <unit>`"

    def assign(self) -> str:
        return "`assign <leader> <fallen leader>`"

    def hex(self, word: str = "") -> str:
        """A hex number, as one looks (the player's own nearest `word` where there is a position)."""
        return "3225"

    def unplayed(self, kind: str, words: list[str]) -> str:
        """What a unit does instead of the errata's `kind` of order (UNPLAYED), said after it."""
        return {"formation": "a unit moves as it stands (`move <unit> <hex>`)",
                "face": "a unit attacks every enemy next to it alike (`attack <hex> -> <hex>`)",
                "charge": "cavalry moves and attacks as any unit does (`move`, then `attack`)",
                "limber": "a gun moves as it stands and bombards from two hexes with `attack` (Artillery)"}[kind]


FORMS = Examples()


def _rally(options: Collection[str] | None) -> str:
    """`rally`, which no player orders: the game rolls each rally, as the options in play say (None:
    a game's options unknown, so the leaders' rallies, which include the rest)."""
    if options is not None and "dv_leaders" not in options and "dv_rally" not in options:
        return ("Rallies are not played: this game is played without the Doomed Victory errata's broken units and "
                "leaders (the options dv_rally and dv_leaders), so no unit breaks and none rallies.")
    if options is not None and "dv_leaders" not in options:
        return ("A rally is rolled, not ordered: in the Rally Phase, after the Russian Player-Turn, the game rolls a "
                "die for each broken unit on the map (Doomed Victory 6.10, 3.2).")
    return ("A rally is rolled, not ordered: a leader rolls for a unit of his corps stacked with or next to him "
            "when it must retreat (Doomed Victory 8.151), and in the Rally Phase for each broken one, once the "
            "leaders have moved there (`move <leader> <hex>`, then `end`) (8.152).")


def _chained(words: list[str]) -> bool:
    """Whether the words after a `then` of a chain of retreats are one: a hex, or the advance after
    combat that follows them, `stay` or `advance <unit> [<hex>]`, written as its own command is."""
    return len(words) == 1 or words[:1] == ["advance"] and len(words) in (2, 3) and all(is_hex(w) for w in words[1:])


def _ref(word: str, what: str, ex: Examples) -> str:
    """A unit reference: a four-digit hex or a unit id such as F-IG-OG."""
    if word.isdigit() and not is_hex(word):
        raise CommandError(f"{word!r} is not a hex number: {what} hexes have four digits, like {ex.hex(word)}.")
    return word.upper() if not word.isdigit() else word


def _hex(word: str, what: str, ex: Examples) -> str:
    if what == "a defender" and word[:1] in "rR" and is_hex(word[1:]):  # named as an attacking redoubt
        raise CommandError(f"'R{word[1:]}' names a redoubt's own strength as an attacker (Russian Redoubts I); to "
                           f"attack the redoubt or the unit in it, name its hex: {word[1:]}.")
    if not is_hex(word):
        also = f" (join several with +: {word.replace(',', '+')})" if "," in word else ""
        raise CommandError(f"{word!r} is not a hex number: {what} must be four digits, like {ex.hex(word)}{also}.")
    return word


def _attack(args: list[str], ex: Examples) -> Attack:
    """`attack 3224+3124 -> 3223`: the attackers, an arrow, the defenders (Combat A)."""
    if "->" not in args and len(args) == 2 and all(is_hex(w) for a in args for w in group(a)):
        raise CommandError(f"attack needs an arrow from the attackers to the defenders: `attack {args[0]} -> "
                           f"{args[1]}` (Combat A).")  # 'attack 3122 3021', as one says it
    i = args.index("->") if args.count("->") == 1 else 0
    left = [w for a in args[:i] for w in group(a)]
    right = [w for a in args[i + 1:] for w in group(a)]
    if args.count("->") != 1 or not left or not right:
        raise CommandError(f"attack needs attackers -> defenders: {ex.attack(args)} (Combat A).")
    attackers = tuple(w.upper() if w.startswith("r") else _hex(w, "an attacker", ex) for w in left)
    for w in attackers:
        if w.startswith("R") and not is_hex(w[1:]):
            raise CommandError(f"{w!r}: a redoubt is named R and its hex, like R2817.")
    return Attack(attackers, tuple(_hex(w, "a defender", ex) for w in right))


def _answered(attack: Attack, tail: list[str], ex: Examples) -> Attack:
    """The attack with its answers written ahead, each after a `then`, in the order the result asks them:
    `retreat <hex>` and the hexes its chain goes on to, `lose <hex>+<hex>`, and last `stay` or `advance
    <unit> [<hex>]` (Retreat; CRT: Exchange; Combat H)."""
    cuts = [i for i, word in enumerate(tail) if word == "then"]
    texts: list[str] = []
    for i, j in zip(cuts, [*cuts[1:], len(tail)]):
        words, last = tail[i + 1:j], j == len(tail)
        chained = bool(texts) and (texts[-1].startswith("retreat") or is_hex(texts[-1]))
        if words == ["stay"] and last:
            texts.append("stay")
        elif words[:1] == ["advance"] and len(words) in (2, 3) and last:
            texts.append(" ".join(["advance", *(_hex(w, "the advancing unit's", ex) for w in words[1:])]))
        elif words[:1] == ["retreat"] and len(words) == 2:
            texts.append(f"retreat {_hex(words[1], 'the retreat hex', ex)}")
        elif words[:1] == ["lose"] and len(words) == 2:
            texts.append("lose " + "+".join(_hex(w, "each unit lost", ex) for w in group(words[1])))
        elif len(words) == 1 and chained:
            texts.append(_hex(words[0], "each hex of the chain", ex))
        else:
            raise CommandError(f"an attack's answers written ahead follow it, each after `then`, the advance last: "
                               f"`{attack.to_text()} then retreat <hex> then stay` (or `then lose <hex>`, "
                               "`then advance <unit>`) (Combat H).")
    return Attack(attack.attackers, attack.defenders, tuple(texts))


def parse(text: str, options: Collection[str] | None = None, ex: Examples = FORMS) -> Command:
    """Parse one command line (see help.py for the grammar); an unknown verb is refused naming the
    verbs a game with `options` plays (None: every verb). A verb of an option not played still
    parses, for the rules to refuse citing the option's case. A word of the Doomed Victory errata's
    own board (a formation, a charge) is refused saying it is not played, and what is instead. A
    refusal shows the line to type instead as `ex` gives it: in a game, in the player's own hexes."""
    if split(text).verb in UNPLAYED:
        kind, lead = UNPLAYED[split(text).verb]
        raise NotPlayed(f"{lead}; {ex.unplayed(kind, split(text).args)}.")
    if split(text).verb == "rally":
        raise NotPlayed(_rally(options))
    empty = not split(text).verb  # the examples of an empty line are read from the position only for one
    line = read(text, VERBS, ex.any() if empty else "", listed=played(VERBS, OPTION_VERBS, options))
    verb, args = line.verb, line.args
    if verb == "move":
        if len(args) < 2:
            raise CommandError(f"move needs a unit and a destination: {ex.move(args)} (Movement).")
        unit = _ref(args[0], "the moving unit's", ex)
        if "to" in args[1:-1]:  # 'move 3321 to 3219', as one says it
            words = [unit, *(w for w in args[1:] if w != "to")]
            raise CommandError(f"move takes the unit, then where it goes, with no 'to': `move {' '.join(words)}` "
                               "(Movement).")
        exits = (OFF,) if args[-1] == OFF else ()  # `move 2402 off`, or a path ending `... 2302 off`
        hexes = args[1:len(args) - len(exits)]
        return Move(unit, tuple(_hex(w, "each hex of the path", ex) for w in hexes) + exits)
    if verb == "attack" and "then" in args:  # with its answers: `attack 2919 -> 2918 then stay`
        return _answered(_attack(args[:args.index("then")], ex), args[args.index("then"):], ex)
    if verb == "attack":
        return _attack(args, ex)
    if verb == "retreat" and "then" in args:  # a chain: `retreat 3019 then 2918 then stay`
        cuts = [i for i, word in enumerate(args) if word == "then"]
        first, rest = args[:cuts[0]], [args[i + 1:j] for i, j in zip(cuts, [*cuts[1:], len(args)])]
        if len(first) not in (1, 2) or not all(_chained(words) for words in rest) or \
                any(len(words) != 1 or words == ["stay"] for words in rest[:-1]):
            raise CommandError(f"a chain of retreats names one hex after each `then`, and may end with the "
                               f"advance after them: `retreat {ex.hex()} then <hex>`, `... then stay` (Retreat).")
        who = _ref(first[0], "the retreating unit's", ex) if len(first) == 2 else None
        return Retreat(_hex(first[-1], "the retreat hex", ex), who,
                       tuple(" ".join(words) if len(words) > 1 or words == ["stay"] else
                             _hex(words[0], "each hex of the chain", ex) for words in rest))
    if verb == "retreat":
        if len(args) == 1:
            return Retreat(_hex(args[0], "the retreat hex", ex))
        if len(args) == 2:
            return Retreat(_hex(args[1], "the retreat hex", ex), _ref(args[0], "the retreating unit's", ex))
        raise CommandError(f"retreat takes the hex to retreat to: {ex.retreat()} (Retreat).")
    if verb == "advance":
        if len(args) in (1, 2):
            return Advance(_hex(args[0], "the advancing unit's", ex),
                           _hex(args[1], "the hex to advance into", ex) if len(args) == 2 else None)
        raise CommandError(f"advance takes the advancing unit: {ex.advance()} (Combat H).")
    if verb == "lose":
        units = tuple(_hex(w, "each unit lost", ex) for a in args for w in group(a))
        if not units:
            raise CommandError(f"lose names the units given up in the exchange: {ex.lose()} (CRT: Exchange).")
        return Lose(units)
    if verb == "release":
        if len(args) != 1:
            raise CommandError(f"release names one Guard unit: {ex.release()} (Imperial Guard B2).")
        return Release(_ref(args[0], "the Guard unit's", ex))
    if verb == "assign":
        if len(args) != 2 or any(w.isdigit() for w in args):
            raise CommandError(f"assign names a leader and the fallen leader whose corps he takes: {ex.assign()} "
                               "(Doomed Victory 8.14).")
        return Assign(args[0].upper(), args[1].upper())
    line.takes(0, 0, "nothing after it")
    return Stay() if verb == "stay" else End()
