"""What a side is shown as the game's position counts only the commands it observed: while both
sides of 1812 give their battle plans at once, the other side's chit going down (typed, changed, or
played by its standing order) tells the viewer nothing (SPI's 1812 rules, COMBAT: the plans are
chosen secretly and revealed together), so no number the viewer is shown may move with it."""
from __future__ import annotations

import random

import pytest

from bot.service import GameService
from bot.store import blank
from bot.terminal.console import render
from bot.tools.fog_check import Position
from rules import campaign_1812 as system
from rules.campaign_1812 import swaptest


def _before_a_battle(seed: int) -> tuple[dict, str, str]:
    """A random 1812 position where the side to move has a command that begins a battle (both
    plans then wait), with that side and command."""
    rng = random.Random(seed)
    state = system.setup("campaign", seed)
    for _ in range(400):
        side = rng.choice(system.active_sides(state))
        command = swaptest.weighted_choice(rng, system.legal_commands(state, side))
        after, _ = system.apply(state, side, command)
        if after["battle"] and after["battle"]["stage"] == "plans" and not any(after["battle"]["plans"].values()):
            return state, side, command.to_text()
        state = after
    raise AssertionError("no battle began")


@pytest.fixture
def battle(tmp_path):
    state, side, command = _before_a_battle(3)
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: Position(system, state))
    return service, service.new_game("campaign_1812", "campaign", 1, hot_seat=True), side, command


def test_the_other_sides_secret_chits_are_not_counted_in_the_viewers_number(battle):
    service, game_id, side, command = battle
    enemy = next(s for s in system.INFO.sides if s != side)
    assert service.submit(game_id, side, command).accepted
    chits = [c.to_text() for c in system.legal_commands(service.load(game_id), enemy)][:2]
    for chit in chits:  # put down, then changed
        assert service.submit(game_id, enemy, chit).accepted
    assert service.store.last_seq(game_id) == 3
    assert service.store.seen_seq(game_id, side) == 1
    assert service.store.seen_seq(game_id, enemy) == 3
    own = system.legal_commands(service.load(game_id), side)[0].to_text()
    assert service.submit(game_id, side, own).accepted  # the last plan: both are revealed to all
    assert service.store.seen_seq(game_id, enemy) == 4 and service.store.seen_seq(game_id, side) == 2


def test_a_command_that_tells_no_event_is_observed_by_every_side(tmp_path):
    """Bloody Monday's `tactical` has no event, yet the Russian player reads "French: tactical."
    and sees the French impulse go on: he counts it as observed."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = service.new_game("bloody_monday", "bloody_monday", 1)
    result = service.submit(game_id, "french", "tactical")
    assert result.accepted and result.events == [] and service.store.last_seq(game_id) == 1
    assert service.store.seen_seq(game_id, "russian") == 1


def test_the_terminal_numbers_a_command_by_what_its_side_observed(battle):
    """The enemy's standing plan order plays its chit the moment the viewer's move begins the
    battle: the viewer's screen shows the same number as without that order."""
    service, game_id, side, command = battle
    enemy = next(s for s in system.INFO.sides if s != side)
    assert service.submit(game_id, enemy, "orders plan bold").accepted  # stored, not yet played
    result = service.submit(game_id, side, command)
    assert result.accepted and service.store.last_seq(game_id) == 2  # the order played the chit
    assert render(result, command, side).startswith("[1] ")
