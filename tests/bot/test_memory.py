"""bot/memory.py: with large blocks given back, a freed picture's memory leaves the process even
when small objects were allocated between its blocks (what a long-running bot does)."""
from __future__ import annotations

import subprocess
import sys

import pytest

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
