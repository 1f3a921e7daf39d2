"""The two ways a command fails, under one base class the front ends catch.

CommandError: the text does not parse (unknown word, malformed hex) or names a system, scenario
or option that does not exist. RuleViolation: a well-formed command that the rule book forbids in
this position; it names the rule case it breaks (Moot: one that declines a choice none waits for).
Both carry the one sentence a player reads, and neither changes the game.
"""
from __future__ import annotations


class RulesError(Exception):
    """A command was refused; str(error) is the sentence to show the player."""

    rule: str | None = None


class CommandError(RulesError):
    """The text is not a command of this game, or names a system, scenario or option there is not
    (with a hint of what is)."""


class NotPlayed(CommandError):
    """A word of the game's world that this game does not play or lets no player order (a Doomed
    Victory formation change, a rally the game rolls): not a command, yet an order a player meant,
    which a front end answers as one."""


class RuleViolation(RulesError):
    """A well-formed command the rules forbid here. `rule` names the case, e.g. "Zones of Control (D)".

    str() is the player's sentence: "3224 is in an enemy Zone of Control ... (Zones of Control D)."
    """

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.message = message
        cited = rule.replace(" (", " ").replace("(", "").replace(")", "")
        text = message[:1].upper() + message[1:]
        super().__init__(f"{text.rstrip('.')} ({cited}).")


class Moot(RuleViolation):
    """An answer that declines a choice (Borodino's `stay`: no advance after combat) when none waits:
    refused, yet playing it would have changed nothing. A player who writes a phase's orders in one
    message may decline each advance in advance, not knowing which results will offer one; where the
    dice offered none, the orders after it go on (bot/tables/play.py)."""
