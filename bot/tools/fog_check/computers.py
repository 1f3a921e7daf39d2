"""The computer's seat in a front-end swap: in the first position its plans are recorded by the position they were
made at (Recording), and the other side's computer in the second replays them with the two blocks exchanged
(Replaying), so that both games play alike; what the rules refuse of a plan so replayed is the check's doing, said
at INFO in the check's own log (computer_log)."""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from bot.computer.planner import Planner, ThreadPlanner
from bot.computer.seat import PlanJob
from rules.core.ai import Decision

log = logging.getLogger("kolocha.fog_check")


class Recording(ThreadPlanner):
    """The bot's computer, its plans kept by the position they were made at (`plans`)."""

    def __init__(self) -> None:
        self.plans: dict[int, list[Decision]] = {}

    async def plan(self, job: PlanJob) -> list[Decision]:
        self.plans[job.played] = await super().plan(job)
        return self.plans[job.played]


class Replaying(ThreadPlanner):
    """The other side's computer in the second position: at each position the plans the first made there,
    their words `renamed` (the two blocks exchanged), so that both play alike; where the first made none,
    its own. The swap exchanges positions, not identities, so the rules may refuse a command replayed
    renamed (Kutuzov's move is not R-1-3's): that refusal is the check's own doing, not the computer's
    fault, and the computer's log (kolocha.computer, read through `filter` while this planner plays: see
    observed) says so at INFO, not as its ERROR; `refused` counts them. Its own plans' refusals stay
    ERRORs."""

    def __init__(self, plans: dict[int, list[Decision]], renamed: Callable[[str], str]) -> None:
        self.plans, self.renamed = plans, renamed
        self.refused = 0
        self._replayed: set[tuple[str, str]] = set()  # the latest plan's (command, reason), if replayed

    async def plan(self, job: PlanJob) -> list[Decision]:
        if job.played not in self.plans:
            self._replayed = set()
            return await super().plan(job)
        decisions = [Decision(self.renamed(decision.command), decision.reason) for decision in self.plans[job.played]]
        self._replayed = {(decision.command, decision.reason) for decision in decisions}
        return decisions

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether a record of the computer's log goes on as it is: not an ERROR naming a command of the plan
        it replayed, which is said again at INFO, as the check's (the refusal of a replayed plan)."""
        args = record.args if isinstance(record.args, tuple) else ()
        if record.levelno < logging.ERROR or not self._replayed.intersection(zip(args, args[1:])):
            return True
        self.refused += 1
        log.info("the front-end swap's second position refuses the first's plan replayed with the two blocks "
                 "exchanged, the check's doing, not the computer's: %s", record.getMessage())
        return False


@contextmanager
def computer_log(planner: Planner | None) -> Iterator[None]:
    """The computer's log read through a replaying planner's filter while its table plays (Replaying)."""
    if not isinstance(planner, Replaying):
        yield
        return
    computer = logging.getLogger("kolocha.computer")
    computer.addFilter(planner)
    try:
        yield
    finally:
        computer.removeFilter(planner)
