"""The engine contract as data: every shipped system declares its metadata once, consistently."""
import pytest

import rules
from rules.core.errors import CommandError


@pytest.mark.parametrize("name", ["borodino", "bloody_monday", "campaign_1812"])
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


def test_the_refusal_names_every_system_there_is():
    with pytest.raises(CommandError) as err:
        rules.load("os")
    assert str(err.value).endswith("choose one of bloody_monday, borodino, campaign_1812, toy_system.")


def test_the_environment_registers_systems_for_a_whole_process(monkeypatch):
    """KOLOCHA_SYSTEMS="name=package.module,other=package.other", blanks and empty pairs ignored."""
    from rules.core import registry
    monkeypatch.setattr(registry, "_SYSTEMS", dict(registry._SYSTEMS))
    monkeypatch.setenv("KOLOCHA_SYSTEMS", " toy = tests.bot.toy_system ,,again=rules.borodino")
    registry._register_from_environment()
    assert rules.load("toy") is rules.load("toy_system")
    assert rules.load("again") is rules.load("borodino")
    assert registry.systems() == ["again", "bloody_monday", "borodino", "campaign_1812", "toy", "toy_system"]


def test_scenarios_and_options_are_refused_naming_every_choice():
    from rules.core.setup import chosen_options, scenario
    with pytest.raises(CommandError, match=r"choose one of 5sep, 7sep\.$"):
        scenario({"5sep": 1, "7sep": 2}, "8sep")
    with pytest.raises(CommandError, match=r"\(options: guard, forces\)\.$"):
        chosen_options(["cossacks"], ("guard", "forces"), "the Great Battle")


def test_without_the_environment_variable_no_system_is_added(monkeypatch):
    from rules.core import registry
    monkeypatch.setattr(registry, "_SYSTEMS", dict(registry._SYSTEMS))
    monkeypatch.delenv("KOLOCHA_SYSTEMS", raising=False)
    before = registry.systems()
    registry._register_from_environment()
    assert registry.systems() == before == ["bloody_monday", "borodino", "campaign_1812", "toy_system"]
