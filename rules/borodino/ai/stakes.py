"""What a side not ahead in the Grand Battle's last Game-Turns can still change (Victory Conditions).

The Grand Battle is judged as 7 Sept is: each side's best level among marginal (the redoubts
occupied), substantial (the Combat Points lost) and decisive; the higher level wins, equal levels
draw (victory.levels). Level 1 weighs an attack by its Combat Points over the CRT; a side behind
at the end finds every attack left a loss of points and sits out the last turns, though one
result may still turn the game: a French unit driven from a redoubt ends "French units occupy
every redoubt hex", a defender destroyed may bring the losses to the level that outranks the
enemy's. So in the last Game-Turns a side not ahead counts, for each result of an attack, what
the result changes were the game to end after it: the sides' best levels read from the board the
result leaves (its units lost or driven off, the hex they leave taken by a victor's advance,
Combat H), each step towards a better result worth RESULT Combat Points and each level LEVEL.

From the end of the last night (Game-Turns 27-38) the stakes are `lasting`: a result counts by the
losses alone, which stay to the end, where a redoubt a side is driven from is retaken before it. In
level 1 against itself (dice seeds 1-40) 9 games ended otherwise, 8 better for the side behind: four
the Russians had won by "French must have more Combat Point losses than the Russians" the French won,
striking first where a unit lost would end it. Counting the redoubts too from Game-Turn 33 (LAST 8)
changed 4 games, 3 for the side behind: the Russians of dice seed 1, two units left, spent them before
the last turn and no longer drew.

Only the Grand Battle: 7 Sept's level 1 plays as it did when level 2's figures were measured
against it (docs/computer-opponent.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.borodino.battle import SIDES, Battle, enemy_of
from rules.borodino.scenario_data import is_night
from rules.borodino.victory import DECISIVE_EXIT, LEVELS, MET, levels
from rules.core.hexes import Hex

SCENARIOS = ("grand",)  # where a side behind plays for what a result can change
LAST = 2     # the last two Game-Turns, as level 2's last-turn search (docs/computer-opponent.md)
RESULT = 20  # a result turned (a loss to a draw, a draw to a win), in Combat Points
LEVEL = 5    # each level of victory between the two sides' best


@dataclass(frozen=True)
class After:
    """What one combat result leaves: Combat Points lost by side, the hexes left empty, and the
    victorious units, one of which may advance into a vacated hex (Combat H)."""

    lost: dict[str, int] = field(default_factory=dict)
    vacated: tuple[Hex, ...] = ()
    victors: tuple[str, ...] = ()


def best(b: Battle) -> dict[str, int]:
    """Each side's best victory level were the game to end now (-1: none)."""
    return {side: max((LEVELS.index(x) for x in got), default=-1) for side, got in levels(b).items()}


def worth(b: Battle, side: str) -> int:
    """The result were the game to end now, for `side`, in Combat Points: RESULT for a win, none for
    a draw, minus RESULT for a loss, and LEVEL for each level between the sides' best."""
    got = best(b)
    d = got[side] - got[enemy_of(side)]
    return RESULT * ((d > 0) - (d < 0)) + LEVEL * d


def bettered_by_the_edge(b: Battle) -> bool:
    """Whether the French Decisive victory ("Move 60 Combat Points of units off the east edge") would
    better the French result were the game to end now, the redoubts held as they are: it outranks
    every Russian level but the decisive, which it cancels out."""
    s = b.s
    off = Battle({**s, "exited": {**s["exited"], "french": max(s["exited"]["french"], DECISIVE_EXIT)}})
    return worth(off, "french") > worth(b, "french")


class Stakes:
    """The stakes of `side`'s attacks in a position where it plays for them (`of`)."""

    def __init__(self, b: Battle, side: str, lasting: bool = False):
        self.b, self.side, self.lasting = b, side, lasting
        self.now = worth(b, side)
        self.aim = ("not ahead, it plays for the losses that decide the substantial victories" if lasting else
                    "not ahead in the last Game-Turns, it plays for what a result can still change")

    @classmethod
    def of(cls, b: Battle, side: str) -> Stakes | None:
        """The stakes where they count, the side not ahead: in the Grand Battle's last LAST Game-Turns,
        and, counting only the losses (`lasting`), from the end of its last night on."""
        if b.scenario.id not in SCENARIOS or any(map(is_night, range(b.s["turn"], b.scenario.last_turn + 1))):
            return None
        stakes = cls(b, side, lasting=b.s["turn"] <= b.scenario.last_turn - LAST)
        return stakes if stakes.now <= 0 else None

    def leaves(self, after: After) -> Battle:
        """The board a result leaves, as far as the victory conditions read it: units lost or driven
        off their hexes, a victor advanced into the first vacated redoubt (Combat H); where the stakes
        are `lasting`, the losses alone."""
        b, s = self.b, self.b.s
        losses = {side: s["losses"][side] + after.lost.get(side, 0) for side in SIDES}
        if self.lasting:
            return Battle({**s, "losses": losses})
        units = dict(s["units"])
        for h in after.vacated:
            if (uid := b.at(h)) is not None:
                units[uid] = {**units[uid], "where": "eliminated", "hex": None}
        taken = next((h for h in after.vacated if h in b.map.redoubts), None)
        mover = next((u for u in after.victors if not b.is_artillery(u) and units[u]["where"] == "map"), None)
        if taken is not None and mover is not None:
            units[mover] = {**units[mover], "hex": taken}
        return Battle({**s, "units": units, "losses": losses})

    def swing(self, after: After) -> int:
        """What the result changes in the side's result were the game to end after it, in Combat Points."""
        return worth(self.leaves(after), self.side) - self.now

    def changed(self, after: After) -> str:
        """The victory conditions the result makes or unmakes, as the scenario states them: "the French
        marginal victory (French units occupy every redoubt hex) no longer holds"."""
        before, later = levels(self.b), levels(self.leaves(after))
        said = [f"the {side.title()} {level} victory ({MET[side][level]}) "
                f"{'no longer holds' if level in before[side] else 'holds'}"
                for side in (enemy_of(self.side), self.side) for level in LEVELS
                if (level in before[side]) != (level in later[side]) and level in MET[side]]
        return ", and ".join(said)
