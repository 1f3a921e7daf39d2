"""Commands as small typed values whose text is their verb and their fields in order
(python-chess's `Move.uci()`): every system's commands inherit `to_text` from `Worded`, and
`@command(verb)` makes a class a frozen dataclass with that verb.

    @command("fire")
    class Fire(Worded):
        block: str
        area: int

A field that is None is left out (an optional last word) and a tuple gives one word per item. A
command whose text has another shape (`attack 3022+3121 -> 3020`) writes its own `to_text`.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar, dataclass_transform

C = TypeVar("C")


@dataclass_transform(frozen_default=True)
def command(verb: str) -> Callable[[type[C]], type[C]]:
    """The decorator of a command class: a frozen dataclass (a value, hashable, compared by its
    fields) whose `VERB` is `verb`."""
    def make(cls: type[C]) -> type[C]:
        setattr(cls, "VERB", verb)
        return dataclass(frozen=True)(cls)
    return make


@dataclass(frozen=True)
class Word:
    """A command of one word, which is its whole text: `end`, `pass`, `tactical`."""

    verb: str

    def to_text(self) -> str:
        return self.verb


class Worded:
    """`to_text()`: the verb, then each field's words.

    >>> @command("move")
    ... class Move(Worded):
    ...     block: str
    ...     path: tuple[int, ...]
    ...     note: str | None = None
    >>> Move("f-i-5", (22, 23)).to_text()
    'move f-i-5 22 23'
    """

    VERB: ClassVar[str]
    __dataclass_fields__: ClassVar[dict[str, Any]]  # every Worded is a dataclass

    def to_text(self) -> str:
        words = [self.VERB]
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                words += map(str, value) if isinstance(value, tuple) else [str(value)]
        return " ".join(words)
