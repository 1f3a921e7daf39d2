"""What `kolocha replay GAME --computer` concludes, in words that fit how many commands it planned
again: it read 'the 0 computer commands are planned again' of a game no computer played in."""
from __future__ import annotations

from bot.computer.replay import Thinking
from rules.core.ai import Decision


def test_the_verdict_counts_the_computers_commands_in_words():
    planned = (1, "french", Decision("end", "nothing to do"), 0)
    assert [Thinking(3, [planned] * count).verdict() for count in (0, 1, 2)] == [
        "Game 3: the computer gave no command in it, so there is no plan to make again.",
        "Game 3: the computer's one command is planned again, word for word, from its seed.",
        "Game 3: the 2 computer commands are planned again, word for word, from their seeds."]


def test_a_command_its_plan_disowns_is_said_in_place_of_the_verdict():
    thinking = Thinking(3, [(1, "french", Decision("end", "nothing to do"), 0)], differs="Game 3: command 2 ...")
    assert thinking.lines() == ["[1] French: end — nothing to do (planned after command 0)", "Game 3: command 2 ..."]
