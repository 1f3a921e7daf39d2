"""`kolocha fuzz`: long runs of what the test suite runs a little of.

* playouts: random games of every registered system, scenario and option set (none, all), from
  rules/core/playout.py; a failure is written as a script `kolocha local --script` replays;
* engine swap: the swap tests at the engine (rules/bloody_monday/swaptest.py, and 1812's hidden
  stacks in rules/campaign_1812/swaptest.py);
* front-end swap: the same through the Discord tables and the terminal (bot/tools/fog_check/), each
  position observed further than the test suite does: the other player typing in the channel and
  sending orders held behind the viewer's choice, the viewer's box held behind his, requests by consent,
  closed DMs, the computer taking a seat, seats changing hands (by consent too), the game cancelled or
  drawn by agreement and its export, the viewer's orders held when it ends; each walk at a fair share of
  positions (bot/tools/fog_check/further.py), the share each ran at reported.

Each part reports one line per failure and a total; the exit status is 1 if anything failed.
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterator
from pathlib import Path

import rules
from rules.core.playout import POLICIES, PlayoutFailure, random_playout
from rules.core.playout import policies as system_policies  # `policies` names a parameter below

PARTS = ("playouts", "engine-swap", "front-swap")
HIDDEN_SYSTEM = "bloody_monday"  # the system whose swap tests exist (fog of war)
SWAP_SYSTEMS = ("campaign_1812", HIDDEN_SYSTEM)  # the systems with hidden forces, and so swap tests
Write = Callable[[str], None]


def option_sets(name: str) -> Iterator[tuple[str, dict]]:
    """Every scenario of a system, with no option and with all its options."""
    module = rules.load(name)
    for scenario in module.scenarios():
        everything = scenario.get("options") or list(module.INFO.options)
        yield scenario["id"], {}
        if everything:
            yield scenario["id"], {option: True for option in everything}


def playouts(games: int, seed: int, out: Path, write: Write,
             policies: tuple[str, ...] = POLICIES, systems: tuple[str, ...] | None = None) -> int:
    """`games` random playouts per system, scenario, option set and policy; the failures."""
    failed = 0
    for name in systems or rules.systems():
        for scenario, options in option_sets(name):
            for policy in (p for p in policies if p in system_policies(name)):
                for n in range(seed, seed + games):
                    try:
                        random_playout(name, scenario, n, options, rng_seed=n, policy=policy)
                    except PlayoutFailure as failure:
                        failed += 1
                        script = out / f"fuzz-{name}-{scenario}-{policy}-{n}.txt"
                        script.write_text(failure.script())
                        write(f"playout failed: {failure} (replay: kolocha local --script {script})")
                write(f"playouts: {name} {scenario} {','.join(options) or 'no options'}, "
                      f"{policy} policy: {games} games")
    return failed


def engine_swaps(games: int, seed: int, write: Write, systems: tuple[str, ...] = SWAP_SYSTEMS) -> int:
    """The engine swap tests over `games` games per scenario and option set of `systems`: 1812's
    (rules/campaign_1812/swaptest.py: hidden stacks and secret battle plans), then Bloody Monday's."""
    from rules.campaign_1812.swaptest import swap_test as campaign_swap

    failed = 0
    if "campaign_1812" in systems:
        failed += _swaps("engine swap", games, seed, write,
                         lambda n, scenario, options: campaign_swap(n, n, scenario, list(options)),
                         system="campaign_1812")
    if HIDDEN_SYSTEM not in systems or not _has_swap_test(write, "engine swap"):
        return failed
    swap_test = importlib.import_module("rules.bloody_monday.swaptest").swap_test
    return failed + _swaps("engine swap", games, seed, write,
                           lambda n, scenario, options: swap_test(n, n, scenario, list(options)))


def front_swaps(games: int, seed: int, write: Write, systems: tuple[str, ...] = SWAP_SYSTEMS) -> int:
    """The swap test through the front ends over `games` games per scenario and option set of
    `systems`: 1812's hidden stacks and secret chits, then Bloody Monday's blocks; then how many
    positions were compared, and how many of them only up to the computer's seat (its play made the
    rules tell the two positions apart), how many of the computer's commands the second position
    replayed renamed the rules refused there (fog_check.Replaying: logged at INFO, not as its ERROR); and the
    share of the positions each walk ran at (bot/tools/fog_check/further.py says how they are shared out)."""
    from bot.tools.fog_check import SwapReport, bloody_monday_swap, campaign_swap

    tally = SwapReport()

    def counted(report: SwapReport) -> list[str]:
        tally.positions += report.positions
        tally.disclosed += report.disclosed
        tally.refused += report.refused
        tally.walks.update(report.walks)
        return report.differences

    failed = 0
    if "campaign_1812" in systems:
        failed += _swaps("front-end swap", games, seed, write,
                         lambda n, scenario, options: counted(campaign_swap(n, n, scenario, list(options),
                                                                            further=True)),
                         system="campaign_1812")
    if HIDDEN_SYSTEM in systems and _has_swap_test(write, "front-end swap"):
        failed += _swaps("front-end swap", games, seed, write,
                         lambda n, scenario, options: counted(bloody_monday_swap(n, n, scenario, list(options),
                                                                                 further=True)))
    write(f"front-end swap: {tally.positions} positions compared, {tally.disclosed} of them up to the "
          f"computer's seat (its play made the rules disclose; {tally.refused} of its commands replayed with "
          "the two blocks exchanged were refused in the second position, the check's doing)")
    write(f"front-end swap: each walk, at how many of the {tally.positions} positions: " + "; ".join(
        f"{walk} {count} ({count / (tally.positions or 1):.0%})" for walk, count in tally.walks.most_common()))
    return failed


def _has_swap_test(write: Write, part: str) -> bool:
    """The seam: both swap tests build on the engine's (rules/bloody_monday/swaptest.py), which
    lives with the rules; a version without it skips them and says so."""
    if importlib.util.find_spec("rules.bloody_monday.swaptest") is None:
        write(f"{part}: rules.bloody_monday.swaptest is not in this version; skipped")
        return False
    return True


def _swaps(part: str, games: int, seed: int, write: Write,
           run: Callable[[int, str, dict], list[str]], system: str = HIDDEN_SYSTEM) -> int:
    failed = 0
    for scenario, options in option_sets(system):
        for n in range(seed, seed + games):
            try:
                found = run(n, scenario, options)
            except Exception as error:  # a long run reports a broken game and goes on to the next
                found = [f"{scenario} seed={n}: stopped by {type(error).__name__}: {error}"]
            failed += bool(found)
            for difference in found:
                write(f"{part}: {difference}")
        write(f"{part}: {scenario} {','.join(options) or 'no options'}: {games} games")
    return failed


def fuzz(parts: tuple[str, ...], games: int, seed: int, out: Path, write: Write,
         policies: tuple[str, ...] = POLICIES, systems: tuple[str, ...] | None = None) -> int:
    """Run the parts asked for; the exit status (1 when a game failed)."""
    failed = 0
    if "playouts" in parts:
        failed += playouts(games, seed, out, write, policies, systems)
    chosen = SWAP_SYSTEMS if systems is None else tuple(s for s in SWAP_SYSTEMS if s in systems)
    if "engine-swap" in parts:
        failed += engine_swaps(games, seed, write, chosen)
    if "front-swap" in parts:
        failed += front_swaps(games, seed, write, chosen)
    write(f"kolocha fuzz: {failed} failing game{'s' if failed != 1 else ''}.")
    return 1 if failed else 0
