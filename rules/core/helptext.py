"""The `help` every game system answers: one line per command, or the whole entry for one."""
from __future__ import annotations

from collections.abc import Sequence


def help_text(topics: dict[str, str], topic: str | None, footer: str = "",
              options: Sequence[tuple[str, bool, str]] = ()) -> str:
    """Help on one command (its whole entry), or on one of the game's `options` by its name (a
    player meets the names in `help options` and the opening line), or the first line of every
    entry and a footer.

    >>> topics = {"move": "move UNIT HEX: one unit moves.\\nIt stops in an enemy ZOC.", "end": "end: ends the phase."}
    >>> print(help_text(topics, "MOVE"))
    move UNIT HEX: one unit moves.
    It stops in an enemy ZOC.
    >>> print(help_text(topics, "fly"))
    Unknown command 'fly'. Commands:
    move UNIT HEX: one unit moves.
    end: ends the phase.
    Type `help <command>` for more.
    >>> print(help_text(topics, "Guard", options=[("guard", False, "the Guard is held back")]))
    help options               the options this game is played with, chosen when it was set up
      guard (off): the Guard is held back
    """
    if topic and topic.lower() in topics:
        return topics[topic.lower()]
    named = [row for row in options if topic and row[0] == topic.lower()]
    if named:
        return options_entry(named)
    head = f"Unknown command {topic!r}. " if topic else ""
    lines = "\n".join(entry.splitlines()[0] for entry in topics.values())
    return f"{head}Commands:\n{lines}\n{footer}Type `help <command>` for more."


def options_entry(rows: Sequence[tuple[str, bool, str]]) -> str:
    """`help options`: each option a game offers, on or off in it, and what it plays.

    >>> print(options_entry([("imperial_guard", True, "the Guard is held back")]))
    help options               the options this game is played with, chosen when it was set up
      imperial_guard (on): the Guard is held back
    """
    return ("help options               the options this game is played with, chosen when it was set up\n"
            + "\n".join(f"  {name} ({'on' if on else 'off'}): {meaning}" for name, on, meaning in rows))
