"""The engine contract is code, and mypy checks it. `rules/core/registry.py` assigns
every shipped system module to the `GameSystem` Protocol, so a missing or misspelt entry point of a
system, or a signature that drifted from the contract, fails here; the rest of rules, render and
bot is checked with it."""
from mypy import api


def test_rules_render_and_bot_type_check_against_the_contract():
    report, errors, status = api.run(["--no-error-summary", "--cache-dir", "/dev/null", "rules", "render", "bot"])
    assert (status, report, errors) == (0, "", "")
