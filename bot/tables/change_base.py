"""What every part of a change shares (bot/tables/change.py): the game and who gave the command, and what
composing its news learns on the way (what is asked of each side, from which command its player-turn runs,
the deadlines it announces). Each part (announcement.py, question_message.py) is a class over this one,
as Delivery's parts are over theirs; Change is all of them."""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.store import DeadlineRows
from bot.words import Text

if TYPE_CHECKING:
    from bot.tables.news import News


class ChangeBase:
    """What a change is made of; its parts read and write these."""

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
        self.command: str | None = None  # the game command it plays (None: an undo, a consent, a draw)
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
