"""The engine contract is code, and mypy checks it. `rules/core/registry.py` assigns
every shipped system module to the `GameSystem` Protocol, so a missing or misspelt entry point of a
system, or a signature that drifted from the contract, fails here; the rest of rules, render and
bot is checked with it."""
from pathlib import Path

import pytest
from mypy import api

CACHE = Path(__file__).parents[1] / ".mypy_cache"  # mypy's own, beside the code (.gitignore)


@pytest.mark.heavy  # seconds on a fresh clone, without its cache
def test_rules_render_and_bot_type_check_against_the_contract():
    """mypy keeps what it learnt of each module in its cache and checks again only the modules that
    changed and those that read them: a fresh clone checks the whole tree (about 7 s), a run after
    it less than a second."""
    report, errors, status = api.run(["--no-error-summary", "--cache-dir", str(CACHE), "rules", "render", "bot"])
    assert (status, report, errors) == (0, "", "")
