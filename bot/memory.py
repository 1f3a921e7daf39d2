"""The bot process gives back the memory it freed, and keeps fewer heaps to hold it.

A picture's pixels are allocated in large blocks. glibc's allocator serves a block over its mmap
threshold from a mapping of its own, unmapped (given back) when freed; but it raises that
threshold to the size of each such block freed, up to 32 MB, so after the first pictures their
blocks come from the heap, where a small object left between two of them keeps the freed
memory from being given back. A long-running bot drawing a map at several scales and exporting
animated replays then holds tens of megabytes it no longer uses (35 MB after the warm-up of the
pictures alone). A fixed threshold keeps every large block in a mapping of its own.

glibc also gives each thread that allocates while another does a heap (an arena) of its own, up
to eight a core; what one thread freed in its arena serves no other. The bot draws, reads and
writes the store in ten threads: over a soak of `kolocha run` against the stand-in Discord its
ten arenas held 120 MB, 70 MB of it free, where two held 93 MB (40 MB free), the process 25 MB
smaller from its caches' filling on. Two arenas serve its threads (few_arenas); the GIL leaves
them little to contend for.
Elsewhere than on glibc (macOS, musl) nothing is done.
"""
from __future__ import annotations

import ctypes
import ctypes.util

M_MMAP_THRESHOLD = -3  # mallopt's parameters, glibc's malloc.h
M_ARENA_MAX = -8
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value; set, it no longer rises
ARENAS = 2  # the main heap and one for every other thread


def give_back_large_blocks() -> bool:
    """Have every allocation over MMAP_THRESHOLD given back to the system when freed, in this
    process from now on; whether the allocator took the setting (False off glibc)."""
    return _mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def few_arenas() -> bool:
    """Have the threads started from now on share ARENAS heaps, not one each; whether the
    allocator took the setting (False off glibc). Called before the bot starts its threads."""
    return _mallopt(M_ARENA_MAX, ARENAS)


def _mallopt(parameter: int, value: int) -> bool:
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(parameter, value))
