"""A change's announcement: its line in the channel (with the headline, the map and who must move by when
once the phase changed), spectators, what is asked of each side by DM and the pings in the channel that
point there, and each side's kept view. A change's part (bot/tables/change.py)."""
from __future__ import annotations

from bot import asked as ask
from bot import text as fmt
from bot.delivery import channel_audience, message
from bot.service import new_player_turn, new_turn, player_turn_mark
from bot.store import Outbox
from bot.tables.change_base import ChangeBase
from bot.tables.notices import notices, opening, told_privately
from bot.tables.spectators import spectator_rows
from bot.words import COMPUTER, Text, due, mention, plain, words
from rules.core.standing import choosers
from rules.core.system import GameSystem

HERE = "; what is asked is in your private news"  # a ping's pointer to the question message


class AnnouncementPart(ChangeBase):
    """The rows a change's news goes out in, and who it asks and pings."""

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

    def announce(self, line: Text, before: dict | None, after: dict, seq: int, quiet: bool = False,
                 private: dict[str, Text] | None = None, head: str | None = None, short: Text | None = None,
                 untold: frozenset[str] = frozenset(), story: Text = "", still: bool = False) -> Outbox:
        """The public line (with the map and who must move by when once the phase changed; a
        game beginning has `before` None), spectators and each side's private view with the
        `private` lines of the change for it, and its map where one is due (kept_views.map_due), sent above
        what is asked of it: Bloody Monday's map of an impulse came under its question, so the newest DM
        was no longer what the player must answer; `quiet`: no public line while the phase goes on
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
        waiting = system.choice(after)
        secret = waiting is not None and waiting.get("sides") is not None
        self.pinged = {side for side, payload in self.asked.items() if "question" in payload and
                       self._ask(side, payload, quiet or secret)}
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
        if rows and not moved and not over and self._gathers(system, after, rows[0][1]):
            rows[0][1]["gathers"] = True
        views = news.private_views(game_id, after, seq, before, private, untold)
        maps = [row for row in views if "picture" in row[1]]
        return rows + maps + told + [row for row in views if "picture" not in row[1]]

    def _gathers(self, system: GameSystem, after: dict, line: dict) -> bool:
        """Whether the change's line in the channel waits for the channel's next one, to go in one post with it
        (bot/delivery/places.py): a step of a player-turn that its player goes on with, given by hand, in a game
        with hidden units, asking no one anything (no choice waits, no one pinged, no buttons). Bloody Monday's
        restores given one `/order` at a time were a post each, eleven of '**boris** — The Russian player restores
        a step (3.4-3.6).' in one Logistics Phase, where a box of them, or the computer's, is one; they now go with
        the line that hands the game on, its headline and map. Who is to move and whether a choice waits are
        public, so what waits, and for how long, is the same whatever the public has not seen. An undo, a request
        or a draw offered is posted at once."""
        return system.INFO.hidden_information and self.author is not None and self.command is not None and \
            not {"buttons", "parts"} & set(line) and system.choice(after) is None and \
            system.active_sides(after) == [self.side]

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
        DM or the change says nothing in public (a secret order), or the choice is made by several
        sides at once in secret (`quiet`): then a new DM again. Whether a side is awaited is public
        (who is to move), so the ping tells the other side nothing; whether a side is asked at a
        secret choice is not: its standing order may have put its chit down (1812's battle plans,
        SPI's 1812 overview, COMBAT), and a ping there, missing where the order answered, told it.
        A side awaited still, asked the first time in a new player-turn, reads its question as
        one newly awaited does: a new DM under no answer, it read 'Game 1: Next, due ...'. The first question of
        the game a person reads says under it how its commands are given where it is read (`tip`: a DM takes them
        typed), once, whatever seat it asks (every DM and kept view closed with '(Type these in the channel, ...)';
        keyed on the side's questions, a seat's new holder never read it). The tip names its reader: who has read
        one is the store's, and public (who holds which seat); a change asking one person both sides' questions
        (a hot seat) tips the first alone, where both read it."""
        question = payload["question"]
        new = question.pop("new")
        store = self.news.store
        asked = store.asked_since(self.game_id, side, self.since)
        holder = store.seats(self.game_id).get(side)
        if holder not in (None, COMPUTER) and not store.tipped(self.game_id, holder, side) and \
                all(other.get("tip") != holder for other in self.asked.values()):
            payload["tip"] = holder
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
