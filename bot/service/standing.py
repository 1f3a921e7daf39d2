"""Standing orders at work: a side's answer to a kind of mid-turn choice given in advance
(`orders`), played for it whenever that choice falls to it, and the default played at a deadline.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot import text as fmt
from bot.service.result import Compose, Result
from bot.service.turns import LANDING, on_its_event, on_its_events, on_its_first_event
from bot.store import Told
from rules.core.errors import CommandError, RulesError, RuleViolation
from rules.core.standing import ASK, check_order, choosers, defaults
from rules.core.system import GameSystem

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger("kolocha.service")
FORCED, STANDING = "forced: ", "standing order "  # how a command played at once is stored: its row's text begins so


def how_played(row: dict) -> tuple[str | None, str | None]:
    """How a stored command was played for its side at once, as its row's text says (`follow`): the
    standing order that gave it, and why it was the rules' only answer (each None where not).

    >>> how_played({"text": "forced: the only Russian block in 46"}), how_played({"text": "hit R-1-3"})
    ((None, 'the only Russian block in 46'), (None, None))
    """
    text = str(row.get("text") or "")
    return (text.removeprefix(STANDING) if text.startswith(STANDING) else None,
            text.removeprefix(FORCED) if text.startswith(FORCED) else None)


def orders(service: GameService, game_id: int, side: str, args: list[str], compose: Compose) -> Result:
    """`orders`: the side's standing orders and what may be given; `orders <kind> <order>`
    sets one ("ask" clears it) and plays it at once if that choice is waiting."""
    system = service.system(game_id)
    seq, state = service.position(game_id)
    table = offered(system, state, side)
    if not args:
        return Result(True, "", seq, side, reply=fmt.standing_orders(
            table, service.store.standing_orders(game_id, side)))
    if len(args) != 2:
        raise CommandError(_form(table, args))
    _checker(system)(state, side, args[0].lower())  # a kind that never falls to this side here: its rule refuses
    kind, order = args[0].lower(), check_order(table, args[0], args[1])
    service.store.set_standing_order(game_id, side, kind, order)
    # told after a dash, not in brackets: an order's words may end with their rule case in brackets
    said_order = "no standing order; the game asks you" if order == ASK else table[kind][order]
    result = Result(True, f"Standing order for {kind}: {order} — {said_order}.", seq, side)
    return follow(service, game_id, system, state, result, compose)


def offered(system: GameSystem, state: dict, side: str | None) -> dict[str, dict[str, str]]:
    """The standing orders `side` (None: any side) may give in this game: those of each kind of
    choice that may fall to it (the system's `check_standing_order`: Bloody Monday's jagers, 9.1)."""
    return {kind: orders for kind, orders in system.standing_orders().items() if _may(system, state, side, kind)}


def _checker(system: GameSystem) -> Callable[[dict, str | None, str], None]:
    """The system's check of a kind of standing order (refusing with its rule), or none."""
    return getattr(system, "check_standing_order", None) or (lambda state, side, kind: None)


def _may(system: GameSystem, state: dict, side: str | None, kind: str) -> bool:
    try:
        _checker(system)(state, side, kind)
    except RuleViolation:
        return False
    return True


def _form(table: dict[str, dict[str, str]], args: list[str]) -> str:
    """What `orders` takes, in the game's own kinds and orders: a kind named alone is told its orders."""
    kind = args[0].lower()
    if len(args) == 1 and kind in table:
        return (f"orders {kind} needs an order: one of {', '.join([*table[kind], ASK])} "
                f"(`orders {kind} {next(iter(table[kind]), ASK)}`).")
    first = next(iter(table), None)
    example = f"`orders {first} {next(iter(table[first]), ASK)}`, " if first else ""
    return f"orders takes a kind of choice and an order: {example}or `orders` alone to list them."


def at_once(system: GameSystem, state: dict, side: str, orders: dict[str, str] | None) -> tuple[Any, str | None] | None:
    """The command played for `side` at once at the choice waiting, if any, with why where the rules
    leave it the only answer (the system's `forced_answer`, decided by what both players see:
    whether the game waited must never tell a hidden unit), else None as why: its standing order's.
    None: the side is asked."""
    forced = getattr(system, "forced_answer", None)
    only = forced(state) if forced is not None else None
    waiting = system.choice(state)
    if only is not None and waiting is not None and side in choosers(waiting):
        return only
    cmd = system.standing_command(state, side, orders)
    return None if cmd is None else (cmd, None)


def follow(service: GameService, game_id: int, system: GameSystem, state: dict, result: Result,
           compose: Compose, going: tuple[str | None, str] | None = None) -> Result:
    """Standing orders at work: while the choice now waiting falls to a side whose standing order
    covers it, or allows one answer (`at_once`), that command is played for the side, stored and
    told like a typed one, saying why. A command the rules refuse (it never should) is logged and the
    side is asked instead; what was stored stands. `going`: the row of answers the last command stored
    goes on (`_Row`)."""
    seats = service.store.seats(game_id)
    row = _Row(service, game_id, system, compose, going)
    while (waiting := system.choice(state)) is not None:
        given = [(side, service.store.standing_orders(game_id, side)) for side in choosers(waiting)]
        found = [(side, orders, *played) for side, orders in given
                 if (played := at_once(system, state, side, orders)) is not None]
        if not found:
            break
        side, orders, cmd, forced = found[0]
        order = None if forced else f"{waiting['kind']}: {orders[waiting['kind']]}"
        try:
            done, state = service.store_command(
                game_id, system, state, side, cmd,
                {"user": seats.get(side), "text": f"{FORCED}{forced}" if forced else f"{STANDING}{order}"},
                service.store.last_seq(game_id), None, row.compose, standing=order, forced=forced)
        except RulesError:
            log.exception("game %s: the %s of %s was refused", game_id,
                          f"forced answer {cmd.to_text()}" if forced else f"standing order {order}", side)
            break
        _add(result, done, system, state)
    return result


def _add(result: Result, done: Result, system: GameSystem, state: dict) -> None:
    """`done`, played at once after `result` and leaving `state`, told under it: on its line's end
    (`_told_to`) and among what followed it, said on its first event where that says it."""
    done.in_words = on_its_first_event(system, done)
    result.followed.append(done)
    told = _told_to(done, result.side, system.outcome(state))
    result.message += " " + told if told else ""
    result.seq = done.seq


def followed_by(result: Result, done: Result, system: GameSystem, state: dict) -> Result:
    """`result` as `follow` leaves it once `done`, just played at once after it, is told under it (`_add`), read
    while `done` is being stored: a copy, so that neither changes before it is."""
    ahead = replace(result, followed=list(result.followed))
    _add(ahead, replace(done), system, state)
    return ahead


class _Row:
    """The answers `follow` plays, each told as one of a row of its standing order's answers where it is
    one (`Result.leads`, `Result.runs_on`): after one that goes on, or going on itself (`_goes_on`)."""

    def __init__(self, service: GameService, game_id: int, system: GameSystem, compose: Compose,
                 going: tuple[str | None, str] | None = None):
        self.service, self.game_id, self.system, self._compose = service, game_id, system, compose
        self.going = going  # the side and order of the last answer, if it goes on

    def compose(self, result: Result, before: dict, after: dict) -> Told:
        goes_on = _goes_on(self.service, self.game_id, self.system, result, after)
        result.runs_on = self.going is not None and self.going == (result.side, result.standing)
        result.leads = goes_on and not result.runs_on
        self.going = (result.side, str(result.standing)) if goes_on else None
        return self._compose(result, before, after)


def answers_due(service: GameService, game_id: int) -> bool:
    """Whether the choice waiting now falls to a side whose standing order answers it, or has one answer
    (`at_once`): played after the command that left it (`follow`), or at a start (`play_due`)."""
    system = service.system(game_id)
    state = service.load(game_id)
    waiting = system.choice(state)
    return waiting is not None and system.outcome(state) is None and any(
        at_once(system, state, side, service.store.standing_orders(game_id, side)) is not None
        for side in choosers(waiting))


def play_due(service: GameService, game_id: int, compose: Compose) -> Result:
    """At a start, before any command: the answers due now (`answers_due`), played as `follow` plays them
    after a command, each stored in a transaction of its own. A stop between two answers of a row (Bloody
    Monday 5.3.6: a hit each) left the next choice waiting for an answer its standing order gives, until the
    side's deadline or another command. A row that the last stored answer began goes on from it (`_going`),
    its lines read as they would have without the stop. The result they follow is none: their own
    (`Result.followed`) alone."""
    system = service.system(game_id)
    seq, state = service.position(game_id)
    return follow(service, game_id, system, state, Result(True, "", seq), compose, _going(service, game_id, system))


def played_again(service: GameService, game_id: int, seq: int) -> Result | None:
    """Stored command `seq` and the answers played at once after it (`follow`) that the store holds, each
    result read again from the state before it (the dice live in the state) and told as `follow` told them;
    None where a command given by hand came after it."""
    system = service.system(game_id)
    state, played = service.state_at(game_id, seq - 1), None
    for row in service.store.commands(game_id, after=seq - 1):
        order, forced = how_played(row)
        if played is not None and order is None and forced is None:
            return None
        done, state = _replayed(service, game_id, system, state, row)
        if played is None:
            played = done
        else:
            _add(played, done, system, state)
    return played


def _going(service: GameService, game_id: int, system: GameSystem) -> tuple[str | None, str] | None:
    """The row of a standing order's answers that the game's last stored command goes on (`_Row.going`):
    its result read again from the state before it (the dice live in the state), as `follow` told it."""
    seq = service.store.last_seq(game_id)
    row = next(iter(service.store.commands(game_id, after=seq - 1)), None)
    order, forced = how_played(row) if row is not None else (None, None)
    if row is None or order is None:
        return None
    result, after = _replayed(service, game_id, system, service.state_at(game_id, seq - 1), row)
    return (str(row["side"]), order) if _goes_on(service, game_id, system, result, after) else None


def _replayed(service: GameService, game_id: int, system: GameSystem, state: dict, row: dict) -> tuple[Result, dict]:
    """A stored command played again from `state`, the one before it, as it was played (by hand, by a standing
    order, or forced: `how_played`): its result as told then, and the state it leaves."""
    order, forced = how_played(row)
    side = str(row["side"])
    return service.applied(game_id, system, state, side, system.parse(side, row["normalised"]), row["seq"] - 1,
                           None, order, None, forced)


def _goes_on(service: GameService, game_id: int, system: GameSystem, result: Result, after: dict) -> bool:
    """Whether a standing order's answer, said on its event, is followed at once by another of the same
    order for the same side, nothing but its landing told between them (`LANDING`): by what everyone
    reads, and whether the choice after it is answered at once, which never depends on a hidden unit."""
    if not result.standing or on_its_first_event(system, result) is None or \
            any(e.get("kind") not in LANDING for e in result.visible_to(None)):
        return False
    waiting, orders = system.choice(after), service.store.standing_orders(game_id, str(result.side))
    if waiting is None or result.side not in choosers(waiting) or \
            result.standing != f"{waiting['kind']}: {orders.get(waiting['kind'])}":
        return False
    played = at_once(system, after, str(result.side), orders)
    return played is not None and played[1] is None


def own_line(text: str, result: Result) -> str | None:
    """A command's own line (`text`: its message, or the words its button said) without what it goes
    on to say of the commands played at once after it (`_told_to`), so that each is told under what
    led to it, in the order things happened (`told_at_once`); None where they are not its line's end,
    or there are none. 1812's Russian `end` of his Forced March Phase read 'Russian: end. Russian by
    standing order: a `plan` command. The Russian stack in Kovno (11) retreats to Dinaburg (6), by
    standing order.' above the battle that stack retreated from."""
    own = text
    for r in reversed(result.followed):
        told = _told_to(r, result.side, None)
        if told and not own.endswith(" " + told):
            return None
        own = own.removesuffix(" " + told) if told else own
    return own if result.followed else None


def told_at_once(r: Result, side: str | None, told: list[dict]) -> tuple[str | None, list[dict]]:
    """A command played at once after `side`'s, as told under what led to it: its line, and the events
    `told` to say after it. Its line is its first event's where that says it (`Result.in_words`); the
    side's own secret order names what it chose on its own first event ('Your Battle Plan in Kovno
    (11): Assault, by standing order.'), not its verb alone as the public reads it ('Russian by
    standing order: a `plan` command.'); another side's secret order has none, its events (what the
    rules show of it) alone."""
    if _theirs(r, side):
        return None, told
    if r.in_words:
        return on_its_events(r, told, lambda e: str(e["text"]))
    if r.secret and told and told[0].get("to") == side:
        return on_its_event(r, str(told[0]["text"])), told[1:]
    return r.answer, told


def _theirs(r: Result, side: str | None) -> bool:
    """Whether a command played at once is another side's secret order (a battle plan), which tells
    `side` nothing but what the rules show everyone (that it was given at all stays unseen)."""
    return r.secret and r.side != side


def unasked(service: GameService, game_id: int, system: GameSystem, state: dict, events: list[dict]) -> list[dict]:
    """The events of a command without the question (a "choice" event) answered at once (`at_once`:
    `follow` plays it next): 'Russian player: you may advance after combat: ...' read under its
    attack, after the answer already told ('Russian by standing order (advance: redoubt): stay.'),
    asking a player who was asked nothing."""
    def answered(chooser: object) -> bool:
        return chooser in system.INFO.sides and at_once(
            system, state, str(chooser), service.store.standing_orders(game_id, str(chooser))) is not None
    return [e for e in events if e.get("kind") != "choice" or not answered(e.get("chooser"))]


def default_choice(service: GameService, game_id: int, side: str, compose: Compose) -> Result | None:
    """A deadline's default choice: the first standing order of the kind waiting for `side`
    (rules.core.standing.defaults) played for them; None when no choice of theirs waits, or
    (logged) when it could not be played: the deadline then acts as if none waited."""
    try:
        return _default_choice(service, game_id, side, compose)
    except Exception:
        log.exception("game %s: the default choice of %s failed", game_id, side)
        return None


def _default_choice(service: GameService, game_id: int, side: str, compose: Compose) -> Result | None:
    system = service.system(game_id)
    seq, state = service.position(game_id)
    waiting = system.choice(state)
    if waiting is None or side not in choosers(waiting):
        return None
    chosen = defaults(system.standing_orders())
    cmd = system.standing_command(state, side, chosen)
    if cmd is None:
        return None
    order = f"{waiting['kind']}: {chosen[waiting['kind']]}"
    row = {"user": "deadline", "text": f"deadline {order}, the default at the deadline"}
    result, state = service.store_command(game_id, system, state, side, cmd, row, seq, None, compose, default=order)
    return follow(service, game_id, system, state, result, compose)


def _told_to(done: Result, side: str | None, outcome: dict | None) -> str:
    """What a command played at once (a standing order's, or the only answer) tells the player whose
    command it followed: its line (`Result.answer`); a secret order of another side (a battle plan)
    only what the rules show everyone, so that nobody learns whether the other has chosen, and how
    the game ended if it did."""
    if _theirs(done, side):
        shown = [e["text"] for e in done.visible_to(None)]
        return " ".join(shown + ([fmt.outcome_line(outcome)] if outcome else []))
    return done.answer
