"""bot/memory.py: with large blocks given back, a freed picture's memory leaves the process even
when small objects were allocated between its blocks (what a long-running bot does); with few
arenas, the bot's threads share two heaps."""
from __future__ import annotations

import subprocess
import sys

import pytest

from bot.memory import ARENAS

FRAGMENTED = """
import sys
from bot.memory import give_back_large_blocks
took = give_back_large_blocks() if sys.argv[1] == "fixed" else None
def resident():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
first = bytearray(8 * 2**20)
del first  # glibc now serves blocks up to 8 MB from its heap
before = resident()
small, blocks = [], []
for _ in range(60):  # 60 MB of 1 MB blocks, each followed by a small object that stays
    blocks.append(bytearray(2**20))
    small.append(bytearray(64 * 1024))
del blocks
print(took, resident() - before)
"""


def grown(mode: str) -> tuple[str, int]:
    out = subprocess.run([sys.executable, "-c", FRAGMENTED, mode], capture_output=True, text=True, check=True)
    took, megabytes = out.stdout.split()
    return took, int(megabytes)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="resident memory read from Linux /proc")
def test_freed_large_blocks_leave_the_process():
    took, fixed = grown("fixed")
    if took != "True":
        pytest.skip("not glibc: its allocator takes no such setting")
    _, default = grown("default")
    assert default >= 40  # the freed blocks stay, held between the small objects
    assert fixed <= 15  # only the small objects (4 MB) and the allocator's slack


THREADED = """
import ctypes, os, sys, tempfile, threading
from bot.memory import few_arenas
took = few_arenas() if sys.argv[1] == "fixed" else None
bytearray(1000)
allocated, go = threading.Barrier(9), threading.Event()
def work():
    held = [bytearray(4096) for _ in range(200)]  # each thread allocates, all alive at once
    allocated.wait()
    go.wait()
threads = [threading.Thread(target=work) for _ in range(8)]
for t in threads:
    t.start()
allocated.wait()
libc = ctypes.CDLL("libc.so.6")
libc.fopen.restype = ctypes.c_void_p
path = os.path.join(tempfile.mkdtemp(), "malloc.xml")
stream = libc.fopen(path.encode(), b"w")
libc.malloc_info(0, ctypes.c_void_p(stream))
libc.fclose(ctypes.c_void_p(stream))
go.set()
for t in threads:
    t.join()
print(took, open(path).read().count("<heap nr="))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_info")
def test_the_threads_share_two_heaps():
    """Eight threads, each allocating: each takes a heap of its own, or, with few_arenas, they
    share ARENAS (bot/memory.py: the freed memory of ten arenas held 30 MB more in a soak)."""
    def arenas(mode: str) -> tuple[str, int]:
        out = subprocess.run([sys.executable, "-c", THREADED, mode], capture_output=True, text=True, check=True)
        took, count = out.stdout.split()
        return took, int(count)

    took, fixed = arenas("fixed")
    if took != "True":
        pytest.skip("not glibc: its allocator takes no such setting")
    assert arenas("default")[1] >= 5 and fixed <= ARENAS
