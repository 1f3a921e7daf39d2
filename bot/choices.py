"""Autocomplete from the engine's legal commands, read through their text form.

Works for any system whose grammar says `move UNIT DEST...` and `attack A+B -> C+D`; every
other legal command is offered whole by the generic order field. At most 25 choices of at most
100 characters each, as Discord allows.
"""
from __future__ import annotations

MAX_CHOICES = 25
MAX_LENGTH = 100


def _pick(values: list[str], typed: str) -> list[str]:
    """Distinct values starting with what was typed first, then those containing it."""
    typed = typed.strip().lower()
    distinct = [v for v in dict.fromkeys(values) if len(v) <= MAX_LENGTH]
    starts = [v for v in distinct if v.lower().startswith(typed)]
    inside = [v for v in distinct if typed in v.lower() and v not in starts]
    return (starts + inside)[:MAX_CHOICES]


def _words(texts: list[str], verb: str) -> list[list[str]]:
    return [words for words in (t.split() for t in texts) if words[:1] == [verb]]


def move_units(texts: list[str], typed: str) -> list[str]:
    """Units that can still move."""
    return _pick([w[1] for w in _words(texts, "move") if len(w) > 2], typed)


def move_destinations(texts: list[str], unit: str, typed: str) -> list[str]:
    """Where that unit can go."""
    unit = unit.strip().lower()
    return _pick([w[-1] for w in _words(texts, "move") if len(w) > 2 and w[1].lower() == unit],
                 typed)


def _attack_sides(texts: list[str]) -> list[tuple[str, str]]:
    out = []
    for words in _words(texts, "attack"):
        line = " ".join(words[1:])
        if "->" in line:
            left, right = line.split("->", 1)
            out.append((left.strip(), right.strip()))
    return out


def attackers(texts: list[str], typed: str) -> list[str]:
    """The groups of units that have a legal attack."""
    return _pick([left for left, _ in _attack_sides(texts)], typed)


def defenders(texts: list[str], attacking: str, typed: str) -> list[str]:
    """Legal targets of those attackers (of any attack when none are given yet)."""
    attacking = attacking.strip().lower()
    return _pick([right for left, right in _attack_sides(texts)
                  if not attacking or left.lower() == attacking], typed)


def orders(texts: list[str], typed: str) -> list[str]:
    """Any legal command, whole."""
    return _pick(texts, typed)
