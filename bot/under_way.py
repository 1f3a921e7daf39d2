"""What a stop could not wait for, by name: the bot's own tasks that a stop waits for carry a
name saying what they do, so that a stop cut short (STOP_SECONDS, bot/discord/app.py) logs one
line for each, cancels them and ends without a traceback.

>>> named("the outbox's sending")
"kolocha: the outbox's sending"
"""
from __future__ import annotations

import asyncio

PREFIX = "kolocha: "


def named(what: str) -> str:
    """The name of a task that does `what` (words for the admin's log)."""
    return PREFIX + what


def call_this(what: str) -> None:
    """Name the task running now (one APScheduler made to run a job) after what it does."""
    task = asyncio.current_task()
    if task is not None:
        task.set_name(named(what))


def ours(besides: asyncio.Task | None = None) -> list[tuple[asyncio.Task, str]]:
    """The named tasks not done yet, each with what it does, `besides` one (a stop's own: it never
    waits for itself)."""
    return sorted(((task, task.get_name()[len(PREFIX):]) for task in asyncio.all_tasks()
                   if not task.done() and task is not besides and task.get_name().startswith(PREFIX)),
                  key=lambda found: found[1])
