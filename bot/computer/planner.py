"""Where a computer player thinks: never on the bot's event loop.

`ProcessPlanner` (the bot's) runs bot.computer.seat.plan in worker processes, so a long think
blocks neither the event loop nor, through the GIL, the threads that judge the players' commands.
It keeps one worker per core but one (`workers`: the bot keeps a core for the players; at least
one), each planning one game's plan at a time; the others wait for a free worker, and that wait
counts in their turn's budget (the plan's deadline is set before it, bot/tables/computer.py). A
searching commander stops at its deadline and answers with the best plan found by then, so a slow
host makes plans weaker, never late: the planner waits for the answer. Only a worker that has not
answered GRACE seconds (or the seat's budget, if longer) past the deadline is taken for hung: it is
ended, a fresh one starts for the next plan, and Hung says so. A worker ends when the bot does,
even killed outright (`end_with`). `ThreadPlanner` runs the same
function in a worker thread of this process (tests, where a process per test would cost more than
the plan).
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol

from bot.computer.seat import PlanJob, plan
from rules.core.ai import Decision

GRACE = 60.0  # seconds past its deadline a worker may take before it is taken for hung
WATCH_SECONDS = 2.0  # how often a worker looks whether the bot that started it still runs


class Hung(Exception):
    """A worker gave no plan long past its deadline (a fault of the commander, not slowness)."""


class Planner(Protocol):
    async def plan(self, job: PlanJob) -> list[Decision]: ...

    def close(self) -> None: ...


def workers(cores: int | None = None) -> int:
    """The worker processes for a host's cores: one per core but one, at least one.

    >>> workers(1), workers(2), workers(8)
    (1, 1, 7)
    """
    return max(1, (cores or 1) - 1)


class ThreadPlanner:
    """Plans in a worker thread of this process."""

    async def plan(self, job: PlanJob) -> list[Decision]:
        return await asyncio.to_thread(plan, job)

    def close(self) -> None:
        """Nothing to stop."""


class ProcessPlanner:
    """Plans in worker processes (`new_worker`), each started at its first plan."""

    def __init__(self, count: int | None = None) -> None:
        self.count = count or workers(os.cpu_count())
        self._idle: list[ProcessPoolExecutor | None] = [None] * self.count
        self._running: set[ProcessPoolExecutor] = set()
        self._free = asyncio.Semaphore(self.count)

    async def plan(self, job: PlanJob) -> list[Decision]:
        async with self._free:
            worker = self._idle.pop() or new_worker()
            self._running.add(worker)
            kept: ProcessPoolExecutor | None = None
            try:
                running = asyncio.get_running_loop().run_in_executor(worker, plan, job)
                late = None if job.deadline is None else \
                    max(0.0, job.deadline - time.monotonic()) + max(GRACE, job.budget)
                try:
                    decisions = await asyncio.wait_for(running, late)
                except TimeoutError:
                    raise Hung(f"its worker gave no plan {late:.0f} s after it began") from None
                kept = worker
                return decisions
            finally:
                self._running.discard(worker)
                if kept is None:  # hung, broken or cancelled: the next plan gets a fresh worker
                    _end(worker)
                if len(self._idle) < self.count:
                    self._idle.append(kept)
                elif kept is not None:  # closed while it planned
                    _end(kept)

    def close(self) -> None:
        """End the workers (thinking or not); the next plans start fresh ones."""
        for worker in [*self._running, *self._idle]:
            if worker is not None:
                _end(worker)
        self._idle = [None] * self.count


def new_worker() -> ProcessPoolExecutor:
    """A worker process (started at its first task): forkserver's, a clean process, not a fork of
    the bot's threads and database connections; it ends with the bot."""
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver"), initializer=end_with,
                               initargs=(os.getpid(),))


def end_with(bot: int) -> None:
    """A worker's start: it ends when the bot process `bot` does, however that ends. A bot killed
    outright (SIGKILL, the out-of-memory killer) cannot end its workers, and they would wait for
    its plans for ever, each holding its memory (systemd and Docker end them; a bot run by hand
    does not)."""
    def watch() -> None:
        while True:
            time.sleep(WATCH_SECONDS)
            try:
                os.kill(bot, 0)
            except ProcessLookupError:
                os._exit(0)
    threading.Thread(target=watch, name="the bot still runs", daemon=True).start()


def _end(pool: ProcessPoolExecutor) -> None:
    """Its process ended, the pool shut down; a pool already ended has none (a stop ends the
    workers while a plan is under way, whose cancellation then ends its worker again)."""
    for process in list((pool._processes or {}).values()):  # the executor has no way to stop a task
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
