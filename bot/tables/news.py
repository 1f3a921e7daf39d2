"""News: what the others hear after a change — the public line, the map and who moves next, each
side's private view by DM, spectators, and the end of a game.

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
from datetime import datetime

from bot import asked as ask
from bot import fair_dice
from bot import text as fmt
from bot.computer.seat import as_told
from bot.delivery import Buttons, Onlookers, channel_audience, kept_view, message, user_audience
from bot.permissions import Actor, TableError, sides_of
from bot.service.standing import at_once
from bot.service import Result, new_player_turn, new_turn, on_its_events, player_turn_mark, told_by_its_event
from bot.service.turns import on_its_first_event
from bot.store import DeadlineRows, Outbox, Told
from bot.tables.notices import notices, opening, told_privately
from bot.tables.room import Room
from bot.tables.spectators import final_view, spectator_rows
from bot.words import COMPUTER, Text, channel, due, join, mention, plain, table, words
from rules.core.standing import choosers
from rules.core.system import GameSystem

log = logging.getLogger("kolocha.news")
HERE = "; what is asked is in your private news"  # a ping's pointer to the question message


class Change:
    """One change of a game on its way to the store: its news, and what follows once stored."""

    def __init__(self, news: News, game_id: int, who: Text, restart: frozenset[str] = frozenset(),
                 why: str | None = None, author: str | None = None):
        self.news = news
        self.game_id = game_id
        self.who = who
        self.author = author  # the person whose own command it is: answered, never pinged by it
        self.why = why  # a computer player's reason, told with its command
        self.restart = restart  # sides whose deadline has passed: a fresh one even if they go on
        self.planned: dict[str, datetime] = {}
        self.deadlines: DeadlineRows = {}
        self.turn: tuple[str, int] | None = None
        self.asked: dict[str, dict] = {}  # what is asked of a side by DM (bot/tables/notices.py)
        self.asked_in: str | None = None  # the DM whose button gave the command (its id)
        self.side: str | None = None  # the side that gave the command
        self.clicked: str | None = None  # the side whose button gave it, once its outcome is written there
        self.pressed: str | None = None  # the words of the button that gave the command
        self.in_place = False  # the command's outcome is written in that DM's place, by the outbox
        self.since = 0  # the command after which the player-turn of the position after the change began
        self.pinged: set[str] = set()  # sides newly awaited, asked in their question message and pinged
        self.absent: dict[str, str] | None = None  # the absent sides after it (Deadlines.marks)
        self.back: str | None = None  # the side whose player's own command it is: back, if absent
        self.aside: list[Text] = []  # a deadline's words to the late side, told once: shared by its changes
        self.late: list[tuple[str, Text]] = []  # with them, the late side's DM (bot/tables/clocks.py), if any
        self.played: frozenset[str] = frozenset()  # the sides it marks absent: `restart`, unless secret
        self.unshown: dict | None = None  # before the changes `_head` left headless
        self.leaves: tuple[str, int, Text] | None = None  # a side its own command may leave unasked (_played_out)

    def compose(self, result: Result, before: dict, after: dict) -> Told:
        """What an accepted result makes known (GameService.submit's `compose`): the outbox
        rows, and the deadlines they announce."""
        system = self.news.service.system(self.game_id)
        self.side = result.side
        result.events = self._choosing(result.events, result.side)  # the reply to its author reads them too
        said = result.public or result.message
        outcome = system.outcome(after)
        if outcome is not None:  # the headline under it says how the game ended: once is enough
            said = said.removesuffix(" " + fmt.outcome_line(outcome))
        public = [e for e in result.visible_to(None) if outcome is None or e.get("kind") != "outcome"]  # nor its event
        events: list[Text] = [line.strip() for line in fmt.event_lines(public, False)
                              if not said.endswith(line.strip())]  # said once (an undo's own event)
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
        lines: dict[str, Text] = {side: join([line.strip() for line in fmt.event_lines(told, False)])
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
                self.asked[side]["text"] = join([lines[side], _line_of_its_own(self.asked[side]["text"])])
                self.asked[side]["unasked"] = lines[side]  # what it tells once the game no longer waits
                continue
            rows.append((side, message(lines[side], buttons=buttons)))
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

    def _head(self, before: dict | None, after: dict, at_once: bool = False) -> str:
        """The headline under the change's line in the channel, once the phase changed (a game
        beginning has `before` None; a game over, its outcome); while the phase goes on, none. None
        either where the choice waiting is answered `at_once` by standing orders: 'To move: Russian'
        and its map, under a Bloody Monday battle whose hits his standing order applied in the next
        line, were stale as posted; the phase is told changed from where the channel last said it."""
        system = self.news.service.system(self.game_id)
        if before is not None and system.outcome(after) is None and \
                (at_once or system.phase_key(self.unshown or before) == system.phase_key(after)):
            return ""
        return fmt.headline(system.view(after, None), self.news.store.computer_seats(self.game_id))

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
        engine's question to that side ('French player: you may advance after combat: `advance 2824
        2924` moves ..., or `stay`') instructs no one who reads it, and the computer's answer follows,
        with its reason. After a command of that `side` itself (its own attack) it goes unsaid: the
        computer plays on, as its lines show."""
        seats, out = self.news.store.seats(self.game_id), []
        for e in events:
            chooser = str(e.get("chooser"))
            if e.get("kind") != "choice" or seats.get(chooser) != COMPUTER:
                out.append(e)
            elif chooser != side:
                out.append(dict(e, text=f"The computer is choosing for the {fmt.side_name(chooser)} side."))
        return out

    def _answered(self, rows: Outbox, side: str, outcome: Text) -> None:
        """The outcome of a command given by a button of a DM (`asked_in`), or of one played at once
        for its side after it (a standing order's, the rules' only answer: result.answer), written in
        the side's question message by the outbox under the answers it tells already (`_told_with`),
        before the next question when one goes there (so nothing else edits it meanwhile); else the
        button's own reply writes it. Borodino's Russian, clicking where the French unit his defence
        threw back retreats, read 'F-III-11 retreats to 3120.' alone there, the advance his standing
        order then declined (Combat H) only in the channel and in his view: it reads 'F-III-11 retreats
        to 3120.' above 'Russian by standing order (advance: never): stay.'. What the message told goes
        on above, whichever player-turn the next question there asks in: 1812's Russian, clicking his last
        retreat of his Player-Turn, read 'Retreat to Vilna (12).' above the French attrition asked there,
        'Assault in Kovno (11).' above it lost."""
        own, last = self.asked.get(side), self.news.store.last_question(self.game_id, side)
        told = self._told_with(side, last["payload"]["question"]["since"] if last is not None else self.since,
                               outcome)  # the clicked message's player-turn
        if own is not None and "question" in own:
            if own["question"]["fresh"]:  # a new message, which notifies: the answer above its question too
                self._under_where_it_fits(outcome, own)
                return
            _under(told, own)
        else:
            own = _answer_row(self.since, told, outcome)
            rows.append((side, own))
        own["question"]["in_place"] = self.asked_in
        self.in_place = True

    def _answered_by_hand(self, rows: Outbox, system: GameSystem, side: str, before: dict | None,
                          outcome: Text, runs_on: bool = False) -> bool:
        """A question by DM answered by a typed command instead of its buttons, by a passed deadline
        for its late player, or by a standing order given meanwhile: its message, which read 'The game
        waits for you: Apply 3 hits in 46 ...' with its buttons after the hits were applied, says the
        outcome as a click's does (`_answered`), a deadline's 'At your deadline: Russian by default
        (advance: never): stay.', a standing order's 'Russian by standing order (advance: never): stay.'.
        Only where the command answered a choice of its side and the side's last question still
        shows that choice's buttons (asked when the side had observed the commands it has now, as a
        click's expiry reads them), in whichever player-turn it was asked: 1812's last retreat of a
        COMBAT, typed, began the French Player-Turn, and 'Next, due ...: Retreat your stack from
        Vyazma (161)' stood with its buttons. The answer keeps that question's player-turn, so the
        next one's first question is a new DM, which notifies (Store.asked_since); it goes before
        the change's own question to the side in a new message (a place keeps the last as its
        question message), and where that question takes the answered one's place, under the answer.
        Each answer goes under those the message tells already: a Bloody Monday chain of hits answered
        at successive deadlines read the last 'At your deadline: ...: hit R-2-1J.' alone, the hits
        before it lost from the DM; it tells each, in order (5.3.6). A standing order's answer after
        another of its row (`runs_on`), the choice asked again of no one, goes under the answer the
        command just before it wrote there: Last Blood's `orders hit protect_leaders`, given while 3 hits
        waited, read '...: hit R-2-1J.' alone, and reads '...: hit R-2-1J; hit R-2-7; hit R-2-1J.' (5.3.6).
        Whether it was written there."""
        waiting = system.choice(before) if before is not None else None
        if waiting is None or side not in choosers(waiting):
            return False
        store = self.news.store
        last = store.last_question(self.game_id, side)
        if last is None:
            return False
        buttons, question = last["payload"].get("buttons", {}), last["payload"]["question"]
        asks = "answers" in buttons and buttons.get("seq") == store.seen_seq(self.game_id, side)
        if not asks and not (runs_on and "newest" in question and last["seq"] == store.last_seq(self.game_id)):
            return False
        since, own = question["since"], self.asked.get(side)
        asked = own.get("question", {}) if own is not None else {}
        told = self._told_with(side, since, outcome)
        if own is not None and asked.get("since") == since and not asked["fresh"]:
            _under(told, own)
            return True
        at = next((n for n, (_, payload) in enumerate(rows) if payload is own), len(rows))
        rows.insert(at, (side, _answer_row(since, told, outcome)))
        return True

    def _leaving(self, system: GameSystem, side: str, before: dict | None, outcome: Text) -> None:
        """The side's own command (or its deadline's), of the player-turn its question message asks in, and
        what it said, `outcome`, where the game waited for the side before it (`_played_out`)."""
        if before is not None and side in ask.awaited(system, before):
            store = self.news.store
            self.leaves = (side, store.player_turn_start(self.game_id, store.last_seq(self.game_id)), outcome)

    def _played_out(self, rows: Outbox, system: GameSystem, after: dict) -> list[int]:
        """A question by DM that the side's own orders (or its deadline's) leave unasked (`leaves`), once the
        answers played at once after them, if any, are played: the game waited for the side before and no
        longer does, and its question message of the player-turn, sent, still asks, with no buttons to
        answer (`_answered_by_hand` writes an answer to them). That message tells the outcome under what
        else it said, as a typed answer does: after each Bloody Monday impulse sent in one /orders box, the
        French player's question message read 'the game waits for you, due ...: French Tactical Action,
        combat segment: ...' (the combat segment asked again after the Russian's hits, played at once
        mid-box) once the impulse had passed to the Russian, and his impulse's own 'the game waits for you
        ...: French impulse' likewise; it reads 'French: end.'. 1812's French `end` of the Supply Segment,
        whose attrition loss his standing order chose at once, left 'The game waits for you ...: Move
        stacks one place' over the Russian Player-Turn alike. A message not sent yet, its question asked in
        the same flush as the order that leaves it unasked, is not sent as a question: Borodino's French,
        reminders by DM, sent a box attacking the Northern Flèche and ending the Combat Phase, the Russian's
        standing orders answering between, and 'the game waits for you, due ...: the French Combat Phase'
        came after the phase was over, a notification of what he had done. It goes unsent where it says
        nothing else (his reply says the order), as the question his own orders raise in a game with hidden
        units does (`_own_flow`); where it says more (lines above the question), it comes saying them and
        the order, as a sent one is written. Returns the rows of that message not yet sent, which this one
        writes over (dropped)."""
        if self.leaves is None:
            return []
        (side, since, outcome), self.leaves = self.leaves, None
        if system.outcome(after) is not None or side in ask.awaited(system, after):
            return []  # a game over writes its question over with how it ended (retire_rows)
        store = self.news.store
        last = store.last_question(self.game_id, side)
        payload = last["payload"] if last is not None else {}
        if last is None or "unasked" not in payload or payload["question"].get("since") != since:
            return []  # it says no more that the game waits (an answer), or asks another turn
        said, sent = payload["unasked"], bool(self._last_asked(side, since))
        if sent or said:
            rows.append((side, _answer_row(since, _told_then(said, outcome) if said else outcome, outcome)))
        return [row["id"] for row in store.undelivered(self.game_id) if row["audience"] == side and not row["tried_at"]
                and not row["joined"] and (asked := row["payload"].get("question", {})).get("since") == since
                and not (sent and asked.get("fresh"))]

    def _under_unsent_lines(self, side: str, own: dict) -> list[int]:
        """A question by DM goes under the side's lines not yet sent just before it, in one message
        (their rows, returned, are dropped as the change is stored): an 1812 Player-Turn's
        'Your reinforcements in Smolensk (15): 1 infantry corps.' came as a DM of its own above 'Attrition
        in Dinaburg (6): ... The game waits for you', two notifications where one says both."""
        if "question" not in own:
            return []
        unsent = [row for row in self.news.store.undelivered(self.game_id)
                  if row["audience"] == side and not row["payload"].get("kept")]  # a kept view is no new message
        lines: list[dict] = []
        for row in reversed(unsent):
            if set(row["payload"]) != {"text"} or row["tried_at"] or row["joined"]:
                break
            lines.insert(0, row)
        if lines:
            said = join([row["payload"]["text"] for row in lines])
            own["text"] = join([said, _line_of_its_own(own["text"])])
            own["unasked"] = join([part for part in (said, own.get("unasked")) if part])
        return [row["id"] for row in lines]

    def _under_the_unsent_answer(self, side: str, own: dict, seq: int) -> None:
        """A question written in place of a click's answer goes under it, the answer not yet sent
        or sent but perhaps unread: held orders that a click let play at once, in the same flush,
        asked its player again in the same question message, and the click's answer ('1 hit on
        R-1-2J.') was written over before it was read; a computer's next question, a few seconds
        after the answer was shown ('Loss taken in Dinaburg (6).' under 'Battle of Kovno (11), you
        are the defender'), likewise. A question in a new message (`fresh`: it must notify) says the
        answer not yet sent above it too, where it fits: 'Stay: no advance.' stood alone in the
        clicked message, the retreat asked at once by the opponent's held attack in a DM of its own.
        Only the newest answer (`newest`): those before it were sent in the message they answer, and
        Last Blood's French read his three 'Stand and fight it out in 16.' lines twice. The click's
        own change puts its answer there itself (`_answered`). `seq`: the position the change tells
        (`_shown_answer`)."""
        question = own.get("question")
        if question is None or "answer" in question:  # under the change's own answer, which says it
            return
        unsent = [row["payload"] for row in self.news.store.undelivered(self.game_id)
                  if row["audience"] == side and "question" in row["payload"] and not row["tried_at"]]
        last = unsent[-1] if unsent else None
        answer = last["question"].get("answer") if last is not None else None
        if question["fresh"]:
            if answer is not None and last is not None and last["text"] == answer and \
                    not (self.asked_in is not None and side == self.side):
                self._under_where_it_fits(last["question"].get("newest", answer), own)  # a row stored without it
        elif last is not None and last["question"]["since"] == question["since"] and (told := _told_there(last)):
            _under(told, own)
        elif last is None and not (self.asked_in is not None and side == self.side) and \
                (shown := self._shown_answer(side, question["since"], seq)) is not None:
            _under(shown, own)

    def _told_with(self, side: str, since: int, outcome: Text) -> Text:
        """`outcome` under what the side's question message of the player-turn after command `since` tells
        already besides a question (`_told_there` of the last row written there, sent or not): its lines and
        each answer of the player-turn stay, in order, and the question waiting goes under them all. It read
        the answers alone: 1812's Russian, asked the French attrition the first time under the line his
        deadline's play told him ('your Russian deadline has passed, so the bot plays for you. ...'), read
        'Loss taken in Kovno (11).' alone once he clicked it."""
        last = self.news.store.last_question(self.game_id, side)
        told = _told_there(last["payload"]) if last is not None and \
            last["payload"]["question"].get("since") == since else None
        return _told_then(told, outcome) if told else outcome

    def _under_where_it_fits(self, answer: Text, own: dict) -> None:
        """The answer above a question that goes in a new message, when the message still holds
        both (never a message more for it: a text too long is split, never cut)."""
        pieces = self.news.delivery.messenger.pieces
        alone, both = dict(own, question=dict(own["question"])), own
        _under(answer, both)
        game = f"Game {self.game_id}: "
        if len(pieces(words(game, both["text"]))) > len(pieces(words(game, alone["text"]))):
            own.clear()
            own.update(alone)

    def _shown_answer(self, side: str, since: int, seq: int) -> Text | None:
        """What the side's question message of the player-turn after command `since` shows besides a
        question (`_told_there`), if anything; nothing that a command after `seq` wrote, which an undo going
        back to `seq` takes back: Blue's typed last plan, undone, read 'Blue: plan calm.' above that plan's
        question asked again."""
        for row in self._last_asked(side, since):
            told = _told_there(row["payload"])
            if told and row["seq"] <= seq:
                return told
        return None

    def _last_asked(self, side: str, since: int) -> list[dict]:
        """The outbox rows last written into the side's question messages of the player-turn after
        command `since` (one a place: its DMs, or its private thread)."""
        store, rows = self.news.store, []
        for place, audience in store.question_places(self.game_id):
            asked = store.question_messages(self.game_id, place) if audience == side else None
            row = store.outbox_row(asked[1]) if asked is not None and asked[0] == since and asked[2] else None
            rows += [row] if row is not None else []
        return rows

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

    def announce(self, line: Text, before: dict | None, after: dict, seq: int, quiet: bool = False,
                 private: dict[str, Text] | None = None, head: str | None = None, short: Text | None = None,
                 untold: frozenset[str] = frozenset(), story: Text = "", still: bool = False) -> Outbox:
        """The public line (with the map and who must move by when once the phase changed; a
        game beginning has `before` None), spectators and each side's private view with the
        `private` lines of the change for it; `quiet`: no public line while the phase goes on
        (a secret order given, nothing shown). `head`: the headline (`_head`), if known; `short`:
        the line without what that headline says, posted above it. The line keeps its `story`,
        what spectators read of it (bot/tables/spectators.py), and whether it is `still`: a change in
        which nothing happened but the sequence of play moving on (an `end` alone)."""
        news, game_id = self.news, self.game_id
        system = news.service.system(game_id)
        public = system.view(after, None)
        turn = new_turn(system, self.unshown or before, after)  # begun by a change told with this one
        self.turn = (turn, seq) if turn is not None else None
        over = system.outcome(after) is not None
        headline = self._head(before, after) if head is None else head
        moved = bool(headline)
        turned = new_player_turn(system, before, after)
        if not over:
            active, phase, deadlines = system.active_sides(after), system.phase_key(after), news.tables.deadlines
            now = player_turn_mark(public)
            back = deadlines.absent(game_id, now) & {self.back}  # a player back from absence: a full deadline
            self.absent = deadlines.marks(game_id, now, frozenset() if turned else self.played, self.back)
            self.planned = deadlines.plan(game_id, active, phase, self.restart | back, frozenset(self.absent))
            self.deadlines = deadlines.rows(game_id, active, phase, self.planned)
        game = news.store.game(game_id)
        told = notices(news.tables, game_id, before, after, seq, self.planned, moved, self.restart,
                       frozenset(self.absent or ()), self.author) if not over else []
        self.asked = {to: payload for to, payload in told if to in system.INFO.sides}
        self.since = seq if seq > news.store.last_seq(game_id) and turned \
            else news.store.player_turn_start(game_id, seq)
        self.pinged = {side for side, payload in self.asked.items() if "question" in payload and
                       self._ask(side, payload, quiet)}
        if not moved:
            rows: Outbox = [] if quiet else [(channel_audience(game["channel"]), _line(line, [], self._pings()))]
        else:
            rows = [(channel_audience(game["channel"]),
                     _line(line, words("\n", headline), self._due_note(after), seq, short))]
        if rows and story:
            rows[0][1]["story"] = story
            if still:
                rows[0][1]["still"] = True
        if moved:
            rows += spectator_rows(news, game_id, seq, after, self.turn, self.unshown or before, told=story,
                                   still=still)
        if over:
            rows += news.reveal_rows(game) + news.retire_rows(game_id, fmt.outcome_line(public["outcome"]))
        told = [row for row in told if not self._carried(rows, row, after) and not self._own_flow(row, system)]
        return rows + told + news.private_views(game_id, after, seq, before, private, untold)

    def _carried(self, rows: Outbox, asked: tuple[str, dict], after: dict) -> bool:
        """Whether a question's buttons went onto the change's own line in the channel, which already
        shows the question word for word (the engine's prompt): one message instead of two. A
        question that pings its player goes there as that ping alone ("@boris: your move, due ..."):
        it read the line's last sentence again under it, in a message of its own."""
        to, payload = asked
        if not rows or rows[0][0] != to or "buttons" in rows[0][1] or "buttons" not in payload:
            return False
        side = payload["buttons"]["side"]
        question = ask.question(self.news.service.system(self.game_id), after, side)
        shown, line = plain(words(question.text, ask.typed_note(question))), rows[0][1]
        if shown not in plain(line["text"]):
            return False
        if plain(payload["text"]) != shown:  # its ping, due and question: the ping and due alone
            when: Text = words(", due ", due(self.planned[side])) if side in self.planned else ""
            ping = words("\n", mention(self.news.store.seats(self.game_id)[side]), ": your move", when, ".")
            parts = line.setdefault("parts", {"line": words(line["text"]), "head": [], "asks": {}})
            parts["asks"][side] = words(parts["asks"].get(side, []), ping)
            line["text"] = words(line["text"], ping)
        line["buttons"] = payload["buttons"]
        return True

    def _own_flow(self, asked: tuple[str, dict], system: GameSystem) -> bool:
        """Whether a question goes unsent: one without buttons to the author of the change, where units are
        hidden (their view, kept in their DMs, heads what is asked), that would open their question message
        of the player-turn. Their own orders asked it (an answer played at once for the other side made the
        game wait for them again, in the middle of a box of theirs), which a question message of the
        player-turn takes in silently, an edit notifying nobody; the first player-turn has none, its question
        told at the top of the view (notices.asked_in_views): in Bloody Monday's first impulse, played by
        box, 'the game waits for you, due ...: French Tactical Action, combat segment: ...' came as a DM once
        the impulse had passed to the Russian."""
        to, payload = asked
        question = payload.get("question")
        return question is not None and bool(question.get("fresh")) and "buttons" not in payload and \
            self.author is not None and system.INFO.hidden_information and \
            self.news.store.seats(self.game_id).get(to) == self.author

    def _ask(self, side: str, payload: dict, quiet: bool) -> bool:
        """A private notice as its side's question message of the player-turn (bot/delivery/in_place.py):
        the first of the player-turn is a new DM, which notifies; a next one edits it in place,
        which does not, so a side newly awaited again in the same player-turn is pinged in the
        channel, the question staying in their DMs (True), unless they take their reminders by
        DM or the change says nothing in public (a secret order): then a new DM again. Whether
        a side is awaited is public (who is to move), so the ping tells the other side nothing.
        A side awaited still, asked the first time in a new player-turn, reads its question as
        one newly awaited does: a new DM under no answer, it read 'Game 1: Next, due ...'."""
        question = payload["question"]
        new = question.pop("new")
        asked = self.news.store.asked_since(self.game_id, side, self.since)
        ping = new and asked and not quiet and self.news.tables.prefs_of(self.game_id, side).remind != "dm"
        question.update(since=self.since, fresh=new and not ping)
        if not new and not asked and not (self.asked_in is not None and side == self.side):
            payload["text"] = opening(payload["text"])  # not written under the answer of its own button
        return ping

    def _pings(self) -> dict[str, Text]:
        """The pings of the sides asked again in their question message (`_ask`) by a change that
        keeps the phase (at a phase change, each side's "your move" line of `_due_note` says it);
        never the author's, whose own command's reply answers them (a standing order of the opponent
        answering mid-way through their message of orders leaves them awaited again)."""
        seats = self.news.store.seats(self.game_id)
        return {side: words("\n", mention(seats[side]), ": your move", HERE, ".")
                for side in sorted(self.pinged) if side in seats and seats[side] != self.author}

    def _due_note(self, after: dict) -> dict[str, Text]:
        """Who must move now, mentioned, and by when; a side told privately (bot/tables/notices.py)
        is named without a ping, unless its question edits its question message (`_ask`), and so
        is the author of the command, who reads its answer (a message of orders that ends a phase).
        Every side asked is among those: only a side that may act is asked, and each human one
        has a deadline."""
        seats = self.news.store.seats(self.game_id)
        told = {side for side in self.planned if seats.get(side) == self.author or
                told_privately(self.news.tables, self.game_id, side) and side not in self.pinged}
        return {side: [self._absent_note(side, after)] if side in (self.absent or ()) else
                words("\n", f"{fmt.side_name(side)} player" if side in told else mention(seats[side]),
                      ": your move, due ", due(when), HERE if side in self.pinged else "", ".")
                for side, when in self.planned.items() if side in seats}

    def _absent_note(self, side: str, after: dict) -> str:
        """An absent side's line (Deadlines.marks), unpinged: its deadline, due at once, is acted on
        in a moment, so it is not 'your move, due' now: what the game's at_deadline does for it."""
        waiting = self.news.service.system(self.game_id).choice(after)
        acts = "plays" if self.news.tables.settings(self.game_id).at_deadline == "end" else \
            "chooses" if waiting is not None and side in choosers(waiting) else None
        then = f"so the bot {acts} for them now" if acts else "so a new one is set now"
        return f"\n{fmt.side_name(side)} player: their deadline passed this player-turn, {then}."

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


def _line(line: Text, head: Text, asks: dict[str, Text], seq: int | None = None, short: Text | None = None) -> dict:
    """A change's line in the channel: what it did, the headline and map once the phase changed
    (`head`, the view after command `seq`), and the "your move" line of each side it asks (`asks`);
    above the headline, the line `short` of what the headline does not say, if given.
    Its parts are kept beside the words: held orders that a change lets play at once may make its
    headline or a "your move" stale before it is sent (bot/tables/superseded.py), and the line
    without it is then the whole `line`."""
    row = message(words(short if head and short is not None else line, head, *asks.values()), seq,
                  crop=seq is not None)
    if head or asks:
        row["parts"] = {"line": words(line), "head": words(head), "asks": asks}
    if head and short is not None:  # the line above the headline, where it stays (superseded.py)
        row["parts"]["short"] = words(short)
    return row


def own_view(view: dict, side: str) -> Text:
    """A side's view in words: the headline, and the list of its own units."""
    own = [u for u in view.get("units", []) if u.get("side") == side]
    lines = fmt.units_table(own, words=view.get("unit_words"), names=fmt.place_names(view))  # 1812: "Vilna (12)"
    return words(fmt.headline(view), "\n", table(lines))


def _answer_row(since: int, told: Text, newest: Text) -> dict:
    """A row written into a question message of the player-turn after command `since`: the answers it
    tells (`told`), the `newest` last, and no question."""
    return {"text": told, "question": {"since": since, "fresh": False, "answer": told, "newest": newest}}


def _told_there(payload: dict) -> Text | None:
    """What a row written into a question message says besides a question: the lines and answers it told
    above its question (`unasked`), or an answer row's answers. A question asked again in that message goes
    under them: 1812's French question message of his Player-Turn told 'Attrition in Kovno (11): ...' above
    'Move stacks one place', and the Supply Segment asked there after his box's battle read without it."""
    return payload["unasked"] if "unasked" in payload else payload.get("question", {}).get("answer")


def _under(answer: Text, own: dict) -> None:
    """A question written under the answer of a click, in the same question message: the answer
    stays and the question follows it, on a line of its own."""
    own["text"] = words(answer, "\n", _line_of_its_own(own["text"]))
    own["unasked"] = join([part for part in (answer, own.get("unasked")) if part])
    own["question"]["answer"] = answer


def _told_then(told: Text, outcome: Text) -> Text:
    """The answers a question message tells, then `outcome` under them; an outcome played by the same
    order as the line above (its words before the last ': ' name it, in brackets) goes on that line,
    read on a phone as one: a chain of hits answered at successive deadlines named the order three
    times. A player's own answers keep a line each ('Stay: no advance.' clicked twice).

    >>> late = "At your deadline: Russian by default (hit: protect_leaders): hit "
    >>> _told_then(["1 hit on R-2-7.\\n", late + "R-2-7."], late + "R-2-1J.")
    ['1 hit on R-2-7.\\nAt your deadline: Russian by default (hit: protect_leaders): hit R-2-7; hit R-2-1J.']
    >>> _told_then("Stay: no advance.", "Stay: no advance.")
    ['Stay: no advance.\\nStay: no advance.']
    """
    parts = words(told)
    last = parts[-1] if parts and isinstance(parts[-1], str) else ""
    above = last.rpartition("\n")[2]
    lead, _, said = outcome.rpartition(": ") if isinstance(outcome, str) else ("", "", "")
    if lead.endswith(")") and above.startswith(lead + ": ") and above.endswith("."):
        return words(parts[:-1], last.removesuffix("."), "; ", said)
    return join([told, outcome])


def _line_of_its_own(text: Text) -> Text:
    """A question that starts a line after the change's own lines starts as a sentence does: "The game
    waits for you", which after "Game 3: " alone reads "the game waits for you".

    >>> _line_of_its_own(["the game waits for you, due ", {"at": "2026-03-01T00:00:00+00:00"}])
    ['The game waits for you, due ', {'at': '2026-03-01T00:00:00+00:00'}]
    """
    parts = words(text)
    if parts and isinstance(parts[0], str):
        parts[0] = parts[0][:1].upper() + parts[0][1:]
    return parts


def player_turn_name(view: dict) -> str:
    """A player-turn as a player reads it, the turn as its game names it: "turn 2, French player",
    "Game-Turn 2, French player" (1812)."""
    player = f"{fmt.side_name(view['player'])} player" if view.get("player") else ""
    return ", ".join(filter(None, (fmt.turn_in_sentence(view), player)))


class News(Room):
    """Telling everyone what a change means for them."""

    def _inbox_of(self, actor: Actor, channel_id: str) -> tuple[dict, str | None]:
        """The game here and the player's private thread in it, if they have one."""
        game = self.tables.game_in(channel_id)
        if not sides_of(self.store.seats(game["id"]), actor):
            raise TableError("You have no seat in this game; only its players get private news.")
        return game, self.store.private_thread(game["id"], actor.id)

    def change(self, game_id: int, who: Text, restart: frozenset[str] = frozenset(),
               why: str | None = None, author: str | None = None) -> Change:
        return Change(self, game_id, who, restart, why, author)

    def tell_lost(self) -> int:
        """At start: each game whose messages went further than its stored commands (the database
        was restored from an older copy) tells its table what was lost and where the game stands;
        how many games. Told once: the notice is the game's newest message, at its last command. It
        names the game in its channel; a DM (a paused game's news) is headed by its game when sent."""
        lost = self.store.told_beyond_log()
        self.store.told_anew()  # told once: from now on the marks are the database's
        for game_id, held, told in lost:
            said = (f"the bot's database was restored from an older copy. It holds this game's commands up to "
                    f"command {held}, but its messages went up to command {told}: the commands after {held} are "
                    f"lost, and the game goes on from command {held}. `/game status` shows where it stands.")
            self.store.add_outbox(game_id, [
                (place, message(words(f"Game {game_id}: ", said) if place.startswith("channel:") else said))
                for place in self.places(self.store.game(game_id))])
        return len(lost)

    def reveal_rows(self, game: dict) -> Outbox:
        """Once a game is over: its seed and salt where its news goes (`places`), to check the
        dice (fair_dice)."""
        text = fair_dice.reveal(game)
        return [(place, message(text)) for place in self.places(game)] if text else []

    def places(self, game: dict) -> list[str]:
        """Where a game's public news goes: its channel, or each of its players by DM while it
        is paused (its channel may be gone)."""
        if not game["paused"]:
            return [channel_audience(game["channel"])]
        people = set(self.store.seats(game["id"]).values()) - {COMPUTER}
        return [user_audience(user) for user in sorted(people)]

    def private_views(self, game_id: int, state: dict, seq: int, before: dict | None,
                      private: dict[str, Text] | None = None, untold: frozenset[str] = frozenset()) -> Outbox:
        """Each side's own view, with the list of its own units, when it shows more than the
        public one (hidden blocks), kept in messages edited in place (bot/delivery/in_place.py), not sent
        anew: rewritten when what the side sees changed or the change has `private` lines for it
        (shown at its top); `before` None (the game begins, a player takes the seat) writes it
        whatever it was. Lines only the view tells (`untold`: the side's own command, answered
        without them) are carried to its top again by a view written before it was sent: held
        orders played at once after a click rewrote it, and the click's lines were never read.
        With it, once a player-turn (the first change of one, or `before` None), the side's map
        by DM: at most one private picture a player-turn, and more on request."""
        system = self.service.system(game_id)
        public = system.view(state, None)
        private = private or {}
        turn_begins = new_player_turn(system, before, state)
        rows: Outbox = []
        for side in self.store.seats(game_id):
            view = system.view(state, side)
            if not _shows_more(view, public):
                continue
            if before is None or side in private or own_view(view, side) != own_view(system.view(before, side), side):
                carried = self._unsent_untold(game_id, side)
                mine = private.get(side, "")
                seen = self.store.seen_after(game_id, side, seq)
                rows.append(_kept(side, seen, view, join([t for t in (carried, mine) if t]),
                                  join([t for t in (carried, mine if side in untold else "") if t])))
            if turn_begins:
                rows.append((side, message(f"your map as {fmt.side_name(side)}: {player_turn_name(public)}.",
                                           seq, side, crop=True)))
        return rows

    def _unsent_untold(self, game_id: int, side: str) -> Text:
        """What the side's latest kept view not yet tried alone tells (`_kept`'s `untold`): a view
        written now goes instead of it (bot/delivery/places.py), so it carries those lines."""
        kept = [row for row in self.store.undelivered(game_id)
                if row["audience"] == side and row["payload"].get("kept") and not row["tried_at"]]
        return kept[-1]["payload"].get("untold", "") if kept else ""

    async def concede(self, game_id: int, loser: str, reason: Text, ping: bool = False) -> None:
        """End the game with the other side the winner (resignation, forfeit): stored in a
        worker thread, then sent. `ping`: its line pings the players (a forfeit at a deadline,
        which no player's command made: else neither would learn of it from a notification)."""
        await asyncio.to_thread(self._end, game_id, loser, reason, ping)
        self.tables.computer.forget(game_id)
        await self.delivery.flush(game_id)

    def _end(self, game_id: int, loser: str, reason: Text, ping: bool = False) -> None:
        system = self.service.system(game_id)
        winners = [s for s in system.INFO.sides if s != loser]
        ended = {"winner": winners[0] if len(winners) == 1 else None, "reason": plain(reason)}
        text = words(reason, f": {fmt.side_name(ended['winner'])} wins game {game_id}.")
        seats = self.store.seats(game_id)
        players = dict.fromkeys(seats[s] for s in system.INFO.sides if seats.get(s) not in (None, COMPUTER))
        pings = words(*(words(mention(user), " ") for user in players)) if ping else ""
        self.service.end_game(game_id, ended, self.final_rows(game_id, text, pings))
        self.tables.deadlines.reschedule(game_id)

    def final_rows(self, game_id: int, text: Text, pings: Text = "") -> Outbox:
        """A game ended by its players (resignation, forfeit, agreed draw): the line with the
        final map in its channel (after `pings`, if any), spectators, each player's kept view
        ended too, and the seed of its dice."""
        seq = self.store.last_seq(game_id)
        game = self.store.game(game_id)
        state = self.service.load(game_id)
        system = self.service.system(game_id)
        public = system.view(state, None)
        rows: Outbox = [(channel_audience(game["channel"]),
                         message(words(pings, text, "\n", fmt.headline(final_view(public))), seq))]
        rows += spectator_rows(self, game_id, seq, state, None, ended=text)
        rows += [_kept(side, self.store.seen_seq(game_id, side), final_view(own), text)
                 for side in self.store.seats(game_id) if _shows_more(own := system.view(state, side), public)]
        return rows + self.reveal_rows(game) + self.retire_rows(game_id, text)

    def handed_rows(self, game_id: int, state: dict, seq: int, side: str, holder: str, newcomer: str) -> Outbox:
        """What a player who hands their seat on keeps in their DMs (or private thread), written over
        once more: their kept view as of the hand-over, saying it is kept no longer, and each question
        left open to them, its buttons gone. Both read 'kept up to date' and 'the game waits for you'
        over a view and a question that were theirs no more."""
        system = self.service.system(game_id)
        view = system.view(state, side)
        seat = f"{fmt.side_name(side)} seat went to "
        rows: Outbox = []
        if _shows_more(view, system.view(state, None)):
            _, payload = _kept(side, self.store.seen_after(game_id, side, seq), view, "",
                               kept=words(f"(no longer kept up to date: the {seat}", mention(newcomer), ")"))
            rows.append((user_audience(holder), payload))
        thread = self.store.private_thread(game_id, holder)
        theirs = {f"dm:{holder}"} | ({f"thread:{thread}"} if thread is not None else set())
        return rows + [(audience, {"text": words(f"The {seat}", mention(newcomer), "."), "retire": place})
                       for place, audience in self.store.question_places(game_id) if place in theirs]

    def retire_rows(self, game_id: int, ended: Text) -> Outbox:
        """Once a game is over: each of its question messages written over by the outbox with `ended`
        (how the game ended, as its channel reads it) under what else its question told, its buttons
        gone (bot/delivery/in_place.py, `retire`); a question left open read 'the game waits for you' after
        the end, its buttons refused."""
        return [(audience, {"text": ended, "retire": place}) for place, audience in self.store.question_places(game_id)]

    async def inbox(self, actor: Actor, channel_id: str) -> Text:
        """The fallback for closed DMs: a private thread in the game's channel where this
        player's private news goes instead, offered only where no other player of the game could
        read it (Discord shows every private thread to the server's owner and to members with
        Administrator or Manage Threads), and saying truthfully who else could."""
        game, thread = await asyncio.to_thread(self._inbox_of, actor, channel_id)
        seen = await self._onlookers(game, actor.id)
        if seen.among:
            if thread is not None:
                await asyncio.to_thread(self.store.drop_private_thread, game["id"], actor.id, [])
            raise TableError(words(
                "A private thread here would not be private from the other players: ", _names(seen.among),
                " may read every private thread in this channel (the server's owner and members "
                "with Administrator or Manage Threads can). Your private news keeps coming by DM: "
                "allow DMs from this server's members (Privacy Settings), or read it in the "
                "replies to your commands here."))
        if thread is None:
            thread = await self.delivery.messenger.private_thread(
                game["channel"], actor.id, f"Game {game['id']}: private news",
                await asyncio.to_thread(self.store.private_threads, game["id"]))
            await asyncio.to_thread(self.store.set_private_thread, game["id"], actor.id, thread)
        await self.delivery.flush(game["id"])
        if not seen.others:
            return words("Your private news of game ", str(game["id"]), " now goes to ",
                         channel(thread), ", which only you can see.")
        return words("Your private news of game ", str(game["id"]), " now goes to ", channel(thread),
                     ". No other player of this game can read it; besides you, ", seen.others,
                     " can (Discord shows every private thread to the server's owner and to members "
                     "with Administrator or Manage Threads).")

    async def _onlookers(self, game: dict, user: str) -> Onlookers:
        """Who could read this player's private thread: which other players of the game, who else."""
        try:
            return await self.delivery.onlookers(game["id"], user)
        except Exception as error:  # a thread nobody can vouch for is offered to no one
            log.exception("game %s: who may read private threads could not be checked", game["id"])
            raise TableError("I could not check who else may read a private thread here, so I "
                             "open none; your private news keeps coming by DM.") from error

    async def recheck_threads(self, game_id: int) -> None:
        """After a seat changes hands: a player whose private thread a newly seated player could
        read gets their news by DM again, and is told why (Delivery.keep_thread). Never raises:
        the seat stands."""
        try:
            seats = await asyncio.to_thread(self.store.seats, game_id)
            for user in sorted(set(seats.values()) - {COMPUTER}):
                if await asyncio.to_thread(self.store.private_thread, game_id, user) is not None:
                    await self.delivery.keep_thread(game_id, user)
        except Exception:
            log.exception("game %s: rechecking its private threads failed", game_id)


def _names(users: tuple[str, ...]) -> Text:
    """Players mentioned, in a list."""
    return join([mention(user) for user in users], ", ")


def _kept(side: str, seen: int, view: dict, latest: Text, untold: Text = "",
          kept: Text = "(this message is kept up to date)") -> tuple[str, dict]:
    """A side's own view in words, kept in one message edited in place (bot/delivery/in_place.py), with what
    the change told it alone at its top; `untold`: those of its lines no other message tells. `seen`: the
    commands the side has observed (Store.seen_seq), never the game's count, which tells when the other
    side gives a secret order."""
    top = words("Latest for you: ", latest, "\n\n") if latest else ""
    payload = kept_view(words(f"your view as {fmt.side_name(side)}, as of command {seen} ", kept, ":\n", top,
                              own_view(view, side)), seen)
    return side, payload | ({"untold": untold} if untold else {})


def _shows_more(view: dict, public: dict) -> bool:
    """Whether a side's view shows more than the public one (hidden blocks): only then is it kept in its DMs."""
    return {k: v for k, v in view.items() if k != "viewer"} != {k: v for k, v in public.items() if k != "viewer"}
