"""Replaying a computer player's thinking: `kolocha replay GAME --computer`.

A reported blunder is looked at by making the computer's plans again from its stored seed. The
game is replayed from its seed; wherever a command stored as the computer's comes, the plan it
belongs to is made again as the bot made it (bot/computer/seat.py: from the side's view and the events
told to it, at the position the plan was made, the plan dropped when another command comes between
or the side stops acting), and its next command must be the stored one. Each computer command is
given with its reason and where its plan was made; the first that differs is reported. The seat's
seed is the one stored now (a side the computer took twice, with two seeds, replays from the later).

A searching level thinks within its turn's wall-clock budget, so how far its search went hangs on
the machine's speed and load; the game itself replays from its stored commands whatever the
plan was. To make the plan again, the steps at which the clock stopped its search, said in its
first command's stored reason (seat.STOPPED), stop it again at the same steps: the same plan,
however fast this machine thinks.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from bot import text as fmt
from bot.computer.seat import Told, job_for, plan, stops_in
from bot.service import GameService, written
from bot.words import COMPUTER
from rules.core.ai import Decision
from rules.core.errors import RulesError
from rules.core.system import GameSystem


@dataclass
class Thinking:
    """Every computer command of a game with the reason its plan gives now: (seq, side,
    decision, position planned at); `differs` names the first stored command its plan disowns."""

    game_id: int
    commands: list[tuple[int, str, Decision, int]] = field(default_factory=list)
    differs: str | None = None

    def lines(self) -> list[str]:
        said = [f"[{seq}] {fmt.side_name(side)}: {d.command} — {d.reason} (planned after command {at})"
                for seq, side, d, at in self.commands]
        return [*said, self.differs or self.verdict()]

    def verdict(self) -> str:
        """That every computer command is planned again; a game the computer never moved in says so."""
        count, game = len(self.commands), f"Game {self.game_id}"
        if not count:
            return f"{game}: the computer gave no command in it, so there is no plan to make again."
        if count == 1:
            return f"{game}: the computer's one command is planned again, word for word, from its seed."
        return f"{game}: the {count} computer commands are planned again, word for word, from their seeds."


def rethink(service: GameService, game_id: int) -> Thinking:
    """The computer's plans of a stored game, made again (see the module docstring)."""
    system = service.system(game_id)
    seats = service.store.computer_seats(game_id)
    told = Told.setup(service, game_id)
    out = Thinking(game_id)
    pending: list[Decision] = []
    planned_at = 0
    for row in service.store.commands(game_id):
        side = row["side"]
        if row["user"] == COMPUTER and side in seats:
            if not pending:
                planned_at = told.seq
                pending = plan(job_for(system, seats[side], side, told.state, told.events[side], told.seq,
                                       stops_in(row["text"])))
            decision = pending.pop(0) if pending else Decision("nothing", "the plan was empty")
            if not _same(system, told.state, side, decision.command, row["normalised"]):
                out.differs = (f"Game {game_id}: command {row['seq']} ({fmt.side_name(side)}: {row['normalised']}) "
                               f"is not what its plan gives now ({decision.command}: {decision.reason}).")
                return out
            out.commands.append((row["seq"], side, decision, planned_at))
        else:
            pending = []  # another's command came between: the bot plans again
        told.step(system, row)
        if side not in system.active_sides(told.state):
            pending = []
    return out


def _same(system: GameSystem, state: dict, side: str, text: str, normalised: str) -> bool:
    """Whether a planned command is the stored one (as the rules write it)."""
    try:
        return written(system, state, side, text).to_text() == normalised
    except RulesError:
        return False
