"""Mutation-test one module against the tests that cover it, gently.

    .venv/bin/python tests/mutate.py rules/borodino/movement.py tests/rules/borodino

Copies the checkout (tracked and new files, not ignored ones) to a scratch folder, narrows
`[tool.mutmut]` there to the module and the given test folders, runs mutmut under `nice -n 19`
with one child (`--children 2` at most: the machine is shared; `--nice 5` for a run someone waits
on), and prints the score and the surviving mutants (`mutmut show NAME` in the scratch folder
prints one). Slow: never part of CI.
"""

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def scratch_copy(module: str) -> Path:
    """A fresh copy of the checkout's files in /tmp, named after the module."""
    dest = Path("/tmp") / ("kolocha-mutate-" + re.sub(r"[^a-z_]+", "-", module.removesuffix(".py")).strip("-"))
    shutil.rmtree(dest, ignore_errors=True)
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout.split()
    for name in listed:
        if (ROOT / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    return dest


def narrow_config(dest: Path, module: str, tests: list[str]) -> None:
    """Mutate only `module`; run only `tests` (the settings in pyproject.toml stay otherwise)."""
    pyproject = dest / "pyproject.toml"
    text = pyproject.read_text()
    selection = "pytest_add_cli_args_test_selection = " + json.dumps(tests)
    text = re.sub(r"^pytest_add_cli_args_test_selection = .*$", lambda _: selection, text,
                  count=1, flags=re.M)
    text = text.replace("[tool.mutmut]\n", "[tool.mutmut]\nonly_mutate = " + json.dumps([module]) + "\n", 1)
    pyproject.write_text(text)


def score(dest: Path) -> dict[str, int]:
    """mutmut's own counts for the run in `dest`."""
    mutmut = str(Path(sys.executable).parent / "mutmut")
    subprocess.run([mutmut, "export-cicd-stats"], cwd=dest, check=True, capture_output=True)
    return json.loads((dest / "mutants" / "mutmut-cicd-stats.json").read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", help="a file under rules/ or bot/, e.g. rules/core/hexes.py")
    parser.add_argument("tests", nargs="+", help="test folders or files that cover it")
    parser.add_argument("--children", type=int, choices=(1, 2), default=1)
    parser.add_argument("--nice", type=int, choices=range(5, 20), default=19, metavar="5..19",
                        help="the run's niceness (default 19: it yields to everyone)")
    args = parser.parse_args()
    dest = scratch_copy(args.module)
    narrow_config(dest, args.module, args.tests)
    mutmut = str(Path(sys.executable).parent / "mutmut")
    subprocess.run(["nice", "-n", str(args.nice), mutmut, "run", "--max-children", str(args.children)],
                   cwd=dest, check=False)
    counts = score(dest)
    judged = counts["killed"] + counts["survived"] + counts.get("timeout", 0)
    print(f"{args.module}: {counts['killed']} killed, {counts['survived']} survived, "
          f"{counts.get('timeout', 0)} timed out, {counts.get('no_tests', 0)} not covered "
          f"of {counts['total']} mutants")
    if judged:
        print(f"score {100 * (counts['killed'] + counts.get('timeout', 0)) / counts['total']:.1f} %")
    subprocess.run([mutmut, "results"], cwd=dest, check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
