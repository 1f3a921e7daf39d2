"""Borodino (SPI, 1972): the rules engine behind the engine contract (docs/architecture.md).

    state = setup("7sep", seed=1)
    state, events = apply(state, "french", parse("french", "move 3225 3224"))

State is a JSON dict; dice live in it (rules.core.dice); `apply` never mutates its input.
"""
from __future__ import annotations

import dataclasses
import random

from rules.borodino import (
    answers,
    combat_resolution,
    dv_leaders,
    imperial_guard,
    instead,
    leader_moves,
    legal,
    movement,
    results,
    rollout,
    scenario_data,
    session as sessions,
    set_up,
    standing,
    turns,
)
from rules.borodino import commands as C
from rules.borodino.battle import SIDES, Battle, command_copy, reading_copy
from rules.borodino.help import help
from rules.borodino.odds import forecast
from rules.borodino.standing import choice, standing_command
from rules.borodino.victory import outcome as _outcome
from rules.borodino.views import view as _view
from rules.core import hexes
from rules.core.ai import Commander, Stop
from rules.core.dice import rolls_made
from rules.core.errors import CommandError, Moot, RuleViolation
from rules.core.events import Event, event
from rules.core.play import play
from rules.core.setup import chosen_options, scenario
from rules.core.system import SystemInfo

INFO = SystemInfo(
    name="borodino",
    sides=SIDES,
    default_scenario="7sep",  # the great day
    options=scenario_data.OPTIONS,
    hidden_information=False,  # an open game: both players see the whole board
)

__all__ = [
    "INFO",
    "active_sides",
    "apply",
    "choice",
    "commander",
    "help",
    "in_words_in_game",
    "legal_commands",
    "sample_command",
    "rollout_command",
    "odds",
    "outcome",
    "parse",
    "phase_key",
    "undo_reason",
    "scenarios",
    "session",
    "setup",
    "standing_command",
    "standing_orders",
    "view",
    "whole_answers",
]


def scenarios() -> list[dict]:
    return [{"id": sc.id, "title": sc.title, "sides": list(SIDES), "first_turn": sc.first_turn,
             "last_turn": sc.last_turn, "options": sorted(sc.options)}
            for sc in scenario_data.scenarios().values()]


LEADERS_READINGS = {"dv_rally_moves": "8.152", "dv_leaderless_halt": "8.10"}  # readings of dv_leaders' rules


def setup(scenario_id: str, seed: int, options: dict | list | None = None) -> dict:
    """The opening position of a scenario, French to move. A reading of dv_leaders' rules asked
    without dv_leaders is refused: it would change nothing, and the game would open saying it plays."""
    sc = scenario(scenario_data.scenarios(), scenario_id)
    chosen = chosen_options(options, sorted(sc.options), f"the {sc.id} scenario")
    for name, case in LEADERS_READINGS.items():
        if name in chosen and "dv_leaders" not in chosen:
            raise CommandError(f"{name} reads a rule of the Doomed Victory leaders ({case}) and plays only with "
                               "them: add the option dv_leaders, or leave it out.")
    return set_up.new_state(INFO.name, sc, seed, chosen)


def active_sides(state: dict) -> list[str]:
    """Who may act now: the chooser of a waiting step, else the phasing player; none when over."""
    if state["phase"] == "over":
        return []
    if state["pending"]:
        return [state["pending"]["steps"][0]["chooser"]]
    return [state["player"]]


def parse(side: str, text: str) -> C.Command:
    """Text -> command; CommandError with a hint when the text is not a command."""
    return C.parse(text)


def parse_in_game(state: dict, side: str, text: str) -> C.Command:
    """`parse` in the game of `state`: an unknown verb is told the commands its options play
    (`release` only with imperial_guard, `assign` only with dv_leaders), and a refusal the line to
    type instead in the side's own units and hexes (instead.py)."""
    return C.parse(text, state["options"], instead.InGame(state, side))


def in_words_in_game(state: dict, side: str, cmd: C.Command) -> str:
    """A choice's answer as its button reads, in the position of `state` (answers.py): `retreat 3019`
    names where a beaten unit goes, or an artillery unit electing to retreat (Artillery C)."""
    return answers.in_words(Battle(state), cmd)


MOST_ANSWERS = 25  # beyond a menu's worth of answers, a retreat's choices are offered one at a time


def whole_answers(state: dict, side: str) -> list[C.Command]:
    """The answers a retreat waiting for `side` offers (its buttons): each hex it may retreat to, and each
    whole chain of the choices the result leaves to the same player, chosen at once: the retreat of the unit
    it displaces (Retreat: Displacement), a two-hex retreat's second hex (Doomed Victory 6.10), the next unit
    it sends back, then the advance after combat where it is his (Combat H): `retreat 2704 then 2703 then
    stay`. One click answers what took a click a choice. Where they are more than MOST_ANSWERS, the chains
    ending in an advance are left out; where still more, one chain is offered, as shown: each retreat where
    the first standing order for retreats puts it, with the advance after them asked or declined
    (`_as_ordered`). [] when no retreat waits for `side`. Nothing is rolled between the choices of a chain
    (results.chain_goes_on), so choosing them together is choosing each in turn."""
    waiting = choice(state)
    if waiting is None or waiting["kind"] != "retreat" or waiting["side"] != side:
        return []
    singles = legal_commands(state, side)
    chains: list[C.Retreat] = []
    cut: list[str] = []  # the first retreat of a chain the walk stopped short of

    def walk(position: dict, hexes: tuple[str, ...]) -> None:
        for cmd in legal.legal_commands(Battle(position), side):
            assert isinstance(cmd, C.Retreat)
            after, _ = apply(position, side, cmd)
            later, path, still = Battle(after), (*hexes, cmd.to), rolls_made(after) == rolls_made(position)
            if still and results.chain_goes_on(later, side):
                if len(chains) <= MOST_ANSWERS:
                    walk(after, path)
                else:
                    cut.append(path[0])
                continue
            if len(path) > 1:
                chains.append(C.Retreat(path[0], then=path[1:]))
            if still and results.advance_next(later, side):
                chains.extend(C.Retreat(path[0], then=(*path[1:], answer.to_text()))
                              for answer in legal.legal_commands(later, side))
    walk(state, ())
    every = [] if cut else chains
    for kept in (every, [c for c in every if not c.then[-1].startswith("advance")], _as_ordered(state, side)):
        if kept and len(singles) + len(kept) <= MOST_ANSWERS:
            return [*singles, *kept]
    return []


def _as_ordered(state: dict, side: str) -> list[C.Retreat]:
    """The chain of a result's retreats as the first standing order for retreats would give them (`away`:
    each to the open hex farthest from the chooser's units), with the advance after them left asked, and
    declined."""
    order = {"retreat": next(iter(standing.ORDERS["retreat"]))}
    position, hexes = state, []
    while (cmd := standing_command(position, side, order)) is not None and isinstance(cmd, C.Retreat):
        after, _ = apply(position, side, cmd)
        hexes.append(cmd.to)
        rolled, position = rolls_made(after) != rolls_made(position), after
        if rolled or not results.chain_goes_on(Battle(after), side):
            break
    out = [C.Retreat(hexes[0], then=tuple(hexes[1:]))] if len(hexes) > 1 else []
    if hexes and not rolled and results.advance_next(Battle(position), side):
        out.append(C.Retreat(hexes[0], then=(*hexes[1:], "stay")))
    return out


def canonical(state: dict, side: str, cmd: C.Command) -> C.Command:
    """The command as the game writes it, in whatever case the player typed it: a unit named by its
    id is written as that id (`move f-i-cav 3224` is `move F-I-cav 3224`), a leader of Doomed Victory
    8.1 by his name (`move BAGRATION 3218` is `move Bagration 3218`, `assign barclay doctorov`
    `assign Barclay Doctorov`). A hex, or a word that names neither, is left as typed, for `apply` to
    refuse in its own words."""
    def written(ref: str) -> str:
        lid = dv_leaders.named(ref) if "leaders" in state else None
        return movement.unit_named(state["units"], ref) or (dv_leaders.name(lid) if lid else ref)

    if isinstance(cmd, C.Assign):
        return C.Assign(written(cmd.leader), written(cmd.fallen))
    if not isinstance(cmd, (C.Move, C.Retreat, C.Release)) or cmd.unit is None or cmd.unit.isdigit():
        return cmd
    return dataclasses.replace(cmd, unit=written(cmd.unit))


def phase_key(state: dict) -> str:
    """Commands issued under the same key may be taken back without the opponent's consent.

    The rule book (Movement) says: "Once a unit has been moved, and the Player's hand is taken from
    the piece, it may not be moved any further during that Player-Turn, nor may it change its move
    without the consent of the opposing Player." By post the hand leaves the piece when the move is
    sent, so under the option moves_stand every move is a key of its own and taking one back asks
    the opponent. Without it (the default) a player takes back his moves freely until his phase
    ends: a table by post has no hand hovering over the piece, and a mistyped hex should cost no
    round trip to the opponent; players who want the letter of the rule choose moves_stand."""
    key = f"{state['turn']}:{state['player']}:{state['phase']}"
    if "moves_stand" in state["options"]:
        return f"{key}:{len(state['log']['moves'])}"
    return key


def undo_reason(before: dict, after: dict) -> str:
    """Why taking back the command that led from `before` to `after` asks the opponent (phase_key)."""
    if phase_key(before).rsplit(":", 1)[0] == phase_key(after).rsplit(":", 1)[0] and "moves_stand" in after["options"]:
        return "already made, and under the option moves_stand a move once made stands (Movement)"
    return "issued in an earlier phase"


def odds(state: dict, side: str | None, text: str) -> dict:
    """The odds of an attack before it is made (odds.forecast); an open game, so any side may ask."""
    return forecast(state, text)


def outcome(state: dict) -> dict | None:
    return _outcome(Battle(state))


def distance(a: str, b: str) -> int | None:
    """Hexes between two hexes (a neighbour is 1 away; None for a word that is not a hex):
    autocomplete offers destinations nearest first."""
    return hexes.distance(a, b) if hexes.is_hex(a) and hexes.is_hex(b) else None


def view(state: dict, side: str | None) -> dict:
    return _view(Battle(state), side, active_sides(state))


def apply(state: dict, side: str, cmd: C.Command) -> tuple[dict, list[Event]]:
    """Apply a command for a side; returns (new state, events). Raises RuleViolation if illegal."""
    return play(state, Battle, lambda b: _command(b, side, cmd), copy=command_copy)


def _command(b: Battle, side: str, cmd: C.Command) -> list[Event]:
    s = b.s
    if s["phase"] == "over":
        raise RuleViolation("Turns of Play", "the game is over; " + (_outcome(b) or {}).get("reason", ""))
    if s["pending"]:
        chooser = s["pending"]["steps"][0]["chooser"]
        if side != chooser or not isinstance(cmd, (C.Retreat, C.Advance, C.Lose, C.Stay)):
            raise RuleViolation("Combat, General Rule", "a combat result is carried out before anything else; "
                                f"the game waits for this choice: {results.prompt(b)}")
        events = results.choose(b, side, cmd)
    else:
        events = _phasing_command(b, side, cmd)
    if s["phase"] == "over":
        result = _outcome(b) or {}
        events.append(event(result["reason"], kind="outcome", **result))
    return events


def _phasing_command(b: Battle, side: str, cmd: C.Command) -> list[Event]:
    s = b.s
    if side != s["player"]:
        raise RuleViolation("Turns of Play", f"it is the {_phase(s)}; no {side.title()} movement or attacking "
                            "takes place during the enemy Player-Turn")
    if s["phase"] == "rally":
        return _rally_command(b, side, cmd)
    if isinstance(cmd, C.Move) and (lid := dv_leaders.resolve(b, cmd.unit)):
        if s["phase"] != "movement":
            raise RuleViolation("Doomed Victory 8.1", f"leaders move in the Movement Phase and the Rally Phase; "
                                f"it is the {_phase(s)}")
        return leader_moves.move(b, side, lid, cmd)
    if isinstance(cmd, C.Move):
        if s["phase"] != "movement":
            raise RuleViolation("Turns of Play", f"it is the {_phase(s)}: no movement takes place during a Combat "
                                "Phase")
        try:
            return movement.apply_move(b, side, cmd)
        except RuleViolation as refused:  # a Guard unit held back by the enemy near: `release` it, if it may be
            guard = b.occupant.get(cmd.unit) or movement.unit_named(s["units"], cmd.unit)
            raise (imperial_guard.with_release(b, side, guard, refused) if guard else refused) from None
    if isinstance(cmd, C.Attack):
        if s["phase"] != "combat" and b.night:
            raise RuleViolation("Night Movement", f"it is night: units may not engage in combat, and no Combat Phase "
                                f"follows the {_phase(s)}")
        if s["phase"] != "combat":
            raise RuleViolation("Turns of Play", f"it is the {_phase(s)}: no combat takes place during a Movement "
                                "Phase; `end` it first")
        return combat_resolution.resolve(b, side, cmd)
    if isinstance(cmd, C.Release):
        return imperial_guard.release(b, side, cmd)
    if isinstance(cmd, C.Assign):
        if "leaders" not in s:
            raise RuleViolation("Doomed Victory 8.14", "this game is played without the option dv_leaders, so it "
                                "has no leaders to assign: each corps moves and attacks without one")
        return dv_leaders.assign(b, side, cmd.leader, cmd.fallen)
    if isinstance(cmd, C.End):
        return turns.end_movement(b) if s["phase"] == "movement" else turns.end_combat(b, side)
    verb = cmd.to_text().split()[0]  # retreat, advance, lose or stay: a combat result's answers
    doing = "`move` your units, then `end` it" if s["phase"] == "movement" else "`attack`, then `end` it"
    declined = isinstance(cmd, C.Stay) and s["phase"] == "combat"  # no advance nor artillery retreat to decline
    raise (Moot if declined else RuleViolation)(
        "Combat", f"`{verb}` answers a combat result's choice after an attack, and none is waiting; "
        f"it is the {_phase(s)}: {doing}")


def _phase(s: dict) -> str:
    """How refusals name the phase: 'French Movement Phase'."""
    return f"{s['player'].title()} {s['phase'].title()} Phase"


def _rally_command(b: Battle, side: str, cmd: C.Command) -> list[Event]:
    """The Rally Phase (Doomed Victory 3.2, 8.152): leaders move, then `end`."""
    if isinstance(cmd, C.End):
        return turns.end_rally(b, side)
    if isinstance(cmd, C.Move) and (lid := dv_leaders.resolve(b, cmd.unit)):
        return leader_moves.move(b, side, lid, cmd)
    raise RuleViolation("Doomed Victory 8.152", "in the Rally Phase only leaders move, before they rally broken "
                        f"units: {instead.InGame(b.s, side).rally_moves()}")


def legal_commands(state: dict, side: str) -> list[C.Command]:
    """Every command `side` may give now (attacks: the useful shapes, not every combination)."""
    if side not in active_sides(state):
        return []
    return legal.legal_commands(Battle(reading_copy(state)), side)


def sample_command(state: dict, side: str, rng: random.Random) -> C.Command | None:
    """One legal command for `side`, drawn with `rng` without listing them all (random play)."""
    if side not in active_sides(state):
        return None
    return legal.sample_command(Battle(reading_copy(state)), side, rng)


def rollout_command(state: dict, side: str, rng: random.Random) -> C.Command | None:
    """One legal command of the rollout policy (rollout.py): shorter random games for search."""
    if side not in active_sides(state):
        return None
    return rollout.rollout_command(Battle(reading_copy(state)), side, rng)

def session(state: dict) -> sessions.Session:
    """The game from `state` on, played forward in place (session.py): what random playouts and
    a search's rollouts use; the same rules and the same games as `apply`, without a copy of the
    state or a new position for every command. `state` itself is never changed."""
    return sessions.Session(state, _command, active_sides)


def standing_orders() -> dict[str, dict[str, str]]:
    """The kinds of mid-turn choice and the standing orders for each (standing.py)."""
    return standing.ORDERS


def commander(level: int = 1, stop: Stop | None = None) -> Commander:
    """A computer player of this level; a searching one thinks until `stop` says so (rules/borodino/ai)."""
    from rules.borodino.ai import commander as make  # the AI plays through this module: import it late
    return make(level, stop)
