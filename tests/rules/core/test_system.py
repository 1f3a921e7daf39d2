"""The engine contract as data: every shipped system declares its metadata once, consistently."""
import pytest

import rules
from rules.core.errors import CommandError


@pytest.mark.parametrize("name", ["borodino", "bloody_monday"])
def test_system_info_agrees_with_the_system(name):
    system = rules.load(name)
    info = system.INFO
    scenarios = {s["id"]: s for s in system.scenarios()}
    assert info.name == name
    assert info.default_scenario in scenarios
    assert all(tuple(s["sides"]) == info.sides for s in scenarios.values())
    assert set().union(*(s["options"] for s in scenarios.values())) <= set(info.options)
    state = system.setup(info.default_scenario, 1)
    assert set(system.active_sides(state)) <= set(info.sides)


def test_an_unregistered_name_is_refused_with_a_sentence_and_imports_nothing():
    with pytest.raises(CommandError, match="is not a game system here; choose one of"):
        rules.load("os")
