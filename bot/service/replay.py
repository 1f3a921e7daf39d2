"""A game rebuilt from the store alone: its state after any command, from the newest snapshot
that replays onto, else the seed; and the check that a stored game still replays from its seed.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.core.playout import replay
from rules.core.system import GameSystem

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger("kolocha.service")


@dataclass


class ReplayReport:
    """The verdict of re-running one stored game from its seed."""

    game_id: int
    commands: int
    ok: bool
    seq: int | None = None
    message: str = "replays cleanly"

    def __str__(self) -> str:
        return f"Game {self.game_id} ({self.commands} command{'' if self.commands == 1 else 's'}): {self.message}"


def state_at(service: GameService, game_id: int, seq: int) -> dict:
    """The state after command `seq`, rebuilt from the store alone: the stored latest state when
    `seq` is the last command (as the players were told it, whatever version of the rules reads
    it now), else the newest snapshot that decodes and replays onto, else an earlier one, else
    the seed (snapshots are a cache; the command log is the truth). Each damaged state passed
    over is logged."""
    game = service.store.game(game_id)
    system = service.system_named(game["system"])
    latest = service.store.latest(game_id)
    stored = [latest] if latest is not None and latest[0] == seq else []
    for start, snapshot in [*stored, *service.store.snapshots_before(game_id, seq)]:
        try:
            if snapshot is None:
                raise ValueError("it is not a JSON object with a state in it")
            return replay_onto(service, system, snapshot, game_id, start, seq)
        except Exception as error:  # noqa: BLE001 - any failure means: not this snapshot
            log.warning("game %s: the snapshot at command %s is damaged (%s: %s); using an "
                        "earlier one or the seed", game_id, start, type(error).__name__, error)
    setup = system.setup(game["scenario"], game["seed"], game["options"])
    return replay_onto(service, system, setup, game_id, 0, seq)


def replay_onto(service: GameService, system: GameSystem, state: dict, game_id: int, start: int,
                seq: int) -> dict:
    """`state` (after command `start`) carried on to command `seq`, then read as a state
    (phase, sides to act, public view) so a damaged one fails here, not later."""
    for row in service.store.commands(game_id, after=start, upto=seq):
        state, _ = system.apply(state, row["side"], system.parse(row["side"], row["normalised"]))
    system.phase_key(state)
    system.active_sides(state)
    system.view(state, None)
    return state


def replay_check(service: GameService, game_id: int) -> ReplayReport:
    """Re-run a stored game from its seed; report the first command that no longer applies
    or whose resulting state differs from a stored one, a snapshot or the latest state (after a
    rules change, or a damaged row). Never raises: whatever cannot be read is what it reports."""
    try:
        game = service.store.game(game_id)
        rows = service.store.commands(game_id)
        stored = {seq: [state] for seq, state in service.store.snapshots(game_id).items()}
        latest = service.store.latest(game_id)
        if latest is not None:
            stored.setdefault(latest[0], []).append(latest[1])
    except Exception as error:  # noqa: BLE001 - a damaged row is what the report is for
        return ReplayReport(game_id, 0, False, None, f"cannot be read: {error}")
    seq, damaged = 0, []
    try:
        system = service.system_named(game["system"])
        state = system.setup(game["scenario"], game["seed"], game["options"])
        steps = replay(system, state, ((r["side"], r["normalised"]) for r in rows))
        for row in rows:
            seq = row["seq"]
            state, _ = next(steps)
            kept = stored.get(seq, [])
            if None in kept:
                damaged.append(seq)
            elif kept and any(json.loads(json.dumps(state)) != one for one in kept):
                return ReplayReport(game_id, len(rows), False, seq, f"command {seq} "
                                    f"({row['side']}: {row['normalised']}) now gives a state "
                                    "that differs from the stored snapshot")
    except Exception as error:  # noqa: BLE001 - whatever breaks is what the report is for
        where = f"command {seq} ({row['side']}: {row['normalised']})" if seq else "set-up"
        return ReplayReport(game_id, len(rows), False, seq, f"{where} no longer applies: "
                            f"{error}")
    if damaged:
        return ReplayReport(game_id, len(rows), False, damaged[0], "the commands replay "
                            "cleanly, but the snapshot at command "
                            f"{', '.join(map(str, damaged))} is damaged (the bot uses an "
                            "earlier one or the seed instead)")
    return ReplayReport(game_id, len(rows), True)
