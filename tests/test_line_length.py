"""The line length of pyproject.toml ([tool.ruff] line-length) holds for every Python file, so the
suite keeps it without ruff installed."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent
LIMIT = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["ruff"]["line-length"]


def test_no_line_is_longer_than_the_configured_length():
    files = [p for folder in ("rules", "render", "bot", "tests") for p in (ROOT / folder).rglob("*.py")]
    long = [f"{p.relative_to(ROOT)}:{n}" for p in files
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if len(line) > LIMIT]
    assert files and long == []
