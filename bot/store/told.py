"""How far each game's news has gone, kept beside the database file and not in it (`<database>.told`).

A database restored from an older copy lacks the commands played after the copy was made, and its
outbox lacks the messages that told them: nothing in the file says they were ever told. This small
file beside it is not restored with it (a restore copies the database alone), and still says, for
each game, the newest message the platform accepted and the command it was written at, so the bot
can tell each table what the restore took back (bot/tables/news.py, tell_lost). Only the bot writes
it, as its deliveries succeed; each start writes it again from the database.
"""
from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path

Mark = tuple[int, int]  # (the outbox row's id, the command it was written at)


class ToldMarks:
    """The newest delivered message of each game, as (row id, command), in the file beside the
    database (none for an in-memory one)."""

    def __init__(self, database: str) -> None:
        self.path = None if database == ":memory:" else Path(f"{os.path.realpath(database)}.told")
        self._lock = threading.Lock()
        self._marks: dict[int, Mark] | None = None

    def marks(self) -> dict[int, Mark]:
        """Each game's mark as the file holds it (empty when there is none or it cannot be read)."""
        with self._lock:
            return dict(self._read())

    def note(self, game: int, row: int, seq: int) -> None:
        """A row the platform accepted: the game's mark, unless a newer row already made it or it
        was written at the mark's command (the file is written once a command, not once a row: a
        database holding the mark's row holds its command too, so the first row of a command
        serves as well as its last)."""
        with self._lock:
            marks = self._read()
            newest, told = marks.get(game, (0, -1))
            if row > newest and seq != told:
                marks[game] = (row, seq)
                self._write(marks)

    def restart(self, marks: dict[int, Mark]) -> None:
        """The marks as the database has them now (each start, after a restore was told)."""
        with self._lock:
            self._marks = dict(marks)
            self._write(self._marks)

    def _read(self) -> dict[int, Mark]:
        if self._marks is None:
            self._marks = {}
            try:
                text = self.path.read_text() if self.path is not None else "{}"
                self._marks = {int(game): (int(row), int(seq)) for game, (row, seq) in json.loads(text).items()}
            except (OSError, ValueError, TypeError, AttributeError):
                pass  # missing or unreadable: nothing known beyond the database
        return self._marks

    def _write(self, marks: dict[int, Mark]) -> None:
        """Whole or not at all (a rename); a file that cannot be written only loses the warning."""
        if self.path is None:
            return
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.{threading.get_ident()}")
        try:
            temporary.write_text(json.dumps({str(game): list(mark) for game, mark in sorted(marks.items())}))
            os.replace(temporary, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
