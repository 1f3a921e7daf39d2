"""The Borodino set-ups as the rule book prints them (SPI's Borodino rules, 1972, SCENARIOS),
transcribed once in printed_setups.toml: the scenario data (test_scenario_data.py) and the
reconstructed map (test_map_data.py) are both held to them."""
from __future__ import annotations

import tomllib
from pathlib import Path

SCENARIOS = ("5sep", "6sep", "7sep", "grand")
SIDES = ("french", "russian")
# The one correction made to a printed set-up: (scenario, hex, value) -> the hex used. The I Corps
# cavalry printed in 3324 on 6 Sept stands in 3323, where it stands on 7 Sept.
CORRECTIONS = {("6sep", "3324", "2-5"): "3323"}

with open(Path(__file__).with_name("printed_setups.toml"), "rb") as _file:
    _PRINTED: dict[str, dict[str, dict[str, str]]] = tomllib.load(_file)


def units(scenario: str, side: str) -> list[tuple[str, str]]:
    """Every unit of a side's set-up as (hex, strength-movement), formation by formation in the
    printed order, corrected; the Grand Battle starts from the 5 Sept set-up."""
    out = []
    for text in _PRINTED["5sep" if scenario == "grand" else scenario].get(side, {}).values():
        words = text.split()
        out += [(CORRECTIONS.get((scenario, h, v), h), v) for h, v in zip(words[::2], words[1::2])]
    return out


def hexes(scenario: str, side: str) -> list[str]:
    """Every hex of a side's set-up, one a unit."""
    return [h for h, _ in units(scenario, side)]
