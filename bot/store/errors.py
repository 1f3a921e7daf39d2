"""The ways the store turns a write or a file down: each a sentence for the person who asked.

StoreRefusal and its kinds: a write refused to keep a game whole (nothing was written).
SchemaTooNew, NotKolocha, AlreadyServed: a database file that this process must not open or serve;
Unwritable: a folder where it cannot make the lock files beside it.
"""
from __future__ import annotations


class StoreRefusal(Exception):
    """A write the store turned down to keep a game whole; nothing was written. str() is the
    sentence for the player."""


class GameRefusal(StoreRefusal):
    """A refusal about one game: its `sentence` with the game's number in it."""

    sentence: str  # each kind's own, with {} where the game's number goes

    def __init__(self, game_id: int):
        super().__init__(self.sentence.format(game_id))
        self.game_id = game_id


class UnknownGame(GameRefusal):
    """A game number the store has never given."""

    sentence = "There is no game {}."


class GameOver(GameRefusal):
    """A write to a game that has ended (by the rules, a resignation, a forfeit or a cancel)."""

    sentence = "Game {} is over; it takes no more commands."


class NotPaused(GameRefusal):
    """A resume of a game that is not paused (another command resumed it meanwhile)."""

    sentence = "Game {} is not paused."


class AlreadyPaused(GameRefusal):
    """A pause of a game that is paused already (another command paused it meanwhile)."""

    sentence = "Game {} is already paused."


class DamagedGame(GameRefusal):
    """A game whose own row cannot be read: set aside (bot/damage.py) until it is repaired."""

    sentence = ("Game {}'s stored record is damaged, so it is set aside; the server's owner has been told. "
                "Every other game goes on.")


class StaleCommand(StoreRefusal):
    """A command judged against a position that another command has since replaced."""

    def __init__(self, issued_against: int, last: int):
        super().__init__(f"Another command was stored while yours was being judged (the game is "
                         f"now at command {last}, yours was judged at command {issued_against}); "
                         "nothing was applied. Look at the game again and resend.")


class SchemaTooNew(Exception):
    """A database file that a newer Kolocha has migrated: opening it here could damage it."""


class NotKolocha(Exception):
    """A file that is not a Kolocha database: missing, empty, another program's, or a copy of a
    running bot's file made without its write-ahead log."""


class AlreadyServed(Exception):
    """Another bot process is already serving this database file."""


class Unwritable(Exception):
    """A lock file beside the database that this process cannot make: its folder is read-only to
    the user running Kolocha, or no place for files at all. str() names the file and the reason."""
