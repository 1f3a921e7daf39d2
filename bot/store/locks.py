"""Locks on files beside the database: one while a new file is migrated, one while a process serves it.

Each lock file lasts as long as its lock: its holder removes it before letting go, so a player's
folder keeps only his game. A process that opened the file before it was removed may win the lock
on the removed file, so a lock counts only while its file is still the one at its name; one that
is not is let go and the name opened again (`_hold`). A process killed leaves its file behind,
unlocked, and the next holder removes it."""
from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO

from bot.store.errors import AlreadyServed, Unwritable


@contextmanager
def file_lock(path: str) -> Iterator[None]:
    """An exclusive advisory lock while the body runs, on the file `<database>-migrate.lock`
    beside the database, never on the database itself: closing any descriptor of the database
    would drop the POSIX locks SQLite holds on it in this process, and another connection could
    then checkpoint and delete the WAL under a live one ("database disk image is malformed")."""
    with _hold(f"{path}-migrate.lock", wait=True):
        yield


@contextmanager
def sole_server(path: str | Path, holder: str = "bot") -> Iterator[None]:
    """Held while a bot serves the database at `path`, or while `kolocha local` plays one of its
    stored games (`holder` says which, in the other's refusal): a second server of the same file
    would answer commands twice, so it is refused (AlreadyServed). The lock belongs to the file
    itself, not to the name it was given: it is `<database>.lock` beside the database's resolved
    path, so a symlink (to the file or to a folder on its way) or a relative name finds the same
    lock. The system lets it go whenever the process ends, however it ends."""
    try:
        with _hold(f"{os.path.realpath(path)}.lock", wait=False) as handle:
            handle.truncate()
            handle.write(f"{holder} (process {os.getpid()})\n")
            handle.flush()
            yield
    except _Held as other:
        raise AlreadyServed(f"another Kolocha {other.by} is already serving {path}; "
                            "stop it first, or give this one another database.") from None


class _Held(Exception):
    """The lock file is held by another process, which wrote who it is in it (`by`)."""

    def __init__(self, by: str) -> None:
        super().__init__(by)
        self.by = by


@contextmanager
def _hold(name: str, wait: bool) -> Iterator[IO[str]]:
    """The file `name` (made if need be) locked exclusively while the body runs, and removed before
    it is let go; without `wait`, _Held while another process holds it."""
    while True:
        try:
            handle = open(name, "a+")
        except OSError as error:  # before SQLite is asked: a folder the user may not write in
            raise Unwritable(f"cannot make {name}: {error.strerror}") from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            with handle:
                if _is_at(handle, name):
                    handle.seek(0)
                    raise _Held(handle.read().strip() or "process") from None
            continue  # its holder removed it as it let go: the name is free, or another's now
        if _is_at(handle, name):
            break
        handle.close()  # locked only once its holder removed it: another may hold the one there now
    try:
        handle.seek(0)
        yield handle
    finally:
        with suppress(OSError):  # a folder this process may not write in keeps it
            os.unlink(name)
        handle.close()


def _is_at(handle: IO[str], name: str) -> bool:
    """Whether the open file is still the one at `name` (not removed, nor replaced)."""
    try:
        there = os.stat(name)
    except FileNotFoundError:
        return False
    mine = os.fstat(handle.fileno())
    return (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino)

