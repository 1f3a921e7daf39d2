"""Static map layers kept on disk between runs, so that no player waits for the first picture.

Drawing the whole Borodino terrain takes a second or more; a fresh process (`kolocha map`, a bot
just restarted) would make its first player wait for it (a crop at another scale draws only its
window: render/hexmap/terrain.py). A drawn layer is written as raw pixels
beside a small JSON note, under a name carrying a fingerprint of everything that shapes it (the
renderer's code and fonts, the map data), and read back in milliseconds by any later process.
A changed renderer or map simply misses the cache and draws anew; an unwritable cache folder only
costs the time. The folder: $KOLOCHA_CACHE, else $XDG_CACHE_HOME/kolocha, else ~/.cache/kolocha.

In memory, the layers in use (and the legends) are `held`: all together at most HELD_BYTES of
pixels, the least recently used let go first, and read from disk again when next needed. A whole
layer takes up to 40 MB; the bot must stay small through long uptimes and exports that draw
at other scales.
"""
from __future__ import annotations

import functools
import glob
import hashlib
import json
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
SHAPED_BY = ("render", "rules/borodino/data", "rules/bloody_monday/data")  # what a layer depends on
HELD_BYTES = 16 * 2**20  # the pixels of the layers held in memory, all together (the largest
# one alone is held whatever its size): the Borodino layer of a crop takes 19 MB, of the whole map 8
F = TypeVar("F", bound=Callable[..., Any])


def folder() -> Path:
    if os.environ.get("KOLOCHA_CACHE"):
        return Path(os.environ["KOLOCHA_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "kolocha"


@cache
def fingerprint() -> str:
    """A digest of the renderer's files and the map data: a layer drawn by other code or from
    another map never matches."""
    digest = hashlib.sha256()
    for part in SHAPED_BY:
        for path in sorted((ROOT / part).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def path(name: str, suffix: str) -> Path:
    """The file of the layer named `name` as this code draws it: the pixels (".rgb") or the note
    (".json"). The suffix is appended, never put in place of one: a name may hold dots (a
    scale of 1.1), which must neither be cut off with the fingerprint nor make two layers one."""
    return folder() / f"{name}-{fingerprint()}{suffix}"


def kept(name: str) -> bool:
    """Whether the layer named `name`, as this code and map data draw it, is on disk."""
    return path(name, ".json").exists()


def layer(name: str, draw: Callable[[], tuple[Image.Image, Any]]) -> tuple[Image.Image, Any]:
    """The image and its JSON-able notes named `name`, from disk, else drawn and stored."""
    try:
        note = json.loads(path(name, ".json").read_text())
        pixels = path(name, ".rgb").read_bytes()
        return Image.frombytes(note["mode"], tuple(note["size"]), pixels), note["extra"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    image, extra = draw()
    _store(name, image, extra)
    return image, extra


def note(name: str, compute: Callable[[], Any] | None = None) -> Any:
    """The JSON-able value named `name`, from disk; else computed and stored when `compute` is
    given, None when not: what a layer depends on that costs seconds to work out but only
    kilobytes to keep (the slots of Bloody Monday's blocks)."""
    try:
        return json.loads(path(name, ".json").read_text())["extra"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    if compute is None:
        return None
    value = compute()
    _store(name, None, value)
    return value


def rows(name: str, top: int, bottom: int) -> Image.Image | None:
    """Rows `top` to `bottom` of the layer named `name` read from disk, without reading the rest
    (a crop of a large layer reads a few megabytes and keeps no whole layer in memory); None when
    the layer is not on disk or holds no such rows."""
    try:
        note = json.loads(path(name, ".json").read_text())
        (width, height), mode = note["size"], note["mode"]
        if not 0 <= top < bottom <= height:
            return None
        row = width * Image.getmodebands(mode)
        with path(name, ".rgb").open("rb") as pixels:
            pixels.seek(top * row)
            data = pixels.read((bottom - top) * row)
        return Image.frombytes(mode, (width, bottom - top), data)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _store(name: str, image: Image.Image | None, extra: Any) -> None:
    """Write pixels, then the note that makes them count (each by an atomic rename), and drop
    the same layer drawn by earlier code."""
    try:
        folder().mkdir(parents=True, exist_ok=True)
        files = [] if image is None else [(".rgb", image.tobytes())]
        files.append((".json", json.dumps({"extra": extra} if image is None else
                                          {"mode": image.mode, "size": image.size, "extra": extra}).encode()))
        for suffix, data in files:
            temporary = path(name, f"{suffix}.{os.getpid()}")
            temporary.write_bytes(data)
            os.replace(temporary, path(name, suffix))
        current = {path(name, ".rgb").name, path(name, ".json").name}
        for old in folder().glob(f"{glob.escape(name)}-*"):
            if old.name not in current and _layer_of(old.name) == name:
                old.unlink(missing_ok=True)
    except OSError:
        pass


def _layer_of(file_name: str) -> str | None:
    """The layer name of a cache file ("areamap-0-0-1000-1400-1.1-<fingerprint>.rgb"), or None
    for a file of no layer."""
    stem, _, rest = file_name.rpartition("-")
    fingerprint_part = rest.split(".", 1)[0]
    return stem if len(fingerprint_part) == 16 and all(c in "0123456789abcdef" for c in fingerprint_part) else None


class _Held:
    """The answers of every `held` function, least recently used first, and their pixels' bytes."""

    def __init__(self) -> None:
        self.answers: OrderedDict[tuple, tuple[Any, int]] = OrderedDict()
        self.bytes = 0
        self.lock = threading.Lock()  # the bot draws in worker threads

    def get(self, key: tuple) -> tuple[bool, Any]:
        with self.lock:
            if key not in self.answers:
                return False, None
            self.answers.move_to_end(key)
            return True, self.answers[key][0]

    def put(self, key: tuple, answer: Any) -> None:
        size = pixel_bytes(answer)
        with self.lock:
            if key in self.answers:
                return
            self.answers[key] = answer, size
            self.bytes += size
            while self.bytes > HELD_BYTES and len(self.answers) > 1:
                _, (_, dropped) = self.answers.popitem(last=False)
                self.bytes -= dropped

    def clear(self, function: Callable) -> None:
        with self.lock:
            for key in [key for key in self.answers if key[0] is function]:
                self.bytes -= self.answers.pop(key)[1]


_held = _Held()


def held(function: F) -> F:
    """Keep `function`'s answers (layers: images, or values holding them) in memory, within the
    HELD_BYTES all held functions share; `cache_clear()` lets this one's go."""
    @functools.wraps(function)
    def holding(*args: Any) -> Any:
        key = (function, *args)
        found, answer = _held.get(key)
        if not found:
            answer = function(*args)
            _held.put(key, answer)
        return answer
    holding.cache_clear = lambda: _held.clear(function)  # type: ignore[attr-defined]
    return holding  # type: ignore[return-value]


def held_bytes() -> int:
    """The pixels' bytes the held layers take now."""
    return _held.bytes


def pixel_bytes(value: Any) -> int:
    """The bytes of the pixels in a value: an image, or a tuple or dataclass holding some."""
    if isinstance(value, Image.Image):  # Pillow keeps a pixel of three or four bands in four bytes
        return value.width * value.height * (4 if len(value.getbands()) > 1 else 1)
    if isinstance(value, tuple | list):
        return sum(pixel_bytes(item) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        return sum(pixel_bytes(getattr(value, field.name)) for field in fields(value))
    return 0
