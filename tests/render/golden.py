"""Golden-image comparison for render tests; KOLOCHA_REGOLD=1 rewrites the goldens instead."""
from __future__ import annotations

import io
import json
import os
from pathlib import Path

from PIL import Image, ImageChops

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
FIXTURES = HERE / "fixtures"
TOLERANCE = 24  # a pixel differs when one channel is off by more than this
MAX_DIFFERING = 0.002  # share of differing pixels allowed


def fixture_view(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def differing_share(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels whose largest channel difference exceeds TOLERANCE."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    worst = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    over = worst.point(lambda v: 255 if v > TOLERANCE else 0).histogram()[255]
    return over / (a.width * a.height)


def check_golden(name: str, png: bytes) -> None:
    """Compare a PNG with tests/render/golden/<name>.png, or rewrite it under KOLOCHA_REGOLD=1."""
    path = GOLDEN / f"{name}.png"
    if os.environ.get("KOLOCHA_REGOLD") == "1" or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(png)
        return
    got, want = Image.open(io.BytesIO(png)), Image.open(path)
    assert got.size == want.size, f"{name}: size {got.size}, golden {want.size}"
    share = differing_share(got, want)
    assert share <= MAX_DIFFERING, f"{name}: {share:.2%} of pixels differ (KOLOCHA_REGOLD=1 to accept)"
