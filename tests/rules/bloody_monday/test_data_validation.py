"""Each validation of rules/bloody_monday/bm_data.py fires on a broken document, with its sentence."""
from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable

import pytest

from rules.bloody_monday import bm_data
from rules.bloody_monday.bm_data import DataError, check_setup, parse_army, parse_field


def raw(name: str) -> dict:
    with open(bm_data.DATA / name, "rb") as f:
        return tomllib.load(f)


MAP, BLOCKS = raw("map.toml"), raw("blocks.toml")


def area(doc: dict, number: int) -> dict:
    return next(t for t in doc["area"] if t["number"] == number)


def block(doc: dict, bid: str) -> dict:
    return next(b for c in doc["corps"] for b in c["blocks"] if b["id"] == bid)


def broken_map(change: Callable[[dict], None]) -> dict:
    doc = copy.deepcopy(MAP)
    change(doc)
    return doc


def broken_blocks(change: Callable[[dict], None]) -> dict:
    doc = copy.deepcopy(BLOCKS)
    change(doc)
    return doc


def unlink(doc: dict, a: int, b: int) -> None:
    area(doc, a)["neighbours"].remove(b)
    area(doc, b)["neighbours"].remove(a)


MAP_CASES = {
    "missing area": (lambda d: d["area"].pop(), "numbered 1..111"),
    "one-way adjacency": (lambda d: area(d, 1)["neighbours"].remove(2), "1 does not list 2"),
    "self neighbour": (lambda d: area(d, 1)["neighbours"].append(1), "lists itself"),
    "Kolocha not a border": (lambda d: area(d, 1).__setitem__("kolocha", [2, 111]), "not neighbours"),
    "one-way Kolocha": (lambda d: area(d, 16)["kolocha"].clear(), "Kolocha towards 16"),
    "degenerate polygon": (lambda d: area(d, 1).__setitem__("polygon", [[0, 0], [10, 0], [20, 0]]), "no area"),
    "repeated corner": (lambda d: area(d, 1)["polygon"].append([0, 0]), "distinct corners"),
    "centre outside": (lambda d: area(d, 1).__setitem__("centre", [999, 1399]), "outside its polygon"),
    "point off the frame": (lambda d: area(d, 1).__setitem__("centre", [-5, 10]), "outside the frame"),
    "neighbours without a border": (
        lambda d: (area(d, 1)["neighbours"].append(3), area(d, 3)["neighbours"].append(1)), "share no border"),
    "border without neighbours": (lambda d: unlink(d, 1, 2), "share a border but are not neighbours"),
    "moved corner": (lambda d: area(d, 1)["polygon"].__setitem__(2, [150, 90]), "cover the frame|shared with no"),
    "colour": (lambda d: area(d, 1).__setitem__("colour", "blue"), "green, yellow or red"),
    "control against the red line": (lambda d: area(d, 41).__setitem__("control", "french"), "red dashed line"),
    "command against the white line": (lambda d: area(d, 72).__setitem__("command", "north"), "command line"),
    "victory area": (lambda d: area(d, 19).pop("victory"), r"victory areas must be"),
    "flèche": (lambda d: area(d, 58).pop("fleche"), "Flèches must be"),
    "reinforcement order": (lambda d: d["reinforcements"].__setitem__("french", [19, 41, 55, 62, 107, 69]), "reversed"),
    "unknown field": (lambda d: area(d, 1).__setitem__("hill", True), "unknown fields"),
    "Kolocha not edge to edge": (lambda d: [t.pop("kolocha", None) for t in d["area"]], "two banks"),
}


@pytest.mark.parametrize("case", MAP_CASES)
def test_broken_map_is_refused(case):
    change, message = MAP_CASES[case]
    with pytest.raises(DataError, match=message):
        parse_field(broken_map(change))


def drop_block(doc: dict, bid: str) -> None:
    for c in doc["corps"]:
        c["blocks"] = [b for b in c["blocks"] if b["id"] != bid]


BLOCK_CASES = {
    "corps count": (lambda d: drop_block(d, "F-I-4"), "corps must be"),
    "duplicate id": (lambda d: block(d, "F-I-2").__setitem__("id", "F-I-1"), "given twice"),
    "side prefix": (lambda d: block(d, "F-I-2").__setitem__("id", "R-I-2"), "starts with"),
    "type": (lambda d: block(d, "F-I-2").__setitem__("type", "dragoon"), "type must be"),
    "subtype": (lambda d: block(d, "F-I-2").__setitem__("subtype", "heavy"), "subtype"),
    "strength": (lambda d: block(d, "F-I-2").__setitem__("strength", 5), "four edges"),
    "support strength": (lambda d: block(d, "F-I-A1").__setitem__("strength", 1), "strength must be 2..4"),
    "firepower steps": (lambda d: block(d, "F-I-5").__setitem__("firepower", ["TF", "QF"]), "one per step"),
    "support firepower": (lambda d: block(d, "F-I-A1").__setitem__("firepower", "TF"), "from the rules"),
    "artillery shield": (lambda d: block(d, "F-I-A1").pop("shield"), "shield"),
    "heavy shield": (lambda d: block(d, "F-CR-1H").pop("shield"), "shield"),
    "horsehead on foot": (lambda d: block(d, "F-I-2").__setitem__("horsehead", "black"), "horsehead"),
    "supreme commander": (lambda d: block(d, "F-NAP").__setitem__("strength", 3), "4 stars"),
    "pool size": (lambda d: d["pool"]["french"]["blocks"].pop(), "pool holds"),
    "pool block": (lambda d: d["pool"]["russian"]["blocks"].__setitem__(0, "F-G-B"), "not a russian block"),
    "pool draw": (lambda d: d["pool"]["russian"]["draws"][3].__setitem__("count", 10), "cannot draw"),
    "tables": (lambda d: d["restore_cost"].pop("QF"), "restore_cost"),
    "tactical range": (lambda d: d["tactical_range"].pop("4"), "tactical_range"),
    "role of a combat unit": (lambda d: block(d, "R-C-At").__setitem__("role", "cossack_leader"), "role must be"),
    "unknown role": (lambda d: block(d, "R-C-P").__setitem__("role", "hetman"), "role must be"),
    "army without a half": (lambda d: block(d, "R-G-L").__setitem__("role", "army_commander"), "command half"),
    "corps half": (lambda d: d["corps"][0].__setitem__("command", "east"), "north or south"),
}


@pytest.mark.parametrize("case", BLOCK_CASES)
def test_broken_blocks_are_refused(case):
    change, message = BLOCK_CASES[case]
    with pytest.raises(DataError, match=message):
        parse_army(broken_blocks(change))


def add_icon(number: int, icon: str) -> Callable[[dict], None]:
    return lambda d: area(d, number).setdefault("icons", []).append(icon)


def move_icon(src: int, dst: int, icon: str) -> Callable[[dict], None]:
    def change(d: dict) -> None:
        area(d, src)["icons"].remove(icon)
        area(d, dst).setdefault("icons", []).append(icon)
    return change


SETUP_CASES = {
    "icon left over": (add_icon(107, "red artillery"), "set-up icons for"),
    "unknown colour": (add_icon(107, "pink infantry"), "no russian corps has the colour"),
    "leader twice": (add_icon(22, "F-I-D"), "placed twice"),
    "pool leader on the map": (add_icon(1, "F-G-B"), "placed twice"),
    "leader on the wrong side": (move_icon(69, 1, "R-KUT"), "which the french control"),
    "not a leader": (add_icon(1, "F-I-2"), "not a leader"),
    "leader without icon": (lambda d: area(d, 15)["icons"].remove("F-IV-E"), "no set-up icon"),
    "overstack": (move_icon(86, 88, "red artillery"), "overstack"),
    "command limit": (move_icon(71, 72, "yellow infantry"), "north half"),
    "grande batterie": (move_icon(16, 15, "green artillery"), "Grande Batterie area 16"),
}


@pytest.mark.parametrize("case", SETUP_CASES)
def test_broken_setup_is_refused(case):
    change, message = SETUP_CASES[case]
    with pytest.raises(DataError, match=message):
        check_setup(parse_field(broken_map(change)), parse_army(BLOCKS))


def test_victory_areas_come_from_the_map_alone():
    """The six victory areas are whichever areas map.toml marks (1.1), with the
    reinforcement orders listing them (3.3); no second list in the code to agree with."""
    def move_star(d: dict) -> None:
        area(d, 107).pop("victory")
        area(d, 106)["victory"] = True
        for side in ("russian", "french"):
            d["reinforcements"][side] = [106 if n == 107 else n for n in d["reinforcements"][side]]
    assert parse_field(broken_map(move_star)).victory_areas == (19, 41, 55, 62, 69, 106)


def test_roles_are_data():
    """What a leader does in an optional rule is a field of its block (9.4, 9.5, 9.11)."""
    roles = {b.id: b.role for b in bm_data.blocks().values() if b.role}
    assert roles == {"F-CR-M": "cavalry_leader", "R-C-P": "cossack_leader", "R-1-BT": "army_commander",
                     "R-2-B": "army_commander"}
    assert (bm_data.blocks()["R-1-BT"].command, bm_data.blocks()["R-2-7"].command) == ("north", "south")


def test_grande_batterie_guns_fire_four_dice():
    """9.2: "rolls 4 dice for the adjacent Artillery": a weaker gun of a battery colour is refused."""
    weak = broken_blocks(lambda d: block(d, "F-I-A2").__setitem__("strength", 3))
    with pytest.raises(DataError, match="would not fire 4 dice"):
        check_setup(parse_field(MAP), parse_army(weak))
