"""rules/core/play.copy_state gives exactly what a JSON round trip gives, on every state of the
replay corpus and on the shapes JSON changes or refuses."""
import json
from pathlib import Path

import pytest

import rules
from rules.core.play import copy_state
from rules.core.playout import replay
from tests.corpus.record import read

CORPUS = sorted((Path(__file__).parents[2] / "corpus").glob("*.txt"))


@pytest.mark.parametrize("path", CORPUS[:1] + CORPUS[-3:], ids=lambda path: path.stem)
def test_the_copy_equals_a_json_round_trip_in_every_position(path):
    game = read(path)
    system = rules.load(game.system)
    state = system.setup(game.scenario, game.seed, game.options)
    for state, _ in replay(system, state, game.commands):
        copy = copy_state(state)
        assert copy == json.loads(json.dumps(state)) and copy is not state


def test_the_copy_shares_nothing_with_the_original():
    shared = [1, 2]
    state = {"a": shared, "b": shared, "c": {"d": shared}}
    copy = copy_state(state)
    copy["a"].append(3)
    assert state == {"a": [1, 2], "b": [1, 2], "c": {"d": [1, 2]}} and copy["b"] == [1, 2]


def test_keys_and_tuples_come_out_as_json_writes_them():
    assert copy_state({"t": (1, ("x",)), 3: 1.5, True: None, None: "n"}) == \
        {"t": [1, ["x"]], "3": 1.5, "true": None, "null": "n"}


@pytest.mark.parametrize("value", [{"s": {1, 2}}, {"o": object()}, {(1, 2): 3}])
def test_what_json_cannot_hold_is_refused(value):
    with pytest.raises(TypeError):
        copy_state(value)


@pytest.mark.parametrize(("value", "sentence"), [
    ({"s": {1, 2}}, "a state holds only JSON values, not set"),
    ({"o": [object()]}, "a state holds only JSON values, not object"),
    ({(1, 2): 3}, "a state's keys are strings, not tuple"),
], ids=["set", "object", "tuple_key"])
def test_what_json_cannot_hold_is_refused_naming_its_type(value, sentence):
    with pytest.raises(TypeError) as refused:
        copy_state(value)
    assert str(refused.value) == sentence
