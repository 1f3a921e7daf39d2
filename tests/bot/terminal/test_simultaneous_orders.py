"""Two sides act at once (1812's secret battle plans). The terminal hot seat hands the screen
from one to the other after each order, the service tells no one that an order was given, and `undo`
answers alike whether or not the other side has ordered."""
from __future__ import annotations

import pytest

from bot.computer.seat import new_seat
from bot.service import SIMULTANEOUS_UNDO, GameService
from bot.store import blank
from bot.terminal.console import HANDOVER, play, render
from bot.tools.fog_check import Position
from rules import campaign_1812, load
from tests.rules.campaign_1812.c1812_helpers import position, rig


def to_battle(service: GameService) -> int:
    """A campaign game brought to the first battle plans (the French cross into Kovno)."""
    game = service.new_game("campaign_1812", "campaign", seed=3)
    for side, line in [("russian", "end"), ("russian", "end")]:
        assert service.submit(game, side, line).accepted
    system = load("campaign_1812")
    while system.active_sides(service.load(game)) == ["russian"]:  # French attrition, chosen by the Russians
        assert service.submit(game, "russian", "attrit 31").accepted
    for line in ("move 30 11", "end", "end"):
        assert service.submit(game, "french", line).accepted, line
    assert system.active_sides(service.load(game)) == ["french", "russian"]
    return game


def at_the_hot_seat(service: GameService, game: int, lines: list[str]) -> list[str]:
    """The players type `lines` at the hot seat, pressing Enter at each hand-over: what was asked and
    written, in order (each prompt as "read: ...")."""
    transcript: list[str] = []
    answers = iter(lines)

    def read(prompt: str) -> str:
        transcript.append(f"read: {prompt}")
        return "" if "press Enter" in prompt else next(answers)

    play(service, game, read, transcript.append)
    return transcript


def test_the_hot_seat_passes_the_screen_after_each_secret_order(tmp_path):
    """The French give their plan and the screen passes to the Russian player at once (both may act, but the
    French have acted); the Russian screen shows nothing of the French chit until both are down."""
    service = GameService(blank(tmp_path / "g.sqlite"))
    game = to_battle(service)
    transcript = at_the_hot_seat(service, game, ["plan assault", "plan cordon", "quit"])
    asked = [t for t in transcript if t.endswith("> ") or t.startswith("read: Hand over")]
    assert asked[:4] == [f"read: {HANDOVER.format(side='French')}", "read: French > ",
                         f"read: {HANDOVER.format(side='Russian')}", "read: Russian > "]
    russian = transcript[transcript.index(f"read: {HANDOVER.format(side='Russian')}"):]
    reveal = next(i for i, t in enumerate(russian) if "French Assault against Russian Cordon" in t)
    assert not any("Assault" in t for t in russian[:reveal])
    assert any("Your Battle Plan in Kovno (11): Assault." in t for t in transcript[:len(transcript) - len(russian)])


def test_a_screen_both_players_share_names_the_side_a_battle_plan_was_told_to(tmp_path):
    """Where the screen is no one side's (no viewer: every event shown), the plan told to the Russian read
    '(to Russian) Your Battle Plan in Kovno (11): Cordon.', and no one at it is 'your'; the Russian's own
    screen keeps 'Your'."""
    service = GameService(blank(tmp_path / "g.sqlite"))
    game = to_battle(service)
    assert service.submit(game, "french", "plan assault").accepted
    cordon = service.submit(game, "russian", "plan cordon")
    assert "  (to Russian) Russian Battle Plan in Kovno (11): Cordon." in render(cordon, "plan cordon").split("\n")
    assert "Your Battle Plan in Kovno (11): Cordon." in render(cordon, "plan cordon", viewer="russian")


def test_no_one_is_told_that_an_order_was_given_and_undo_answers_alike(tmp_path):
    service = GameService(blank(tmp_path / "g.sqlite"))
    game = to_battle(service)
    untouched = service.submit(game, "russian", "undo")
    result = service.submit(game, "french", "plan assault")
    assert result.accepted and result.secret and result.visible_to("russian") == []
    assert service.submit(game, "russian", "undo").message == untouched.message
    assert SIMULTANEOUS_UNDO in untouched.message
    revealed = service.submit(game, "russian", "plan cordon")
    assert revealed.secret and any("French Assault against Russian Cordon" in e["text"]
                                   for e in revealed.visible_to(None))


def test_the_computer_s_battle_plan_is_not_told_even_that_it_was_given(tmp_path):
    """The computer holds the Russians: at the Battle Plans the French player's screen shows nothing of
    the Russian chit going down, as a table tells no one (control: once both are down, the battle)."""
    service = GameService(blank(tmp_path / "g.sqlite"))
    game = to_battle(service)
    service.store.take_computer_seat(game, "russian", new_seat(load("campaign_1812"), 1, 60.0, seed=2).to_dict())
    transcript = at_the_hot_seat(service, game, ["plan assault", "quit"])
    before = transcript[:transcript.index("read: French > ")]
    assert not any("Russian: a `plan` command" in t for t in before)
    assert len(before) == 2 and before[1].startswith("Game-Turn 1 of 13 | June II 1812 | Combat Phase")  # the status
    assert any("Battle of Kovno (11): French Assault against Russian" in t for t in transcript)


@pytest.mark.parametrize("player, dice", [("russian", (1, 1, 1, 1)), ("french", (6, 6, 6, 6))])
def test_a_battle_standing_orders_fight_is_told_at_the_screen_in_the_order_it_happened(tmp_path, player, dice):
    """Combat (SPI's 1812 overview): the player's `end` of his Forced March Phase, both players' standing orders
    giving the battle plans and the retreat. The Russian's screen read '[2] Russian: end. Russian by standing
    order: a `plan` command. The Russian stack in Kovno (11) retreats to Dinaburg (6), by standing order. ...'
    above the battle it followed, his own plan named by its verb alone. It tells each thing where it happened, his
    own plan by what he chose, the other's not at all (its chit goes down unseen), as a message of orders does."""
    state = position({11: {"inf": 4}, 30: {"inf": 2}}, {11: {"inf": 2, "cav": 1}, 6: {"inf": 1}}, player=player)
    rig(state["dice"], *dice)
    service = GameService(blank(tmp_path / "g.sqlite"), loader=lambda name: Position(campaign_1812, state))
    game = service.new_game("campaign_1812", "campaign", seed=1)
    for side in ("french", "russian"):
        for order in ("plan steady", "retreat rearward", "attrition nearest"):
            assert service.submit(game, side, f"orders {order}").accepted
    assert service.submit(game, player, "end").accepted
    lines = render(service.submit(game, player, "end"), "end", viewer=player).splitlines()
    side = player.title()
    assert lines[:4] == [f"[2] {side}: end.", "  Combat Phase.", f"  Battle in Kovno (11): the {side} player attacks "
                         "(Combat).", "  Your Battle Plan in Kovno (11): Assault, by standing order."], lines
    assert lines[4].startswith(f"  Battle of Kovno (11): {side} Assault against")
    retreat = "  The Russian stack in Kovno (11) retreats to Dinaburg (6), by standing order."  # lost, or thrown back
    assert lines.index(retreat) == lines.index("  The Russian stack in Kovno (11) must retreat.") + 1
    assert not any("`plan`" in line or "Entrench, by standing order" in line for line in lines)
