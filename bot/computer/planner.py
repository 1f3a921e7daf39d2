"""Where a computer player thinks: never on the bot's event loop.

`ProcessPlanner` (the bot's) runs bot.ai_seat.plan in a worker process, so a long think blocks
neither the event loop nor, through the GIL, the threads that judge the players' commands. One
plan runs at a time (the server has two cores; the others queue), and the bot waits for it at most
the seat's time budget: past it the worker is ended, a fresh one starts for the next plan, and
OverBudget says so. `ThreadPlanner` runs the same function in a worker thread of this process
(tests, where a process per test would cost more than the plan).
"""
from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol

from bot.computer.seat import PlanJob, plan
from rules.core.ai import Decision


class OverBudget(Exception):
    """A plan took longer than its seat's time budget and was abandoned."""


class Planner(Protocol):
    async def plan(self, job: PlanJob) -> list[Decision]: ...

    def close(self) -> None: ...


class ThreadPlanner:
    """Plans in a worker thread of this process."""

    async def plan(self, job: PlanJob) -> list[Decision]:
        return await asyncio.to_thread(plan, job)

    def close(self) -> None:
        """Nothing to stop."""


class ProcessPlanner:
    """Plans in one worker process, started at the first plan (forkserver: a clean process,
    not a fork of the bot's threads and database connections)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._turn = asyncio.Lock()

    async def plan(self, job: PlanJob) -> list[Decision]:
        async with self._turn:  # the budget counts the plan's own time, not the queue's
            if self._pool is None:
                self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver"))
            running = asyncio.get_running_loop().run_in_executor(self._pool, plan, job)
            try:
                return await asyncio.wait_for(running, job.budget)
            except TimeoutError:
                self.close()
                raise OverBudget(f"it thought for longer than its budget of {job.budget:g} s") from None

    def close(self) -> None:
        """End the worker (thinking or not); the next plan starts a fresh one."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        for process in list(pool._processes.values()):  # the executor has no way to stop a task
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
