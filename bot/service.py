"""The game service: every front end's one door to games, over the engine contract (docs/architecture.md).

`submit` turns a player's line of text into a Result. The engine judges game commands; the
service itself answers the verbs that are about the record rather than the game: `undo` (and
the opponent's `accept` / `refuse` of an undo across phases), `status`, `units [place]` and
`help [command]`. Nothing but a player-facing sentence leaves `submit`: rules errors become
refusals, unexpected errors are logged and become an apology, and neither changes the store.
"""
from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import rules
from bot import fair_dice
from bot import text as fmt
from bot.state_cache import StateCache
from bot.store import Opening, Outbox, Store, StoreRefusal, Told
from rules.core.errors import CommandError, RulesError, RuleViolation
from rules.core.events import event
from rules.core.playout import replay
from rules.core.standing import ASK, check_order, choosers, defaults
from rules.core.system import GameSystem

log = logging.getLogger("kolocha.service")

QUERIES = ("status", "units", "help", "odds")
TURN_RULE = "Sequence of Play"  # cited when the engine names no rule for a command out of turn
SIMULTANEOUS_UNDO = ("While both players give their orders at once nothing is undone, so that neither "
                     "learns whether the other has given one; to change yours, give it again")
LONGEST = 200  # characters: no command of any game is longer; a longer line is refused unread
SORRY = "Something went wrong on our side; nothing was changed, and the error has been logged."
BUSY = ("The game records are busy with another write just now; nothing was changed. Try again "
        "in a moment.")


def is_busy(error: BaseException) -> bool:
    """Whether an error is SQLite giving up on a lock another connection held too long."""
    return isinstance(error, sqlite3.OperationalError) and \
        any(word in str(error) for word in ("locked", "busy"))


@dataclass
class Result:
    """What became of one line of text: accepted or not, the sentence, and who hears what."""

    accepted: bool
    message: str
    seq: int
    side: str | None = None
    command: str | None = None  # the normalised text of an accepted game command
    rule: str | None = None  # the rule case a refusal cites
    reply: str | None = None  # the answer to a query (status, units, help)
    events: list[dict] = field(default_factory=list)
    public: str | None = None  # what everyone may read of it, when `message` says more
    standing: str | None = None  # the standing order that gave this command
    followed: list[Result] = field(default_factory=list)  # commands standing orders played after it
    ended: dict | None = None  # how the game ended outside the rules (an agreed draw)
    secret: bool = False  # a hidden order given while others order at once: not told it was given
    seen: int = 0  # the number of commands the side has observed after it (Store.seen_seq)

    def addressed(self) -> dict[str, list[dict]]:
        """The events grouped by audience: "all", a side, or "log"."""
        out: dict[str, list[dict]] = {}
        for e in self.events:
            out.setdefault(e.get("to", "all"), []).append(e)
        return out

    def visible_to(self, side: str | None) -> list[dict]:
        """The events one side may read (side None: the public ones)."""
        return [e for e in self.events if e.get("to", "all") in ("all", side)]

    def hidden_from(self, sides: Sequence[str]) -> list[str]:
        """The sides that cannot observe this command: those it tells nothing when it is a
        secret order of another side (a battle plan whose chit goes down unseen)."""
        return [s for s in sides if s != self.side and not self.visible_to(s)] if self.secret else []


Compose = Callable[[Result, dict, dict], Told]
"""What an accepted result (with the states before and after it) makes known: outbox rows and the
deadlines they announce. It runs before the write, so both commit in the same transaction as what
they announce."""


def record(result: Result, before: dict, after: dict) -> Told:
    """The composer of a front end that sends nothing and keeps no deadlines: each audience's
    events, kept as the record."""
    return Told(_outbox(result.events))


@dataclass
class ReplayReport:
    """The verdict of re-running one stored game from its seed."""

    game_id: int
    commands: int
    ok: bool
    seq: int | None = None
    message: str = "replays cleanly"

    def __str__(self) -> str:
        return f"Game {self.game_id} ({self.commands} commands): {self.message}"


class GameService:
    """Games over a Store. Keeps the latest state of each game in memory; the store is the truth.

    The cache (bot/state_cache.py, bounded) is keyed by the last command number, so one process must own a game's writes
    (games are partitioned by guild); a second writer would need a fresh service.
    """

    def __init__(self, store: Store, loader: Callable[[str], GameSystem] = rules.load):
        self.store = store
        self._loader = loader
        self._cache = StateCache()

    def system(self, game_id: int) -> GameSystem:
        return self._loader(self.store.game(game_id)["system"])

    def system_named(self, name: str) -> GameSystem:
        """A game system by name, as this service loads them (CommandError for none)."""
        return self._loader(name)

    def new_game(self, system: str, scenario: str, seed: int | None = None,
                 options: dict | None = None, *, guild: str | None = None,
                 channel: str | None = None, created_by: str | None = None,
                 hot_seat: bool = False, settings: dict | None = None,
                 opening: Opening | None = None) -> int:
        """Set up a game and return its id. Without a chosen seed the dice are fair: a secret
        seed, committed to by its hash and revealed at the end (bot/fair_dice.py). Its
        `settings` and the news of its `opening` are stored with it."""
        salt = commitment = None
        if seed is None:
            seed, salt = fair_dice.draw()
            commitment = fair_dice.commitment(seed, salt)
        state = self._loader(system).setup(scenario, seed, options)
        game_id = self.store.create_game(system, scenario, seed, options, guild=guild,
                                         channel=channel, created_by=created_by,
                                         hot_seat=hot_seat, salt=salt, commitment=commitment,
                                         settings=settings, opening=opening)
        self._cache.put(game_id, 0, state)
        return game_id

    def load(self, game_id: int) -> dict:
        """The current state: from the cache, else the last snapshot plus a replay of the rest."""
        return self.position(game_id)[1]

    def position(self, game_id: int) -> tuple[int, dict]:
        """The last command's number and the state after it, read together (another writer may
        store a command at any moment: a state must never be paired with a later number)."""
        seq = self.store.last_seq(game_id)
        cached = self._cache.get(game_id)
        if cached and cached[0] == seq:
            return cached
        return self._cache.put(game_id, seq, self.state_at(game_id, seq))

    def state_at(self, game_id: int, seq: int) -> dict:
        """The state after command `seq`, rebuilt from the store alone: from the newest snapshot
        that decodes and replays onto, else an earlier one, else the seed (snapshots are a
        cache; the command log is the truth). Each damaged snapshot passed over is logged."""
        game = self.store.game(game_id)
        system = self._loader(game["system"])
        for start, snapshot in self.store.snapshots_before(game_id, seq):
            try:
                if snapshot is None:
                    raise ValueError("it is not a JSON object with a state in it")
                return self._replay_onto(system, snapshot, game_id, start, seq)
            except Exception as error:  # noqa: BLE001 - any failure means: not this snapshot
                log.warning("game %s: the snapshot at command %s is damaged (%s: %s); using an "
                            "earlier one or the seed", game_id, start, type(error).__name__, error)
        setup = system.setup(game["scenario"], game["seed"], game["options"])
        return self._replay_onto(system, setup, game_id, 0, seq)

    def _replay_onto(self, system: GameSystem, state: dict, game_id: int, start: int,
                     seq: int) -> dict:
        """`state` (after command `start`) carried on to command `seq`, then read as a state
        (phase, sides to act, public view) so a damaged one fails here, not later."""
        for row in self.store.commands(game_id, after=start, upto=seq):
            state, _ = system.apply(state, row["side"], system.parse(row["side"], row["normalised"]))
        system.phase_key(state)
        system.active_sides(state)
        system.view(state, None)
        return state

    def submit(self, game_id: int, side: str | None, text: str, user: str | None = None,
               expected_seq: int | None = None, compose: Compose = record,
               reason: str | None = None) -> Result:
        """Judge one line from `side`; `expected_seq` is the position the player was looking at;
        `compose` writes the news of an accepted change, stored with it; `reason`, why a
        computer player gives it, is stored with the command's text (bot/computer/seat.py)."""
        try:
            result = self._submit(game_id, side, text.strip(), user, expected_seq, compose, reason)
            result.seen = self.store.seen_seq(game_id, side) if side is not None else result.seq
            return result
        except RulesError as error:
            return Result(False, str(error), self.store.last_seq(game_id), side, rule=error.rule)
        except StoreRefusal as error:  # judged against a position that has since changed
            return Result(False, str(error), self._safe_seq(game_id), side)
        except Exception as error:
            if is_busy(error):
                log.warning("game %s: %s: %r: %s", game_id, side, text, error)
                return Result(False, BUSY, self._safe_seq(game_id), side)
            log.exception("game %s: %s: %r failed", game_id, side, text)
            return Result(False, SORRY, self._safe_seq(game_id), side)

    def _submit(self, game_id: int, side: str | None, line: str, user: str | None,
                expected_seq: int | None, compose: Compose, reason: str | None = None) -> Result:
        words = line.split()
        if not words:
            raise CommandError("Type a command; `help` lists them.")
        if len(line) > LONGEST:
            raise CommandError(f"That line is {len(line)} characters long; no command is longer "
                               f"than {LONGEST}. `help` lists them.")
        verb, args = words[0].lower(), words[1:]
        system = self.system(game_id)
        seq, state = self.position(game_id)
        if side is not None and side not in system.INFO.sides:
            raise CommandError(f"{side!r} is not a side of this game; the sides are "
                               f"{', '.join(system.INFO.sides)}.")
        if verb in QUERIES:
            return Result(True, "", seq, side, reply=self._query(game_id, system, state, side,
                                                                   verb, args))
        if side is None:
            raise CommandError("Only a player can give orders; say which side you play.")
        game = self.store.game(game_id)
        if game["status"] == "over":
            return Result(False, over_sentence(game_id, game["ended"] or system.outcome(state)),
                          seq, side)
        if expected_seq is not None and expected_seq != seq:
            return Result(False, f"The position has changed since you wrote that (it is now at "
                          f"command {seq}, you saw command {expected_seq}); nothing was applied. "
                          "Look at the game again and resend.", seq, side)
        if verb == "orders":
            return self.orders(game_id, side, args, compose)
        if verb == "draw" and not args:
            return self._draw(game_id, state, side, seq, compose)
        if verb in ("accept", "refuse") and game["pending_draw"] and \
                game["pending_draw"]["by"] != side:
            return self._answer_draw(game_id, state, side, seq, game["pending_draw"],
                                     verb == "accept", compose)
        pending = game["pending_undo"]
        if verb == "undo":
            return self._undo(game_id, system, state, side, seq, compose)
        if verb in ("accept", "refuse"):
            if not pending and game["pending_draw"]:
                raise RuleViolation("Draw", "Your draw offer waits for the other player's answer; only they "
                                    "may accept or refuse it, and you may play on meanwhile")
            if not pending:
                raise RuleViolation("Undo", f"No request to undo is waiting for an answer; `{verb}` "
                                    "answers one, and `undo` takes back your own last command")
            return self._answer(game_id, system, state, side, seq, pending, verb == "accept",
                                compose)
        return self._play(game_id, system, state, side, line, user, seq, pending, compose,
                          reason)

    def _play(self, game_id: int, system: GameSystem, state: dict, side: str, line: str,
              user: str | None, seq: int, pending: dict | None, compose: Compose,
              reason: str | None = None) -> Result:
        active = system.active_sides(state)
        if side not in active:
            rule = _turn_rule(system, state, side, line)
            raise RuleViolation(rule, self._wait_sentence(system, state, side, active))
        cmd = system.parse(side, line)
        canonical = getattr(system, "canonical", None)  # the game's own spelling of what was typed
        cmd = canonical(state, side, cmd) if canonical is not None else cmd
        result, new_state = self._store_command(game_id, system, state, side, cmd,
                                                {"user": user, "text": f"{line} — {reason}" if reason
                                                 else line}, seq, pending, compose)
        return self._follow(game_id, system, new_state, result, compose)

    def _store_command(self, game_id: int, system: GameSystem, state: dict, side: str, cmd,
                       row: dict, seq: int, pending: dict | None, compose: Compose,
                       standing: str | None = None) -> tuple[Result, dict]:
        """Apply a command and store it with the news `compose` makes of it; `row` holds who
        gave it (user) and how (text); `standing` names the standing order that gave it."""
        new_state, events = system.apply(state, side, cmd)
        outcome = system.outcome(new_state)
        normalised = cmd.to_text()
        row = {**row, "side": side, "normalised": normalised, "issued_against_seq": seq}
        tail = f" The request to undo {said(system, pending['command'])} is cancelled." if pending else ""
        tail += " " + fmt.outcome_line(outcome) if outcome else ""
        who = fmt.side_name(side) + (f" by standing order ({standing})" if standing else "")
        message = f"{who}: {normalised}.{tail}"
        hidden = system.INFO.hidden_information
        public = message if not hidden else f"{fmt.side_name(side)}" + \
            (" by standing order" if standing else "") + f": {said(system, normalised)}.{tail}"
        result = Result(True, message, seq + 1, side, normalised, events=events, public=public,
                        standing=standing, secret=simultaneous(system, state))
        told = compose(result, state, new_state)
        row["hidden_from"] = result.hidden_from(system.INFO.sides)
        new_seq = self.store.append(game_id, row, new_state, told.outbox,
                                    status="over" if outcome else "active",
                                    turn=new_turn(system, state, new_state), deadlines=told.deadlines)
        self._cache.put(game_id, new_seq, new_state)
        return result, new_state

    def _follow(self, game_id: int, system: GameSystem, state: dict, result: Result,
                compose: Compose) -> Result:
        """Standing orders at work: while the choice now waiting falls to a side
        whose standing order covers it, that order's command is played for the side, stored and
        told like a typed one. A command the rules refuse (it never should) is logged and the
        side is asked instead; what was stored stands."""
        seats = self.store.seats(game_id)
        while (waiting := system.choice(state)) is not None:
            given = [(side, self.store.standing_orders(game_id, side)) for side in choosers(waiting)]
            found = [(side, orders, cmd) for side, orders in given
                     if (cmd := system.standing_command(state, side, orders)) is not None]
            if not found:
                break
            side, orders, cmd = found[0]
            order = f"{waiting['kind']}: {orders[waiting['kind']]}"
            try:
                done, state = self._store_command(
                    game_id, system, state, side, cmd,
                    {"user": seats.get(side), "text": f"standing order {order}"},
                    self.store.last_seq(game_id), None, compose, standing=order)
            except RulesError:
                log.exception("game %s: the standing order %s of %s was refused", game_id,
                              order, side)
                break
            result.followed.append(done)
            told = _told_to(done, result.side, system.outcome(state))
            result.message += " " + told if told else ""
            result.seq = done.seq
        return result

    def orders(self, game_id: int, side: str, args: list[str], compose: Compose) -> Result:
        """`orders`: the side's standing orders and what may be given; `orders <kind> <order>`
        sets one ("ask" clears it) and plays it at once if that choice is waiting."""
        system = self.system(game_id)
        table = system.standing_orders()
        seq, state = self.position(game_id)
        if not args:
            return Result(True, "", seq, side, reply=fmt.standing_orders(
                table, self.store.standing_orders(game_id, side)))
        if len(args) != 2:
            raise CommandError("orders takes a kind of choice and an order: `orders retreat away`, "
                               "or `orders` alone to list them.")
        kind, order = args[0].lower(), check_order(table, args[0], args[1])
        self.store.set_standing_order(game_id, side, kind, order)
        said_order = "no standing order: the game asks you" if order == ASK else table[kind][order]
        result = Result(True, f"Standing order for {kind}: {order} ({said_order}).", seq, side)
        return self._follow(game_id, system, state, result, compose)

    def default_choice(self, game_id: int, side: str, compose: Compose) -> Result | None:
        """A deadline's default choice: the first standing order of the kind waiting for `side`
        (rules.core.standing.defaults) played for them; None when no choice of theirs waits, or
        (logged) when it could not be played: the deadline then acts as if none waited."""
        try:
            return self._default_choice(game_id, side, compose)
        except Exception:
            log.exception("game %s: the default choice of %s failed", game_id, side)
            return None

    def _default_choice(self, game_id: int, side: str, compose: Compose) -> Result | None:
        system = self.system(game_id)
        seq, state = self.position(game_id)
        waiting = system.choice(state)
        if waiting is None or side not in choosers(waiting):
            return None
        chosen = defaults(system.standing_orders())
        cmd = system.standing_command(state, side, chosen)
        if cmd is None:
            return None
        order = f"{waiting['kind']}: {chosen[waiting['kind']]}, the default at the deadline"
        result, state = self._store_command(game_id, system, state, side, cmd,
                                            {"user": "deadline", "text": f"deadline {order}"},
                                            seq, None, compose, standing=order)
        return self._follow(game_id, system, state, result, compose)

    @staticmethod
    def _wait_sentence(system: GameSystem, state: dict, side: str, active: list[str]) -> str:
        outcome = system.outcome(state)
        if not active:
            return fmt.outcome_line(outcome) if outcome else "No side may act now."
        phase = fmt.phase_name(system.view(state, None).get("phase"))
        movers = " and ".join(fmt.side_name(s) for s in active)
        return f"It is the {movers} player's {phase}; the {fmt.side_name(side)} player must wait."

    def _query(self, game_id: int, system: GameSystem, state: dict, side: str | None,
               verb: str, args: list[str]) -> str:
        if verb == "help":
            topic = args[0].lower() if args else None
            if topic == "orders":  # its examples are the game's own kinds of choice
                return fmt.orders_help(system.standing_orders())
            if topic in fmt.TABLE_HELP:
                return fmt.TABLE_HELP[topic]
            answer = system.help(topic)
            return answer if topic else fmt.with_table_commands(answer)
        if verb == "odds":
            return fmt.odds(system.odds(state, side, " ".join(args)))
        view = system.view(state, side)
        if verb == "units":
            where = fmt.place(args[0]) if args else None
            return fmt.units_table(view.get("units", []), where=where, words=view.get("unit_words"))
        pending = self.store.game(game_id)["pending_undo"]
        asked = pending and (f"`{pending['command']}`" if pending["by"] == side
                             else said(system, pending["command"]))
        waiting = (f"\nThe {fmt.side_name(pending['by'])} player asks to undo {asked}: accept "
                   "or refuse." if pending else "")
        return fmt.status(view) + waiting

    def _draw(self, game_id: int, state: dict, side: str, seq: int, compose: Compose) -> Result:
        """Offer a draw; an offer met by the other side's own offer is agreed."""
        offer = self.store.game(game_id)["pending_draw"]
        if offer and offer["by"] != side:
            return self._answer_draw(game_id, state, side, seq, offer, True, compose)
        if offer:
            raise RuleViolation("Draw", "You have offered a draw already; the other player "
                                "answers with accept or refuse, or plays on")
        others = [s for s in self.system(game_id).INFO.sides if s != side]
        names = " or ".join(fmt.side_name(s) for s in others)
        text = f"The {fmt.side_name(side)} player offers a draw: the {names} player may " \
               "`accept` or `refuse` (a command played instead declines it)."
        result = Result(True, f"You offer a draw; the {names} player answers.", seq, side,
                        events=[event(text, other, "draw_offer") for other in others],
                        public=text)
        self.store.set_pending_draw(game_id, {"by": side, "seq": seq},
                                    compose(result, state, state).outbox)
        return result

    def _answer_draw(self, game_id: int, state: dict, side: str, seq: int, offer: dict,
                     agreed: bool, compose: Compose) -> Result:
        by = fmt.side_name(offer["by"])
        if not agreed:
            text = f"The {fmt.side_name(side)} player declines the {by} player's draw offer; play goes on."
            result = Result(True, text, seq, side, events=[event(text, kind="draw_declined")],
                            public=text)
            self.store.set_pending_draw(game_id, None, compose(result, state, state).outbox)
            return result
        ended = {"winner": None, "level": "draw",
                 "reason": f"the {by} player offered a draw and the {fmt.side_name(side)} player accepted"}
        text = f"Game {game_id} is drawn by agreement: {ended['reason']}."
        result = Result(True, text, seq, side, events=[event(text, kind="draw_agreed")],
                        public=text, ended=ended)
        self.store.end_game(game_id, ended, compose(result, state, state).outbox)
        return result

    def _undo(self, game_id: int, system: GameSystem, state: dict, side: str, seq: int,
              compose: Compose) -> Result:
        """Take back the side's own last command: free within its phase, else by consent. While
        sides give hidden orders at once, the answer is the same whatever has been given so far."""
        if simultaneous(system, state):
            raise RuleViolation("Undo", SIMULTANEOUS_UNDO)
        if seq == 0:
            raise RuleViolation("Undo", "There is nothing to undo")
        last = self.store.commands(game_id, after=seq - 1)[0]
        cmd = last["normalised"]
        if last["side"] != side:
            raise RuleViolation("Undo", f"The last command ({said(system, cmd)}) was the "
                                f"{fmt.side_name(last['side'])} player's; only your own last "
                                "command can be undone")
        before = self.state_at(game_id, seq - 1)
        _, events = system.apply(before, side, system.parse(side, cmd))
        if any(e.get("irreversible") for e in events):
            raise RuleViolation("Undo", f"`{cmd}` rolled dice or revealed something hidden, so "
                                "it stands: undo never crosses a die roll")
        if system.phase_key(before) == system.phase_key(state):
            return self._take_back(game_id, system, side, seq, cmd, (state, before),
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
        self.store.set_pending_undo(game_id, {"by": side, "seq": seq, "command": cmd},
                                    compose(result, state, state).outbox)
        return result

    def _answer(self, game_id: int, system: GameSystem, state: dict, side: str, seq: int,
                pending: dict, consent: bool, compose: Compose) -> Result:
        cmd, by = pending["command"], pending["by"]
        if by == side:
            raise RuleViolation("Undo", f"You asked to undo `{cmd}`; the other player answers")
        if consent:
            before = self.state_at(game_id, seq - 1)
            return self._take_back(game_id, system, by, seq, cmd, (state, before),
                                   f"The {fmt.side_name(side)} player consents: "
                                   f"{said(system, cmd)} is undone.", compose,
                                   f"The {fmt.side_name(side)} player consents: ")
        note = event(f"The {fmt.side_name(side)} player refuses to undo {said(system, cmd)}; "
                     "it stands.", kind="undo_refused")
        result = Result(True, note["text"], seq, side, events=[note], public=note["text"])
        self.store.set_pending_undo(game_id, None, compose(result, state, state).outbox)
        return result

    def _take_back(self, game_id: int, system: GameSystem, by: str, seq: int, cmd: str,
                   states: tuple[dict, dict], message: str, compose: Compose, consent: str = "") -> Result:
        """Drop command `seq`; `states` are the states with it and without it; `consent`, who
        agreed to it, begins the public line (said by the one who consented)."""
        note = event(f"{fmt.side_name(by)} undoes {said(system, cmd)}.", kind="undo")
        result = Result(True, message, seq - 1, by, events=[note], public=consent + note["text"])
        told = compose(result, *states)
        self.store.truncate(game_id, seq, told.outbox, issued_against_seq=seq, deadlines=told.deadlines)
        self._cache.put(game_id, seq - 1, states[1])
        return result

    def replay_check(self, game_id: int) -> ReplayReport:
        """Re-run a stored game from its seed; report the first command that no longer applies
        or whose resulting state differs from the stored snapshot (after a rules change, or a
        damaged snapshot). Never raises: whatever cannot be read is what it reports."""
        try:
            game = self.store.game(game_id)
            rows = self.store.commands(game_id)
            snapshots = self.store.snapshots(game_id)
        except Exception as error:  # noqa: BLE001 - a damaged row is what the report is for
            return ReplayReport(game_id, 0, False, None, f"cannot be read: {error}")
        seq, damaged = 0, []
        try:
            system = self._loader(game["system"])
            state = system.setup(game["scenario"], game["seed"], game["options"])
            steps = replay(system, state, ((r["side"], r["normalised"]) for r in rows))
            for row in rows:
                seq = row["seq"]
                state, _ = next(steps)
                if seq in snapshots and snapshots[seq] is None:
                    damaged.append(seq)
                elif seq in snapshots and json.loads(json.dumps(state)) != snapshots[seq]:
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

    def _safe_seq(self, game_id: int) -> int:
        try:
            return self.store.last_seq(game_id)
        except sqlite3.Error:
            return 0


def over_sentence(game_id: int, ended: dict | None) -> str:
    """The refusal of a command to a game that has ended, saying how it ended."""
    if not ended:
        return f"Game {game_id} is over; it takes no more commands."
    who = f"{fmt.side_name(ended['winner'])} wins" if ended.get("winner") else "no winner"
    return f"Game {game_id} is over ({who}: {ended.get('reason')}); it takes no more commands."


def new_turn(system: GameSystem, before: dict | None, after: dict) -> str | None:
    """The game turn `after` is in, when `before` was in another one (None: the game begins);
    else None. Stored with the command, for spectators who watch a turn behind."""
    turn = str(system.view(after, None).get("turn"))
    return turn if before is None or turn != str(system.view(before, None).get("turn")) else None


def simultaneous(system: GameSystem, state: dict) -> bool:
    """Whether several sides give hidden orders at once now (1812's battle plans): then no one
    may learn whether another has given its order until all have."""
    return system.INFO.hidden_information and len(system.active_sides(state)) > 1


def _told_to(done: Result, side: str | None, outcome: dict | None) -> str:
    """What a command a standing order played tells the player whose command it followed: a
    secret order of another side (a battle plan) only what the rules show everyone, so that
    nobody learns whether the other has chosen, and how the game ended if it did."""
    if done.secret and done.side != side:
        shown = [e["text"] for e in done.visible_to(None)]
        return " ".join(shown + ([fmt.outcome_line(outcome)] if outcome else []))
    return done.public or done.message


def still_to_order(system: GameSystem, state: dict) -> list[str]:
    """The sides that may act now and still owe an order: while several give hidden orders at
    once, those that have not given theirs (the choosers of the waiting choice); else every side
    that may act. Only their clocks remind them (bot/tables/clocks.py)."""
    active = system.active_sides(state)
    waiting = system.choice(state) if simultaneous(system, state) else None
    return [side for side in active if waiting is None or side in choosers(waiting)]


def said(system: GameSystem, command: str) -> str:
    """A command as the other side and the public may read it: whole in an open game; in a
    game with hidden information only its verb, since its words may name a hidden unit."""
    if system.INFO.hidden_information:
        verb = command.split()[0] if command.split() else ""
        return f"{'an' if verb[:1] in tuple('aeiou') else 'a'} `{verb}` command" if verb else "a command"
    return f"`{command}`"


def _turn_rule(system: GameSystem, state: dict, side: str, line: str) -> str:
    """The rule case the engine cites for a command given out of turn (its sequence of play),
    asked of the engine itself so that each system's rule book is quoted."""
    try:
        system.apply(state, side, system.parse(side, line))
    except RuleViolation as error:
        return error.rule or TURN_RULE
    except RulesError:
        pass
    return TURN_RULE


def _outbox(events: list[dict]) -> Outbox:
    """One outbox payload per audience; log-only events stay in the record, not the outbox."""
    out: dict[str, dict] = {}
    for e in events:
        to = e.get("to", "all")
        if to != "log":
            out.setdefault(to, {"events": []})["events"].append(e)
    return list(out.items())
