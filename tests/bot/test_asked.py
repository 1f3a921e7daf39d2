"""What a game asks of a side (bot/asked.py): the answers its buttons offer when a choice has more
than a menu holds."""
from __future__ import annotations

from bot import asked as ask

CHITS = ("withdraw", "entrench", "counterattack", "cordon")
PLANS = tuple(f"plan {chit}" + (f" withdraw {place}" if place else "") for chit in CHITS
              for place in (None, 3, 4, 5, 7, 9, 11))  # 1812's defender, cavalry free to go to six places


def test_beyond_a_menu_the_shortest_answers_are_offered_and_the_rest_typed():
    """1812's defender with cavalry had 28 plans to choose from, more than a menu holds, and was
    given no button at all (seen twice in 19 player-turns on simcord): the 4 plans without a
    withdrawal are offered, the withdrawals typed as the question says."""
    asked = ask.Question("russian", "Battle of Dinaburg (6), you are the defender.", PLANS, PLANS)
    shown = ask.offered(asked)
    assert shown.answers == ("plan withdraw", "plan entrench", "plan counterattack", "plan cordon")
    assert ask.typed_note(asked) == (" (28 answers are possible, more than a menu holds: the 4 shortest are "
                                     "buttons; type any other with `/order`.)")
    alike = ask.Question("blue", "Answer.", tuple(f"answer word{n}" for n in range(30)),
                         tuple(f"answer word{n}" for n in range(30)))
    assert ask.offered(alike) is alike and "type yours with `/order` and its words" in ask.typed_note(alike)
    few = ask.Question("russian", "Retreat.", ("retreat 6", "retreat 7 8"), ("6", "7, 8"))
    assert ask.offered(few) is few and ask.typed_note(few) == ""
