"""One comparison of a front-end swap (compare): the lines drawn, the walks `kolocha fuzz` takes at that position
chosen in turn, the two positions observed and their first difference reported, what the computer's seat played
after a rule's disclosure left uncompared; and the report of a random game's comparisons (SwapReport)."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

from bot.computer.planner import ThreadPlanner
from bot.tools.fog_check.computers import Recording, Replaying
from bot.tools.fog_check.further import SEATED, UNPLAYED, Further, Played
from bot.tools.fog_check.lines import lines_to_type, one_added, told_to, unanswered
from bot.tools.fog_check.observed import TERMINAL, first_difference, observed
from rules.core.errors import RulesError


BOX = "the viewer's orders in one box"
HELD = "the other's box held behind the viewer's choice"  # held_by_other
AHEAD = "the viewer's box held behind the other's choice"  # written_ahead
ADDED = "an order added with `/order` to those held"  # one_added
UNTOLD = "the viewer's held orders told unplayed"  # at the endings of UNPLAYED, or a seat handed over, unanswered
NOT_PLAYED = "your held orders were not played"  # how that word reads, by DM or in a private thread (unplayed.py),
# lower-cased: it follows the computer's word to the one it replaces in that one DM ('... Your held orders ...')


@dataclass
class SwapReport:
    """What one game's front-end swap test compared, and the differences it found."""

    positions: int = 0
    differences: list[str] = field(default_factory=list)
    disclosed: int = 0  # positions compared up to the computer's seat: its play made the rules disclose
    refused: int = 0  # commands replayed renamed in the second position that the rules refused there
    walks: Counter[str] = field(default_factory=Counter)  # how many positions took each walk (Further.ran, and BOX ...)
    start: int = 0  # where the turns of the walks at the end begin: the game's seed (compare)
    turns: set[int] = field(default_factory=set)  # the Game-Turns the random game went through


def compare(system: ModuleType, state: dict, other: dict, viewer: str, rng: random.Random, steps: int,
             probes: Callable[[dict], list[str]], choose: Callable[[random.Random, list], Any], what: str,
             report: SwapReport, hidden: Sequence[str] = (), terminal: bool = True,
             around: Sequence[str] = (), renamed: Callable[[str], str] = str, further: bool = False) -> None:
    """Type the same lines in two positions the viewer must not tell apart, and report where what
    the viewer observes through the front ends parts (`what` says which positions they were).
    With `hidden`, the other side's secret orders that make `other` of `state`: both branches
    start from the same game history, one with those orders given at the table, one without.
    With `further` (kolocha fuzz), the other player sends his next orders in one box while a choice of
    the viewer's alone holds them (held_by_other) and types in the channel once the viewer waits, the viewer's
    next orders written ahead in their box before his choice (written_ahead), at every other position the last
    of either box's orders added alone with `/order` (one_added), and each position takes the walks of its turn
    (Further.in_turn: each walk in a fair share of positions, said there; the report counts the positions each
    walk ran at), the lines steered to where they apply: stopping while the game waits for the viewer where the
    computer takes their seat at their deadline (lines_to_type, awaited), the other's typed command left out
    where it takes his, or where the game ends with the viewer's orders written ahead held behind his choice
    (unanswered; their `undo` refused keeps them held, accepted drops them; the word of them unplayed counted where
    the viewer reads it). The computer taking a seat plays the other side's commands in the second position as the
    first's `renamed`; where its play makes the rules disclose, what the viewer observes from the first message
    written after that command is left uncompared (disclosed_from)."""
    turn = report.start + report.positions
    walks = Further.in_turn(turn, bool(hidden)) if further else Further()
    lines = lines_to_type(system, state, other, viewer, rng, steps, probes, choose, theirs=further,
                          awaited=walks.computer == "deadline")
    lines = one_added(lines) if further and turn % 2 == 0 else lines
    # the other's choice left to him where the computer takes his seat, and where the game ends, or the viewer's
    # seat goes to another, with their orders written ahead still held behind it
    ending = walks.ending or walks.hands and walks.lost
    unplayed = any(line.ahead for line in lines) and walks.computer != "other" and ending in UNPLAYED
    lines = unanswered(lines) if walks.computer == "other" or unplayed else lines
    walks = replace(walks, computer=None) if unplayed and ending == "ceded" else walks  # their seat to HEIR, held
    # every other position, the orders in one `/orders` box, and always where the viewer writes orders ahead (a box
    # is their only way in); not past the other's held orders, which play only once the whole box is judged
    batched = (turn % 2 == 1 or any(line.ahead for line in lines)) and not any(line.held for line in lines)
    recording = Recording()
    played_one: list[Played] = []
    played_two: list[Played] = []
    first = replace(walks, planner=recording, played=played_one)
    replaying = Replaying(recording.plans, renamed)
    second = replace(first, played=played_two, planner=replaying if first.computer == "other" else ThreadPlanner(),
                     ran=None)
    if hidden:
        one, two = (observed(system, state, viewer, lines, [], batched, around=around, further=first),
                    observed(system, state, viewer, lines, hidden, batched, around=around, further=second))
    else:
        one, two = (observed(system, state, viewer, lines, None, batched, terminal, around, further=first),
                    observed(system, other, viewer, lines, None, batched, terminal, around, further=second))
    report.positions += 1
    report.refused += replaying.refused
    report.walks.update([*(first.ran or []), *(walk for walk, given in (
        (BOX, batched), (HELD, any(line.held for line in lines)),
        (AHEAD, any(line.ahead for line in lines)), (ADDED, any(line.added for line in lines)),
        (UNTOLD, unplayed and any(NOT_PLAYED in line.lower() for line in one))) if given)])
    cut = disclosed_from(system, viewer, one, two, played_one, played_two, renamed)
    if cut is not None:
        report.disclosed += 1
        one, two = (seen[:at] + seen[seen.index(TERMINAL):] for seen, at in zip((one, two), cut, strict=True))
    differ = first_difference(one, two)
    if differ:
        report.differences.append(f"{what}: {differ}")


def disclosed_from(system: ModuleType, viewer: str, one: list[str], two: list[str], played_one: list[Played],
                    played_two: list[Played], renamed: Callable[[str], str]) -> tuple[int, int] | None:
    """Where each record stops being compared, where the two part after the computer took its seat and a command
    played since made the rules tell the two positions apart (the viewer's view or the events told them differ
    after it, or the second refuses what the first played), all before it played alike (the same for the viewer's
    side, `renamed` for the other's; a command of another side the second alone played, his standing order
    answering at once where the first waits for him, played there as it came): a rule's disclosure, after which
    what the viewer observes, and what their side's computer plays, may differ. Each record is cut at its first
    observation written once that command was stored (Played.marks), else where the computer's play ended, and
    where the second refused it, once the last command played alike was: what the viewer read before is compared
    still (at 1812's secret plans the channel's post of the next battle, which read otherwise where his standing
    order had put his chit down). None where they do not part so."""
    if not (played_one and played_two and SEATED in one and SEATED in two) or one == two:
        return None
    at = next((n for n, (a, b) in enumerate(zip(one, two)) if a != b), min(len(one), len(two)))
    if at < one.index(SEATED) or TERMINAL in one[:at]:
        return None
    first, second = played_one[0], played_two[0]
    state, other, theirs = first.state, second.state, second.commands

    def cut(mine: int, his: int) -> tuple[int, int]:
        return _written_after(first, mine), _written_after(second, his)

    his = 0
    for mine, (side, text) in enumerate([*first.commands, ("", "")]):  # then what the second alone played last
        given = text if side in (viewer, "") else renamed(text)
        while his < len(theirs) and theirs[his] != (side, given) and theirs[his][0] != side:  # his alone
            by, extra = theirs[his]
            other, heard = system.apply(other, by, system.parse(by, extra))
            if system.view(state, viewer) != system.view(other, viewer) or told_to(heard, viewer):
                return cut(mine, his)
            his += 1
        if not side:
            return None
        try:
            other, heard = system.apply(other, side, system.parse(side, given))
        except RulesError:  # what the computer does instead follows the last command alike, and may go with it
            return cut(mine - 1, his - 1)
        if his >= len(theirs) or theirs[his] != (side, given):
            return None
        state, told = system.apply(state, side, system.parse(side, text))
        if system.view(state, viewer) != system.view(other, viewer) or told_to(told, viewer) != told_to(heard, viewer):
            return cut(mine, his)
        his += 1
    return None


def _written_after(played: Played, command: int) -> int:
    """Where the observations written once the `command`-th command of the computer's play was stored begin (its
    first is the 0th), or, none written then, the observations after its play."""
    return min((n for n, stored in played.marks.items() if stored > command), default=played.end)
