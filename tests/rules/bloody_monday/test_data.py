"""Bloody Monday's data files against every fact the rule book gives about its map and blocks.

The printed map is lost; rules/bloody_monday/data/map.toml reconstructs it. These tests hold the
reconstruction to every fact the rule book gives about its map (one test each, quoted), to the
rule book's worked examples that depend on data, and check that each validation of the loader
fires on a broken document.
"""
from __future__ import annotations

import tomllib
from collections import Counter

from rules.bloody_monday import bm_data
from rules.bloody_monday.bm_data import check_setup

AREAS = bm_data.areas()
BLOCKS = bm_data.blocks()
POOLS = bm_data.pools()
NAMED = {a.name: n for n, a in AREAS.items() if a.name}


def raw(name: str) -> dict:
    with open(bm_data.DATA / name, "rb") as f:
        return tomllib.load(f)


def icons(number: int) -> list[str]:
    return [str(i) for i in AREAS[number].icons]


def occupied(side: str) -> set[int]:
    """Areas holding a set-up icon of that side."""
    return {n for n, a in AREAS.items() if a.icons and a.control == side}


def move_cost(mover: str, src: int, dst: int) -> int:
    """MPs for a unit to step from src into dst at start (1.2, 1.2.2, 1.2.3)."""
    area = AREAS[dst]
    engage = area.control != mover and dst in occupied(area.control)
    return area.terrain.movement_cost + (dst in AREAS[src].kolocha) + engage


def logistics_value(side: str, controlled: set[int]) -> int:
    """3.2: the supreme commander's stars plus the controlled victory areas."""
    chief = next(b for b in BLOCKS.values() if b.side == side and b.type == "supreme_commander")
    return chief.strength + sum(AREAS[n].victory for n in controlled)


# --- the shipped data ------------------------------------------------------------------------------
def test_shipped_data_loads_and_cross_checks():
    field, army = bm_data.load()
    check_setup(field, army)
    assert len(field.areas) == 111 and len(army.blocks) == 115


def test_no_block_left_over_faq_2():
    """FAQ 2: "Will there be any blocks left over after all Units are placed ...? None." """
    on_map = sum(len(a.icons) for a in AREAS.values())
    in_pools = sum(p.size for p in POOLS.values())
    assert on_map + in_pools == 115


# --- the rule book's facts about its map: one test per fact -------------------------------------------------
def test_notes_111_areas_green_yellow_red():
    """"111 areas numbered 1–111, each green (open: 1 MP, stack 4, no bonus), yellow (forest: 2 MP,
    stack 2, bonus 1) or red (hill/redoubt: 2 MP, stack 1, bonus 2 if owner defends)." """
    assert sorted(AREAS) == list(range(1, 112))
    seen = {(a.colour, a.terrain.movement_cost, a.terrain.stacking, a.terrain.defensive_bonus)
            for a in AREAS.values()}
    assert seen == {("green", 1, 4, 0), ("yellow", 2, 2, 1), ("red", 2, 1, 2)}


def test_notes_victory_areas_and_fleches():
    """"Victory areas: 19, 41, 55, 62, 69, 107, and the Flèches 57+58+59 (count as one, only if all
    three are held)." """
    assert {n for n, a in AREAS.items() if a.victory} == {19, 41, 55, 62, 69, 107}
    assert {n for n, a in AREAS.items() if a.fleche} == {57, 58, 59}
    assert {58, 59} <= AREAS[57].neighbours and 59 in AREAS[58].neighbours


def test_notes_named_victory_areas_and_reinforcement_orders():
    """"Named victory areas: Tatarinova, Gorki, Utitsa, Great Redoubt, Borodino, Shevardino (the
    Russian reinforcement order; the French one is the reverse)." """
    order = ["Tatarinova", "Gorki", "Utitsa", "Great Redoubt", "Borodino", "Shevardino"]
    field = bm_data.battlefield()
    assert field.reinforcement_order["russian"] == tuple(NAMED[n] for n in order)
    assert field.reinforcement_order["french"] == tuple(NAMED[n] for n in reversed(order))
    assert all(AREAS[NAMED[n]].victory for n in order)


def test_notes_leader_icons_napoleon_kutuzov_davout_eugene():
    """"Set-up facts: Napoleon in 21, Kutuzov in 69, Davout in 19, Eugene in 15." """
    assert "F-NAP" in icons(21) and "R-KUT" in icons(69)
    assert "F-I-D" in icons(19) and "F-IV-E" in icons(15)
    assert BLOCKS["F-I-D"].label == "D" and BLOCKS["F-IV-E"].label == "E"


def test_notes_russian_yellow_in_42_and_71_light_blue_in_72():
    """"Russian yellow units in 42 and 71 (jager / infantry / artillery), light blue units in 72." """
    assert AREAS[42].control == AREAS[71].control == AREAS[72].control == "russian"
    assert "yellow jager" in icons(42)
    assert Counter(icons(71)) == Counter(["yellow artillery", "yellow infantry"])
    assert Counter(icons(72)) == Counter(["light_blue cavalry", "light_blue infantry"])


def test_notes_grande_batterie_next_to_russians():
    """"French Grande Batterie artillery in 16, 28, 31, 32, each adjacent to a Russian-occupied area." """
    assert bm_data.battlefield().grande_batterie == (16, 28, 31, 32)
    for n in (16, 28, 31, 32):
        assert AREAS[n].control == "french"
        assert [i.kind for i in AREAS[n].icons] == ["artillery"]
        assert AREAS[n].neighbours & occupied("russian"), n


def test_notes_area_41_contested_early():
    """"area 41 is contested early": Borodino starts Russian-occupied next to French units, so the
    French can engage it in the first impulse (5.2.2 example: contested by the third)."""
    assert AREAS[41].name == "Borodino" and 41 in occupied("russian")
    assert AREAS[41].neighbours & occupied("french")


def test_notes_into_54_across_the_kolocha_from_next_to_42():
    """"moving into 54 crosses the Kolocha from a unit next to 42" -- 1.2.3 example: into 42 costs
    2 MPs, into 54 (a new engagement across the Kolocha) 3 MPs."""
    starts = [n for n, a in AREAS.items() if {42, 54} <= a.neighbours and a.control == "french"]
    assert starts
    for n in starts:
        assert 54 in AREAS[n].kolocha and 42 not in AREAS[n].kolocha
        assert move_cost("french", n, 42) == 2 and move_cost("french", n, 54) == 3


def test_notes_start_control_west_and_east_of_the_red_line():
    """"At start the French control every area west of the red dashed line, the Russians every area
    east of it" -- each side's start area is one connected region, and every set-up icon stands on
    its own side."""
    for side in ("french", "russian"):
        mine = {n for n, a in AREAS.items() if a.control == side}
        reached, todo = set(), [min(mine)]
        while todo:
            n = todo.pop()
            reached.add(n)
            todo += [m for m in AREAS[n].neighbours & mine if m not in reached]
        assert reached == mine, side
    assert max(a.centre[0] for a in AREAS.values() if a.control == "french") < \
        max(a.centre[0] for a in AREAS.values() if a.control == "russian")


def test_notes_french_control_shevardino_and_borodino_for_lv_6():
    """"the French start controlling Shevardino and Borodino (logistics example: Napoleon 4 stars +
    2 victory areas = LV 6)". The 3.2 example is set in the Logistics Phase of Turn 2, and the
    9.1 example puts a Russian red infantry in Borodino at set-up, so the reconstruction has the
    French start with Shevardino and take Borodino (next to their lines, this side of the
    Kolocha) during Turn 1: LV 5 at start, 4 + 2 = 6 once Borodino falls."""
    assert AREAS[NAMED["Shevardino"]].control == "french"
    assert AREAS[NAMED["Borodino"]].control == "russian" and "red jager" in icons(41)
    french_start = {n for n, a in AREAS.items() if a.control == "french"}
    assert logistics_value("french", french_start) == 5
    assert logistics_value("french", french_start | {41}) == 4 + 2 == 6
    assert any(41 not in AREAS[n].kolocha for n in AREAS[41].neighbours & french_start)


HALF = {"yellow": "north", "light_blue": "south"}  # 9.12: the 1st Army north, the 2nd south


def test_notes_white_command_limit_line():
    """"A white north/south command-limit line (optional rules 9.11, 9.12) splits the map between
    Barclay de Tolly's 1st Army (yellow, north) and Bagration's 2nd Army (light blue, south)." """
    halves = {a.command for a in AREAS.values()}
    assert halves == {"north", "south"}
    army_icons = [(a, i.colour) for a in AREAS.values() if a.control == "russian" for i in a.icons
                  if i.colour in ("yellow", "light_blue")]
    assert {colour for _, colour in army_icons} == {"yellow", "light_blue"}
    wrong = [a.number for a, colour in army_icons if a.command != HALF[colour]]
    assert not wrong, f"army set-up icons on the wrong side of the command limit: {wrong}"
    assert AREAS[next(n for n, a in AREAS.items() if "R-1-BT" in icons(n))].command == "north"
    assert AREAS[next(n for n, a in AREAS.items() if "R-2-B" in icons(n))].command == "south"


def test_notes_armies_per_corps_colour():
    """"Armies: French 53 blocks — Imperial Guard 7 (Bressier, blue), I Corps 9 (Davout, orange),
    III Corps 6 (Ney, yellow), IV Corps 8 (Eugene, green), V Corps 5 (Poniatowski, brown), VIII
    Corps 5 (Junot, pink), Cavalry Reserve 12 (Murat, red). Russian 62 blocks — Guard 10 (Lavrov,
    red), 1st Army 20 (Barclay de Tolly, yellow), 2nd Army 17 (Bagration, light blue), Cossacks 10
    (Platov, brown), Militia 4 (white). Supreme commanders Napoleon and Kutuzov, 4 stars." """
    count = Counter((b.side, b.colour) for b in BLOCKS.values())
    assert {c: n for (s, c), n in count.items() if s == "french"} == {
        "blue": 7, "orange": 9, "yellow": 6, "green": 8, "brown": 5, "pink": 5, "red": 12, "gold": 1}
    assert {c: n for (s, c), n in count.items() if s == "russian"} == {
        "red": 10, "yellow": 20, "light_blue": 17, "brown": 10, "white": 4, "gold": 1}
    leaders = {(b.colour, b.label) for b in BLOCKS.values() if b.type == "tactical_leader"}
    assert leaders == {("blue", "B"), ("orange", "D"), ("yellow", "N"), ("green", "E"), ("brown", "P"),
                       ("pink", "J"), ("red", "M"), ("red", "L"), ("yellow", "BT"), ("light_blue", "B")}
    assert BLOCKS["F-NAP"].strength == BLOCKS["R-KUT"].strength == 4


def test_notes_french_pool():
    """"French 7 (Bressier, the blue cavalry, the three blue infantry, one of two blue artillery,
    one of six red heavy cavalry)." """
    pool = POOLS["french"]
    kinds = Counter((BLOCKS[b].colour, BLOCKS[b].type) for b in pool.blocks)
    assert kinds == {("blue", "tactical_leader"): 1, ("blue", "cavalry"): 1, ("blue", "infantry"): 3}
    assert BLOCKS["F-G-B"].label == "B" and "F-G-B" in pool.blocks
    draws = {(d.colour, d.type, d.subtype, d.count) for d in pool.draws}
    assert draws == {("blue", "artillery", None, 1), ("red", "cavalry", "heavy", 1)}
    assert sum(b.colour == "blue" and b.type == "artillery" for b in BLOCKS.values()) == 2
    assert sum(b.colour == "red" and b.subtype == "heavy" and b.side == "french" for b in BLOCKS.values()) == 6
    assert pool.size == 7


def test_notes_russian_pool():
    """"Russian 7 (Lavrov, one of five red artillery, one of four yellow artillery, one of three
    yellow cavalry, three of nine brown cavalry)." """
    pool = POOLS["russian"]
    assert pool.blocks == ("R-G-L",) and BLOCKS["R-G-L"].label == "L"
    draws = {(d.colour, d.type, d.count) for d in pool.draws}
    assert draws == {("red", "artillery", 1), ("yellow", "artillery", 1), ("yellow", "cavalry", 1),
                     ("brown", "cavalry", 3)}
    russian = Counter((b.colour, b.type) for b in BLOCKS.values() if b.side == "russian")
    assert (russian["red", "artillery"], russian["yellow", "artillery"], russian["yellow", "cavalry"],
            russian["brown", "cavalry"]) == (5, 4, 3, 9)
    assert pool.size == 7


# --- the rule book's worked examples that depend on data ----------------------------------------------
def deploy(order: list[int], units: int, stacked: dict[int, int]) -> dict[int, int]:
    """3.3: place reinforcements one by one into the first area of the order with room."""
    placed: dict[int, int] = {}
    for _ in range(units):
        room = [n for n in order if stacked.get(n, 0) + placed.get(n, 0) < AREAS[n].terrain.stacking]
        if not room:
            break
        placed[room[0]] = placed.get(room[0], 0) + 1
    return placed


def test_3_3_tatarinova_reinforcement_example():
    """3.3: "He randomly draws his first Reinforcement, and deploys it in Tatarinova, as he does for
    his second, third and fourth. Then Tatarinova is full stacked. So next he deploys his fifth in
    Utitsa (as Gorki is already full stacked). No other controlled Victory Area is available, thus
    the last two Units must remain in the Reinforcements Pool." (nine LPs, seven in the pool)"""
    order = [n for n in bm_data.battlefield().reinforcement_order["russian"]
             if AREAS[n].name in ("Tatarinova", "Gorki", "Utitsa")]
    gorki = NAMED["Gorki"]
    placed = deploy(order, units=7, stacked={gorki: AREAS[gorki].terrain.stacking})
    assert placed == {NAMED["Tatarinova"]: 4, NAMED["Utitsa"]: 1}
    assert logistics_value("russian", {107, 69, 62, 55, 41}) == 4 + 5 == 9  # "nine LPs"


def test_3_2_napoleon_four_stars_and_three_activations():
    """3.2 / 2.6.3: "Napoleon (at 4 stars)"; "each Supreme Commander can be activated three times"."""
    for chief in ("F-NAP", "R-KUT"):
        assert BLOCKS[chief].strength == 4 and BLOCKS[chief].activations == 3
        assert BLOCKS[chief].mounted and BLOCKS[chief].movement == 5


def test_5_1_french_leaders_on_the_map():
    """5.1 example: the French field tactical leaders beyond Napoleon's four activations; Bressier
    waits in the pool."""
    on_map = [b for b in BLOCKS.values() if b.side == "french" and b.type == "tactical_leader"
              and b.id not in POOLS["french"].blocks]
    assert len(on_map) == 6 and "F-G-B" in POOLS["french"].blocks


def restore(block: str, low: int, high: int) -> int:
    """3.6: LPs to restore a combat unit from strength low to high, each step at its colour's cost."""
    cost = bm_data.army().restore_cost
    return sum(cost[BLOCKS[block].firepower_at(s)] for s in range(low + 1, high + 1))


def test_3_6_fifth_infantry_division_costs_eleven():
    """3.6: "To rebuild the 5th Infantry Division from the minimum Strength up to the maximum 11 LPs
    would be needed. Thus the French player may spend seven LPs to rebuild ... from the minimum to
    three"."""
    fifth = BLOCKS["F-I-5"]
    assert fifth.colour == "orange" and fifth.type == "infantry"
    assert restore("F-I-5", 1, fifth.strength) == 11
    assert restore("F-I-5", 1, 3) == 7


def test_3_6_life_guard_jager_two_lps_and_3_2_step_costs():
    """3.6: "the Russian player spends two of his LPs to rebuild the Life Guard Jager Brigade to full
    strength"; 3.2: six LPs restore "6 Black, 3 White, two Red"."""
    lgj = BLOCKS["R-G-LGJ"]
    assert lgj.subtype == "jager" and lgj.colour == "red"
    assert restore("R-G-LGJ", lgj.strength - 1, lgj.strength) == 2
    cost = bm_data.army().restore_cost
    assert 6 * cost["SF"] == 3 * cost["DF"] == 2 * cost["TF"] == 6 and cost["QF"] == 4


def test_2_2_firepower_hits():
    """2.2: SF hits at 6, DF at 5-6, TF at 4-6, QF at 3-6; artillery's pawn is a black dot and a
    leader's heart a red dot (2.3)."""
    assert bm_data.army().hits_on == {"SF": 6, "DF": 5, "TF": 4, "QF": 3}
    assert BLOCKS["F-I-A1"].firepower_at(4) == "SF" and BLOCKS["F-I-D"].firepower_at(4) == "TF"


def test_2_6_1_artillery_at_four_fires_three_times_and_gold_shields():
    """2.6.1: "the two Artillery Units shown above may fire three and two times"; "Each Artillery has
    a Gold Shield"."""
    guns = [b for b in BLOCKS.values() if b.type == "artillery"]
    assert {b.shield for b in guns} == {"gold"}
    assert {b.strength: b.activations for b in guns} == {4: 3, 3: 2}


def test_5_3_6_1_old_guard_tf_inspired_to_qf_and_9_6_shields():
    """5.3.6.1: Bressier "has Inspired the Old Guard (yellow cube) which will gain QF"; 9.6: one of
    the two French infantry carries a silver shield, the Russian jager none; 2.5.2: heavy cavalry
    has a white horsehead and a silver shield."""
    assert BLOCKS["F-G-VG"].label == "VG" and BLOCKS["F-G-VG"].firepower == ("TF",) * 3
    assert all(b.shield is None for b in BLOCKS.values() if b.subtype == "jager")
    heavy = [b for b in BLOCKS.values() if b.subtype == "heavy"]
    assert {(b.horsehead, b.shield) for b in heavy} == {("white", "silver")}


def test_2_1_and_9_3_movement():
    """2.1: fast units 5 MPs, slow 3; 9.3: Murat and light cavalry 6, jagers 4, militia 2."""
    for b in BLOCKS.values():
        assert b.movement == (5 if b.mounted else 3)
    assert BLOCKS["F-CR-M"].agile_movement == 6 and BLOCKS["F-I-LC"].agile_movement == 6
    assert BLOCKS["R-1-1J"].agile_movement == 4 and BLOCKS["R-M-1Mos"].agile_movement == 2
    assert BLOCKS["F-CR-1H"].agile_movement == 5 and BLOCKS["F-I-D"].agile_movement == 5


def test_2_4_morale():
    """2.4: destroyed Russian jagers, militia and cossacks do not count for morale; Platov does."""
    skip = {b.id for b in BLOCKS.values() if not b.counts_for_morale}
    assert skip == {b.id for b in BLOCKS.values()
                    if b.side == "russian" and b.subtype in ("jager", "militia", "cossack")}
    assert BLOCKS["R-C-P"].counts_for_morale and len(skip) == 6 + 4 + 1 + 4 + 9


def test_9_1_infantry_groups():
    """9.1 examples: "any of the three Russian red Infantry, not exclusively the Life Guard Jager";
    "one of the 12 Russian yellow Infantry (six Jager, six regular Infantry)"; "one of the 11
    Russian light blue Infantry (four Jager, seven regular Infantry)"."""
    infantry = Counter((b.colour, b.subtype) for b in BLOCKS.values() if b.side == "russian" and b.type == "infantry")
    assert infantry["red", "jager"] == 1 and infantry["red", "line"] == 2
    assert (infantry["yellow", "jager"], infantry["yellow", "line"]) == (6, 6)
    assert (infantry["light_blue", "jager"], infantry["light_blue", "line"]) == (4, 7)


def test_setup_example_cavalry_and_artillery_mixes():
    """Setup: "one of the two light blue Russian Cavalry (may be Light or Heavy)"; "one of the four
    yellow Russian Artillery (may be Foot or Horse)"."""
    cav = {b.subtype for b in BLOCKS.values() if b.colour == "light_blue" and b.type == "cavalry"}
    guns = {b.subtype for b in BLOCKS.values()
            if b.side == "russian" and b.colour == "yellow" and b.type == "artillery"}
    assert cav == {"light", "heavy"} and guns == {"foot", "horse"}


def test_geometry_polygons_partition_the_frame():
    """Each area's circle lies in its polygon and neighbours share a border (checked on load); the
    polygons cover the 1000 x 1400 frame."""
    field = bm_data.battlefield()
    assert (field.width, field.height) == (1000, 1400)
    assert all(len(a.polygon) >= 3 for a in AREAS.values())
