"""Zones of Control (A, H; Redoubts C): `Battle.in_enemy_zoc` answers from the hexes around one
hex until the whole table `Battle.zocs` is built; both answers agree for every hex and side in the
positions of a recorded 7 September game (units on both sides, redoubts active and not)."""
from pathlib import Path

import rules
from rules.borodino import battlemap
from rules.borodino.battle import SIDES, Battle
from rules.core.playout import replay
from tests.corpus.record import read

GAME = Path(__file__).parents[2] / "corpus" / "borodino-7sep-3.txt"


def test_the_lookup_around_a_hex_agrees_with_the_whole_table():
    game = read(GAME)
    borodino = rules.load("borodino")
    hexes = sorted(battlemap.load().hexes)
    checked = set()
    for i, (state, _) in enumerate(replay(borodino, borodino.setup(game.scenario, game.seed), game.commands)):
        if i % 120:
            continue
        table, b = Battle(state).zocs, Battle(state)
        for side in SIDES:
            local = {h for h in hexes if b.in_enemy_zoc(side, h)}
            assert local == table[side], f"after command {i + 1}, {side}"
            checked.add((side, len(local) > 0))
        assert "zocs" not in b.__dict__, "the lookup never built the table"
        checked |= {("redoubt active", b.redoubt_active(h)) for h in state["redoubts"]}
    assert checked >= {("french", True), ("russian", True), ("redoubt active", True),
                       ("redoubt active", False)}
