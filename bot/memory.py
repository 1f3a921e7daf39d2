"""The bot process gives back the memory a picture freed.

A picture's pixels are allocated in large blocks. glibc's allocator serves a block over its mmap
threshold from a mapping of its own, unmapped (given back) when freed; but it raises that
threshold to the size of each such block freed, up to 32 MB, so after the first pictures their
blocks come from the heap, where a small object left between two of them keeps the freed
memory from being given back. A long-running bot drawing a map at several scales and exporting
animated replays then holds tens of megabytes it no longer uses (35 MB after the warm-up of the
pictures alone). A fixed threshold keeps every large block in a mapping of its own.
Elsewhere than on glibc (macOS, musl) nothing is done.
"""
from __future__ import annotations

import ctypes
import ctypes.util

M_MMAP_THRESHOLD = -3  # mallopt's parameter, glibc's malloc.h
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value; set, it no longer rises


def give_back_large_blocks() -> bool:
    """Have every allocation over MMAP_THRESHOLD given back to the system when freed, in this
    process from now on; whether the allocator took the setting (False off glibc)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
