"""The `help` every game system answers: one line per command, or the whole entry for one."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from rules.core.events import listed


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


def for_game(topics: dict[str, str], topic: str | None, needs: Mapping[str, Collection[str]],
              chosen: Collection[str]) -> dict[str, str]:
    """The entries a game's `help` answers from: a command only some options play (`needs`: the
    command and the options any one of which plays it) leaves the list of a game played without
    them, and asked by name says so.

    >>> topics = {"move": "move: a unit moves.", "release": "release: the Guard joins."}
    >>> list(for_game(topics, None, {"release": ("imperial_guard",)}, []))
    ['move']
    >>> print(for_game(topics, "release", {"release": ("imperial_guard",)}, [])["release"])
    release: the Guard joins.
      Not in this game, which is played without imperial_guard (`help options`).
    """
    absent = {name: options for name, options in needs.items()
              if name in topics and not any(option in chosen for option in options)}
    key = (topic or "").lower()
    if key in absent:
        return {**topics, key: f"{topics[key]}\n  Not in this game, which is played without "
                               f"{listed(list(absent[key]))} (`help options`)."}
    return {name: entry for name, entry in topics.items() if name not in absent}


def options_entry(rows: Sequence[tuple[str, bool, str]]) -> str:
    """`help options`: each option a game offers, on or off in it, and what it plays.

    >>> print(options_entry([("imperial_guard", True, "the Guard is held back")]))
    help options               the options this game is played with, chosen when it was set up
      imperial_guard (on): the Guard is held back
    """
    return ("help options               the options this game is played with, chosen when it was set up\n"
            + "\n".join(f"  {name} ({'on' if on else 'off'}): {meaning}" for name, on, meaning in rows))
