"""`kolocha replay GAME --verify`: proof that a game's dice came from its committed seed.

Three checks, each a line of the verdict: the stored seed and salt hash to the commitment published
when the game began; replaying the stored commands from that seed gives every stored snapshot again
(GameService.replay_check); and every public line of a command that rolled dice, replayed, tells
the numbers (dice, odds, places, strengths) that a line the game's channel was sent for that command
(the outbox) told, in the same order, so the rolls players read are the rolls the seed gives. The
words may differ: a version that rewords a line (an upgrade while the game ran) tells the same
dice in other words, and the states replayed are compared with those stored all the same.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from bot import fair_dice
from bot.delivery import payload_text
from bot.service import GameService
from bot.words import plain
from rules.core.dice import rolls_made
from rules.core.playout import replay

NUMBER = re.compile(r"\d+")
NOT_COMMITTED = ("there is no commitment to check: the seed was chosen when the game was made, "
                 "or the game is older than fair dice")
RUNNING = ("the game is still running: its seed and salt, which the proof shows, would tell every die still "
           "to roll; they are revealed, and the dice proved, once it has ended")


@dataclass
class Verdict:
    """What the verification of one game found, line by line."""

    game_id: int
    ok: bool
    lines: list[str]

    def __str__(self) -> str:
        head = f"Game {self.game_id}: fair dice {'verified' if self.ok else 'NOT verified'}."
        return "\n".join([head, *(f"  {line}" for line in self.lines)])


def verify(service: GameService, game_id: int) -> Verdict:
    """The three checks of one ended game; ok only when all three pass. Refused while it runs:
    the proof shows the seed and salt, and so every die still to roll."""
    game = service.store.game(game_id)
    if not fair_dice.committed(game):
        return Verdict(game_id, False, [NOT_COMMITTED])
    if game["status"] != "over":
        return Verdict(game_id, False, [RUNNING, *filter(None, [fair_dice.local_note(game)])])
    seed, salt = game["seed"], game["salt"]
    digest = fair_dice.commitment(seed, salt)
    matches = digest == game["commitment"]
    lines = [f'SHA-256 of "{seed}:{salt}" is {digest}: '
             + ("the commitment published at the start" if matches
                else f"NOT the commitment published at the start, {game['commitment']}")]
    report = service.replay_check(game_id)
    lines.append(f"replaying the {report.commands} stored command{'' if report.commands == 1 else 's'} from the "
                 f"seed: {report.message}")
    checked, differing, reworded, dice = _published_rolls(service, game_id)
    lines.append("no command rolled a die" if not checked else
                 f"{checked} command{'' if checked == 1 else 's'} rolled {dice} {'die' if dice == 1 else 'dice'} "
                 "in all, each from the seed; their public lines, replayed, "
                 + (f"differ from what was published after command(s) {_seqs(differing)}" if differing
                    else f"tell the numbers published (after command(s) {_seqs(reworded)} in other words, as "
                    "another version of Kolocha told them)" if reworded else "are word for word what was published"))
    return Verdict(game_id, matches and report.ok and not differing,
                   [*lines, *filter(None, [fair_dice.local_note(game)])])


def _seqs(seqs: list[int]) -> str:
    return ", ".join(map(str, seqs))


def _numbers(line: str) -> list[str]:
    """The numbers a line tells, in order (a die, odds, a place, a strength).

    >>> _numbers("Game 4: 3219 (5) attacks 3218 (4): odds 1-1, die 5: Dr.")
    ['4', '3219', '5', '3218', '4', '1', '1', '5']
    """
    return NUMBER.findall(line)


def _told(line: str, published: list[str]) -> bool:
    """Whether a published line tells the numbers of `line` in a row, in its order (whatever its
    words, and after a prefix such as 'Game 4: ')."""
    wanted = _numbers(line)
    return any(wanted == numbers[start:start + len(wanted)] for numbers in map(_numbers, published)
               for start in range(len(numbers) - len(wanted) + 1))


def _published_rolls(service: GameService, game_id: int) -> tuple[int, list[int], list[int], int]:
    """(commands that rolled dice, those whose replayed public lines tell numbers no published line
    of theirs tells, those told in other words only, the dice rolled in all: a side's own unseen
    dice counted with the others)."""
    store = service.store
    game = store.game(game_id)
    system = service.system(game_id)
    sides = set(system.INFO.sides)
    said: dict[int, str] = {}
    for row in store.outbox(game_id):
        if row["audience"] not in sides and not row["audience"].startswith("user:"):
            said[row["seq"]] = said.get(row["seq"], "") + "\n" + plain(payload_text(row["payload"]))
    state = system.setup(game["scenario"], game["seed"], game["options"])
    rows = store.commands(game_id)
    checked, differing, reworded = 0, [], []
    for row, (after, events) in zip(rows, replay(system, state, ((r["side"], r["normalised"]) for r in rows))):
        rolled = rolls_made(after) != rolls_made(state)  # dice live in the state (docs/architecture.md)
        state = after
        if not rolled:
            continue
        checked += 1
        public = [e["text"].strip() for e in events if e.get("to", "all") == "all" and e.get("text")]
        published = said.get(row["seq"], "")
        if any(not _told(line, published.splitlines()) for line in public):
            differing.append(row["seq"])
        elif any(line not in published for line in public):
            reworded.append(row["seq"])
    return checked, differing, reworded, rolls_made(state)
