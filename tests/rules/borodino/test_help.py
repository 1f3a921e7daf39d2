"""Borodino's help texts (rules/borodino/help.py): the grammar as players read it."""
from __future__ import annotations

import re

from rules.borodino.help import TOPICS


def test_each_command_s_words_start_in_one_column():
    """`help move` lists `move <unit> <hex>` and `move <leader> <hex>` one above the other: a short
    form is padded so that what it does starts in the same column on every line (a form too long
    for the column is followed by three spaces)."""
    starts = {m.start(2) for text in TOPICS.values() for line in text.splitlines()
              if (m := re.match(r"(\S(?:\S| (?! ))*) {2,}(\S)", line)) and len(m.group(1)) < 26}
    assert starts == {27}
