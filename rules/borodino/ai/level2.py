"""Level 2: whole player-turn plans evolved on top of level 1.

A plan gives each unit that may move one of level 1's best few destinations for it (OPTIONS,
`level1.options`) or the best of those out of contact (HOLD_BACK: no attack owed, Combat B; a
unit may wait a turn for friends to strike together), the units moving in level 1's order, each
on the board the earlier moves left.
Level 1's own plan is one of them (every choice its first), and so is waiting: every unit held
back (a side that comes up piecemeal owes an attack at poor odds with each unit that arrives,
Combat B; one that waits a turn out of contact may strike together the next). The first
generation is these two plans and mutants of each; each next keeps the best plans (ELITE) and
breeds the rest from them by crossover and mutation. A plan is scored on the board it leaves
(`score`):

- the expected value of the Combat Phase it opens: the attacks level 1 would make there, each by
  its exact expectation over the six faces of its CRT column (attacks.py), taken best first with no
  unit twice, and those owed by the contacts (Combat B) at the least cost;
- the victory hexes held and the ground gained towards the others (level 1's measure of a hex);
- less the opponent's level-1 reply: its Movement Phase as level 1 plays it, then the expected
  value of the attacks it could make.

That measure only shortlists: the best few plans by it (CANDIDATES, level 1's own and waiting
always among them: what waiting buys shows only in the turn after; one plan a board, a board known
by the destination chosen for each mover) are then judged by playouts
(playout.py: level 1's aims and attacks on the rollout engine) playing both sides from the board
each leaves, its Combat Phase first, for
HORIZON Movement Phases or to the end of the game when it ends within two Game-Turns; the plan
whose playouts end best (`playout.worth`: the game won were it to end there, the victory hexes
occupied, the Combat Points lost) is played, level 1's unless another clearly beats it
(`clear_gain`): by MARGIN, and, when level 1's choice ends won on average (the side is ahead),
by Z standard errors of its gains seed by seed; a side behind takes the chance.
Every candidate's playouts use the same dice seeds, yet the same seed is not the same luck: a
choice that rolls one more die shifts every roll after it. In the Russians' last Combat Phase of
Shevardino's dice seed 8, another attack gained +12.9 over level 1's in 20 playouts whose gains
were +80, 0 or -80 by the fall of one 1-1 die against the redoubt: noise, which a side ahead
must not trade a won game for, and a side behind may as well gamble on.
Playouts, not the static measure, see what decides these scenarios: who occupies the redoubt
after the enemy's last attacks, the Combat Phase's later attacks rolled one after another,
retreats blocked by the moves just made.

In the Grand Battle's last day the French march level 1's column for the east edge where that
Decisive victory would better their result and it must set out (level1.for_the_edge), and the search
plans the rest of the army, its playouts marching the column on (playout.py); its own column
(`by_the_edge`, no Guard, no guns) fell short of the 60 there.

Level 1's own plan closes on the enemy units it strikes (level1.strikes), with as many of its
units as the odds need; the other plans choose among their options as before, so a plan that
leaves those enemy units alone must clearly beat it (pulling every plan's units to them instead
took from the search the choices it judges: as the French in Shevardino it won none of dice seeds
1-32 against level 1). Its playouts strike as level 1 does, on the rollout engine (playout.strikes:
a unit closes on a lone enemy where it raises the attack to 3-1 or better), so its search foresees
level 1's units closing on its own and its own closing on level 1's; before, they marched on level
1's aims alone.

In the last two Game-Turns the Combat Phase is searched too (`last_attacks`): level 1's choice,
its best few other attacks by CRT expectation, and `end` when nothing is owed are each judged by
playouts to the end of the game. So is, in any Game-Turn, who advances into a vacated victory
hex after combat, or whether none does (`advance`, Combat H): the unit left there must hold it.
Elsewhere the Combat Phase and every choice after a roll are level 1's.
Among the last attacks judged are two that count a victory hex the side holds (attacks.py,
`holding`): its holder owes an attack when an enemy stands next to it (Combat B), and if that
attack fails the defender may advance into the hex (Combat H). In Shevardino's dice seed 38 the
Russians lost the redoubt so in their last Combat Phase: its holder's owed attack, alone at 1-1,
failed, and the French advanced into it.

Choices that cannot change the answer cost no playout: a choice of one (an attack owed that no
other meets), a Movement Phase whose plans all move as level 1's; and once a third of the seeds
are played, a choice whose gains over level 1's cannot be shown clear (`hopeless`: their mean and
Z standard errors at most MARGIN, as with every gain nought) is played no more.

The search is anytime: with a `Stop` (rules/core/ai.py: the seat's clock) it scores plans until
the stop says so at SCORING of its time, up to MAX_PLANS, then plays out the candidates a round at
a time (one playout each on the same dice seed) until the stop says so, up to MAX_PLAYOUTS rounds,
and answers with the best found by then: level 1's plan when no playout was played. It spends up
to MOVEMENT of the time the stop gives it on a Movement Phase, LATE in the last two Game-Turns
(whose Combat Phase choices are searched too) and on each of those choices. It draws only from
the AI's own generator and never reads a clock: the same answers from the stop give the same
plan. With no stop it searches PLANS plans and PLAYOUTS rounds (the bench and the tests).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from rules import borodino
from rules.borodino import commands as C
from rules.borodino.ai import east_edge, level1
from rules.borodino.ai.attacks import expectation
from rules.borodino.ai.goals import loss_weight, objectives
from rules.borodino.ai.leaders import moves as move_leaders
from rules.borodino.ai.playout import WIN, playout, worth
from rules.borodino.ai.position import rebuild
from rules.borodino import turns
from rules.borodino.battle import Battle, command_copy, enemy_of
from rules.borodino.combat import obligations
from rules.borodino.legal import attack_candidates
from rules.core.ai import Decision, Stop, never
from rules.core.hexes import Hex

OPTIONS = 3      # destinations per unit the search chooses among (level 1's best few)
HOLD_BACK = OPTIONS  # the gene for a unit kept out of contact (level1.moves' `held`)
POPULATION = 8   # plans per generation
ELITE = 3        # the best plans kept from one generation to the next
PLANS = 40       # plans scored per Movement Phase with no stop given
MAX_PLANS = 4 * PLANS  # and at most, with one
HOLD = 6         # a victory hex held at the end of the move (attacks.GROUND: one driven from)
PROGRESS = Fraction(1, 8)  # half a hex nearer a victory hex (level1.place_score), for one unit
CANDIDATES = 5   # plans judged by playouts: level 1's, waiting, and the best others by `score`
PLAYOUTS = 12    # playouts per candidate where they play HORIZON Movement Phases (more when fewer: dice_seeds)
MAX_PLAYOUTS = 4 * PLAYOUTS  # and at most, with a stop given
MOVEMENT = 0.75  # the share of the stop's time a Movement Phase's search may spend (the rest: its sending, the attacks)
LATE = 0.5       # in the last two Game-Turns, and each Combat Phase choice searched there
SCORING = 0.3    # the share of a search's own time spent scoring plans before the playouts
HORIZON = 5      # Movement Phases a playout plays (the enemy's last), unless the game ends soon
ATTACKS = 3      # attacks judged by playouts in the last Game-Turns, besides level 1's choice (attack_choices)
MARGIN = Fraction(WIN, 8)  # what another choice must gain over level 1's in the playouts' mean
Z = 2            # and by how many standard errors of that mean (`clear_gain`)
EDGE_PLAYOUTS = 6  # playouts to the end each way that weigh a march for the east edge (`by_the_edge`)

Genome = tuple[int, ...]
K = TypeVar("K")  # a choice judged by playouts: a plan's genome or a command's text
Made = tuple[Hex | None, ...]  # where each mover ended (None: it stayed)


class Level2:
    """The searching commander (see the module docstring), within the time its `stop` gives it."""

    def __init__(self, stop: Stop | None = None, plans: int | None = None, playouts: int | None = None):
        self.stop = stop or never
        self.plans = plans or (PLANS if stop is None else MAX_PLANS)
        self.playouts = playouts or (PLAYOUTS if stop is None else MAX_PLAYOUTS)

    def plan(self, view: dict, seen: object, rng: random.Random) -> list[Decision]:
        state = rebuild(view, rng)
        late = horizon(state) < HORIZON
        within = shared(self.stop, LATE)
        if state["phase"] == "combat" and not state["pending"] and late:
            return [last_attacks(state, view["viewer"], rng, self.playouts, within)]
        if state["pending"] and into_goal(state, view["viewer"]):
            return [advance(state, view["viewer"], rng, self.playouts, within)]
        if state["phase"] != "movement" or state["pending"]:
            return level1.Level1().plan(view, seen, rng)
        within = within if late else shared(self.stop, MOVEMENT)
        side = view["viewer"]
        marched, after, column = level1.for_the_edge(state, side)
        if marched:  # the Grand Battle's last day: level 1's column, in time and where it betters the result
            return Search(after, side, rng, self.plans, self.playouts, within, (marched, column)).best()
        if east_edge.open_to(Battle(state), side):
            if east_edge.won(Battle(state)):
                return standing(state, side)
            by_edge = by_the_edge(state, side, rng, within)
            if by_edge is not None:
                return by_edge
        return Search(state, side, rng, self.plans, self.playouts, within).best()


def by_the_edge(state: dict, side: str, rng: random.Random, stop: Stop = never) -> list[Decision] | None:
    """The Movement Phase of a march for the east edge (east_edge.py), when playouts to the end of
    the game, EDGE_PLAYOUTS on the same dice seeds each way, show it clearly better (`clear_gain`)
    than marching on the redoubts as level 1 does; None when they do not (the search decides). The
    march is weighed again each Movement Phase: a way the enemy bars shows in the playouts. The
    column keeps out of the Russians' reach, and the rest of the army steps back out of it (east_edge.moves,
    `wary`): level 1 strikes a French unit alone within its units' reach, and each Combat Point so lost
    counts towards the Russian Substantial victory, which with their Marginal one drew the game."""
    seeds = [rng.getrandbits(48) for _ in range(EDGE_PLAYOUTS)]
    phases = to_the_end(state)
    ends: dict[bool, list[Fraction]] = {False: [], True: []}
    for seed in seeds:
        if stop(SCORING):
            break
        for edge in (False, True):
            ends[edge].append(worth(playout(state, phases, random.Random(seed), edge=edge), side))
    gain = clear_gain(ends[True], ends[False]) if ends[True] else None
    if gain is None:
        return None
    why = f" (level 2: {float(gain):+.1f} over marching on the redoubts in {len(ends[True])} playouts to the end)"
    return said_once(wary(state, side) + [Decision("end", "the rest of the army stands out of the fights it "
                                                   "need not give (Victory Conditions: losses)")], why)


def standing(state: dict, side: str) -> list[Decision]:
    """The Movement Phase of a side that wins were the game to end now (east_edge.won): the column
    goes on and the rest of the army stands out of the Russians' reach (`wary`), no playout weighed.
    The search would march the army back on the redoubts, where the fights it gives can only lose
    what is won: 60 Combat Points off, the French losses 4 to the Russians' 4 (dice seed 8,
    Game-Turn 38), it lost 2 more and drew."""
    return said_once(wary(state, side) + [Decision("end", east_edge.STAND)], " (level 2: the game won as it stands)")


def wary(state: dict, side: str) -> list[Decision]:
    """The wary march's moves (east_edge.moves, `wary`), each carried out before the next is chosen,
    then the leaders' (Doomed Victory 8.1: after their units)."""
    now = [state]

    def apply(cmd: C.Command) -> Battle:
        now[0], _ = borodino.apply(now[0], side, cmd)
        return Battle(now[0])
    moves = east_edge.moves(Battle(state), apply, wary=True)
    _, leaders_moved = move_leaders(now[0], side)
    return moves + leaders_moved


def said_once(plan: list[Decision], why: str) -> list[Decision]:
    """A plan whose first command's reason ends with `why`, how the plan was chosen: said once for
    the plan, not after each of its moves (a channel reads every reason)."""
    first, *rest = plan
    return [Decision(first.command, first.reason + why), *rest]


def shared(stop: Stop, part: float) -> Stop:
    """A stop for a search that may spend `part` of the time `stop` gives."""
    return lambda share: stop(part * share)


class Search:
    """The evolution of one Movement Phase's plans; after `column`, the moves of a column marched for
    the east edge first (level1.for_the_edge) and its units, whose moves the plans leave out."""

    def __init__(self, state: dict, side: str, rng: random.Random, plans: int, playouts: int = PLAYOUTS,
                 stop: Stop = never, column: tuple[list[Decision], frozenset[str]] = ([], frozenset())):
        self.state, self.side, self.rng, self.plans, self.playouts = state, side, rng, plans, playouts
        self.stop = stop
        self.marched, marching = column
        self.movers = [u for u in level1.movers(state, side) if u not in marching]
        self.genes = len(self.movers)
        self.rash: frozenset[str] = frozenset()  # level 1's units held back from a rash contact (`checked`)
        self.drawn: frozenset[Hex] = frozenset()  # and the enemy units its friends are drawn to
        if side == "russian" or east_edge.open_to(Battle(state), side):  # where the French losses count too
            _, self.rash, self.drawn = level1.checked(state, side, self.movers)
        self.closers: dict[str, Hex] = {}  # level 1's own plan's units closing on enemy units (level1.strikes)
        self.said: dict[Hex, level1.Closing] = {}  # and why, once the plan is chosen (level1.closing)
        self.closers = level1.strikes(state, side, self._moves((0,) * self.genes)[1], self.rash, self.drawn,
                                      order=self.movers)
        self.scored: dict[Genome, Fraction] = {}
        self.boards: dict[Made, Fraction] = {}  # by the choices made: genomes can decode alike
        self.made: dict[Genome, Made] = {}      # each genome's choices made

    def best(self) -> list[Decision]:
        first: Genome = (0,) * self.genes
        wait: Genome = (HOLD_BACK,) * self.genes
        population = [first, wait] + [self._mutant(g) for g in (first, wait) * (POPULATION // 2 - 1)]
        for genome in (first, wait):  # the two plans every search judges by playouts
            self.scored[genome] = self._score(genome)
        timed_out = False
        while True:
            fresh = [g for g in dict.fromkeys(population) if g not in self.scored]
            for genome in fresh[:self.plans - len(self.scored)]:
                timed_out = self.stop(SCORING)
                if timed_out:
                    break
                self.scored[genome] = self._score(genome)
            ranked = sorted(self.scored, key=lambda g: (-self.scored[g], g))
            if timed_out or len(self.scored) >= self.plans or not fresh:  # time or effort spent, or nothing new left
                break
            elite = ranked[:ELITE]
            population = [self._child(elite) for _ in range(POPULATION)]
            if all(g in self.scored for g in population):  # the elite bred nothing new: mutate harder
                population = [self._mutant(self._mutant(self.rng.choice(elite))) for _ in range(POPULATION)]
        seeds = dice_seeds(self.state, self.rng, self.playouts)
        judged = self.candidates(ranked, first, wait)
        winner, lead, played = self._judged(judged, first, seeds)
        moves, after = self._moves(winner)
        if self.closers and winner == first:  # the same moves, each closing on an enemy saying the attack
            self.said = level1.closing(self.state, self.side, after, frozenset(self.closers.values()))
            moves, after = self._moves(winner)
        each = f"in {played} playout{'s' if played > 1 else ''} each"
        why = (" (level 2: every plan it scored moves as level 1's)" if judged == [first] else
               f" (level 2: no other of {len(self.scored)} plans clearly better {each})" if winner == first else
               f" (level 2: the best of {len(self.scored)} plans, {float(lead):+.1f} over level 1's {each})")
        _, leaders_moved = move_leaders(after, self.side)  # Doomed Victory 8.1: after their units
        return self.marched + said_once(moves + leaders_moved + [Decision("end", self._why_end(moves))], why)

    def _why_end(self, moves: list[Decision]) -> str:
        """Why the Movement Phase ends, as level 1 says it (level1.why_end), and where the plan chosen
        moves nothing though level 1's would, that its playouts found standing better (the line read
        'every unit that should move has moved' over plans that moved nothing)."""
        if moves or self.marched or not any(self.made[(0,) * self.genes]):
            return level1.why_end(self.marched + moves, frozenset())
        return "no unit moves: the playouts find standing better than level 1's moves (Sequence of Play)"

    def candidates(self, ranked: list[Genome], first: Genome, wait: Genome) -> list[Genome]:
        """The plans judged by playouts, one per board, CANDIDATES in all: level 1's own, waiting
        (whatever `score` makes of it: what it buys shows only the turn after), then the best by
        `score` (`ranked`)."""
        boards: dict[Made, Genome] = {}
        for g in [first, wait] + ranked:
            if len(boards) < CANDIDATES:
                boards.setdefault(self.made[g], g)
        return list(boards.values())

    def _judged(self, candidates: list[Genome], first: Genome,
                seeds: list[int]) -> tuple[Genome, Fraction, int]:
        """The plan whose playouts end best among the candidates (level 1's own the first), its
        lead over level 1's, and the playouts each was judged by (`rounds`). The playouts of every
        candidate share their dice `seeds`, so the plans are compared on the same luck. Level 1's
        alone is played unjudged: no playout would change it."""
        if candidates == [first]:
            return first, Fraction(0), 0
        ends = rounds({g: self._combat(g) for g in candidates}, self.side, seeds, self.stop)
        best, lead = clearly_best(ends, first, lambda g: self.scored[g])
        return best, lead, len(ends[first])

    def _combat(self, genome: Genome) -> dict:
        """The board this plan leaves for its Combat Phase (its leaders moved, its `end` said)."""
        _, after = self._moves(genome)
        after, _ = move_leaders(after, self.side)
        combat, _ = borodino.apply(after, self.side, C.End())
        return combat

    def _moves(self, genome: Genome, made: list[Hex | None] | None = None) -> tuple[list[Decision], dict]:
        """Level 1's Movement Phase with the genome's choices (and each choice made, in `made`): a
        unit whose gene is HOLD_BACK takes the best of its options out of contact, and so does one whose gene
        is level 1's choice where level 1 holds it back (`rash`); level 1's plan draws friends as level 1's does."""
        own = genome == (0,) * self.genes  # level 1's plan, its strikes with it
        held = frozenset(u for u, g in zip(self.movers, genome) if g == HOLD_BACK or g == 0 and u in self.rash)

        def pick(n: int, choices: list[Hex | None]) -> int:
            index = 0 if genome[n] == HOLD_BACK else genome[n] % min(OPTIONS, len(choices))
            if made is not None and n == len(made):  # the mover's own choice, not a later ask for its reason
                made.append(choices[index])
            return index
        return level1.moves(self.state, self.side, pick, held, self.drawn if own else frozenset(), self.movers,
                            closers=self.closers if own else None, said=self.said)

    def _mutant(self, genome: Genome) -> Genome:
        out = list(genome)
        for _ in range(1 + self.rng.randrange(3)):
            if out:
                out[self.rng.randrange(len(out))] = self.rng.randrange(OPTIONS + 1)
        return tuple(out)

    def _child(self, elite: list[Genome]) -> Genome:
        a, b = self.rng.choice(elite), self.rng.choice(elite)
        mixed = tuple(x if self.rng.random() < 0.5 else y for x, y in zip(a, b))
        return self._mutant(mixed) if self.rng.random() < 0.7 else mixed

    def _score(self, genome: Genome) -> Fraction:
        made: list[Hex | None] = []
        _, after = self._moves(genome, made)
        self.made[genome] = tuple(made)
        if self.made[genome] not in self.boards:
            self.boards[self.made[genome]] = score(after, self.side)
        return self.boards[self.made[genome]]


def outcomes(state: dict, side: str, seeds: list[int], first: C.Command | None = None) -> list[Fraction]:
    """The worth to the side of the boards its playouts from `state` (after `first`) end on, one
    playout per seed, each to the horizon."""
    phases = horizon(state)
    return [worth(playout(state, phases, random.Random(s), first), side) for s in seeds]


def rounds(starts: dict[K, dict | tuple[dict, C.Command]], side: str, seeds: list[int],
           stop: Stop) -> dict[K, list[Fraction]]:
    """Each choice's playouts (from its board, or from a board and a command), a round at a time:
    one playout of every choice on the next seed, until the seeds are spent or `stop` says so
    before a round. Seed by seed, so that choices cut short are compared on the same luck. The
    first choice is level 1's; once a third of the seeds are played (`hopeless`), a choice that
    cannot be shown to gain clearly over it is played no more."""
    ends: dict[K, list[Fraction]] = {k: [] for k in starts}
    base = next(iter(starts))
    playing = list(starts)
    cut = max(2, len(seeds) // 3)
    for n, seed in enumerate(seeds):
        if stop(1.0):
            break
        if n == cut:
            playing = [k for k in playing if k == base or not hopeless(ends[k], ends[base])]
        for k in playing:
            start = starts[k]
            state, first = start if isinstance(start, tuple) else (start, None)
            ends[k] += outcomes(state, side, [seed], first)
    return ends


def hopeless(ends: list[Fraction], base: list[Fraction]) -> bool:
    """Whether a choice's gains over level 1's so far, seed by seed, make a clear gain unlikely:
    their mean and Z standard errors above it (their sample variance over the seeds) at most
    MARGIN. A choice whose playouts have gone as level 1's (every gain nought) is hopeless."""
    gains = [a - b for a, b in zip(ends, base)]
    n = len(gains)
    mean = sum(gains, Fraction(0)) / n
    variance = sum(((g - mean) ** 2 for g in gains), Fraction(0)) / (n - 1)
    return mean <= MARGIN and (MARGIN - mean) ** 2 * n >= Z * Z * variance


def clear_gain(ends: list[Fraction], base: list[Fraction]) -> Fraction | None:
    """The mean gain of one choice's playouts over level 1's, seed by seed, when it is clear: more
    than MARGIN and, unless level 1's choice ends lost on average (its playouts' mean worth below
    nothing: the side is behind and risks nothing by a gamble), more than Z standard errors of the
    gains (their sample variance over the seeds; one playout alone is held to MARGIN only). A side
    ahead keeps level 1's choice against noise; a side behind takes the chance another offers.
    None when the gain is not clear."""
    gains = [a - b for a, b in zip(ends, base)]
    n = len(gains)
    mean = sum(gains, Fraction(0)) / max(1, n)
    if mean <= MARGIN:
        return None
    if sum(base, Fraction(0)) < 0:
        return mean
    variance = sum(((g - mean) ** 2 for g in gains), Fraction(0)) / (n - 1) if n > 1 else Fraction(0)
    return mean if mean * mean * n > Z * Z * variance else None


def last_attacks(state: dict, side: str, rng: random.Random, playouts: int, stop: Stop = never) -> Decision:
    """In the last Game-Turns (`horizon` reaches the end), the next command of the Combat Phase
    chosen by playouts to the end of the game among level 1's choice and `attack_choices`."""
    return judged(state, side, rng, playouts, level1.combat(Battle(state), side), attack_choices(state, side), stop)


def attack_choices(state: dict, side: str) -> list[str]:
    """The Combat Phase's next commands judged besides level 1's: the best few attacks by their
    CRT expectation, `end` when no attack is owed (Combat B), and two that count a victory hex the
    side holds (attacks.expectation `holding`): level 1's choice so valued, and the best attack
    made from the hex. Its holder owes an attack when an enemy stands next to it (Combat B) and,
    if the attack fails, the defender may advance into the hex (Combat H): better made at once
    with the friends beside it than alone after they have fought, or made needless by driving
    that enemy off first."""
    b = Battle(state)
    goals, weight = objectives(b, side), loss_weight(b, side)
    offered = borodino.legal_commands(state, side)
    legal = [a for a in offered if isinstance(a, C.Attack)]
    attacks = sorted(((e.value, a.to_text()) for a in legal
                      if (e := expectation(b, side, a, goals, weight)) is not None), reverse=True)
    from_goal = sorted(((e.value, a.to_text()) for a in legal if goals.keys() & set(a.attackers)
                        and (e := expectation(b, side, a, goals, weight, holding=True)) is not None), reverse=True)
    others = [t for _, t in attacks[:ATTACKS] + from_goal[:1]] + [level1.combat(b, side, holding=True).command]
    return others + (["end"] if any(isinstance(c, C.End) for c in offered) else [])


def into_goal(state: dict, side: str) -> bool:
    """Whether the side is to choose who advances after combat (Combat H) and a victory hex is
    among the hexes vacated: who holds it then may decide the game."""
    step = state["pending"]["steps"][0] if state["pending"] else None
    if step is None or step["kind"] != "advance" or borodino.active_sides(state) != [side]:
        return False
    return any(isinstance(c, C.Advance) and c.to in objectives(Battle(state), side)
               for c in borodino.legal_commands(state, side))


def advance(state: dict, side: str, rng: random.Random, playouts: int, stop: Stop = never) -> Decision:
    """Who advances into a vacated victory hex, or whether none does, chosen by playouts among
    every advance the rules offer (Combat H) and staying: the unit left there must hold it against
    the enemy's next attacks, doubled by its terrain (Combat J), and the hex it leaves opens."""
    others = [c.to_text() for c in borodino.legal_commands(state, side)]
    return judged(state, side, rng, playouts, level1.choice(Battle(state), side), others, stop)


def judged(state: dict, side: str, rng: random.Random, playouts: int, mine: Decision,
           others: list[str], stop: Stop = never) -> Decision:
    """Level 1's choice, or the one of `others` whose playouts from the board after it end
    clearly better (`clear_gain`), every choice played out on the same dice seeds, a round at a
    time while `stop` lets it (`rounds`)."""
    texts = list(dict.fromkeys([mine.command] + others))
    if len(texts) == 1:  # nothing to choose: no playout would change it
        return mine
    seeds = dice_seeds(state, rng, playouts)
    ends = rounds({t: (state, borodino.parse(side, t)) for t in texts}, side, seeds, stop)
    best, gain = clearly_best(ends, mine.command, lambda t: t)
    if best == mine.command:
        return mine
    to_end = " to the end" if horizon(state) < HORIZON else ""
    return Decision(best, f"level 2: the best of {len(texts)} choices in {len(ends[best])} playouts{to_end} "
                          f"({float(gain):+.1f} over level 1's {mine.command})")


def clearly_best(ends: dict[K, list[Fraction]], base: K, tie: Callable[[K], Any]) -> tuple[K, Fraction]:
    """The choice whose playouts gain most over `base`'s where the gain is clear (`clear_gain`;
    ties by `tie`), with that gain; `base` and no gain when none is clear."""
    gains = {k: gain for k in ends if k != base and (gain := clear_gain(ends[k], ends[base])) is not None}
    best = max(gains, key=lambda k: (gains[k], tie(k)), default=base)
    return best, gains.get(best, Fraction(0))


def dice_seeds(state: dict, rng: random.Random, playouts: int) -> list[int]:
    """The dice seeds of the playouts that judge each choice, drawn from the AI's generator:
    `playouts` where a playout plays HORIZON Movement Phases, more where it plays fewer before
    the game ends, as many as cost the same. A playout costs about one Movement and one Combat
    Phase for each Movement Phase it begins, and the Combat Phase it starts with: in Shevardino
    the Russians' last Player-Turn, a playout of one Combat Phase, is judged by six times as many
    as a Movement Phase of Game-Turn 5 (Sequence of Play: the French move first)."""
    begun = min(HORIZON, 2 * turns_left(state) + (state["player"] == "french"))
    return [rng.getrandbits(48) for _ in range(playouts * (HORIZON + 1) // (begun + 1))]


def horizon(state: dict) -> int:
    """Movement Phases a playout from this board plays: HORIZON, or to the end of the game when
    it ends within two more Game-Turns."""
    return to_the_end(state) if turns_left(state) <= 2 else HORIZON


def to_the_end(state: dict) -> int:
    """Movement Phases enough for a playout from this board to reach the end of the game: two a
    Game-Turn left, and two for this one."""
    return 2 * turns_left(state) + 2


def turns_left(state: dict) -> int:
    """The Game-Turns after this one before the scenario ends (its last Game-Turn: Victory Conditions)."""
    return Battle(state).scenario.last_turn - state["turn"]


def score(after: dict, side: str) -> Fraction:
    """What the board left by a Movement Phase is worth to `side` (see the module docstring)."""
    b = Battle(after)
    goals = objectives(b, side)
    targets = level1.targets(b, side)
    ground = sum((HOLD for g in goals if b.side_at(g) == side), Fraction(0))
    ground += PROGRESS * sum(level1.place_score(b, side, b.hex_of(u), targets) for u in b.on_map(side))
    combat, _ = borodino.apply(after, side, C.End())
    ours = combat_value(combat, side) if combat["phase"] == "combat" and combat["player"] == side else 0
    return ours + ground - loss_weight(b, side) * reply(combat, side)


def reply(state: dict, side: str) -> Fraction:
    """The expected value of the enemy's level-1 Player-Turn from this board, our attacks left out:
    level 1's moves, then the attacks it could make (0 when the game or the turn ends first)."""
    enemy = enemy_of(side)
    if state["phase"] == "combat":
        b = Battle(command_copy(state))
        turns.end_player_turn(b)
        state = b.s
    if state["phase"] != "movement" or state["player"] != enemy:
        return Fraction(0)
    _, moved = level1.moves(state, enemy, level1.first)
    combat, _ = borodino.apply(moved, enemy, C.End())
    return combat_value(combat, enemy) if combat["phase"] == "combat" and combat["player"] == enemy else Fraction(0)


def combat_value(state: dict, side: str) -> Fraction:
    """The expected value of a Combat Phase as level 1 fights it, on a board where `side` is to
    attack: the attacks that gain, best first, no unit twice; then for each attack still owed
    (Combat B) the least costly one that meets it."""
    b = Battle(state)
    goals = objectives(b, side)
    weight = loss_weight(b, side)
    scored = sorted(((e.value, a.to_text(), a) for a in attack_candidates(b, side)
                     if (e := expectation(b, side, a, goals, weight)) is not None),
                    key=lambda x: (-x[0], x[1]))
    due_a, due_d = obligations(b, side)
    owed_from = {b.hex_of(u) for u in due_a} | set(due_d)
    used: set[Hex] = set()
    total = Fraction(0)
    for gaining in (True, False):
        for value, _, attack in scored:
            hexes = set(attack.attackers) | set(attack.defenders)
            if hexes & used or (gaining and value < level1.GAIN) or not (gaining or hexes & owed_from):
                continue
            used |= hexes
            owed_from -= hexes
            total += value
    return total
