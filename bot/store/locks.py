"""Locks on files beside the database: one while a new file is migrated, one while a process serves it."""
from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.store.errors import AlreadyServed


@contextmanager
def file_lock(path: str) -> Iterator[None]:
    """An exclusive advisory lock while the body runs, on the file `<database>-migrate.lock`
    beside the database, never on the database itself: closing any descriptor of the database
    would drop the POSIX locks SQLite holds on it in this process, and another connection could
    then checkpoint and delete the WAL under a live one ("database disk image is malformed")."""
    with open(f"{path}-migrate.lock", "ab") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextmanager
def sole_server(path: str | Path, holder: str = "bot") -> Iterator[None]:
    """Held while a bot serves the database at `path`, or while `kolocha local` plays one of its
    stored games (`holder` says which, in the other's refusal): a second server of the same file
    would answer commands twice, so it is refused (AlreadyServed). The lock belongs to the file
    itself, not to the name it was given: it is `<database>.lock` beside the database's resolved
    path, so a symlink (to the file or to a folder on its way) or a relative name finds the same
    lock. It is released by the system
    whenever the process ends, however it ends."""
    real = os.path.realpath(path)
    with open(f"{real}.lock", "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            held = handle.read().strip() or "process"
            raise AlreadyServed(f"another Kolocha {held} is already serving {path}; "
                                "stop it first, or give this one another database.") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{holder} (process {os.getpid()})\n")
        handle.flush()
        yield
