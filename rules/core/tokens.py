"""The command tokenizer shared by every game system's parser.

Commands are one line of words: a verb, then arguments. `+` joins several units into one group
("3224+3225") and `->` separates attackers from defenders. Case does not matter.
"""
from __future__ import annotations


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
