"""The repository stands alone: every path of it that its code, data and docs name is there (a
module moved is named where it now is), every file or module they name in backticks by its name
alone (`held.py`, `rules.core.ai.duel`) is one of its own, every page they name is one of its own,
never a file outside it, and every link of a page leads to a file of the repository and a heading
there.
docs/mutation.md is left out: a dated record of mutation runs, it names each module as it stood
on the day."""
import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
RECORD = ROOT / "docs" / "mutation.md"
PATH = re.compile(r"\b(?:rules|render|bot|tests|deploy|docs|\.ci)/[\w./*-]*[\w*]")
PAGE = re.compile(r"[\w-]+\.md\b")
LINK = re.compile(r"\]\(([^)\s]+)\)")  # a Markdown link's target: [words](docs/borodino.md#the-map)
CODE = re.compile(r"`([^`\n]+)`")  # what a text names in backticks: `held.py`, `rules.core.ai.duel`
FILE = re.compile(r"(?<![\w/.<>-])\w[\w-]*(?:\.[\w-]+)*\.(?:py|toml|md|jsonl|ttf)\b")
MODULE = re.compile(r"(?<![\w/.-])(?:rules|render|bot|tests)(?:\.\w+)+")


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


def a_file_of_it(named: str, names: set[str]) -> bool:
    """A file of the repository by its name alone (`held.py`, `kolocha.env.example`), or the
    admin's copy of an example (`kolocha.toml`)."""
    return named in names or f"{named}.example" in names


def a_module_of_it(named: str) -> bool:
    """A module or package of the repository, or a name in one (`rules.core.ai.duel`)."""
    parts = named.split(".")
    return any((ROOT.joinpath(*parts[:n]).with_suffix(".py")).is_file()
               or (ROOT.joinpath(*parts[:n]) / "__init__.py").is_file() for n in (len(parts), len(parts) - 1))


def test_every_file_and_module_a_text_names_in_backticks_is_of_the_repository():
    named = [(str(path.relative_to(ROOT)), code) for path in texts()
             for code in CODE.findall(path.read_text(encoding="utf-8"))]
    files = sorted({(path, name) for path, code in named for name in FILE.findall(code)})
    modules = sorted({(path, name) for path, code in named for name in MODULE.findall(code)})
    names = {path.name for folder in ("rules", "render", "bot", "tests", "docs", "deploy", ".ci")
             for path in (ROOT / folder).rglob("*")} | {path.name for path in ROOT.iterdir()}
    assert ("docs/architecture.md", "held.py") in files and ("docs/measures/README.md", "russian.jsonl") not in files
    assert not a_file_of_it("helds.py", names) and not a_module_of_it("rules.core.ais.duel")  # the controls
    assert [f"{path}: {name}" for path, name in files if not a_file_of_it(name, names)] == []
    assert [f"{path}: {name}" for path, name in modules if not a_module_of_it(name)] == []


def test_every_page_a_text_names_is_one_of_the_repository():
    pages = {path.name for path in [*texts(), RECORD] if path.suffix == ".md"}
    named = sorted({(str(path.relative_to(ROOT)), page) for path in texts()
                    for page in PAGE.findall(path.read_text(encoding="utf-8"))})
    assert ("README.md", "architecture.md") in named  # the positive control
    assert [f"{path}: {page}" for path, page in named if page not in pages] == []


def headings(page: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them: lower case, spaces as hyphens,
    other punctuation dropped ("## Fair dice" is #fair-dice); a code block's lines are no heading."""
    anchors: set[str] = set()
    code = False
    for line in page.read_text(encoding="utf-8").splitlines():
        code ^= line.lstrip().startswith("```")
        if not code and line.startswith("#"):
            anchors.add(re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-"))
    return anchors


def leads_somewhere(page: Path, target: str) -> bool:
    """A link's target read from its page's folder: a file or folder there, and its anchor one
    of that file's headings."""
    path, _, anchor = target.partition("#")
    file = (page.parent / path).resolve() if path else page
    return file.exists() and (not anchor or (file.is_file() and anchor in headings(file)))


def test_every_link_of_a_page_leads_to_a_file_and_heading_of_the_repository():
    pages = [path for path in texts() if path.suffix == ".md"]
    links = sorted({(str(page.relative_to(ROOT)), target) for page in pages
                    for target in LINK.findall(page.read_text(encoding="utf-8")) if "://" not in target})
    assert ("README.md", "docs/playing-by-post.md#fair-dice") in links  # the positive control
    assert not leads_somewhere(ROOT / "README.md", "docs/playing-by-post.md#fair-play")
    assert [f"{page}: {target}" for page, target in links if not leads_somewhere(ROOT / page, target)] == []
