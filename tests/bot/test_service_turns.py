"""Which player-turn a command begins (bot/service/turns.py): a player's questions of one
player-turn share one message, so a new turn is a new player-turn even when the same player
moves on both sides of its end."""
from __future__ import annotations

import rules
from bot.service import GameService, Result, new_player_turn, told_by_its_event
from bot.store import blank
from rules import bloody_monday as bm
from tests.rules.bloody_monday.bm_helpers import do, position


def test_the_russian_pass_that_ends_a_turn_and_his_logistics_that_begin_the_next_are_two_player_turns():
    """Bloody Monday 7.0: two consecutive Passes end the turn; the Russian player who passed last
    also acts first in the next turn's Logistics Phase (3.0)."""
    state, _ = do(position({"F-I-1": 21}, initiative="french"), "french", "pass", "end")
    passing, _ = do(state, "russian", "pass")
    logistics, _ = do(passing, "russian", "end")
    assert (passing["turn"], passing["player"], bm.active_sides(passing)) == (1, "russian", ["russian"])
    assert (logistics["turn"], logistics["player"], bm.active_sides(logistics)) == (2, "russian", ["russian"])
    assert new_player_turn(bm, passing, logistics)
    assert not new_player_turn(bm, state, passing) and new_player_turn(bm, None, state)


def test_a_leaders_move_is_said_by_its_event_as_a_units_is(tmp_path):
    """Doomed Victory 8.1: 'move Murat 2327' (by his name or his id) is told by its event, which names
    him, where he stood and where he went, as a unit's move is; the channel read the order above it."""
    service = GameService(blank(tmp_path / "games.sqlite"))
    game = service.new_game("borodino", "5sep", seed=2, options=["dv_rally", "dv_leaders"])
    system = service.system(game)
    unit = service.submit(game, "french", "move F-IC-1H 2327")
    assert service.submit(game, "french", "move F-IC-1L 2229").accepted  # Murat comes on with it
    leader = service.submit(game, "french", "move l-murat 2327")
    assert leader.visible_to(None)[0]["text"] == ("Murat moves from 2229 to 2327 (3 MP) and stacks with the French "
                                                  "2-5 cavalry there (Doomed Victory 8.1).")
    assert told_by_its_event(system, unit, unit.message) and told_by_its_event(system, leader, leader.message)
    assert service.submit(game, "french", "undo").accepted
    elsewhere = service.submit(game, "french", "move murat 2229")  # where he stands: refused, no event
    assert not elsewhere.accepted and not told_by_its_event(system, elsewhere, elsewhere.message)


def test_an_attack_and_a_retreat_are_said_by_their_events():
    """SPI's Borodino rules, Combat and Retreat: 'Russian: attack 2817 -> 2819.' stood above '2817 (2) attacks 2819
    (2): 1-1, die 1: Dr.', and 'Russian: retreat 3623.' above '3622 (French 4-4 infantry) retreats to 3623.', each
    order said twice (seen on simcord, a 7 Sept Russian Combat Phase); a displacement into the hex named tells its
    retreat too, and an exchange's one loss ('French: lose 2318.' above '2318 (French 2-5 cavalry) is eliminated.').
    Other hexes than the line's keep it (a redoubt that joins the attack, another hex, a second loss)."""
    system = rules.load("borodino")

    def said(command: str, **first) -> bool:
        result = Result(True, f"Russian: {command}.", 1, "russian", command, events=[{"to": "all", **first}])
        return told_by_its_event(system, result, result.message)
    combat = {"kind": "combat", "attackers": ["2617", "2718"], "defenders": ["2719"]}
    assert said("attack 2718+2617 -> 2719", **combat) and not said("attack 2718 -> 2719", **combat)
    assert not said("attack 2718+2617 -> 2719", **{**combat, "attackers": ["2617", "2718", "R3117"]})
    assert said("retreat 3623", kind="retreat", path=["3622", "3623"]) and \
        not said("retreat 3523", kind="retreat", path=["3622", "3623"])
    assert said("retreat 2920", kind="displaced", text="2920 (French 7-4 infantry) is displaced by 2819 (French 2-5 "
                                                        "cavalry) retreating into 2920.")
    assert said("lose 2318", kind="eliminated", hex="2318")
    assert not said("lose 2318+2519", kind="eliminated", hex="2318")


def test_an_end_is_said_by_its_event_only_where_that_event_says_its_player_did_it():
    """Bloody Monday 5.3.1 and 5.3.3: the attacker's `end` of his artillery fire, played at a deadline, read
    '**Deadline** — Showdown in 45 (5.3.3): ...', the deadline's play and the showdown it began one thing;
    it keeps its line ('French: end.') above the showdown. A defender's `end` is his stand (6.4), and 1812's
    `end` of movement says the player ended it: each is still said on its event's line, where its player
    gave it; a deadline's keeps its own."""
    def said(system: str, side: str, text: str, by_its_player: bool = True) -> bool:
        result = Result(True, f"{side.title()}: end.", 1, side, "end", events=[{"to": "all", "text": text}])
        return told_by_its_event(rules.load(system), result, result.message, by_its_player=by_its_player)
    assert not said("bloody_monday", "french", "Showdown in 45 (5.3.3): French: French 1H (F-CR-1H, cavalry); ...")
    assert not said("bloody_monday", "french", "French support units deactivate; activated leaders are reduced (5.4).")
    assert said("bloody_monday", "russian", "The Russian player stands and fights it out in 42 (6.4).")
    assert not said("bloody_monday", "french", "The Russian player stands and fights it out in 42 (6.4).")
    assert said("campaign_1812", "russian", "The Russian player ends movement; forced marches follow.")
    assert not said("campaign_1812", "russian", "Combat Phase.")
    assert said("campaign_1812", "russian", "Battle in Vyazma (161): the Russian player attacks (Combat).")
    assert not said("campaign_1812", "russian", "Battle in Vyazma (161): the Russian player attacks (Combat).", False)
