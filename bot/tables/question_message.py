"""A player's question message of the player-turn (one DM, edited in place: bot/delivery/in_place.py) as a
change writes it: the answers it tells, a click's, a typed command's, a deadline's or a standing order's, each
under those before it, and the question asked next under them all; a question its player's own orders leave
unasked says the order that did it. A change's part (bot/tables/change.py)."""
from __future__ import annotations

from bot import asked as ask
from bot.store import Outbox
from bot.tables.change_base import ChangeBase
from bot.words import Text, join, words
from rules.core.standing import choosers
from rules.core.system import GameSystem


class QuestionMessagePart(ChangeBase):
    """What a change writes into its sides' question messages besides the question."""

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
        'Assault in Kovno (11).' above it lost. A question that goes in a new message (`fresh`) says no answer
        above it: the clicked message says it, just above (the button's reply writes it there), and Bloody
        Monday's Russian read '1 hit on R-M-1Mos.' there and again atop the next impulse's DM."""
        own, last = self.asked.get(side), self.news.store.last_question(self.game_id, side)
        told = self._told_with(side, last["payload"]["question"]["since"] if last is not None else self.since,
                               outcome)  # the clicked message's player-turn
        if own is not None and "question" in own:
            if own["question"]["fresh"]:  # a new message: the clicked one, just above, says the answer
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
        the order, as a sent one is written. The order is shown there until the message is next written, and
        not kept above what is asked next: Bloody Monday's Russian, his box's orders played one at a time
        behind the French choices, read 'Russian: battle 28.', 'Russian: battle 29.', 'Russian: fire R-1-A1
        45.' piled above his next question of hits, a log of his own orders (his replies say each); he reads
        the last alone, then the question under what else the message told. Returns the rows of that message
        not yet sent, which this one writes over (dropped)."""
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
        if sent or said:  # his order shown until the message is written again, where it is not kept
            row = _answer_row(since, _told_then(said, outcome) if said else outcome, outcome)
            rows.append((side, row | {"question": row["question"] | {"answer": said}}))
        return [row["id"] for row in store.undelivered(self.game_id) if row["audience"] == side and not row["tried_at"]
                and not row["joined"] and (asked := row["payload"].get("question", {})).get("since") == since
                and not (sent and asked.get("fresh"))]

    def _until_asked(self, system: GameSystem, side: str, after: dict) -> dict:
        """Lines to the side whose player-turn it is, while the game waits for another side, wait for his next
        question of the player-turn (`_under_unsent_lines`), which comes with them in one DM: 1812's French
        `end` opened the Russian Player-Turn, 'Your reinforcements in Smolensk (15): 1 infantry corps.' went
        as a DM of its own while the French chose where Russian attrition fell, and the loss and 'The game
        waits for you' came in another a click later, two DMs where one says both. They wait no longer than
        the player-turn, nor past the game's end (bot/delivery/places.py); his kept view tells them at once.
        Who plays and who is awaited are public: the other side reads the same whatever they say."""
        if system.outcome(after) is not None or system.view(after, None).get("player") != side or \
                side in system.active_sides(after):
            return {}
        return {"waits": self.since}

    def _under_unsent_lines(self, side: str, own: dict) -> list[int]:
        """A question by DM goes under the side's lines not yet sent just before it, in one message
        (their rows, returned, are dropped as the change is stored), those waiting for it too (`_until_asked`):
        an 1812 Player-Turn's 'Your reinforcements in Smolensk (15): 1 infantry corps.' came as a DM of its own
        above 'Attrition in Dinaburg (6): ... The game waits for you', two notifications where one says both."""
        if "question" not in own:
            return []
        unsent = [row for row in self.news.store.undelivered(self.game_id)
                  if row["audience"] == side and not row["payload"].get("kept")]  # a kept view is no new message
        lines: list[dict] = []
        for row in reversed(unsent):
            if set(row["payload"]) - {"waits"} != {"text"} or row["tried_at"] or row["joined"]:
                break
            lines.insert(0, row)
        if lines:
            said = join([row["payload"]["text"] for row in lines])
            own["text"] = join([said, line_of_its_own(own["text"])])
            own["unasked"] = join([part for part in (said, own.get("unasked")) if part])
        return [row["id"] for row in lines]

    def _under_the_unsent_answer(self, side: str, own: dict, seq: int) -> None:
        """A question written in place of a click's answer goes under it, the answer not yet sent
        or sent but perhaps unread: held orders that a click let play at once, in the same flush,
        asked its player again in the same question message, and the click's answer ('1 hit on
        R-1-2J.') was written over before it was read; a computer's next question, a few seconds
        after the answer was shown ('Loss taken in Dinaburg (6).' under 'Battle of Kovno (11), you
        are the defender'), likewise. A question in a new message (`fresh`) goes under no answer: the
        answer not yet sent is written in the message it answers, just above the new one, in the same
        flush; a new Bloody Monday impulse's DM opened with 'The Russian player applies 2 hits in 46
        (5.3.6), forced: ...', which the message above it had just said (as did Last Blood's French
        with his 'Stand and fight it out in 57.'). The click's own change puts its answer there itself
        (`_answered`). `seq`: the position the change tells (`_shown_answer`)."""
        question = own.get("question")
        if question is None or "answer" in question or question["fresh"]:  # under the change's own answer
            return
        unsent = [row["payload"] for row in self.news.store.undelivered(self.game_id)
                  if row["audience"] == side and "question" in row["payload"] and not row["tried_at"]]
        last = unsent[-1] if unsent else None
        if last is not None and last["question"]["since"] == question["since"] and (told := _told_there(last)):
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
    own["text"] = words(answer, "\n", line_of_its_own(own["text"]))
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


def line_of_its_own(text: Text) -> Text:
    """A question that starts a line after the change's own lines starts as a sentence does: "The game
    waits for you", which after "Game 3: " alone reads "the game waits for you".

    >>> line_of_its_own(["the game waits for you, due ", {"at": "2026-03-01T00:00:00+00:00"}])
    ['The game waits for you, due ', {'at': '2026-03-01T00:00:00+00:00'}]
    """
    parts = words(text)
    if parts and isinstance(parts[0], str):
        parts[0] = parts[0][:1].upper() + parts[0][1:]
    return parts
