"""bot/computer/stand_in.py: at a deadline whose action is `end`, the absent side's phase ends whatever it
left owed, in every phase of every system, and the commands played replay like any others.

Each game is played by random commands through the service; now and then the side to act is
"absent" and the stand-in plays for it: afterwards its phase has ended (or the game waits for
the other side, or is over). Every phase met is stood in for at least once."""
from __future__ import annotations

import random

import pytest

import rules
from bot.computer.seat import Memory, NoComputer, job_for, plan
from bot.computer.stand_in import stand_in
from bot.service import GameService, record, still_to_order
from bot.store import blank


def present(service: GameService, memory: Memory, game: int, side: str, rng: random.Random) -> str:
    """The first command of the level-1 computer's plan for the side, else a random legal one."""
    system = service.system(game)
    seq, state = service.position(game)
    try:
        return plan(job_for(system, {"level": 1, "seed": 0, "budget": 0.0}, side, state,
                            memory.told(service, game, side), seq))[0].command
    except NoComputer:
        return system.sample_command(state, side, rng).to_text()


def stood_in_phases(tmp_path, system: str, scenario: str, seed: int, options: dict | None = None,
                    limit: int = 2500) -> tuple[set[str], set[str], GameService, int]:
    """Play one game to its end (or `limit` commands), the present side's commands by the level-1
    computer (random ones where the system has none), the stand-in taking the first turn of each
    kind of phase and a quarter of the others: the phases met, the phases stood in for, the
    service and the game."""
    service = GameService(blank(tmp_path / f"{system}.sqlite"))
    module = rules.load(system)
    game = service.new_game(system, scenario, seed=seed, options=options)
    memory, rng = Memory(), random.Random(seed)
    met: set[str] = set()
    stood: set[str] = set()
    while service.store.last_seq(game) < limit:
        state = service.load(game)
        owing = still_to_order(module, state)
        if module.outcome(state) is not None or not owing:
            break
        phase = str(module.view(state, None).get("phase")).split(":")[0]
        met.add(phase)
        side = rng.choice(owing)
        if phase not in stood or rng.random() < 1 / 4:
            key = module.phase_key(state)
            done, refusal = stand_in(service, memory, game, side, lambda decision: record)
            assert refusal is None, (phase, refusal)
            assert done and all(result.accepted for result in done)
            after = service.load(game)
            assert module.outcome(after) is not None or side not in still_to_order(module, after) \
                or module.phase_key(after) != key, (phase, [r.command for r in done])
            stood.add(phase)
        else:
            assert service.submit(game, side, present(service, memory, game, side, rng)).accepted
    assert service.replay_check(game).ok
    return met, stood, service, game


@pytest.mark.parametrize("system, scenario, seed, options", [
    ("borodino", "shevardino", 1, None),
    ("borodino", "shevardino", 2, {"dv_rally": True, "dv_leaders": True}),
    ("bloody_monday", "last_blood", 3, None),
    ("campaign_1812", "campaign", 4, None),
    pytest.param("borodino", "7sep", 5, None, marks=pytest.mark.long),
    pytest.param("bloody_monday", "bloody_monday", 6, None, marks=pytest.mark.long),
    pytest.param("campaign_1812", "retreat", 7, None, marks=pytest.mark.long),
])
def test_an_absent_side_never_stalls_the_game(tmp_path, system, scenario, seed, options):
    met, stood, _, _ = stood_in_phases(tmp_path, system, scenario, seed, options)
    assert stood == met


def test_attacks_still_owed_are_made_by_the_level_1_computer_then_the_phase_ends(tmp_path):
    """SPI's Borodino rules, Combat B: `end` is refused while an attack is owed; the stand-in
    plays the computer's attacks, each stored with its reason, then `end`, or stops where a result
    asks the other side (a retreat)."""
    service = GameService(blank(tmp_path / "b.sqlite"))
    borodino = rules.load("borodino")
    game = service.new_game("borodino", "shevardino", seed=6)
    rng = random.Random(6)
    while True:
        state = service.load(game)
        side = borodino.active_sides(state)[0]
        if state["phase"] == "combat" and not service.submit(game, side, "end").accepted:
            break
        assert service.submit(game, side, borodino.sample_command(state, side, rng).to_text()).accepted
    key, seq = borodino.phase_key(state), service.store.last_seq(game)
    done, refusal = stand_in(service, Memory(), game, side, lambda decision: record)
    after = service.load(game)
    waiting = borodino.choice(after)  # the attack's result asks the other side first (a retreat)
    assert refusal is None and (borodino.phase_key(after) != key or waiting["side"] != side)
    rows = service.store.commands(game, after=seq)
    assert any(row["normalised"].startswith("attack") and " — " in row["text"] for row in rows)
    assert rows[-1]["normalised"] == "end" or waiting is not None
    assert service.replay_check(game).ok
