"""The game service: every front end's one door to games, over the engine contract (docs/architecture.md).

`submit` turns a player's line of text into a Result. The engine judges game commands; the
service itself answers the verbs that are about the record rather than the game: `undo` and
`draw` (and the other side's `accept` / `refuse` of either), `orders` (standing orders), `status`,
`units [place]`, `help [command]` and `odds`. Nothing but a player-facing sentence leaves
`submit`: rules errors become refusals, unexpected errors are logged and become an apology, and
neither changes the store.

The door is GameService; what it hands on lives beside it: result.py (what became of a line),
turns.py (whose turn, and what others may read of a command), consent.py (undo and draw),
standing.py (standing orders at work), queries.py (status, units, help, odds), unplayed.py (held orders a game's
end leaves unplayed, told) and replay.py (a state rebuilt from the store, and the check that a game still replays).
"""
from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable

import rules
from bot import fair_dice
from bot import text as fmt
from bot.service import consent, queries, replay, standing, unplayed
from bot.service.standing import own_line, told_at_once, unasked
from bot.service.consent import SIMULTANEOUS_UNDO
from bot.service.queries import QUERIES
from bot.service.replay import ReplayReport
from bot.service.result import BUSY, SORRY, Compose, Result, is_busy, record
from bot.service.turns import (TURN_RULE, new_player_turn, new_turn, on_its_event, on_its_events, over_sentence,
                               player_turn, player_turn_mark, said, said_on_its_line, simultaneous, still_to_order,
                               told_by_its_event, turn_rule, wait_sentence)
from bot.state_cache import GAMES_KEPT, StateCache
from bot.store import Opening, Outbox, Store, StoreRefusal, UnknownGame
from rules.core.errors import CommandError, Moot, RulesError, RuleViolation
from rules.core.setup import for_a_new_game
from rules.core.system import Command, GameSystem

__all__ = ["BUSY", "LONGEST", "QUERIES", "SIMULTANEOUS_UNDO", "SORRY", "TURN_RULE", "Compose", "GameService",
           "ReplayReport", "Result", "is_busy", "new_player_turn", "new_turn", "over_sentence", "own_line",
           "player_turn", "player_turn_mark", "record", "said", "said_on_its_line", "simultaneous",
           "still_to_order", "told_at_once", "written"]

log = logging.getLogger("kolocha.service")

LONGEST = 200  # characters: no command of any game is longer; a longer line is refused unread


def written(system: GameSystem, state: dict, side: str, line: str) -> Command:
    """A line as the game writes it: parsed in the game's own grammar where the game has one
    (`parse_in_game`: a refusal names only the commands its options play), each unit named in the
    game's own spelling where the game has one (`canonical`: `move f-i-cav 3224` is `move F-I-cav 3224`)."""
    in_game = getattr(system, "parse_in_game", None)
    cmd = in_game(state, side, line) if in_game is not None else system.parse(side, line)
    canonical = getattr(system, "canonical", None)
    return canonical(state, side, cmd) if canonical is not None else cmd


class GameService:
    """Games over a Store. Keeps the latest state of each game still played in memory; the store is the truth.

    The cache (bot/state_cache.py, bounded) is keyed by the last command number, so one process must own a game's writes
    (games are partitioned by guild); a second writer would need a fresh service.
    """

    def __init__(self, store: Store, loader: Callable[[str], GameSystem] = rules.load):
        self.store = store
        self._loader = loader
        self._cache = StateCache()
        self._systems: dict[int, tuple[tuple, GameSystem]] = {}  # game -> (its row as last read whole, its system)

    def system(self, game_id: int) -> GameSystem:
        """The game's system. Its row is read whole (Store.game, which sets a damaged row aside and refuses it, as
        every read of the row does) only when it reads otherwise than when last read so: a game's system never
        changes, and the same row decodes the same. Kept for the games in play, at most GAMES_KEPT."""
        stored = self.store.stored_game(game_id)
        if stored is None:
            raise UnknownGame(game_id)
        kept = self._systems.get(game_id)
        if kept is not None and kept[0] == stored:
            return kept[1]
        game = self.store.game(game_id)
        system = self._loader(game["system"])
        if game["status"] == "over":  # nobody plays it again
            self._systems.pop(game_id, None)
            return system
        if len(self._systems) >= GAMES_KEPT:
            self._systems.clear()
        self._systems[game_id] = (stored, system)
        return system

    def system_named(self, name: str) -> GameSystem:
        """A game system by name, as this service loads them (CommandError for none)."""
        return self._loader(name)

    def options_of_new_game(self, system: str, options: dict | list | None) -> dict:
        """The options a new game of `system` is stored and set up with, {name: on}: the system's
        current readings (`SystemInfo.new_game_options`) unless `options` turns one off, and those asked."""
        return for_a_new_game(self._loader(system).INFO.new_game_options, options)

    def new_game(self, system: str, scenario: str, seed: int | None = None,
                 options: dict | list | None = None, *, guild: str | None = None,
                 channel: str | None = None, created_by: str | None = None,
                 hot_seat: bool = False, settings: dict | None = None,
                 opening: Opening | None = None, against: dict | None = None) -> int:
        """Set up a game and return its id. Without a chosen seed the dice are fair: a secret
        seed, committed to by its hash and revealed at the end (bot/fair_dice.py). Its
        `settings` and the news of its `opening` are stored with it, and so are the options the
        system sets up new games with (its current readings: `SystemInfo.new_game_options`),
        unless `options` turns one off; `against`, what an opening against the computer has
        still to do (GamesPart.create_game)."""
        salt = commitment = None
        if seed is None:
            seed, salt = fair_dice.draw()
            commitment = fair_dice.commitment(seed, salt)
        loaded = self._loader(system)
        options = self.options_of_new_game(system, options)
        state = loaded.setup(scenario, seed, options)
        game_id = self.store.create_game(system, scenario, seed, options, guild=guild,
                                         channel=channel, created_by=created_by,
                                         hot_seat=hot_seat, salt=salt, commitment=commitment,
                                         settings=settings, opening=opening, against=against)
        self.keep(game_id, 0, state)
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
        state = self.state_at(game_id, seq)
        if self.store.game(game_id)["status"] == "over":  # a look at an ended game keeps nothing
            return seq, state
        return self.keep(game_id, seq, state)

    def keep(self, game_id: int, seq: int, state: dict) -> tuple[int, dict]:
        """Remember the state after command `seq` as the game's latest (a change just stored)."""
        return self._cache.put(game_id, seq, state)

    def end_game(self, game_id: int, ended: dict, outbox: Outbox) -> None:
        """Store the game's end without a command (a resignation, a forfeit, an agreed draw, a cancel)
        with its news and the word on the held orders it leaves unplayed, and forget its position."""
        sides = self.system(game_id).INFO.sides
        self.store.end_game(game_id, ended, outbox + unplayed.told(self.store, game_id, sides, ended))
        self._cache.drop(game_id)

    def state_at(self, game_id: int, seq: int) -> dict:
        """The state after command `seq`, rebuilt from the store alone (replay.state_at)."""
        return replay.state_at(self, game_id, seq)

    def submit(self, game_id: int, side: str | None, text: str, user: str | None = None,
               expected_seq: int | None = None, compose: Compose = record,
               reason: str | None = None) -> Result:
        """Judge one line from `side`; `expected_seq` is the position the player was looking at;
        `compose` writes the news of an accepted change, stored with it; `reason`, why a
        computer player gives it, is stored with the command's text (bot/computer/seat.py)."""
        try:
            result = self._submit(game_id, side, text.strip(), user, expected_seq, compose, reason)
            result.seen = self.store.seen_seq(game_id, side, result.own_seq) if side is not None else result.seq
            return result
        except RulesError as error:
            return Result(False, str(error), self.store.last_seq(game_id), side, rule=error.rule,
                          moot=isinstance(error, Moot))
        except StoreRefusal as error:  # judged against a position that has since changed
            return Result(False, str(error), self._safe_seq(game_id), side)
        except Exception as error:
            if is_busy(error):
                log.warning("game %s: the %s command %r is not played, nothing changed: the database is busy (%s)",
                            game_id, side, text, error)
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
            return Result(True, "", seq, side, reply=queries.answer(self, game_id, system, state, side,
                                                                    verb, args))
        game = self.store.game(game_id)
        if game["status"] == "over":  # told first: once it is over, nobody's orders are taken
            return Result(False, over_sentence(game_id, game["ended"] or system.outcome(state)),
                          seq, side)
        if side is None:
            raise CommandError("Only a player can give orders; say which side you play.")
        if expected_seq is not None and expected_seq != seq:
            return Result(False, f"The position has changed since you wrote that (it is now at "
                          f"command {seq}, you saw command {expected_seq}); nothing was applied. "
                          "Look at the game again and resend.", seq, side)
        if verb == "orders":
            return standing.orders(self, game_id, side, args, compose)
        if verb == "draw" and not args:
            return consent.offer_draw(self, game_id, state, side, seq, compose)
        if verb in ("accept", "refuse") and game["pending_draw"] and \
                game["pending_draw"]["by"] != side:
            return consent.answer_draw(self, game_id, state, side, seq, game["pending_draw"],
                                       verb == "accept", compose)
        pending = game["pending_undo"]
        if verb == "undo":
            return consent.undo(self, game_id, system, state, side, seq, compose)
        if verb in ("accept", "refuse"):
            if not pending and game["pending_draw"]:
                raise RuleViolation("Draw", "Your draw offer waits for the other player's answer; only they "
                                    "may accept or refuse it, and you may play on meanwhile")
            if not pending:
                raise RuleViolation("Undo", f"No request to undo is waiting for an answer; `{verb}` "
                                    "answers one, and `undo` takes back your own last command")
            return consent.answer_undo(self, game_id, system, state, side, seq, pending, verb == "accept",
                                       compose)
        return self._play(game_id, system, state, side, line, user, seq, pending, compose,
                          reason)

    def _play(self, game_id: int, system: GameSystem, state: dict, side: str, line: str,
              user: str | None, seq: int, pending: dict | None, compose: Compose,
              reason: str | None = None) -> Result:
        active = system.active_sides(state)
        if side not in active:
            rule = turn_rule(system, state, side, line)
            raise RuleViolation(rule, wait_sentence(system, state, side, active))
        cmd = written(system, state, side, line)
        result, new_state = self.store_command(game_id, system, state, side, cmd,
                                               {"user": user, "text": f"{line} — {reason}" if reason
                                                else line}, seq, pending, compose)
        return standing.follow(self, game_id, system, new_state, result, compose)

    def store_command(self, game_id: int, system: GameSystem, state: dict, side: str, cmd,
                      row: dict, seq: int, pending: dict | None, compose: Compose,
                      standing: str | None = None, default: str | None = None,
                      forced: str | None = None) -> tuple[Result, dict]:
        """Apply a command and store it with the news `compose` makes of it; `row` holds who
        gave it (user) and how (text); `standing` names the player's standing order that gave it,
        `default` the order a deadline played for them, `forced` why it was the only answer (the
        player chose none of them by hand)."""
        result, new_state = self.applied(game_id, system, state, side, cmd, seq, pending, standing, default, forced)
        told = compose(result, state, new_state)
        outbox = told.outbox if not result.outcome else \
            told.outbox + unplayed.told(self.store, game_id, system.INFO.sides, result.outcome,
                                        told.held and told.held[0])
        row = {**row, "side": side, "normalised": result.command, "issued_against_seq": seq,
               "hidden_from": result.hidden_from(system.INFO.sides)}
        new_seq = self.store.append(game_id, row, new_state, outbox,
                                    status="over" if result.outcome else "active",
                                    turn=new_turn(system, state, new_state), deadlines=told.deadlines,
                                    player_turn=new_player_turn(system, state, new_state), absent=told.absent,
                                    merged=told.merged, held=told.held)
        if result.outcome:
            self._cache.drop(game_id)
        else:
            self.keep(game_id, new_seq, new_state)
        return result, new_state

    def applied(self, game_id: int, system: GameSystem, state: dict, side: str, cmd, seq: int,
                pending: dict | None, standing: str | None = None, default: str | None = None,
                forced: str | None = None) -> tuple[Result, dict]:
        """A command applied after command `seq` (`store_command`'s), what became of it and the state after it,
        not stored: the dice live in the state, so a stored command's result is read again so too."""
        new_state, events = system.apply(state, side, cmd)
        events = unasked(self, game_id, system, new_state, events)
        outcome = system.outcome(new_state)
        normalised = cmd.to_text()
        tail = f" The request to undo {said(system, pending['command'])} is cancelled." if pending else ""
        tail += " " + fmt.outcome_line(outcome) if outcome else ""
        how = " by standing order" if standing else " by default" if default else ""  # a deadline's: its line says so
        who = fmt.side_name(side) + (f"{how} ({standing or default})" if how else "")
        why = f", forced: {forced}" if forced else ""
        message = f"{who}: {normalised}{why}.{tail}"
        hidden = system.INFO.hidden_information
        public = message if not hidden else \
            f"{fmt.side_name(side)}{how}: {said_on_its_line(system, normalised)}{why}.{tail}"
        return Result(True, message, seq + 1, side, normalised, events=events, public=public, standing=standing,
                      forced=forced, secret=simultaneous(system, state), outcome=outcome), new_state

    def answers_due(self, game_id: int) -> bool:
        """Whether the choice waiting now is answered at once (standing.answers_due)."""
        return standing.answers_due(self, game_id)

    def play_answers_due(self, game_id: int, compose: Compose) -> Result:
        """At a start: the answers due now, played as after a command (standing.play_due)."""
        return standing.play_due(self, game_id, compose)

    def default_choice(self, game_id: int, side: str, compose: Compose) -> Result | None:
        """A deadline's default choice played for `side` (standing.default_choice)."""
        return standing.default_choice(self, game_id, side, compose)

    def replay_check(self, game_id: int) -> ReplayReport:
        """Re-run a stored game from its seed and report how it went (replay.replay_check)."""
        return replay.replay_check(self, game_id)

    def _safe_seq(self, game_id: int) -> int:
        try:
            return self.store.last_seq(game_id)
        except sqlite3.Error:
            return 0
