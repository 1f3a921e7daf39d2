"""A game turn told short, for spectators one game turn behind (bot/tables/spectators.py): a whole
turn is hundreds of lines in the game's channel (each unit's move, Bloody Monday's every die and
hit), about ten messages on a phone; a spectator reads it here a phase of each player at a time.
Bloody Monday: a line an impulse (how many blocks moved, each battle with its result and the blocks
it eliminated), then the areas that changed hands. Borodino: the moves counted, the combat as
told. 1812: its few stacks' moves and its battles as told, without each area's depletion.

It is told from what the public was told: the public events of the turn's commands, replayed from
where the turn began (the lines the game's channel read), and the public views after them (the maps
it showed). A system with no short telling here is told in full, as the game's channel told it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from bot.text import phase_name, side_name, turn_words
from rules.core.system import GameSystem

Told = Callable[[GameSystem, dict, list[tuple[str, str]]], list[str]]


def short_story(system: GameSystem, start: Callable[[], dict], commands: list[tuple[str, str]]) -> list[str] | None:
    """The lines that tell `commands` (side, stored text), played from the state `start` gives, in
    short; None where the system has no short telling."""
    tell = TELLERS.get(system.INFO.name)
    return None if tell is None else tell(system, start(), commands)


def _public(events: list[dict]) -> list[dict]:
    return [e for e in events if e.get("to", "all") == "all"]


@dataclass
class _Phase:
    """What the public was told in one phase of one player: its moves counted (those of `COUNTED`
    kinds), its other events as told but for those `LEFT_OUT` (the phase's own line, which its
    title says; a question to a player, whose answer follows)."""

    title: str
    turn: int
    moves: int = 0
    said: list[str] = field(default_factory=list)
    COUNTED: ClassVar[frozenset[str]] = frozenset({"move", "leader_move"})
    LEFT_OUT: ClassVar[frozenset[str]] = frozenset({"phase", "choice"})

    @staticmethod
    def named(view: dict) -> str:
        """The title of the phase a public view is in: 'French Movement Phase'."""
        return f"{side_name(view['player'])} {phase_name(view['phase'])}"

    def hear(self, events: list[dict], after: dict) -> None:
        """The public events of one command, and the public view after it."""
        for e in events:
            if e.get("kind") in self.COUNTED:
                self.moves += 1
            elif e.get("kind") not in self.LEFT_OUT:
                self.said.append(str(e.get("text", "")))

    def told(self) -> list[str]:
        """'French Movement Phase: 11 units move.', then what else it told, a line each; nothing
        where it told nothing (no attack was possible)."""
        if not self.moves and not self.said:
            return []
        moved = f" {self.moves} unit{'s move' if self.moves > 1 else ' moves'}." if self.moves else ""
        return [f"{self.title}:{moved}", *self.said]


class _Campaign(_Phase):
    """1812: its few stacks' moves as told (where the armies went), not each area's depletion (the
    map shows it)."""

    COUNTED = frozenset()
    LEFT_OUT = frozenset({"phase", "choice", "depletion"})


@dataclass
class _Battle:
    """A Bloody Monday battle as the public saw it (5.3): where, its result, what it eliminated."""

    area: int
    retreat: bool = False
    result: str = ""
    lost: list[tuple[str, str]] = field(default_factory=list)  # side and label, as the public view names them

    def told(self) -> str:
        after = " after a retreat, 6.4" if self.retreat else ""
        lost = f"; {_blocks(self.lost)} eliminated" if self.lost else ""
        return f"{self.area} ({self.result}{after}{lost})"


@dataclass
class _Impulse(_Phase):
    """What the public was told of one Bloody Monday impulse (or a side's logistics): the blocks
    that moved, counted; each battle; the reinforcements' lines; the steps restored."""

    battles: list[_Battle] = field(default_factory=list)
    lost: list[tuple[str, str]] = field(default_factory=list)  # eliminated outside a battle
    restored: int = 0

    @staticmethod
    def named(view: dict) -> str:
        return f"{side_name(view['player'])} {'impulse' if view['phase'] == 'impulses' else phase_name(view['phase'])}"

    def hear(self, events: list[dict], after: dict) -> None:
        for e in events:
            kind, battle = e.get("kind"), self.battles[-1] if self.battles and not self.battles[-1].result else None
            if kind == "move":
                self.moves += 1
            elif kind == "battle":
                self.battles.append(_Battle(int(e["area"])))
            elif kind == "retreat" and battle is not None:
                battle.retreat = True
            elif kind == "eliminated":
                (battle.lost if battle is not None and battle.area == e.get("area") else self.lost).append(
                    _eliminated(after, str(e["block"])))
            elif kind == "battle_over" and battle is not None:
                battle.result = _held(after, battle.area)
            elif kind == "reinforcements":  # 'reinforcements deploy (3.3): 4 in 107', its side in the title
                self.said.append(str(e["text"]).removeprefix(self.title.split()[0] + " ").rstrip("."))
            elif kind == "restore":
                self.restored += 1

    def told(self) -> list[str]:
        """One line: 'French impulse: 7 blocks move; battle in 41 (held by French; Russian LGJ
        eliminated).'; an impulse that told nothing, 'no block moves', another phase none."""
        parts = [f"{self.moves} block{'s move' if self.moves > 1 else ' moves'}"] if self.moves else []
        parts += [f"battle{'s' if len(self.battles) > 1 else ''} in "
                  + ", ".join(battle.told() for battle in self.battles)] if self.battles else []
        parts += [f"{_blocks(self.lost)} eliminated"] if self.lost else []
        parts += self.said
        parts += [f"{self.restored} step{'s' if self.restored > 1 else ''} restored (3.4-3.6)"] if self.restored else []
        if not parts and not self.title.endswith("impulse"):
            return []
        return [f"{self.title}: {'; '.join(parts) or 'no block moves'}."]


def _eliminated(view: dict, block: str) -> tuple[str, str]:
    """An eliminated block's side and label, as the public view names it."""
    found = next(b for b in view["eliminated"] if b["id"] == block)
    return side_name(found["side"]), str(found["label"])


def _blocks(lost: list[tuple[str, str]]) -> str:
    """Blocks by side, each side named once: 'Russian 2J, 27, French A'."""
    sides = dict.fromkeys(side for side, _ in lost)
    return ", ".join(f"{side} " + ", ".join(label for named, label in lost if named == side) for side in sides)


def _held(view: dict, area: int) -> str:
    found = next(a for a in view["areas"] if a["number"] == area)
    return "still contested" if found["contested"] else f"held by {side_name(found['owner'])}"


def _phases(kind: type[_Phase]) -> Told:
    """A teller of the phases of `kind`: each phase of each player in a row, told by its kind, each
    turn after the first under 'Turn 4:' where the commands go on into another. A command's events
    are its phase's up to the first that tells a phase changed, the next phase's after it (1812's
    'Game-Turn 2 (July I): the French Player-Turn.' then the French attrition roll)."""
    def tell(system: GameSystem, state: dict, commands: list[tuple[str, str]]) -> list[str]:
        first = now = system.view(state, None)
        phases: list[_Phase] = []

        def at(view: dict) -> _Phase:
            """The phase a view is in, begun anew where it is not the last one's (the game over is)."""
            if not phases or view.get("player") and (phases[-1].title, phases[-1].turn) != (kind.named(view),
                                                                                           view["turn"]):
                phases.append(kind(kind.named(view), view["turn"]))  # Bloody Monday's impulses alternate (4.0)
            return phases[-1]

        for side, text in commands:
            before = now
            state, events = system.apply(state, side, system.parse(side, text))
            now, heard = system.view(state, None), _public(events)
            cut = next((n for n, e in enumerate(heard) if e.get("kind") == "phase"), len(heard))
            at(before).hear(heard[:cut], now)
            if cut < len(heard):
                at(now).hear(heard[cut:], now)
        lines, turn = [], first["turn"]
        for phase in phases:
            told = phase.told()
            if told and phase.turn != turn:
                lines.append(f"{turn_words({'system': first['system'], 'turn': phase.turn})}:")  # 'Game-Turn 28:'
                turn = phase.turn
            lines += told
        return lines + (_changed_hands(first, now) if "areas" in now else [])
    return tell


def _changed_hands(first: dict, last: dict) -> list[str]:
    """'Areas changing hands: 41, 46 into French hands; 28 into Russian hands.', from the public
    maps (Bloody Monday's)."""
    was = {a["number"]: a for a in first["areas"]}
    taken: dict[str, list[str]] = {}
    for area in last["areas"]:
        before = was.get(area["number"])
        if before is not None and not area["contested"] and area["owner"] != before["owner"] and area["owner"]:
            taken.setdefault(side_name(area["owner"]), []).append(str(area["number"]))
    if not taken:
        return []
    return ["Areas changing hands: " + "; ".join(f"{', '.join(areas)} into {side} hands"
                                                 for side, areas in sorted(taken.items())) + "."]


TELLERS: dict[str, Told] = {"bloody_monday": _phases(_Impulse), "borodino": _phases(_Phase),
                            "campaign_1812": _phases(_Campaign)}
