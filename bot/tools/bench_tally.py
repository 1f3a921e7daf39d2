"""`kolocha bench --ai --tally FILE...`: the table of games already played and kept.

A row of 200 games of Borodino's level 2 takes CPU hours, more than one sitting on a shared
machine; its games can be played in pieces (`--seed 1 --games 50`, `--seed 51 --games 50`, ...),
each added to a games file (`--games-file`), and counted here as one row, with its 95 % interval
and the pooled row of both seats, as `kolocha bench --ai` prints them. Games are grouped by
system, scenario, side, match, options and the thinking budget they were played with; a dice
seed kept twice in a group is counted once, and twice with different results (games of two
versions of a commander, which cannot be pooled) is said and counted by its first.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path

from bot.tools.bench_ai import MATCHES, Row, blank, header, line, pooled
from rules.core.strength import Strength

UNRECORDED = "unrecorded"  # a games file written before the budget was kept in it


def _key(game: dict) -> tuple:
    options = json.dumps(game.get("options"), sort_keys=True)
    budget = _budget(game.get("budget", UNRECORDED))
    return (game["system"], game["scenario"], game["side"], game["match"], options, budget)


def seeds_said(seeds: Iterable[int]) -> str:
    """Seeds as runs: 1-120, 151-200."""
    runs: list[list[int]] = []
    for seed in sorted(seeds):
        if runs and seed == runs[-1][1] + 1:
            runs[-1][1] = seed
        else:
            runs.append([seed, seed])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def _budget(budget: object) -> str:
    if budget == UNRECORDED:
        return "the thinking budget not recorded"
    thinks = f"{budget:g} CPU seconds a decision" if isinstance(budget, (int, float)) else "its whole fixed effort"
    return f"a searching level thinks {thinks}"


def tally(paths: Iterable[Path], say: Callable[[str], None]) -> int:
    """Say the table of the games kept in `paths`; the number of games that could not be counted
    (refused commands and seeds kept with two results), each said."""
    groups: dict[tuple, dict[int, dict]] = {}
    faults = 0
    for path in paths:
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not text.strip():
                continue
            game = json.loads(text)
            kept = groups.setdefault(_key(game), {})
            first = kept.get(game["seed"])
            if first is None:
                kept[game["seed"]] = game
            elif (first["winner"], first["refused"]) != (game["winner"], game["refused"]):
                faults += 1
                say(f"  {path}:{number}: dice seed {game['seed']} of {game['scenario']} {game['side']} "
                    f"{game['match']} is kept with another result before: games of two versions; the first counted")
    say(header())
    by_match = {match.name(): match for match in MATCHES}
    seats: dict[tuple, list[Strength]] = {}
    for key in sorted(groups):
        system, scenario, side, match_name, options, budget = key
        match = by_match[match_name]
        row = Row(system, scenario, side, match, [])
        strength = blank(row)
        refused = []
        for _, game in sorted(groups[key].items()):
            if game["refused"]:
                refused.append(game["refused"])
            else:
                strength.count({"winner": game["winner"]}, game["seconds"])
        say(line(row, strength))
        say(f"  dice seeds {seeds_said(groups[key])}; {budget}"
            + ("" if options == "null" else f"; options {options}"))
        for sentence in refused:
            say(f"  refused: {sentence}")
        faults += len(refused)
        if match.pooled:
            seats.setdefault((system, scenario, match_name, options, budget), []).append(strength)
    for (system, scenario, match_name, _, _), tallies in seats.items():
        if len(tallies) > 1:
            say(line(Row(system, scenario, "both", by_match[match_name], []), pooled(tallies)))
    return faults
