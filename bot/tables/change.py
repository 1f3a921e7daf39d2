"""A change of a game and its news: what its command makes known, composed before the change is stored.

News is composed before the change is stored and goes into the outbox in the change's own
transaction, with the deadlines it announces (a `Change` hands its `compose` to
GameService.submit; the turn a command begins is stored with it too); once the store has taken
the change, `Change.settle` schedules the deadlines' jobs and sends the outbox. Store work runs in a
worker thread, never on the event loop.
Rows name the pictures they show (the view after command `seq`, for a side or the public); the
pictures are drawn when the rows are sent (bot/delivery/pictures.py). Who must move and by when are
values (bot/words.py): each front end writes them its own way.
"""
from __future__ import annotations

import asyncio
import logging

from bot import text as fmt
from bot.computer.seat import as_told
from bot.delivery import Buttons, message
from bot.service import Result, on_its_events, told_by_its_event
from bot.service.standing import at_once
from bot.service.turns import on_its_first_event
from bot.store import Told
from bot.tables.announcement import AnnouncementPart
from bot.tables.question_message import QuestionMessagePart, line_of_its_own
from bot.words import COMPUTER, Text, join, words
from rules.core.standing import choosers
from rules.core.system import GameSystem

log = logging.getLogger("kolocha.news")


class Change(AnnouncementPart, QuestionMessagePart):
    """One change of a game on its way to the store: its news, and what follows once stored. Its parts:
    the announcement (bot/tables/announcement.py) and the question messages (bot/tables/question_message.py)."""

    def compose(self, result: Result, before: dict, after: dict) -> Told:
        """What an accepted result makes known (GameService.submit's `compose`): the outbox
        rows, and the deadlines they announce."""
        system = self.news.service.system(self.game_id)
        self.side, self.command = result.side, result.command
        result.events = self._choosing(result.events, result.side)  # the reply to its author reads them too
        said = result.public or result.message
        outcome = system.outcome(after)
        if outcome is not None:  # the headline under it says how the game ended: once is enough
            said = said.removesuffix(" " + fmt.outcome_line(outcome))
        public = [e for e in result.visible_to(None) if outcome is None or e.get("kind") != "outcome"]  # nor its event
        events: list[Text] = [line for line in fmt.chat_lines(public)
                              if not said.endswith(line)]  # said once (an undo's own event)
        aside = self.aside.pop() if self.aside and not result.secret else ""  # after the first public line
        late = self.late.pop() if aside and self.late else None
        at_once = self._answered_at_once(system, before, after)
        head = self._head(before, after, at_once)
        line = self._said(system, result, said, events, events, aside)
        unsaid = [e for e in events if not fmt.said_by_headline(str(e), head)]  # the phase the headline names
        short = self._said(system, result, said, unsaid, events, aside, head=head) if unsaid != events else None
        asked = {str(e.get("text", "")).strip() for e in public if e.get("kind") == "choice"}  # its answer follows
        story = self._said(system, result, said, [e for e in unsaid if str(e) not in asked], events, "",
                           why=False, head=head)  # above the same headline, without a question to a player
        if result.ended:  # ended by the players (an agreed draw): the final map, spectators, dice
            return Told(self.news.final_rows(self.game_id, line), {})
        # a secret order (given while the other side orders too) neither marks a side absent at its
        # deadline nor brings it back: whether it was still owed stays unseen (bot/tables/clocks.py)
        self.back = result.side if self.author is not None and not result.at_once and not result.secret else None
        self.played = frozenset() if result.secret else self.restart
        private = {side: told for side, told in result.addressed().items() if side in system.INFO.sides}
        lines: dict[str, Text] = {side: join([line for line in fmt.chat_lines(told)])
                                  for side, told in private.items()}
        typed = self.author is not None and self.pressed is None and self.asked_in is None and not result.at_once
        untold = frozenset({result.side} if result.side and not typed else ())  # its lines, in its view alone
        at_deadline = self.author is None and result.side in self.restart  # played for a late side: news
        still = not at_deadline and all(e.get("kind") == "phase" for e in public)  # only the sequence of play moved
        rows = self.announce(line, before, after, result.seq, quiet=result.secret and not events, private=lines,
                             head=head, short=short, untold=untold, story=story, still=still)
        kept = {side for side, payload in rows if payload.get("kept")}
        for side, told in private.items():
            buttons = self._answers(told, side)
            if side == result.side and side in kept and buttons is None:
                continue  # their own command: answered to them, and its lines are in their view
            if buttons is None and side in self.asked:  # one DM: the lines, then what is asked, a line of its own
                self.asked[side]["text"] = join([lines[side], line_of_its_own(self.asked[side]["text"])])
                self.asked[side]["unasked"] = lines[side]  # what it tells once the game no longer waits
                continue
            rows.append((side, message(lines[side], buttons=buttons) | self._until_asked(system, side, after)))
        merged = [outbox_id for side, own in self.asked.items() for outbox_id in self._under_unsent_lines(side, own)]
        if self.asked_in is not None and not result.at_once:  # a button of a DM gave it: its outcome there
            self.clicked = result.side
            self._answered(rows, str(result.side), self.reply(result))
        elif self.asked_in is not None and result.side == self.clicked:  # played at once after it: under it
            self._answered(rows, str(result.side), on_its_first_event(system, result) or result.answer)
        elif typed:
            if not self._answered_by_hand(rows, system, str(result.side), before, self.reply(result)):
                self._leaving(system, str(result.side), before, self.reply(result))
        elif self.author is None and result.side in self.restart:  # a passed deadline's, for its late side
            deadline = f"At your deadline: {result.message}"
            if not self._answered_by_hand(rows, system, result.side, before, deadline):
                self._leaving(system, result.side, before, deadline)
        elif result.standing:  # a standing order given while its question waits: played at once
            self._answered_by_hand(rows, system, str(result.side), before, result.message, result.runs_on)
        if not at_once:  # once the answers played at once after the side's command, if any, are played
            merged += self._played_out(rows, system, after)
        for side, own in self.asked.items():
            self._under_the_unsent_answer(side, own, result.seq)
        if late is not None:
            rows.append((late[0], message(late[1])))
        self.unshown = (self.unshown or before) if at_once else None
        return Told(rows, self.deadlines, self.absent, tuple(merged))

    def _said(self, system: GameSystem, result: Result, said: str, events: list[Text], every: list[Text],
              aside: Text, why: bool = True, head: str = "") -> Text:
        """The change's public line: its giver's name, the command's line, then `events` (of `every`
        public one, those told here); a command its first event tells is said on that event's line,
        the first that the headline `head` under it does not say: an 1812 `end` whose events were
        'Combat Phase.' (the headline's phase) and 'Battle in Kovno (11): the Russian player attacks'
        read '**boris** — Russian: end.' above the battle, the order a line of its own on a phone.
        Without `why`, no computer's reason (spectators read what happened, not a deadline's `aside`)."""
        first = next((e for e in every if not fmt.said_by_headline(str(e), head)), None)
        if events and events[0] is first and not result.secret and \
                told_by_its_event(system, result, said, str(events[0]), by_its_player=result.side not in self.restart):
            said, events = on_its_events(result, events)  # its giver named on what it did
        if result.secret:  # given while the other side orders too: only what the rules show
            return join(events)
        # played for a player by their standing order, which its line names ('Russian by standing order
        # (advance: never): stay.'), or as the only answer ('..., forced: the only ...'): no one's name
        # before it, nor the computer's reason, not the order's
        return join([words(said, aside) if result.at_once else words("**", self.who, "** — ", said,
                                                                      self._why(system) if why else "", aside),
                     *events])

    def _answered_at_once(self, system: GameSystem, before: dict | None, after: dict) -> bool:
        """Whether the choice waiting after the change falls only to sides whose standing orders (or
        its only answer) answer it, each played at once as a change of its own (bot/service/standing.py,
        at_once and follow). A change that begins a game turn is no exception: 1812's July I posted 'The
        French player chooses where Russian attrition falls ... French player: your move' with its map,
        then the forced answer under another; the turn is told begun by the answer's change, from where
        the channel last said it (`announce`), spectators one turn behind with it."""
        waiting = system.choice(after)
        if waiting is None or before is None or system.outcome(after) is not None:
            return False
        return all(at_once(system, after, side, self.news.store.standing_orders(self.game_id, side))
                   is not None for side in choosers(waiting))

    def reply(self, result: Result) -> str:
        """The command's outcome for its author: its echo ('French: retreat 2317.'), or, given by a
        button, the words pressed ('R-V-3G retreats to 2317.'), with what the echo goes on to say
        (the game over, a request to undo cancelled)."""
        echo = f"{fmt.side_name(result.side)}: {result.command}."
        if self.pressed in (None, result.command) or not result.message.startswith(echo):
            return result.message
        return self.pressed + "." + result.message.removeprefix(echo)

    def _choosing(self, events: list[dict], side: str | None) -> list[dict]:
        """A choice that falls to a seat the computer holds is told as the computer choosing: the
        engine's question to that side ('French player: you may advance after combat:' above '- `advance
        2824 2924` moves ...' and '- `stay` advances none') instructs no one who reads it, and the
        computer's answer follows, with its reason. After a command of that `side` itself (its own attack)
        it goes unsaid: the computer plays on, as its lines show."""
        seats, out = self.news.store.seats(self.game_id), []
        for e in events:
            chooser = str(e.get("chooser"))
            if e.get("kind") != "choice" or seats.get(chooser) != COMPUTER:
                out.append(e)
            elif chooser != side:
                out.append(dict(e, text=f"The computer is choosing for the {fmt.side_name(chooser)} side."))
        return out

    def _why(self, system) -> str:
        """A computer's reason, in public only where nothing is hidden: in a game with fog of
        war it may name the blocks it moves (it stays in the command's stored text)."""
        return f" Why: {as_told(self.why)}." if self.why and not system.INFO.hidden_information else ""

    def _answers(self, private: list[dict], side: str) -> Buttons | None:
        """The buttons a side's news carries: Accept and Decline under a draw offered to it
        (Draw), Accept and Refuse under a request to undo a command of an earlier phase (Undo),
        for the position it was made at (the commands that side has observed)."""
        kinds = {e.get("kind") for e in private}
        pair = ("draw", "decline") if "draw_offer" in kinds else ("accept", "refuse") if "undo_request" in kinds \
            else None
        if pair is None:
            return None
        return {"action": pair[0], "other": pair[1], "game": self.game_id, "side": side,
                "seq": self.news.store.seen_seq(self.game_id, side)}

    async def settle(self, flush: bool = True) -> None:
        """Once the store holds the change (and the deadlines it announced): their jobs (in a
        worker thread), then the outbox (unless `flush` is False: a batch sends its orders' news
        together once they are judged). Never raises: the change stands, and a failure here is
        logged (the jobs are rebuilt from the stored rows at the next start)."""
        news, game_id = self.news, self.game_id
        news.tables.completion.forget(game_id)
        news.tables.computer.wake(game_id)  # a computer seat whose side now acts plays
        try:
            await asyncio.to_thread(news.tables.deadlines.reschedule, game_id)
        except Exception:
            log.exception("game %s: scheduling the deadlines of a stored change failed", game_id)
        if flush:
            await news.delivery.flush(game_id)
