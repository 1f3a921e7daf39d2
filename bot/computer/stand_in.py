"""An absent player's phase ended for them: what a deadline whose action is `end` plays.

The phase must end whatever its player left undone, or one absent player stalls the game for
ever. So, for the side whose deadline passed, until the phase ends (its phase key changes), the
game is over, or the side owes nothing more (another side must answer):
1. a mid-turn choice waiting for the side is made by its standing order, else by the first order
   the system defines for that kind of choice (the deadline's default, GameService.default_choice);
2. else the side plays `end` (which may end only a step of the phase: then again from 1);
3. when the rules refuse `end` (an attack still owed, SPI's Borodino rules, Combat B; a battle
   that must be fought, Bloody Monday FAQ 5; an impulse not yet begun, 4.0), the computer opponent
   at level 1 plans from that side's own view and what it was told (bot/computer/seat.py) and its
   commands are played, each stored with its reason, like a player's.
Every command goes through GameService.submit and is stored with its news, so the game replays
from seed and commands as ever. The 1812 campaign has a standing order for every choice its rules
ask mid-phase and refuses no `end`, so steps 1 and 2 end each of its phases.
"""
from __future__ import annotations

from collections.abc import Callable

from bot.computer.seat import Memory, NoComputer, job_for, plan, send
from bot.service import Compose, GameService, Result, still_to_order
from rules.core.ai import Decision

LEVEL = 1  # the computer opponent that plays what an absent player owes
SEED = 0  # its own seed: what it plays is stored, so a replay never plans again
LIMIT = 500  # commands one deadline may play: more than any phase of any game holds

ComposeFor = Callable[[Decision | None], Compose]  # the news of a command (with the computer's reason)


def stand_in(service: GameService, memory: Memory, game_id: int, side: str,
             compose_for: ComposeFor) -> tuple[list[Result], str | None]:
    """Play what `side` owes until its phase ends (under the game's lock, in a worker thread):
    the accepted results, and why the phase still could not end (None once it has, or the game
    moved on to another side)."""
    system = service.system(game_id)
    phase = system.phase_key(service.load(game_id))
    done: list[Result] = []
    while len(done) < LIMIT:
        state = service.load(game_id)
        if done and (system.outcome(state) is not None or side not in still_to_order(system, state)
                     or system.phase_key(state) != phase):
            return done, None
        chosen = service.default_choice(game_id, side, compose_for(None))
        if chosen is not None and chosen.accepted:
            done.append(chosen)
            continue
        ended = service.submit(game_id, side, "end", user="deadline", compose=compose_for(None))
        if ended.accepted:  # it may end a step within the phase (Bloody Monday 5.3: a battle's fire)
            done.append(ended)
            continue
        played = computer_plays(service, memory, game_id, side, phase, compose_for)
        if not played:
            return done, ended.message
        done += played
    return done, f"{LIMIT} commands were played and the phase still goes on"


def computer_plays(service: GameService, memory: Memory, game_id: int, side: str, phase: str,
                   compose_for: ComposeFor) -> list[Result]:
    """The level-1 computer's plan for the side, sent until one is refused, the side no longer
    acts or the phase ends: the accepted results (none where the system has no computer)."""
    system = service.system(game_id)
    seq, state = service.position(game_id)
    seat = {"level": LEVEL, "seed": SEED, "budget": 0.0}
    job = job_for(system, seat, side, state, memory.told(service, game_id, side), seq)
    try:
        decisions = plan(job)
    except NoComputer:
        return []
    sent = send(service, game_id, job, decisions, compose_for, phase)
    return [result for _, result in sent if result.accepted]
