"""The repository stands alone: every path of it that its code, data and docs name is there (a
module moved is named where it now is), and every page they name is one of its own, never a file
outside it. docs/mutation.md is left out: a dated record of mutation runs, it names each module
as it stood on the day."""
import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
RECORD = ROOT / "docs" / "mutation.md"
PATH = re.compile(r"\b(?:rules|render|bot|tests|deploy|docs|\.ci)/[\w./*-]*[\w*]")
PAGE = re.compile(r"[\w-]+\.md\b")


def texts() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "pyproject.toml", *(ROOT / "deploy").iterdir(), *(ROOT / ".ci").iterdir()]
    for folder, kinds in (("rules", ("*.py", "*.toml")), ("render", ("*.py",)), ("bot", ("*.py",)),
                          ("tests", ("*.py",)), ("docs", ("*.md",))):
        files += [path for kind in kinds for path in (ROOT / folder).rglob(kind)]
    return [path for path in files if path.is_file() and path != RECORD]


def there(named: str) -> bool:
    """A file or folder of the repository, files a pattern matches (docs/measures/*.jsonl), the
    admin's copy of an example (deploy/kolocha.env), or a module's name with one of its own after a
    dot (rules/core/play.copy_state); a name's start (tests/rules/borodino/test_) is not a path."""
    if named.endswith("_"):
        return True
    if "*" in named:
        return any(ROOT.glob(named))
    module = re.sub(r"\.\w+$", ".py", named)
    return any((ROOT / name).exists() for name in (named, f"{named}.example", module))


def test_every_path_a_text_names_is_in_the_repository():
    named = sorted({(str(path.relative_to(ROOT)), name) for path in texts()
                    for name in PATH.findall(path.read_text(encoding="utf-8"))})
    assert ("README.md", "deploy/DISCORD.md") in named  # the positive control
    assert [f"{path}: {name}" for path, name in named if not there(name)] == []


def test_every_page_a_text_names_is_one_of_the_repository():
    pages = {path.name for path in [*texts(), RECORD] if path.suffix == ".md"}
    named = sorted({(str(path.relative_to(ROOT)), page) for path in texts()
                    for page in PAGE.findall(path.read_text(encoding="utf-8"))})
    assert ("README.md", "architecture.md") in named  # the positive control
    assert [f"{path}: {page}" for path, page in named if page not in pages] == []
