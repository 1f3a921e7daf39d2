"""rules/borodino/ai/level1.py reads what it needs without listing every legal command: the units
that may move and the attack worth most are those `legal_commands` gives (Sequence of Play;
Combat B-D), checked over the positions of a game of level 1 against itself, both sides."""
from __future__ import annotations

from rules import borodino
from rules.borodino import commands as C
from rules.borodino.ai import level1
from rules.borodino.ai.attacks import expectation
from rules.borodino.ai.goals import loss_weight, objectives
from rules.borodino.battle import Battle
from rules.core.ai import duel


def _listed_movers(state: dict, side: str) -> set[str]:
    """The units with a Move among the legal commands (leaders of Doomed Victory apart)."""
    b = Battle(state)
    leaders = state.get("leaders", {})
    return {b.at(c.unit) or c.unit for c in borodino.legal_commands(state, side)
            if isinstance(c, C.Move) and c.unit not in leaders}


def _listed_choice(state: dict, side: str) -> tuple[object, str, bool] | None:
    """The attack worth most among the legal commands, and whether `end` is refused (Combat B)."""
    b = Battle(state)
    legal = borodino.legal_commands(state, side)
    scored = [(e, a.to_text()) for a in legal if isinstance(a, C.Attack)
              and (e := expectation(b, side, a, objectives(b, side), loss_weight(b, side)))]
    if not scored:
        return None
    best, text = max(scored, key=lambda x: (x[0].value, x[1]))
    return best, text, not any(isinstance(c, C.End) for c in legal)


def test_movers_and_the_attack_chosen_are_those_the_legal_commands_give():
    game = duel("borodino", "shevardino", seed=3, ai_seed=3,
                seats={"french": borodino.commander(1), "russian": borodino.commander(1)})
    state = borodino.setup("shevardino", 3)
    checked = {"movement": 0, "combat": 0}
    for side, text, _ in game.commands:
        if not state["pending"] and state["phase"] == "movement":
            assert set(level1.movers(state, side)) == _listed_movers(state, side)
            checked["movement"] += 1
        elif not state["pending"] and state["phase"] == "combat":
            chosen = level1._chosen(Battle(state), side)
            found = None if chosen is None else (chosen[0], chosen[1].to_text(), chosen[2])
            assert found == _listed_choice(state, side)
            checked["combat"] += 1
        state, _ = borodino.apply(state, side, borodino.parse(side, text))
    assert checked["movement"] > 100 and checked["combat"] > 30
