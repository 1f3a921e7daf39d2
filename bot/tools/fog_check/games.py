"""The random games a front-end swap walks (bloody_monday_swap, campaign_swap): the positions where two hidden blocks
or stacks are exchanged and compared, the probes that name them, and in 1812 each battle's secret plans with the
other side's chit down or not."""
from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import partial
from types import ModuleType
from typing import Any

from bot.tools.fog_check.comparison import SwapReport, compare
from rules.core import playout
from rules.core.playout import Move
from rules.core.system import GameSystem


def walk(system: GameSystem, state: dict, rng: random.Random, positions: int, longest: int, move: Move,
         report: SwapReport) -> Iterator[tuple[int, dict, str, bool]]:
    """One random game's positions (rules/core/playout.py), each with the side to move and whether
    it is one of `positions` stops drawn at random among the first `longest`; notes each position's
    Game-Turn in the report."""
    stops = set(rng.sample(range(longest), positions))
    for played, state in playout.positions(system, state, rng, longest, move):
        report.turns.add(state["turn"])
        yield played, state, system.active_sides(state)[0], played in stops


def bloody_monday_swap(seed: int, rng_seed: int, scenario: str = "bloody_monday",
                       options: list[str] | None = None, positions: int = 2, steps: int = 6,
                       longest: int = 200, further: bool = False) -> SwapReport:
    """One random Bloody Monday game: at `positions` random points, swap two blocks the side to
    move has not seen and compare what that side observes through the front ends, typing the
    queries, probes naming the two blocks, `units` at their areas, and its own commands. The game
    goes on by the rollout policy, which passes often enough that the Impulses Phase ends (two
    consecutive Passes, Bloody Monday 7.0) and later Game-Turns are tested too. At every choice
    its chooser is asked (a hit to apply, 5.3.6; a retreat, 6.4), the side that chooses is the viewer
    too, answering on the buttons of its question; once a game, at the first choice of one side at a
    stop or after it, the side that waits for it: what it reads while the other chooses, reminded and
    late. `further`: each position observes more (compare)."""
    from rules import bloody_monday as system
    from rules.bloody_monday import swaptest

    rng = random.Random(rng_seed)
    report = SwapReport(start=seed)
    waiting, waited = False, False  # a stop has passed: the waiting side's turn at the next choice; it had it
    for played, state, viewer, stop in walk(system, system.setup(scenario, seed, options or []), rng, positions,
                                             longest, _rollout, report):
        asked = system.choice(state) is not None and system.forced_answer(state) is None
        viewers = [viewer] if stop or asked else []
        waiting = (waiting or stop) and not waited
        if waiting and system.choice(state) is not None:
            viewers = [viewer, next(side for side in system.INFO.sides if side not in system.active_sides(state))]
            waiting, waited = False, True
        for who in viewers:
            for a, b in swaptest.pairs(state, who, rng, 1):
                compare(system, state, swaptest.swapped(state, a, b), who, rng, steps,
                         partial(bloody_monday_probes, who, (a, b), rng), swaptest.weighted_choice,
                         f"{scenario} seed={seed} rng_seed={rng_seed} command {played} viewer={who} "
                         f"swap {a}<->{b}", report, terminal=who == viewer,
                         around=sorted({str(state["blocks"][x]["area"]) for x in (a, b)} - {"None"}),
                         renamed=partial(exchanged, (a, b)), further=further)
    return report


def exchanged(pair: tuple[str, str], text: str) -> str:
    """A command with the two blocks of a swap exchanged: what it is in the other position."""
    a, b = pair
    return " ".join(b if word == a else a if word == b else word for word in text.split())


def _rollout(state: dict, rng: random.Random) -> tuple[str, Any]:
    """Bloody Monday's rollout policy for the side to move, which passes often enough that the
    Impulses Phase ends (two consecutive Passes, Bloody Monday 7.0)."""
    from rules import bloody_monday as system

    viewer = system.active_sides(state)[0]
    command = system.rollout_command(state, viewer, rng)
    assert command is not None, "the side to move has a command"
    return viewer, command


def _campaign_probes(viewer: str, pair: tuple[int, int], rng: random.Random, plans: bool, now: dict) -> list[str]:
    """A few of the 1812 engine swap test's probes naming the two places, `units` and `odds` there;
    without battle plans where the viewer's own would reveal the battle (`plans` False)."""
    from rules.campaign_1812 import swaptest

    named = [p for p in swaptest.probes(now, viewer, pair, rng, 0) if plans or not p.startswith("plan")]
    return [*rng.sample(named, min(3, len(named))),
            *(f"{query} {place}" for place in pair for query in ("units", "odds"))]


def bloody_monday_probes(viewer: str, pair: tuple[str, str], rng: random.Random, now: dict) -> list[str]:
    """A few of the engine swap test's probes naming the two blocks, and `units` and `odds` at their
    areas (a battle's expected hits there, and a gun of the viewer's firing into them)."""
    from rules.bloody_monday import swaptest
    from rules.bloody_monday.game import Game

    areas = {now["blocks"][block]["area"] for block in pair} - {None}
    g = Game(now)
    guns = sorted(bid for bid in g.on_map(viewer) if g.defs[bid].type == "artillery")
    return [*swaptest.probes(now, viewer, pair, rng, 0, 3),
            *(f"{query} {area}" for area in sorted(areas) for query in ("units", "odds")),
            *(f"odds {gun} {area}" for gun in rng.sample(guns, min(1, len(guns))) for area in sorted(areas))]


def campaign_compare(system: ModuleType, state: dict, other: dict, viewer: str, rng: random.Random,
                     steps: int, pair: tuple[int, int], what: str, report: SwapReport, plans: bool = True,
                     hidden: Sequence[str] = (), further: bool = False, terminal: bool = True) -> None:
    """Compare what `viewer` observes through the front ends in two 1812 positions it must not tell apart, typing
    its commands and probes naming the two places of `pair` (compare)."""
    from rules.campaign_1812 import swaptest

    compare(system, state, other, viewer, rng, steps, partial(_campaign_probes, viewer, pair, rng, plans),
             swaptest.weighted_choice, f"{what} viewer={viewer}", report, hidden, terminal,
             around=sorted({str(place) for place in pair}), further=further)


def campaign_swap(seed: int, rng_seed: int, scenario: str = "campaign", options: list[str] | None = None,
                  positions: int = 2, steps: int = 4, longest: int = 150, further: bool = False) -> SwapReport:
    """One random 1812 game, played with `options` as a game at the table is: at `positions` random
    points, exchange the contents of two of the other side's hidden stacks and compare what the
    side to move observes through the front ends, and once a game at the first choice of one side at a
    stop or after it (an attrition loss, a retreat, the defender's: answered on the buttons of its
    question); and at every battle's secret plans, whether the other side's chit is down or not (the
    viewer's own not yet down: once it is, the battle's being revealed or not tells). `further`: each
    position observes more (compare), and at that choice the side that waits for it looks too (at the table
    alone, with draws of its own, so that the game and the chooser's lines are those of the check without
    `further`): its orders written ahead behind the other's choice, and their word where the game ends first
    (Further)."""
    from rules import campaign_1812 as system
    from rules.campaign_1812 import swaptest
    from rules.campaign_1812.game import enemy_of
    from rules.campaign_1812.standing import ORDERS

    rng = random.Random(rng_seed)
    report = SwapReport(start=seed)
    choosing, chose = False, False  # a stop has passed: the chooser's turn at the next choice; it had it
    for played, state, viewer, stop in walk(system, system.setup(scenario, seed, options or []), rng, positions,
                                             longest, swaptest.random_move, report):
        where = f"{scenario} seed={seed} rng_seed={rng_seed} command {played}"
        choosing = (choosing or stop) and not chose
        waiting, looking = system.choice(state), False  # looking: the side that waits for the choice looks too
        if choosing and waiting is not None and waiting["kind"] != "plan":
            choosing, chose, stop, looking = False, True, True, further
        for a, b in swaptest.pairs(state, viewer, rng, 1) if stop else []:
            campaign_compare(system, state, swaptest.swapped(state, enemy_of(viewer), a, b), viewer, rng,
                             steps, (a, b), f"{where} swap {a}<->{b}", report, further=further)
        if looking:
            draws = random.Random(f"{rng_seed} {played}")
            for a, b in swaptest.pairs(state, enemy_of(viewer), draws, 1):
                campaign_compare(system, state, swaptest.swapped(state, viewer, a, b), enemy_of(viewer), draws,
                                 steps, (a, b), f"{where} swap {a}<->{b}", report, further=further, terminal=False)
        bt = state["battle"]
        if bt and bt["stage"] == "plans" and not any(bt["plans"].values()):
            enemy = enemy_of(viewer)
            if rng.random() < 0.5:  # a chit put down, then changed
                legal = system.legal_commands(state, enemy)
                chits = rng.sample(legal, min(2, len(legal)))
                hidden = [chit.to_text() for chit in chits]
            else:  # a standing order, played at once
                order = rng.choice(sorted(ORDERS["plan"]))
                standing = system.standing_command(state, enemy, {"plan": order})
                assert standing is not None, "a plan order gives a chit while the plan waits"
                chits = [standing]
                hidden = [f"orders plan {order}"]
            chosen = state
            for chit in chits:
                chosen, _ = system.apply(chosen, enemy, chit)
            campaign_compare(system, state, chosen, viewer, rng, 1, (bt["place"], bt["place"]),
                             f"{where} the {enemy} chit down or not", report, plans=False, hidden=hidden,
                             further=further)
    return report
