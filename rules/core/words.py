"""The word-reader every system's command grammar shares.

A command is one line of words: a verb, then its arguments. `+` joins several units into one group
("3224+3225") and `->` separates attackers from defenders; case does not matter. `read` splits a
line and refuses an empty one or an unknown verb, `Words.takes` refuses a wrong number of
arguments, and `number` reads a word written in plain digits. Each refusal is one sentence that
says what is legal instead; a grammar adds the sentences of its own words (a hex, an area, a block).
"""
from __future__ import annotations

import difflib
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rules.core.errors import CommandError

ECHO = 12  # the characters of a word a refusal repeats before it cuts the word short


def tokenize(text: str) -> list[str]:
    """Split a command line into lower-case words, keeping `->` and `+`-joined groups whole.

    >>> tokenize("Attack 3022+3121 -> 3020")
    ['attack', '3022+3121', '->', '3020']
    """
    text = text.strip().replace("→", "->")
    text = text.replace("->", " -> ")
    text = " ".join(text.split())
    text = text.replace(" + ", "+").replace("+ ", "+").replace(" +", "+")
    return [w.lower() for w in text.split()]


def group(word: str) -> list[str]:
    """The members of a `+`-joined group.

    >>> group("3224+3225")
    ['3224', '3225']
    """
    return [part for part in word.split("+") if part]


def shown(word: str) -> str:
    """A word as a refusal repeats it: whole when short, else its start.

    >>> shown("41"), shown("x" * 20)
    ('41', 'xxxxxxxxxxxx...')
    """
    return word if len(word) <= ECHO else word[:ECHO] + "..."


def number(word: str, low: int = 0, high: int | None = None) -> int | None:
    """The number a word writes in plain digits 0-9, when it lies from `low` to `high`; else None.
    (str.isdigit also takes '²' or '➄', which int() does not; a word longer than `high` is not read.)

    >>> number("41", 1, 111), number("112", 1, 111), number("²"), number("0041", 1, 111)
    (41, None, None, None)
    """
    if not (word.isascii() and word.isdigit()) or (high is not None and len(word) > len(str(high))):
        return None
    value = int(word)
    return value if low <= value and (high is None or value <= high) else None


@dataclass(frozen=True)
class Words:
    """A command line read: its verb (empty for an empty line) and the words after it."""

    verb: str
    args: list[str]

    def takes(self, low: int, high: int, usage: str) -> list[str]:
        """The arguments, when there are `low` to `high` of them; else "`verb` takes <usage>."."""
        if not low <= len(self.args) <= high:
            raise CommandError(f"`{self.verb}` takes {usage}.")
        return self.args


def split(text: str) -> Words:
    """The verb and the arguments of a line, whatever they are."""
    words = tokenize(text)
    return Words(words[0], words[1:]) if words else Words("", [])


def played(verbs: Sequence[str], optional: dict[str, str], options: Collection[str] | None) -> list[str]:
    """The verbs of a game with `options` (None: of any game), where `optional` names the option
    each verb of an optional rule needs.

    >>> played(("move", "release", "end"), {"release": "imperial_guard"}, [])
    ['move', 'end']
    """
    return [v for v in verbs if options is None or optional.get(v, "") in ("", *options)]


ANSWERED_TOO = "undo, odds, status, units, map, help"  # what every front end answers beside a game's own commands


def read(text: str, verbs: Sequence[str], examples: str, also: str = ANSWERED_TOO,
         listed: Sequence[str] | None = None) -> Words:
    """A line whose verb is one of `verbs`; an empty line is refused with the `examples` of a command,
    an unknown verb with the list of verbs and the words a front end adds (`also`). `listed`: the
    verbs a game plays, where its options leave some of `verbs` out (those the refusal names and
    guesses a typo among); by default all."""
    line = split(text)
    if not line.verb:
        raise CommandError(f"Type a command, e.g. {examples}; `help` lists them all.")
    if line.verb not in verbs:
        shown = list(verbs if listed is None else listed)
        raise CommandError(f"Unknown command {line.verb!r}{meant(line.verb, [*shown, *also.split(', ')])}; "
                           f"commands are: {', '.join(shown)} (and {also}).")
    return line


def meant(verb: str, known: Sequence[str]) -> str:
    """' (did you mean `move`?)' after an unknown verb that is a known one mistyped, else ''."""
    swapped = [k for k in known if sorted(k) == sorted(verb)]  # `hti` for `hit`
    near = swapped or difflib.get_close_matches(verb, known, n=1, cutoff=0.7)  # a typo
    return f" (did you mean `{near[0]}`?)" if near else ""
