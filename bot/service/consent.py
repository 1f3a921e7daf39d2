"""What one side asks and another answers: an undo (free within the phase, else by consent)
and a draw (offered, accepted or declined). Never across a die roll, nor while both sides give
hidden orders at once.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot import text as fmt
from bot.service.result import Compose, Result
from bot.service.turns import said, simultaneous
from rules.core.errors import RuleViolation
from rules.core.events import event
from rules.core.system import GameSystem

if TYPE_CHECKING:
    from bot.service import GameService

SIMULTANEOUS_UNDO = ("While both players give their orders at once nothing is undone, so that neither "
                     "learns whether the other has given one; to change yours, give it again")


def undo(service: GameService, game_id: int, system: GameSystem, state: dict, side: str, seq: int,
         compose: Compose) -> Result:
    """Take back the side's own last command: free within its phase, else by consent. While
    sides give hidden orders at once, the answer is the same whatever has been given so far."""
    if simultaneous(system, state):
        raise RuleViolation("Undo", SIMULTANEOUS_UNDO)
    if seq == 0:
        raise RuleViolation("Undo", "There is nothing to undo")
    last = service.store.commands(game_id, after=seq - 1)[0]
    cmd = last["normalised"]
    if last["side"] != side:
        raise RuleViolation("Undo", f"The last command ({said(system, cmd)}) was the "
                            f"{fmt.side_name(last['side'])} player's; only your own last "
                            "command can be undone")
    before = service.state_at(game_id, seq - 1)
    _, events = system.apply(before, side, system.parse(side, cmd))
    if any(e.get("irreversible") for e in events):
        raise RuleViolation("Undo", f"`{cmd}` rolled dice or revealed something hidden, so "
                            "it stands: undo never crosses a die roll or a reveal")
    if system.phase_key(before) == system.phase_key(state):
        return take_back(service, game_id, system, side, seq, cmd, (state, before),
                         f"Undone: `{cmd}`.", compose)
    others = [s for s in system.INFO.sides if s != side]
    reason = getattr(system, "undo_reason", None)  # a system whose moves stand within a phase says why
    made = reason(before, state) if reason else "issued in an earlier phase"
    ask = f"The {fmt.side_name(side)} player asks to undo {said(system, cmd)}, {made}: " \
          "answer `accept` or `refuse`."
    notes = [event(ask, other, "undo_request") for other in others]
    names = " or ".join(fmt.side_name(s) for s in others)
    needs = f"{made}: undoing it needs the {names} player's consent, who may answer accept or refuse."
    result = Result(True, f"`{cmd}` was {needs}", seq, side, events=notes,
                    public=f"{fmt.side_name(side)} asks to undo {said(system, cmd)}, {needs}")
    told = compose(result, state, state)
    service.store.set_pending_undo(game_id, {"by": side, "seq": seq, "command": cmd}, told.outbox, told.held)
    return result


def answer_undo(service: GameService, game_id: int, system: GameSystem, state: dict, side: str, seq: int,
                pending: dict, consent: bool, compose: Compose) -> Result:
    cmd, by = pending["command"], pending["by"]
    if by == side:
        raise RuleViolation("Undo", f"You asked to undo `{cmd}`; the other player answers")
    if consent:
        before = service.state_at(game_id, seq - 1)
        return take_back(service, game_id, system, by, seq, cmd, (state, before),
                         f"The {fmt.side_name(side)} player consents: "
                         f"{said(system, cmd)} is undone.", compose,
                         f"The {fmt.side_name(side)} player consents. ")
    note = event(f"The {fmt.side_name(side)} player refuses to undo {said(system, cmd)}; "
                 "it stands.", kind="undo_refused")
    result = Result(True, note["text"], seq, side, events=[note], public=note["text"])
    told = compose(result, state, state)
    service.store.set_pending_undo(game_id, None, told.outbox, told.held)
    return result


def take_back(service: GameService, game_id: int, system: GameSystem, by: str, seq: int, cmd: str,
              states: tuple[dict, dict], message: str, compose: Compose, consent: str = "") -> Result:
    """Drop command `seq`; `states` are the states with it and without it; `consent`, who
    agreed to it, begins the public line (said by the one who consented)."""
    note = event(f"The {fmt.side_name(by)} player undoes {said(system, cmd)}.", kind="undo")
    result = Result(True, message, seq - 1, by, events=[note], public=consent + note["text"])
    told = compose(result, *states)
    service.store.truncate(game_id, seq, told.outbox, issued_against_seq=seq, deadlines=told.deadlines,
                           held=told.held)
    service.keep(game_id, seq - 1, states[1])
    return result


def offer_draw(service: GameService, game_id: int, state: dict, side: str, seq: int, compose: Compose) -> Result:
    """Offer a draw; an offer met by the other side's own offer is agreed."""
    offer = service.store.game(game_id)["pending_draw"]
    if offer and offer["by"] != side:
        return answer_draw(service, game_id, state, side, seq, offer, True, compose)
    if offer:
        raise RuleViolation("Draw", "You have offered a draw already; the other player "
                            "answers with accept or refuse, or plays on")
    others = [s for s in service.system(game_id).INFO.sides if s != side]
    names = " or ".join(fmt.side_name(s) for s in others)
    text = f"The {fmt.side_name(side)} player offers a draw: the {names} player may " \
           "`accept` or `refuse` (a command played instead declines it)."
    result = Result(True, f"You offer a draw; the {names} player answers.", seq, side,
                    events=[event(text, other, "draw_offer") for other in others],
                    public=text)
    told = compose(result, state, state)
    service.store.set_pending_draw(game_id, {"by": side, "seq": seq}, told.outbox, told.held)
    return result


def answer_draw(service: GameService, game_id: int, state: dict, side: str, seq: int, offer: dict,
                agreed: bool, compose: Compose) -> Result:
    by = fmt.side_name(offer["by"])
    if not agreed:
        text = f"The {fmt.side_name(side)} player declines the {by} player's draw offer; play goes on."
        result = Result(True, text, seq, side, events=[event(text, kind="draw_declined")],
                        public=text)
        told = compose(result, state, state)
        service.store.set_pending_draw(game_id, None, told.outbox, told.held)
        return result
    ended = {"winner": None, "level": "draw",
             "reason": f"the {by} player offered a draw and the {fmt.side_name(side)} player accepted"}
    text = f"Game {game_id} is drawn by agreement: {ended['reason']}."
    result = Result(True, text, seq, side, events=[event(text, kind="draw_agreed")],
                    public=text, ended=ended)
    service.end_game(game_id, ended, compose(result, state, state).outbox)
    return result
