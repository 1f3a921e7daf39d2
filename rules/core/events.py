"""Events: what a command tells, and to whom (docs/architecture.md, "The engine contract").

An event is a plain JSON dict: `kind` (what happened, for front ends that draw or sort it),
`to` (its audience: "all", one side, or "log"), `text` (the sentence a player reads) and
`irreversible` (undo may not take it back; `rules.core.play` sets it, and so does a rule whose
step always stands), plus any fields of its kind. Every system, and the service's own notices, make
them with `event`.
"""
from __future__ import annotations

from collections.abc import Iterable

Event = dict  # {"kind", "to", "text", "irreversible", ...}: who may see it travels with it


def event(text: str, to: str = "all", kind: str = "info", **fields: object) -> Event:
    """An event for its audience.

    >>> event("3224 moves to 3223.", kind="move", unit="F-1")
    {'kind': 'move', 'to': 'all', 'text': '3224 moves to 3223.', 'irreversible': False, 'unit': 'F-1'}
    """
    return {"kind": kind, "to": to, "text": text, "irreversible": False, **fields}


def listed(items: list[str]) -> str:
    """Things named in a sentence: 'A', 'A and B', 'A, B and C'.

    >>> listed(["2705"]), listed(["2705", "2804"]), listed(["2705", "2804", "2903"])
    ('2705', '2705 and 2804', '2705, 2804 and 2903')
    """
    return " and ".join(filter(None, (", ".join(items[:-1]), items[-1])))


def either(lines: list[str]) -> str:
    """Commands offered as alternatives, each as typed: '`retreat 3019`, `retreat 3020` or `stay`' (a
    list of four read '`hit A` or `hit B` or `hit C` or `hit D`' on a phone, where it was said so).

    >>> either(["retreat 3019"]), either(["retreat 3019", "retreat 3020", "stay"])
    ('`retreat 3019`', '`retreat 3019`, `retreat 3020` or `stay`')
    """
    quoted = [f"`{line}`" for line in lines]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def point_by_point(sentence: str, items: Iterable[str]) -> str:
    """A question a phone reads at a glance (about 40 characters a line): the choice in one short
    sentence, then its options as short points, a line each, opened by '- ' (a list in plain text and
    in a chat's markdown alike); each front end lays the lines out (indented under an event at the
    terminal).

    >>> print(point_by_point("Choose where R-V-3G retreats:", ["`retreat 2317`", "`retreat 2417`, displacing R-V-4"]))
    Choose where R-V-3G retreats:
    - `retreat 2317`
    - `retreat 2417`, displacing R-V-4
    """
    return "\n".join([sentence, *(f"- {item}" for item in items)])


def seal(events: list[Event]) -> list[Event]:
    """Mark every event undo may not cross (a die was rolled, or something hidden was shown).

    >>> seal([event("die 4")])[0]["irreversible"]
    True
    """
    for e in events:
        e["irreversible"] = True
    return events
