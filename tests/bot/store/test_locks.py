"""The lock files beside a database last as long as their locks, and still lock: two processes
never hold one at once, though each removes the file as it lets go."""
from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import AlreadyServed, Store, locks, sole_server

ROOT = Path(__file__).resolve().parents[3]

# Each of two processes takes the migration lock 300 times, and inside it makes a file no one else
# may make at the same time (O_EXCL): a second holder inside with it fails.
INSIDE = """
import os, sys
from bot.store.locks import file_lock
database, inside = sys.argv[1], sys.argv[1] + ".inside"
for _ in range(300):
    with file_lock(database):
        os.close(os.open(inside, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        os.unlink(inside)
"""


def test_two_processes_never_hold_the_migration_lock_at_once_and_leave_no_file(tmp_path):
    database = str(tmp_path / "k.sqlite")
    runs = [subprocess.Popen([sys.executable, "-c", INSIDE, database], cwd=ROOT, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]
    errors = [run.communicate(timeout=120)[1] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], errors
    assert list(tmp_path.iterdir()) == []


def test_a_lock_won_on_a_file_its_holder_removed_is_taken_again_on_the_one_there(tmp_path, monkeypatch):
    """The race the removal opens: this process opened the lock file, its holder removed it and let
    go, another made a new one at the name and locked it. The lock won on the removed file locks
    no one out, so the file at the name is locked instead."""
    name = str(tmp_path / "k.sqlite-migrate.lock")
    flock, others = fcntl.flock, []

    def holder_lets_go_first(handle, operation):
        if not others:  # the holder removed it, and another took the name at once
            os.unlink(name)
            others.append(open(name, "a+"))
        flock(handle, operation)
    monkeypatch.setattr(locks.fcntl, "flock", holder_lets_go_first)
    with locks.file_lock(str(tmp_path / "k.sqlite")):
        monkeypatch.setattr(locks.fcntl, "flock", flock)
        assert os.stat(name).st_ino == os.fstat(others[0].fileno()).st_ino
        with pytest.raises(BlockingIOError):  # the one at the name is ours
            fcntl.flock(others[0], fcntl.LOCK_EX | fcntl.LOCK_NB)
    others[0].close()
    assert not os.path.exists(name)


def test_a_new_file_opened_by_two_processes_at_once_is_migrated_once(tmp_path):
    database = tmp_path / "k.sqlite"
    opening = ("import sys\nfrom bot.store import Store\nStore(sys.argv[1]).close()")
    runs = [subprocess.Popen([sys.executable, "-c", opening, str(database)], cwd=ROOT, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]
    errors = [run.communicate(timeout=120)[1] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], errors
    store = Store(database)
    assert store.create_game("toy_system", "short", 1) == 1
    store.close()
    assert [path.name for path in tmp_path.iterdir()] == ["k.sqlite"]


SERVING = """
import sys
from bot.store import sole_server
with sole_server(sys.argv[1], "terminal game (kolocha local)"):
    print("serving", flush=True)
    sys.stdin.readline()
"""


def test_a_server_in_another_process_refuses_this_one_until_it_stops_and_leaves_no_file(tmp_path):
    database = tmp_path / "k.sqlite"
    other = subprocess.Popen([sys.executable, "-c", SERVING, str(database)], cwd=ROOT, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert other.stdout.readline() == "serving\n"
    with pytest.raises(AlreadyServed) as refused, sole_server(database):
        pass
    assert str(refused.value) == (f"another Kolocha terminal game (kolocha local) (process {other.pid}) is "
                                  f"already serving {database}; stop it first, or give this one another database.")
    other.communicate("\n", timeout=120)
    assert other.returncode == 0 and list(tmp_path.iterdir()) == []
    with sole_server(database):  # positive control: free once the other stopped
        assert (tmp_path / "k.sqlite.lock").read_text() == f"bot (process {os.getpid()})\n"
    assert list(tmp_path.iterdir()) == []
