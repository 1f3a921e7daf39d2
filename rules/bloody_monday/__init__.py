"""Bloody Monday (VentoNuovo): the block game of Borodino with fog of war, behind the engine
contract (docs/architecture.md).

    state = setup("bloody_monday", seed=1)
    state, events = apply(state, "french", parse("french", "tactical"))

State is a JSON dict; dice live in it (rules.core.dice); `apply` never mutates its input. Hidden
blocks leave the engine only through `view(state, side)` and events addressed to their owner.
"""
from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

from rules.bloody_monday import batterie, bm_data, combat, impulses, legal, standing, turns, victory
from rules.bloody_monday import retreat as retreats
from rules.bloody_monday import session as sessions
from rules.bloody_monday import commands as C
from rules.bloody_monday.commands import MOST_HITS, in_words  # in_words: a choice's answer as its button reads
from rules.bloody_monday.game import SIDES, Game, command_copy
from rules.bloody_monday.help import OPTIONS, help
from rules.bloody_monday.odds import forecast
from rules.bloody_monday.setup import new_state
from rules.bloody_monday.standing import choice, standing_command
from rules.bloody_monday.views import TITLES, UNASKED
from rules.bloody_monday.views import view as _view
from rules.core.ai import Commander
from rules.core.dice import rolls_made
from rules.core.errors import CommandError, RuleViolation
from rules.core.events import Event
from rules.core.play import play, refuse_out_of_turn
from rules.core.setup import chosen_options, scenario
from rules.core.steps import place_steps
from rules.core.system import SystemInfo

INFO = SystemInfo(
    name="bloody_monday",
    sides=SIDES,
    default_scenario="bloody_monday",
    options=tuple(OPTIONS),  # the optional rules 9.1-9.12
    hidden_information=True,  # blocks stand upright: front ends show one side's view at a time
)
__all__ = ["INFO", "active_sides", "apply", "choice", "commander", "help", "legal_commands", "sample_command",
           "rollout_command", "session",
           "odds", "outcome", "parse", "phase_key", "scenarios", "setup", "standing_command", "standing_orders", "view",
           "check_standing_order", "forced_answer", "in_words", "in_words_in_game"]


def scenarios() -> list[dict]:
    """The two scenarios; Last Blood's `unasked` names the case by which it plays every optional rule (10.0)."""
    return [{"id": key, "title": title, "sides": list(SIDES), "first_turn": 1, "last_turn": turns.LAST_TURN,
             "options": list(INFO.options), **({"unasked": UNASKED[key]} if key in UNASKED else {})}
            for key, title in TITLES.items()]


def setup(scenario_id: str, seed: int, options: dict | list | None = None) -> dict:
    """The opening position: random set-up by icon and colour, pools drawn, French to move (Setup).
    Last Blood plays with every optional rule, and refuses to turn one off (10.0)."""
    scenario(TITLES, scenario_id)
    chosen = chosen_options(options, INFO.options, "Bloody Monday")
    off = sorted(name for name, on in options.items() if not on) if isinstance(options, dict) else []
    if scenario_id == "last_blood" and off:
        raise CommandError(f"Last Blood is played with all the optional rules (10.0): {', '.join(off)} "
                           "cannot be turned off; open it without `=off`, or open Bloody Monday to choose them.")
    return new_state(scenario_id, seed, list(INFO.options) if scenario_id == "last_blood" else chosen)


def active_sides(state: dict) -> list[str]:
    """Who may act now: a player choosing a hit or a retreat, the logistics player, else the phasing player."""
    if state["phase"] == "over":
        return []
    bt = state["battle"]
    if state["phase"] == "logistics":
        lg = state["logistics"]
        return [lg["order"][lg["index"]]]
    if bt and bt["choice"]:
        return [bt["choice"]["side"]]
    if bt and bt["stage"] == "retreat":
        return [bt["defender"]]
    if bt and bt["stage"] == "jagers":
        return ["russian"]
    return [state["player"]]


def parse(side: str, text: str) -> C.Command:
    """Text -> command; CommandError with a hint when the text is not a command."""
    return C.parse(text)


def parse_in_game(state: dict, side: str, text: str) -> C.Command:
    """`parse` in the game of `state`: an unknown verb is told the commands its options play
    (`skirmish` and `ambush` only with russian_jager, 9.1)."""
    return C.parse(text, state["options"])


def phase_key(state: dict) -> str:
    """Commands issued under the same key may be taken back without the opponent's consent."""
    return f"{state['turn']}:{state['phase']}:{state['player']}:{'+'.join(active_sides(state))}"


def outcome(state: dict) -> dict | None:
    return state["outcome"]


def odds(state: dict, side: str | None, text: str) -> dict:
    """The expected hits of a battle or a gun's fire, from what `side` may know (odds.forecast)."""
    return forecast(state, side, text)


def view(state: dict, side: str | None) -> dict:
    return _view(Game(state), side, active_sides(state))


def legal_commands(state: dict, side: str) -> list[C.Command]:
    """Every command `side` may give now: drives autocomplete, hints and random play."""
    if side not in active_sides(state):
        return []
    return legal.commands(Game(state), side)


def whole_answers(state: dict, side: str) -> list[C.Command]:
    """The answers a choice waiting for `side` offers (its buttons), each outcome once; [] when none
    waits for `side`, or its legal commands are offered as they are (the jagers' choice, 9.1). A
    6.4 retreat: the legal commands with each placement once (retreat.distinct), then `stand all`, for
    every battle of the impulse. Hits: each way to
    apply the hits `side` is applying now, chosen together, one `hit` naming the units in order,
    up to MOST_HITS, each outcome once: hits that end the step may be named in several orders and
    leave the units alike (the same units hit before a roll are one answer, the dice not yet
    seen). A hit with a single unit to go to (after the showdown the rules apply it at once) is
    named in its place, so one click applies all the hits of the step. Sound by 5.3.6: "Hits are
    applied one by one", the owner choosing among equally strong units, and nothing is rolled
    between them, so choosing them together is choosing each in turn. Played hit by hit through
    `apply`. Where more hits of the battle may follow, the orders that answer them all at once too
    (`orders_offered`)."""
    waiting = choice(state)
    if waiting is not None and waiting["kind"] == "retreat" and waiting["side"] == side:
        return [*retreats.distinct(Game(state, shared=True), side, legal_commands(state, side)), C.StandAll()]
    if waiting is None or waiting["kind"] != "hit" or waiting["side"] != side:
        return []
    return [*_step_answers(state, side), *orders_offered(state, side)]


def orders_offered(state: dict, side: str) -> list[C.Command]:
    """The `hit order`s offered with a battle's question of `side`'s hits while more of its steps may
    bring him hits (combat.hits_to_come), so that one click answers them all (5.3.6): his units in
    the battle in the orders his standing orders would spare them, leaders and artillery last, or
    artillery first to be spared (standing.ranked), each order once."""
    g = Game(state, shared=True)
    if not combat.hits_to_come(g, side):
        return []
    found = dict.fromkeys(tuple(standing.ranked(g, side, order)) for order in standing.ORDERS["hit"])
    return [C.HitOrder(blocks) for blocks in found]


def _step_answers(state: dict, side: str) -> list[C.Command]:
    """The hits of the step waiting for `side`, each way to apply them once (`whole_answers`)."""
    found: dict[str, C.Command] = {}  # by the position the hits lead to
    tried: set[tuple[str, ...]] = set()

    def walk(named: tuple[str, ...], position: dict) -> None:
        due = position["battle"]["due"][side]
        for bid in position["battle"]["choice"]["candidates"]:
            path = (*named, bid)
            if tuple(sorted(path)) in tried:
                continue  # the same hits in another order: the same position
            tried.add(tuple(sorted(path)))
            after, _ = apply(position, side, C.Hit((bid,)))
            bt = after["battle"]
            goes_on = bool(bt and bt["choice"] and bt["choice"]["side"] == side and bt["due"][side] < due
                           and bt["stage"] == position["battle"]["stage"] and rolls_made(after) == rolls_made(position))
            longer = (*path, *forced(position, (bid,), due - 1 - bt["due"][side])) if goes_on else path
            if goes_on and len(longer) < MOST_HITS:  # the same hits go on: no die rolled, no new stage
                walk(longer, after)
            else:
                rolled = rolls_made(after) != rolls_made(position)  # the dice unseen: not compared
                found.setdefault(" ".join(sorted(path)) if rolled else _outcome(state, after), C.Hit(path))
    walk((), state)
    return list(found.values())


def _outcome(state: dict, after: dict) -> str:
    """The position hits from `state` lead to, as the game that follows sees it: the blocks they
    eliminate are listed (the eliminated, each side's morale track) in the order they fell, an order
    nothing reads (victory counts and sums them, 2.4 and 10.0), so it is taken by id; every other
    difference stays one (two hits that eliminate two blocks of strength 1 end alike, one hit that
    eliminates one of them does not)."""
    fallen = len(state["eliminated"])
    shown = {**after, "eliminated": [*after["eliminated"][:fallen],
                                     *sorted(after["eliminated"][fallen:], key=lambda e: e["id"])],
             "morale": {side: [*ids[:len(state["morale"][side])], *sorted(ids[len(state["morale"][side]):])]
                        for side, ids in after["morale"].items()}}
    return json.dumps(shown, sort_keys=True)


def in_words_in_game(state: dict, side: str, cmd: C.Command) -> str:
    """A choice's answer as its button reads in the position of `state`: the defender's `stand` names
    the battle it stays in ('Stand and fight it out in 30', 6.4), since the answers of an impulse
    stay in order in its player's messages, a stand in three battles read 'Stand and fight it out.'
    three times; the order of a battle's hits names it too ('Every hit in 45, ties first to F-III-10,
    F-CR-4LC', 5.3.6); any other as `in_words` reads it. The battle's area is public: the question says it."""
    said = in_words(cmd)
    battle = state.get("battle")
    if isinstance(cmd, C.HitOrder) and battle:
        return f"Every hit in {battle['area']}, ties first to {', '.join(cmd.blocks)}"
    return f"{said} in {battle['area']}" if cmd == C.Word("stand") and battle else said


def forced_answer(state: dict) -> tuple[C.Command, str] | None:
    """The one answer the choice waiting allows and why, where both players see that it is the only
    one; None: its chooser is asked. Hits (5.3.6) alone: before the showdown on a side's lone block in
    the battle area (its blocks are hidden, their count is not: with two, whether one is the strongest
    is the owner's secret, and a game that went on without him would tell it), after it where every
    way to apply them ends alike (the blocks stand face up). A retreat (6.4) may always be declined,
    and the jagers (9.1) may always fight as usual."""
    waiting = choice(state)
    if waiting is None or waiting["kind"] != "hit":
        return None
    side, bt = waiting["side"], state["battle"]
    lone = len(Game(state, shared=True).units(bt["area"], side)) == 1
    answers = _step_answers(state, side) if lone or bt["shown"] else []
    if len(answers) != 1:
        return None
    return answers[0], (f"the only {side.title()} block in {bt['area']}" if lone else
                        "every way to apply these hits ends alike")


def forced(position: dict, named: tuple[str, ...], count: int) -> tuple[str, ...]:
    """The units of the next `count` hits after those `named`, each the only one it could go to
    (combat.choose_hit applies them at once and takes each named in its place): found by naming."""
    side, area = position["battle"]["choice"]["side"], position["battle"]["area"]
    units = Game(position, shared=True).units(area, side)
    for _ in range(count):
        for bid in units:
            try:
                apply(position, side, C.Hit((*named, bid)))
            except (CommandError, RuleViolation):
                continue
            named += (bid,)
            break
    return named[1:]


def sample_command(state: dict, side: str, rng: random.Random) -> C.Command | None:
    """One legal command drawn with `rng`, each alike, trying out only those drawn."""
    if side not in active_sides(state):
        return None
    return legal.sample(Game(state), side, rng)


def rollout_command(state: dict, side: str, rng: random.Random) -> C.Command | None:
    """One legal command drawn by the rollout policy (legal.rollout): a kind of command alike,
    then a unit or candidate of that kind, then one of its commands; fast whole games for search."""
    if side not in active_sides(state):
        return None
    return legal.rollout(Game(state), side, rng)


def distance(a: str, b: str) -> int | None:
    """Areas between two areas of the map (a neighbour is 1 away; None for a word that is not an
    area): autocomplete offers destinations nearest first."""
    areas = bm_data.areas()
    return place_steps(lambda n: areas[n].neighbours, areas, a, b)


BLOCK_FIELDS = ("block", "leader", "blocks")  # the fields of a command that name blocks


def canonical(state: dict, side: str, cmd: C.Command) -> C.Command:
    """The command as the game writes it: each of the side's own blocks named by its id, whatever
    case, label or leader's name the player typed (`activate f-iv-e` is `activate F-IV-E`). A
    word that names none of them is left as typed, for `apply` to refuse in its own words."""
    if not dataclasses.is_dataclass(cmd) or isinstance(cmd, C.Word):
        return cmd
    g = Game(state, shared=True)

    def named(ref: str) -> str:
        try:
            return g.resolve(side, ref)
        except CommandError:
            return ref
    found = {f.name: getattr(cmd, f.name) for f in dataclasses.fields(cmd) if f.name in BLOCK_FIELDS}
    ids: dict[str, Any] = {name: tuple(map(named, value)) if isinstance(value, tuple) else named(value)
                           for name, value in found.items()}
    return dataclasses.replace(cmd, **ids)


def apply(state: dict, side: str, cmd: C.Command) -> tuple[dict, list[Event]]:
    """Apply a command for a side; returns (new state, events). Raises RuleViolation if illegal.
    Undo never re-rolls a die nor un-sees a block (rules.core.play, with `Game.seen`)."""
    games: list[Game] = []

    def position(s: dict) -> Game:
        games.append(Game(s, shared=True))
        return games[-1]

    after = play(state, position, lambda g: _command(g, side, cmd), seen=Game.seen, copy=command_copy)
    games[0].keep()
    return after


def session(state: dict) -> sessions.Session:
    """The game from `state` on, played forward in place (session.py): what random playouts use;
    the same rules and the same games as `apply`, without a copy of the state, a new position or
    the look at what the enemy may see for every command. `state` itself is never changed."""
    return sessions.Session(state, _command, active_sides)


def _command(g: Game, side: str, cmd: C.Command) -> list[Event]:
    refuse_out_of_turn(g.s, side, active_sides, over="8.0", waiting="4.0")
    return dispatch(g, side, cmd) + victory.settle(g)


def _declare(g: Game, side: str, cmd: C.Word) -> list[Event]:
    """4.0: a Tactical Action or a Pass opens the impulse."""
    if g.s["impulse"] is not None:
        raise RuleViolation("4.0", f"a {g.s['impulse']['kind']} action is under way; `end` it first")
    if cmd.verb == "tactical" and not legal.may_declare_tactical(g, side):
        disc = " or `initiative <action>`" if g.s["initiative"] == side else ""  # the holder's (6.0)
        raise RuleViolation("5.1", "no tactical leader can be activated (exhausted leaders, or an exhausted "
                            f"supreme commander); `pass`{disc}")
    return impulses.begin(g, side, cmd.verb)


Handler = Callable[[Game, str, Any], list[Event]]
# What each stage of a turn takes: a command's type (or a one-word command's verb), what carries it
# out, and the refusal of anything else (rule, sentence).
_LOGISTICS: dict[type | str, Handler] = {
    C.Activate: turns.activate_chief, C.Reinforce: turns.reinforce_step, C.Restore: turns.restore,
    "end": lambda g, side, cmd: turns.end_logistics_turn(g)}
_BATTLE: dict[type | str, Handler] = {
    C.Hit: combat.choose_hit, C.HitOrder: combat.order_hits, C.Fire: combat.fire, C.Retreat: combat.retreat,
    C.Skirmish: combat.jager_choice,
    C.Ambush: combat.jager_choice, "end": lambda g, side, cmd: combat.end_step(g, side),
    "stand": lambda g, side, cmd: combat.stand(g, side), C.StandAll: combat.stand_all}
_BATTERY: dict[type | str, Handler] = {
    C.Fire: lambda g, side, cmd: batterie.fire(g, side, cmd) + combat.advance(g),
    "end": lambda g, side, cmd: batterie.end(g)}
_IMPULSE: dict[type | str, Handler] = {
    "tactical": _declare, "pass": _declare, C.Activate: impulses.activate, C.Move: impulses.move,
    C.Inspire: impulses.inspire, C.Battle: combat.start, C.Skirmish: combat.jager_choice,
    C.Ambush: combat.jager_choice,  # refused with 9.1's own sentence: no battle is being fought
    C.Initiative: lambda g, side, cmd: impulses.initiative(g, side, cmd.action),
    "end": lambda g, side, cmd: impulses.end(g, side)}
_STAGES = {
    "logistics": (_LOGISTICS, "3.0", "in the Logistics Phase you `activate` your supreme commander, `reinforce`, "
                  "`restore` units, or `end`"),
    "battle": (_BATTLE, "5.3", "each battle is resolved completely before anything else: "
               "`fire`, `hit`, `retreat`, `stand` or `end` as the prompt says"),
    "battery": (_BATTERY, "9.2", "the Grande Batterie fires before the first impulse: "
                "`fire <artillery> <area>` or `end`"),
    "impulse": (_IMPULSE, "5.3", "no battle is waiting for that; `hit`, `fire`, `retreat` and `stand` belong to "
                "a battle")}
# What an impulse refuses with a sentence of its own: the commands of the Logistics Phase.
_NOT_IN_AN_IMPULSE: dict[type, tuple[str, str]] = {
    C.Reinforce: ("3.1, 6.1", "reinforcements come in the Logistics Phase once your supreme commander is "
                  "activated, or in an impulse with `initiative reinforcements`"),
    C.Restore: ("3.1", "units are restored in the Logistics Phase, once your supreme commander is activated")}


def dispatch(g: Game, side: str, cmd: C.Command) -> list[Event]:
    """Hand a command to the rule that carries it out at this stage of the turn."""
    s = g.s
    stage = "logistics" if s["phase"] == "logistics" else "battle" if s["battle"] else \
        "battery" if s["battery"] is not None else "impulse"
    table, rule, refusal = _STAGES[stage]
    handler = table.get(cmd.verb if isinstance(cmd, C.Word) else type(cmd))
    if handler is None:
        rule, refusal = _NOT_IN_AN_IMPULSE.get(type(cmd), (rule, refusal)) if stage == "impulse" else (rule, refusal)
        raise RuleViolation(rule, refusal)
    return handler(g, side, cmd)



def commander(level: int = 1) -> Commander:
    """A computer player of this level (rules/bloody_monday/ai)."""
    from rules.bloody_monday.ai import commander as make  # the AI plays through this module: import it late
    return make(level)


def standing_orders() -> dict[str, dict[str, str]]:
    """The kinds of mid-turn choice and the standing orders for each (standing.py)."""
    return standing.ORDERS


def check_standing_order(state: dict, side: str | None, kind: str) -> None:
    """Refuses an order for a kind of choice that never falls to `side` in this game (9.1's jagers)."""
    standing.check_standing_order(state, side, kind)
