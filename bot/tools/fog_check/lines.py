"""The lines given in a front-end swap and how they are drawn: the viewer's queries, probes and legal commands, the
other player's orders held behind the viewer's choice, his messages typed in the channel, the viewer's orders
written ahead, and the public's walk of both sides' commands; each judged by the rules in both positions, the lines
stopping before one after which the engine itself tells the two apart (judged_in_both)."""
from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple

from bot.tables import held
from rules.core.errors import RulesError
from rules.core.playout import Move
from rules.core.standing import choosers

QUERIES = ("status", "units", "help")


class Line(NamedTuple):
    """A line the viewer gives: typed as a plain message or given with `/order`; whether the rules
    accept it (in both positions alike: lines_to_type stops before one they do not); `side`, the
    side that gives it where it is not the viewer's (the other player's, in a walk of both sides'
    commands that a spectator watches, public_lines); `held`, the other player's orders in one
    `/orders` box that the viewer's choice still to be made holds (held_by_other); `ahead`, the viewer's own
    orders written ahead in their box past a choice of the other side, held until he makes it (written_ahead);
    `added`, the last of either's held orders given alone with `/order` after their box, added to those it holds
    (one_added)."""

    text: str
    typed: bool = False
    accepted: bool = False
    side: str | None = None
    held: bool = False
    ahead: bool = False
    added: bool = False


LAST = (Line("undo"),)  # given after the lines: whether the viewer's last command may be taken back


def lines_to_type(system: ModuleType, state: dict, other: dict, viewer: str,
                  rng: random.Random, steps: int, probes: Callable[[dict], list[str]],
                  choose: Callable[[random.Random, list], Any], theirs: bool = False,
                  awaited: bool = False) -> list[Line]:
    """Queries, then up to `steps` legal commands of the viewer, each after a few probes (half
    typed as messages; a probe the rules accept is a command, given with `/order`), and once the
    viewer may no longer act (a choice of the other side waits, or the turn passed) one probe
    more, and with `theirs` the lines the other player then types in the channel (typed_by_other), before
    them, where he has a choice to make, the viewer's next orders written ahead in their box (written_ahead);
    they stop before a line after which the engine's own observations differ (a disclosure,
    or a leak that the engine's swap test reports). With `theirs`, where a choice waits for the
    viewer alone, the other player sends his next orders in one box before the viewer's first answer,
    held until the choice is made (held_by_other), and the viewer's lines go on after them. `awaited`:
    they stop before a line after which the viewer would no longer act, so that the game still waits for
    them (Further.computer "deadline": the computer takes their seat at their deadline)."""
    lines = [Line(query, n % 2 == 1) for n, query in enumerate(QUERIES)]
    waits = system.choice(state)
    holding = theirs and waits is not None and list(choosers(waits)) == [viewer]
    answered = None  # where the viewer's first answer is: the box goes before it
    for _ in range(steps):
        waiting = viewer not in system.active_sides(state)
        texts = probes(state)[:1] if waiting else \
            [*probes(state), choose(rng, system.legal_commands(state, viewer)).to_text()]
        for text in texts:
            step = judged_in_both(system, state, other, viewer, text)
            if step is None:
                return lines
            if awaited and step[0] and viewer not in system.active_sides(step[1]):
                return lines
            played, state, other = step
            answered = len(lines) if answered is None and played else answered
            lines.append(Line(text, not played and rng.random() < 0.5, played))
        if waiting and theirs:
            typed, after = typed_by_other(system, state, other, viewer, rng, probes)
            ahead = written_ahead(system, *after, viewer, rng, choose) if system.choice(state) is not None else []
            return [*lines, *ahead, *typed]
        if waiting:
            return lines
        if holding and answered is not None and viewer not in system.active_sides(state):
            holding = False
            box = held_by_other(system, state, other, viewer, rng, choose)
            if box is not None:
                line, state, other = box
                lines.insert(answered, line)
    return lines


def one_added(lines: list[Line]) -> list[Line]:
    """The lines with the last order of a held box given alone with `/order` once the box is sent, added after
    the orders it holds (bot/tables/play.py, Play.orders), as a player adds one more: the other player's box held
    behind the viewer's choice (held_by_other), else the viewer's orders written ahead (written_ahead), where
    there are two or more; the lines as they were where there are not."""
    held = next((n for n, line in enumerate(lines) if line.held), None)
    if held is not None and "\n" in lines[held].text:
        box, _, last = lines[held].text.rpartition("\n")
        return [*lines[:held], lines[held]._replace(text=box), lines[held]._replace(text=last, added=True),
                *lines[held + 1:]]
    ahead = [n for n, line in enumerate(lines) if line.ahead]
    if len(ahead) < 2:
        return lines
    return [line._replace(added=True) if n == ahead[-1] else line for n, line in enumerate(lines)]


def unanswered(lines: list[Line]) -> list[Line]:
    """The lines without the command the other player types (typed_by_other), so that the game still waits for
    him at their end: his choice or his turn left to make, the viewer's orders written ahead still held behind it
    (written_ahead)."""
    return [line for line in lines if not (line.typed and line.side and line.accepted)]


def held_by_other(system: ModuleType, state: dict, other: dict, viewer: str, rng: random.Random,
                  choose: Callable[[random.Random, list], Any], most: int = 3) -> tuple[Line, dict, dict] | None:
    """The other player's next orders, sent in one box while the viewer's choice is still to be made: held
    until it is, then judged in order as the viewer's answer lets them play (bot/tables/held.py). Up to `most`
    of his legal commands from `state`, the position once the viewer has answered, each accepted in both
    positions with the same observations for the viewer, up to one after which the viewer may act or a
    choice waits: the next question to the viewer, which goes in a new DM under the answer not yet sent
    (bot/tables/news.py, Change._under_the_unsent_answer). The box and the positions after it; None where
    his orders would not play at once or none is judged alike."""
    side = next(side for side in system.INFO.sides if side != viewer)
    if not held.due(system, state, side):
        return None
    texts: list[str] = []
    for _ in range(most):
        text = choose(rng, system.legal_commands(state, side)).to_text()
        step = judged_in_both(system, state, other, viewer, text, side)
        if step is None or not step[0]:
            break
        _, state, other = step
        texts.append(text)
        if viewer in system.active_sides(state) or system.choice(state) is not None:
            break
    return (Line("\n".join(texts), accepted=True, side=side, held=True), state, other) if texts else None


def typed_by_other(system: ModuleType, state: dict, other: dict, viewer: str, rng: random.Random,
                   probes: Callable[[dict], list[str]]) -> tuple[list[Line], tuple[dict, dict]]:
    """What the other player, now to act, types in the channel, whose mark (✅, ❌, or the message
    withdrawn) everyone reads: a query, chat, two of the viewer's probes and a few of his legal commands
    up to the first the rules accept; and the two positions after them. A line is kept only where the rules
    judge it alike in both positions: the other side knows its own units, and would not type the same line
    where they differ."""
    side = next((side for side in system.active_sides(state) if side != viewer), None)
    if side is None:
        return [], (state, other)
    lines = [Line("status", True, side=side), Line("good luck", True, side=side)]
    legal = system.legal_commands(state, side)
    for text in [*probes(state)[:2], *(c.to_text() for c in rng.sample(legal, min(3, len(legal))))]:
        judged = _alike(system, state, other, viewer, text, side)
        if judged is None:
            continue
        accepted, state, other = judged
        lines.append(Line(text, True, accepted, side))
        if accepted:
            break
    return lines, (state, other)


def written_ahead(system: ModuleType, state: dict, other: dict, viewer: str, rng: random.Random,
                  choose: Callable[[random.Random, list], Any], most: int = 2) -> list[Line]:
    """The viewer's next orders, written ahead in their box while the other side's choice (or his turn) is still
    to come: held behind it (bot/tables/held.py), then judged in order once his line lets them (their DM: what
    became of them). `state` and `other`: the positions once his typed line is played (typed_by_other). Up to
    `most` legal commands of the viewer from there, each accepted in both positions with the same observations,
    up to one after which the viewer no longer acts or a choice waits; none where the viewer may not act then
    (his line left the game waiting for him still)."""
    lines: list[Line] = []
    for _ in range(most):
        if not held.due(system, state, viewer):
            break
        text = choose(rng, system.legal_commands(state, viewer)).to_text()
        step = judged_in_both(system, state, other, viewer, text)
        if step is None or not step[0]:
            break
        lines.append(Line(text, accepted=True, ahead=True))
        _, state, other = step
    return lines


def _alike(system: ModuleType, state: dict, other: dict, viewer: str, text: str,
           side: str) -> tuple[bool, dict, dict] | None:
    """A line of `side` judged in both positions: (whether the rules accept it, the positions after);
    None where they judge it apart (refused in one alone) or what the viewer observes after it differs."""
    refused = []
    for position in (state, other):
        try:
            system.apply(position, side, system.parse(side, text))
            refused.append(False)
        except RulesError:
            refused.append(True)
    if refused[0] != refused[1]:
        return None
    return (False, state, other) if refused[0] else judged_in_both(system, state, other, viewer, text, side)


def judged_in_both(system: ModuleType, state: dict, other: dict, viewer: str | None,
            text: str, side: str | None = None) -> tuple[bool, dict, dict] | None:
    """The viewer's line (or the `side`'s, watched by the viewer; None, the public) in both
    positions, with the answers the service plays at once after it (`forced_answer`, as
    bot/service/standing.py plays them): (whether the rules accepted it, the positions after); None
    when it is accepted and what the viewer observes then differs (a forced retreat into a battle
    that discloses). A line the rules refuse in one position only is kept: the front ends will show
    that refusal, a leak."""
    side = side or viewer
    after: list[tuple[dict, list[dict]] | None] = []
    for position in (state, other):
        try:
            after.append(_answered_at_once(system, *system.apply(position, side, system.parse(side, text))))
        except RulesError:
            after.append(None)
    one, two = after
    if one is None or two is None:
        return False, state, other
    if system.view(one[0], viewer) != system.view(two[0], viewer) or told_to(one[1], viewer) != told_to(two[1], viewer):
        return None
    return True, one[0], two[0]


def _answered_at_once(system: ModuleType, state: dict, events: list[dict]) -> tuple[dict, list[dict]]:
    """The position and events after the answers the rules leave one of, played at once by the
    service for their chooser (bot/service/standing.py, at_once), as at the table."""
    forced = getattr(system, "forced_answer", None)
    while forced is not None and (found := forced(state)) is not None:
        state, more = system.apply(state, choosers(system.choice(state))[0], found[0])
        events = [*events, *more]
    return state, events


def public_lines(system: ModuleType, state: dict, other: dict, rng: random.Random, steps: int,
                 move: Move) -> list[Line]:
    """Up to `steps` random commands of the sides to act (`move`), each accepted in both positions
    with the same public view and public events after it (a few draws a step; the lines end where
    none is): what a spectator watches while the rules show the public nothing that tells the two
    positions apart. Each line names its side; the first side's are the viewer's at at_table."""
    first = system.INFO.sides[0]
    lines: list[Line] = []
    for _ in range(steps):
        for _draw in range(5):
            if system.outcome(state) is not None:
                return lines
            side, command = move(state, rng)
            step = judged_in_both(system, state, other, None, command.to_text(), side)
            if step is not None and step[0]:
                lines.append(Line(command.to_text(), accepted=True, side=None if side == first else side))
                _, state, other = step
                break
        else:
            return lines
    return lines


def told_to(events: list[dict], viewer: str | None) -> list[dict]:
    return [e for e in events if e.get("to", "all") in ("all", viewer)]
