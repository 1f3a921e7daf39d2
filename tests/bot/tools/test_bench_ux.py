"""`kolocha bench --ux` on a short game: two player-turns of Shevardino played on simcord by the
scripted players, counted and set beside the goals; without simcord, the command says how to
install it. The figures are those of the seeded game, so they are asserted exactly."""
from __future__ import annotations

import asyncio
import random

import rules
from bot import cli
from bot.tools import bench_ux
from tests.rules.bloody_monday.bm_helpers import two_battles


def test_a_shevardino_player_turn_takes_its_player_one_box(tmp_path):
    turns = asyncio.run(bench_ux.measure_game(tmp_path, "borodino", "shevardino", 2, seed=1))
    assert [t.label for t in turns] == ["set-up", "turn 3 French", "turn 3 Russian"]
    setup, french, russian = turns
    assert setup.interactions == {"french": 1, "russian": 1}  # the standing orders, once
    # Each phasing player's moves, the end of movement, the attacks and the end of combat in one
    # box; the other player, whose standing orders answer the choices, is not asked to act. The
    # box's news in 1 channel post (13 when each order was a post of its own, 4 while a map went
    # alone, 2 while each phase had its map): its moves, the end of movement, the attack and the end
    # of combat, then one map and what waits now.
    assert (french.interactions, russian.interactions) == ({"french": 1}, {"russian": 1})
    assert sum(french.fruitless.values()) + sum(russian.fruitless.values()) == 0
    assert sum(french.dms.values()) + sum(russian.dms.values()) == 0  # an open game: news in the channel
    assert french.silent == russian.silent == 0
    rows = dict(bench_ux.rows("borodino", "shevardino", turns))
    assert rows["borodino shevardino, turn 3 French"] == (
        "french: 1 int (0 fruitless), 0 DMs, 0 pic; russian: 0 int (0 fruitless), 0 DMs, 0 pic; 1 posts; silent 0 h")
    assert rows["borodino shevardino, channel posts per player-turn"] == "max 1, median 1.0"
    assert rows["borodino shevardino, interactions per player and player-turn"] == \
        "max 1, median 0.5 (goal at most 3: met)"
    assert rows["borodino shevardino, silent wait (h) per player and player-turn"] == \
        "max 0, median 0 (goal at most 0: met)"
    assert rows["borodino shevardino, messages Discord refused per player-turn"] == \
        "max 0, median 0 (goal at most 0: met)"


def test_players_who_answer_every_choice_send_one_box_and_click_the_choices(tmp_path):
    """Without standing orders: no set-up box; the French player sends one box for the whole
    player-turn, its attack written with the answers to the two choices its result leaves him (the
    victor's, Retreat and Combat H: `attack ... then retreat ... then stay`; they were a click, two
    before the chains), and its `end`, which hands the turn to the Russians. The Russian player likewise
    sends one box, his attack on 2824 written with its advance declined (Combat H; it was a click)."""
    turns = asyncio.run(bench_ux.measure_game(tmp_path, "borodino", "shevardino", 8, seed=1, asked=True))
    setup, french, russian = turns[:3]
    assert not +setup.interactions
    assert (+french.interactions, +russian.interactions) == ({"french": 1}, {"russian": 1})
    assert (+french.dms, +russian.dms) == ({}, {})
    # Nobody waits untold, though held orders stop at their own author's choice from turn 6 on
    # (their report tells the author what is asked).
    assert [t.silent for t in turns] == [0] * 9


def test_a_bloody_monday_impulse_with_every_choice_asked_takes_a_click_a_battle_and_one_question_dm(tmp_path):
    """The French first impulse of Bloody Monday, every choice asked: the French fire four times,
    and the Russian player gives at the first hits of the battle in 46 the order they and all its
    hits to come are applied in (`hit order`, 5.3.6): one click, where each fire's hits were a click
    (two: none for a fire into an area where he has one block, whose hits are his only answer,
    applied at once). Their questions of the
    impulse are one DM edited in place, pinged when the game waits for them again; with the notice
    and the map of their own impulse that follows, 3 DMs. The French player's orders held behind the
    hits, played once they are made, are told by the channel, and the Russian impulse that follows hers
    sends her no map of the moves she has just made (kept_views.map_due): no DM."""
    turns = asyncio.run(bench_ux.measure_game(tmp_path, "bloody_monday", "bloody_monday", 1, seed=1,
                                              asked=True))
    setup, french = turns
    assert (+french.interactions, +french.dms) == ({"french": 1, "russian": 1}, {"russian": 3})
    assert french.silent == 0
    rows = dict(bench_ux.rows("bloody_monday", "bloody_monday", turns))
    assert rows["bloody_monday bloody_monday, DMs per player and player-turn"] == \
        "max 3, median 1.5 (goal at most 5: met)"


def test_a_player_who_answers_every_choice_clicks_the_stand_kept_for_the_impulse_where_he_expects_to_stand():
    """Bloody Monday 6.4: the first standing orders stand in every battle, so where the defender expects them,
    `stand all` leads where `stand` does, the stand kept for the impulse aside (`orderless`), and it makes
    the more choices at once: he clicks it. The first battle's position (44) is the same either way."""
    system, state = rules.load("bloody_monday"), two_battles()
    orders = bench_ux.standing(system)

    def led(text: str) -> dict:
        after, _ = system.apply(state, "russian", system.parse("russian", text))
        return bench_ux.orderless(bench_ux.follow_standing(system, after, orders))
    assert orders["retreat"] == "stand" and led("stand all") == led("stand")
    assert led("stand all") == bench_ux.orderless(bench_ux.follow_standing(system, state, orders))
    assert bench_ux.choices("stand all") > bench_ux.choices("stand")


def test_a_box_holds_the_orders_written_before_the_dice_and_those_that_hold_whatever_they_roll():
    """The French first player-turn of Shevardino: the moves, `end`, and the attacks the computer
    plans; every attack after the first is accepted under other dice too, and the box stops
    before any order the dice decide."""
    system = rules.load("borodino")
    state = bench_ux.follow_standing(system, system.setup("shevardino", 1, None), bench_ux.standing(system))
    commander = bench_ux.commander_for(system, 1)

    def plan(position: dict) -> list[str]:
        return [d.command for d in commander.plan(system.view(position, "french"), (), random.Random(1))]
    lines = bench_ux.orders(system, state, "french", plan, random.Random(1))
    end = lines.index("end")
    assert all(line.startswith("move ") for line in lines[:end])
    assert lines[end + 1:] and all(line.startswith("attack ") or line == "end" for line in lines[end + 1:])
    for n in range(1, bench_ux.DICE + 1):  # under other dice the same box is accepted line by line
        other = bench_ux.reseeded(state, n)
        for line in lines[:-1]:
            other = bench_ux.follow_standing(system, system.apply(other, "french", system.parse("french", line))[0],
                                             bench_ux.standing(system))
            assert "french" in system.active_sides(other)


def test_without_simcord_the_bench_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setattr(bench_ux, "simcord_installed", lambda: False)
    assert cli.main(["bench", "--ux"]) == 2
    assert capsys.readouterr().err.strip() == bench_ux.INSTALL
