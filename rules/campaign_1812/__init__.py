"""SPI's 1812 (the Area Grid Game, 1972), Napoleon's invasion of Russia in 13 half-month Game-Turns,
RECONSTRUCTED from SPI's published overview of the game, behind the engine contract (docs/architecture.md).

    state = setup("campaign", seed=1)
    state, events = apply(state, "french", parse("french", "attrit 12"))

Hidden stacks and secret battle plans leave the engine only through `view(state, side)` and events
addressed to their owner; during battle plans `active_sides` names both sides at once.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812 import combat, leaders, legal, movement, standing, supply, turns
from rules.campaign_1812 import commands as C
from rules.campaign_1812 import odds as _odds
from rules.campaign_1812.commands import in_words  # a choice's answer as its button reads
from rules.campaign_1812.game import SIDES, Game, enemy_of
from rules.campaign_1812.readings import READINGS
from rules.campaign_1812.help import help
from rules.campaign_1812.setup import new_state
from rules.campaign_1812.views import TITLES
from rules.campaign_1812.views import view as _view
from rules.core.ai import Commander
from rules.core.commands import Word
from rules.core.errors import CommandError, RuleViolation
from rules.core.events import Event
from rules.core.play import copy_state, play, refuse_out_of_turn
from rules.core.setup import chosen_options, scenario
from rules.core.steps import place_steps
from rules.core.system import SystemInfo

INFO = SystemInfo(name="campaign_1812", sides=SIDES, default_scenario="campaign", options=(*READINGS, "leaders"),
                  hidden_information=True, new_game_options=READINGS)
__all__ = ["INFO", "active_sides", "apply", "choice", "commander", "forced_answer", "help", "in_words",
           "in_words_in_game", "legal_commands", "odds", "outcome", "parse", "phase_key", "places_named",
           "sample_command", "scenarios", "setup", "standing_command", "standing_orders", "view", "whole_answers"]


def scenarios() -> list[dict]:
    t = data.tables()
    return [{"id": sid, "title": TITLES[sid], "sides": list(SIDES), "first_turn": sc.first_turn,
             "last_turn": t.turns, "options": list(INFO.options)} for sid, sc in data.scenarios().items()]


def setup(scenario_id: str, seed: int, options: dict | list | None = None) -> dict:
    """The opening position. The option "tables" may hold a player's own table document (the format
    of data/tables.toml, from the owner of the original game), validated here and kept
    in the state, so that the game replays with it. The other options are named in readings.py."""
    scenario(TITLES, scenario_id)
    named = dict(options) if isinstance(options, dict) else {name: True for name in options or []}
    tables = named.pop("tables", None)
    if tables is not None:
        if not isinstance(tables, dict):
            raise CommandError("The tables option is a table document (`kolocha local --tables FILE`).")
        data.parse_tables(tables)
    chosen = chosen_options(named, INFO.options, "1812")
    return new_state(scenario_id, seed, tables, chosen)[0]


def active_sides(state: dict) -> list[str]:
    """Who may act now: both sides while battle plans are chosen (until both are down), else one."""
    phase, player = state["phase"], state["player"]
    if phase == "over":
        return []
    if phase == "attrition":
        return [enemy_of(player)]
    if phase == "combat":
        return combat.pending_side(Game(state))
    return [player]


def parse(side: str, text: str) -> C.Command:
    return C.parse(text)


def phase_key(state: dict) -> str:
    """Commands under the same key may be taken back without the opponent's consent."""
    bt = state["battle"]
    where = f":{bt['place']}:{bt['stage']}" if bt else ""
    return f"{state['turn']}:{state['player']}:{state['phase']}{where}"


def outcome(state: dict) -> dict | None:
    return state["outcome"]


def odds(state: dict, side: str | None, text: str) -> dict:
    """The forecast is the same for every side: it is given only once both plans and stacks are revealed."""
    return _odds.forecast(state, text)


def distance(a: str, b: str) -> int | None:
    """Places between two places of the map (a neighbour is 1 away; None for a word that is not
    a place): autocomplete offers destinations nearest first."""
    places = data.places()
    return place_steps(lambda n: places[n].neighbours, places, a, b)


def view(state: dict, side: str | None) -> dict:
    return _view(Game(state), side, active_sides(state))


def legal_commands(state: dict, side: str) -> list[C.Command]:
    if side not in active_sides(state):
        return []
    return legal.commands(Game(copy_state(state)), side, legal.accepter(apply, side))


def sample_command(state: dict, side: str, rng: random.Random) -> C.Command | None:
    if side not in active_sides(state):
        return None
    return legal.sample(Game(copy_state(state)), side, rng, legal.accepter(apply, side))


def apply(state: dict, side: str, cmd: C.Command) -> tuple[dict, list[Event]]:
    """Apply a command for a side; returns (new state, events). Raises RuleViolation if illegal.
    Undo never re-rolls a die (the side dice included) nor un-reveals a battle."""
    return play(state, Game, lambda g: _command(g, side, cmd), seen=_seen)


def _seen(g: Game) -> set[str]:
    """What has been shown or rolled: battles revealed, and the side dice's positions."""
    bt = g.s["battle"]
    revealed = {f"battle:{len(g.s['log'])}"} | ({f"open:{bt['place']}"} if bt and bt["stage"] != "plans" else set())
    return revealed | {f"{side}:{n}" for side, d in g.s["side_dice"].items() for n in range(d["rolls"])}


def _command(g: Game, side: str, cmd: C.Command) -> list[Event]:
    s = g.s
    refuse_out_of_turn(s, side, active_sides, over="Victory Conditions", waiting="Sequence of Play")
    table, rule, refusal = _STAGES[s["phase"]]
    handler = table.get(cmd.verb if isinstance(cmd, Word) else type(cmd))
    if handler is None:
        raise RuleViolation(rule, refusal)
    _on_the_map(g, cmd)
    return handler(g, side, cmd) + leaders.lost(g)


def _on_the_map(g: Game, cmd: C.Command) -> None:
    """Every place a command names is one of the map's: an area, or a sub-area of those sub-divided."""
    for number in C.places_of(cmd):
        why = g.not_a_place(number)
        if why:
            raise RuleViolation("The Game Map", why)


def places_named(text: str) -> list[str]:
    """The places a legal command's text names, in order, by their numbers (`move 12 10 1 inf`: 12, 10, never the
    count): autocomplete reads each by its name."""
    return [str(n) for n in C.places_of(C.parse(text))]


def _combat(g: Game, side: str, cmd: Any) -> list[Event]:
    """A battle plan, the defender's choice, or a retreat; then the Combat Phase goes on."""
    if g.s["retreat"]:
        if not isinstance(cmd, C.Retreat):
            r = g.s["retreat"]
            raise RuleViolation("Combat", f"your stack in {g.name(r['place'])} must retreat first: `retreat <place>`, "
                                f"to one of {g.named(g.retreat_places(r['side'], r['place']))}")
        out = combat.retreat(g, side, cmd)
    elif g.s["battle"]["stage"] == "choice":
        if isinstance(cmd, C.Plan):
            bt = g.s["battle"]
            raise RuleViolation("Battle Plan Chart", "both plans are revealed; the defender now chooses: `fight` or "
                                f"`retreat <place>`, to one of {g.named(g.retreat_places(side, bt['place']))}")
        out = combat.choose(g, side, cmd)
    elif isinstance(cmd, C.Plan):
        out = combat.plan(g, side, cmd)
    else:
        raise RuleViolation("Combat", "prior to any infantry battle each player selects a Battle Plan: "
                            "`plan <chit> [withdraw <place>]`")
    return out + turns.advance(g)


Handler = Callable[[Game, str, Any], list[Event]]
_END: Handler = lambda g, side, cmd: turns.end_phase(g)  # noqa: E731
_STAGES: dict[str, tuple[dict[type | str, Handler], str, str]] = {
    "attrition": ({C.Attrit: lambda g, side, cmd: turns.attrit_each(g, side, (cmd.place, *cmd.more))}, "Attrition",
                  "the attrition losses come first: `attrit <place>` names the enemy stack that takes one"),
    "movement": ({C.Move: movement.move, "end": _END}, "Movement",
                 "in the Movement Phase you `move` stacks, then `end` (forced marches come after)"),
    "march": ({C.March: movement.march, "end": _END}, "Movement: Forced March",
              "movement is over: `march` corps one place further, or `end` for combat"),
    "combat": ({C.Plan: _combat, C.Retreat: _combat, "fight": _combat}, "Combat",
               "in the Combat Phase you choose battle plans, `fight` or `retreat`"),
    "supply": ({C.Depot: lambda g, side, cmd: supply.create_depot(g, side, cmd.place), "end": _END}, "Supply",
               "in the Supply Segment the French create depots (`depot <place>`) or `end`"),
    "removal": ({C.Remove: lambda g, side, cmd: turns.remove(g, side, cmd.place, cmd.kind)},
                "Victory Conditions", "the French first remove the corps the index costs: `remove <place> inf|cav`"),
}


def choice(state: dict) -> dict | None:
    return standing.choice(state)


def standing_orders() -> dict[str, dict[str, str]]:
    return standing.ORDERS


def standing_command(state: dict, side: str, orders: dict[str, str] | None) -> C.Command | None:
    return standing.standing_command(state, side, orders)


def in_words_in_game(state: dict, side: str, cmd: C.Command) -> str:
    """A choice's answer as its button reads in the position of `state`: a Battle Plan, or the defender's
    `fight`, names the battle it is for ('Entrench in Vilna (12)', 'Fight it out in Kovno (11)'), as a
    retreat or a loss names its place: a Player-Turn's answers stay in order in their player's messages,
    and a Player-Turn of three battles read 'Entrench.' above 'Retreat to Courland (5).' above
    'Entrench.' twice. Any other as `in_words` reads it. The battle's place is public."""
    said = in_words(cmd)
    battle = state.get("battle")
    if not battle or not (isinstance(cmd, C.Plan) or cmd == Word("fight")):
        return said
    chit, comma, away = said.partition(",")  # 'Entrench, cavalry withdrawing to Smolensk (15)'
    return f"{chit} in {data.places()[battle['place']].label}{comma}{away}"


def whole_answers(state: dict, side: str) -> list[C.Command]:
    """A battle's plans (`kept_plans`). The answers the attrition losses due offer their chooser (the
    buttons): each enemy stack, for the next loss, then every loss at once (`attrit 12 12 14`): all where the
    order `nearest` puts the next one, all where `deepest` does, and one each over the stacks, nearest first
    (standing.spread), so that one click names what took a click a loss; [] where no such choice waits for
    `side`, one loss is due or one stack takes them all (the rules' only answer). Read from the markers alone:
    a stack an earlier loss of the order takes off the map ends it there (turns.attrit_each)."""
    waiting = standing.choice(state)
    if waiting is not None and waiting["kind"] == "plan" and side in waiting["sides"]:
        return kept_plans(state, side)
    due = state["attrition"]
    if waiting is None or waiting["kind"] != "attrition" or waiting["side"] != side or due < 2:
        return []
    singles = legal_commands(state, side)
    if len(singles) < 2:
        return []
    wholes: dict[str, C.Command] = {}
    for first, *rest in [[cmd.place] * due for order in ("nearest", "deepest")
                         if isinstance(cmd := standing_command(state, side, {"attrition": order}), C.Attrit)] \
            + [standing.spread(Game(state), side, due)]:
        whole = C.Attrit(first, tuple(rest))
        wholes.setdefault(whole.to_text(), whole)
    return [*singles, *wholes.values()]


def kept_plans(state: dict, side: str) -> list[C.Command]:
    """A battle's plans offered `side` (the buttons): each chit, for this battle (with the cavalry withdrawals
    it may make first), then each kept for every battle of his in this Combat Phase (`plan assault all`), so
    that one click answers the battles the phase brings him (COMBAT: his role, attacker or defender, the same
    in each)."""
    plans = legal_commands(state, side)
    return [*plans, *(C.Plan(p.chit, every=True) for p in plans if isinstance(p, C.Plan) and p.withdraw is None)]


def forced_answer(state: dict) -> tuple[C.Command, str] | None:
    return standing.forced_answer(state)


def commander(level: int = 1) -> Commander:
    """A computer player of this level (rules/campaign_1812/ai)."""
    from rules.campaign_1812.ai import commander as make  # the AI plays through this module: import it late
    return make(level)
