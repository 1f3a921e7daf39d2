"""The examples in the docstrings of small pure functions run as tests (python-chess's habit)."""
import doctest
import importlib

import pytest

MODULES = ["rules.core.system", "rules.core.hexes", "rules.core.words", "rules.core.dice", "rules.core.commands",
           "rules.core.events", "rules.core.play", "rules.core.setup", "rules.core.standing",
           "rules.core.helptext", "rules.core.ai", "rules.core.strength",
           "render.areamap.picture", "bot.converters", "bot.player_prefs", "bot.tables.batch",
           "bot.discord.order_forms", "bot.text", "rules.campaign_1812.ai.battle",
           "rules.campaign_1812.combat", "rules.campaign_1812.ai.board",
           "rules.core.positions", "bot.computer.seat", "bot.config", "rules.campaign_1812.commands",
           "bot.discord.buttons", "bot.service.turns", "bot.delivery.messenger", "bot.delivery.payloads",
           "bot.discord.messenger", "bot.service.standing",
           "rules.borodino.movement", "rules.borodino.instead", "rules.borodino.battle", "rules.borodino.tables",
           "bot.choices", "bot.under_way", "bot.dice_audit", "bot.tables.spectators", "bot.words",
           "bot.tables.superseded", "bot.keyed_locks", "bot.tables.question_message",
           "bot.delivery.in_place", "bot.pictures"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    failures, _ = doctest.testmod(importlib.import_module(name))
    assert failures == 0
