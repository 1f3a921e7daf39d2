"""Pictures of views the engines produced, not of hand-made fixtures: random games of every system,
drawn for every side and for the public, and every text drawn or told read as a player would.

A fixture can hold what the engine never writes (a battle's hits as one number where the engine
keeps them per side), so these tests draw what the engine gives and check that no text on the
picture, and no event text, is a Python value printed raw ("{'french': 0, 'russian': 3}", "None").
"""
from __future__ import annotations

import re

import pytest
from PIL import ImageDraw

import render
import rules
from rules.core.playout import random_playout, replay

REPR = re.compile(r"[{\[]['\"]|['\"]: |\bNone\b|\bTrue\b|\bFalse\b| object at 0x|^\(.*,.*\)$")
COMMANDS = 160  # enough for battles in every system, few enough to draw in seconds


def is_repr(text: str) -> bool:
    return REPR.search(text) is not None


def test_the_repr_check_knows_a_printed_dict_from_a_sentence():
    assert is_repr(str({"french": 0, "russian": 3})) and is_repr("None") and is_repr(str(["a"]))
    assert not is_repr("3") and not is_repr("Battle in 41: the French score 2 hits (5.3).")


def _played(system: str) -> tuple[list[dict], list[str]]:
    """The states after the commands of a random game that told something of a battle, the last
    state, and every event text of the game."""
    module = rules.load(system)
    scenario = module.INFO.default_scenario
    game = random_playout(system, scenario, seed=11, rng_seed=11, max_commands=COMMANDS, policy="sample")
    state = module.setup(scenario, 11, None)
    states, texts = [], []
    for state, events in replay(module, state, game.commands):
        texts += [e["text"] for e in events if isinstance(e.get("text"), str)]
        if any(e.get("kind") in ("battle", "combat", "showdown", "hit", "retreat") for e in events):
            states.append(state)
    return states[-2:] + [state], texts


@pytest.fixture(scope="module", params=rules.systems())
def played(request):
    return request.param, *_played(request.param)


def test_no_event_text_of_a_random_game_is_a_python_value(played):
    system, _, texts = played
    assert texts, f"{system}: the random game told nothing"
    assert [t for t in texts if is_repr(t)] == []


def test_no_text_drawn_on_any_side_s_picture_is_a_python_value(played, monkeypatch):
    system, states, _ = played
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self, xy, text, *args, **kwargs):
        drawn.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    module = rules.load(system)
    for state in states:
        for side in [*module.INFO.sides, None]:
            view = module.view(state, side)
            render.snapshot(view)
            render.action_crop(view)
    assert drawn, f"{system}: nothing was drawn"
    assert [t for t in drawn if is_repr(t)] == []
