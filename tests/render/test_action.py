"""The latest action and its crop at a phone's width: every post after a change carries
the whole map and this crop, whose counters and blocks a phone reads."""
import io

from PIL import Image

from render import action_crop
from render.areamap.picture import draw_area_map
import rules
from render.action import PHONE_WIDTH, crop_areas, crop_hexes, latest_areas, latest_hexes
from render.hexmap.counters import LABEL_FROM, counter_size
from render.hexmap.picture import PHONE_R, crop_r, hexes_around, legible_radius
from rules.bloody_monday import bm_data
from rules.core.playout import random_playout, replay
from tests.render.bm_views import first_impulse_view, seen_by, setup_view
from tests.render.golden import check_golden, fixture_view


def _width(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).width


def test_the_latest_attack_is_the_action_with_its_retreats():
    """Combat follows movement in a player-turn: the last attack of the log, its attacker and
    defender hexes (3922 attacked 3921 at 1-2, Dr)."""
    assert latest_hexes(fixture_view("midgame_view")) == ["3921", "3922"]


def test_without_attacks_the_latest_move_is_the_action():
    view = fixture_view("midgame_view")
    view["log"]["attacks"] = []
    assert latest_hexes(view) == view["log"]["moves"][-1]["path"]


def test_a_new_player_turn_shows_the_previous_one_s_last_action():
    view = fixture_view("midgame_view")
    view["last_log"], view["log"] = view["log"], {"moves": [], "attacks": []}
    assert latest_hexes(view) == ["3921", "3922"]


def test_no_action_yet_no_crop():
    assert latest_hexes(fixture_view("start_view")) == [] and action_crop(fixture_view("start_view")) is None
    assert latest_areas(setup_view()) == [] and action_crop(setup_view()) is None


def test_the_crop_is_a_phone_s_width_and_its_counters_show_their_designations():
    view = fixture_view("midgame_view")
    hexes = latest_hexes(view)
    assert PHONE_WIDTH - 12 <= _width(action_crop(view)) <= PHONE_WIDTH
    assert crop_r(hexes, legible_radius(hexes), PHONE_WIDTH) >= PHONE_R
    assert counter_size(PHONE_R) >= LABEL_FROM


def test_a_long_move_keeps_its_counters_legible_by_narrowing_the_context():
    """Five columns of a move leave room for one hex around it, not two."""
    far = [f"{x}10" for x in range(15, 20)]
    assert legible_radius(far) == 1 and crop_r(far, 1, PHONE_WIDTH) >= PHONE_R
    assert crop_r(far, 2, PHONE_WIDTH) < PHONE_R


def test_golden_action_crop_of_the_midgame():
    check_golden("action_midgame", action_crop(fixture_view("midgame_view")))


def test_bloody_monday_s_action_is_the_latest_move_and_its_battle():
    view = seen_by(first_impulse_view(), "french")
    last = view["log"]["moves"][-1]
    assert latest_areas(view) == [last["from"], last["to"]] and last["to"] == 41
    check_golden("bm_action_41_french", action_crop(view))



def test_a_bloody_monday_crop_of_two_areas_far_apart_side_by_side_is_tall_enough_for_the_panels():
    """A hidden Russian block moved from 85 to 46, across the map: the crop around both areas was
    a strip too low for the morale panels, and drawing it raised (found playing the computer)."""
    png = render_crop(setup_view(), [85, 46])
    img = Image.open(io.BytesIO(png))
    assert img.width <= PHONE_WIDTH and img.height > img.width * 0.6


def render_crop(view: dict, areas: list[int]) -> bytes:
    out = io.BytesIO()
    draw_area_map(view, size=PHONE_WIDTH, around=areas, radius=0).save(out, "PNG")
    return out.getvalue()


def _first(system, scenario: str, seed: int, rng_seed: int, commands: int, found) -> dict:
    """The public view of the first position of a random game where `found(state)` holds."""
    playout = random_playout(system, scenario, seed, rng_seed=rng_seed, max_commands=commands, policy="sample")
    return next(system.view(state, None) for state, _ in replay(system, system.setup(scenario, seed), playout.commands)
                if found(state))


def test_after_a_movement_phase_the_crop_holds_the_attacks_now_owed():
    """The Combat Phase begins with six hexes owing or owed an attack (Combat B) far from the last
    move of the Movement Phase: the crop is of the attacks due, every one of their hexes in it."""
    system = rules.load("borodino")
    view = _first(system, "7sep", 1, 1, 45, lambda s: s["phase"] == "combat" and not s["log"]["attacks"])
    owed = set(view["owed"])
    assert owed == set(view["must_attack"]) | set(view["must_be_attacked"]) and len(owed) == 6
    moved = latest_hexes(view)
    assert not owed & hexes_around(moved, legible_radius(moved))  # the old crop: the move alone
    hexes = crop_hexes(view)
    assert owed <= hexes_around(hexes, legible_radius(hexes))
    assert PHONE_WIDTH - 12 <= _width(action_crop(view)) <= PHONE_WIDTH


def test_a_combat_result_s_choice_is_in_the_crop():
    """A retreat the victor must choose: the unit's hex and the hexes it may retreat to are owed."""
    system = rules.load("borodino")
    view = _first(system, "7sep", 1, 1, 200,
                  lambda s: bool(s["pending"]) and s["pending"]["steps"][0]["kind"] == "retreat")
    assert view["owed"] and set(view["owed"]) <= set(crop_hexes(view))


def test_the_bloody_monday_crop_of_hits_being_applied_holds_their_area():
    """"The Russian player is applying hits in 46 (5.3.6)": the battle in 46 is what the game waits
    on, the latest move (17 to 4) an earlier command: the crop is of area 46, all of it."""
    from render.areamap.picture import frame_for

    system = rules.load("bloody_monday")
    view = _first(system, "bloody_monday", 3, 2, 125,
                  lambda s: bool(s["battle"]) and bool(s["battle"]["choice"]) and s["battle"]["area"] == 46)
    assert view["prompt"] == "The Russian player is applying hits in 46 (5.3.6)." and view["owed"] == [46]
    assert 46 not in latest_areas(view) and crop_areas(view) == [46]
    x0, y0, x1, y1 = frame_for(crop_areas(view), 0, PHONE_WIDTH).box
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in bm_data.battlefield().areas[46].polygon)
    assert PHONE_WIDTH - 12 <= _width(action_crop(view)) <= PHONE_WIDTH


def test_a_bloody_monday_battle_due_joins_the_latest_move_in_the_crop():
    """Battles due in newly contested areas (FAQ 5) are owed: the crop holds them with the move."""
    system = rules.load("bloody_monday")
    view = _first(system, "bloody_monday", 3, 2, 125,
                  lambda s: not s["battle"] and bool(system.view(s, None)["owed"]))
    assert view["owed"] and set(view["owed"]) | set(latest_areas(view)) == set(crop_areas(view))


def _log(**lists) -> dict:
    return {"moves": [], "attacks": [], "retreats": [], "advances": [], **lists}


FIGHT = _log(moves=[{"path": ["1010", "1011"]}], attacks=[
    {"attackers": ["2001"], "defenders": ["2002"]},
    {"attackers": ["3010", 3011], "defenders": ["R3012"], "bombarding": ["3110"]}],
    retreats=[{"from": "3012", "to": "3013"}, {"from": "2002", "to": "2003"}],
    advances=[{"from": 3011, "to": 3012}])


def test_an_attack_s_hexes_are_its_units_and_where_they_retreated_and_advanced_from_there():
    """The last attack alone: attackers, defenders (an empty redoubt's "R" dropped), bombarding
    artillery, and the ends of the retreats and advances that left its hexes, as hex numbers."""
    assert latest_hexes({"log": FIGHT}) == ["3010", "3011", "3012", "3013", "3110"]
    assert latest_hexes({"log": _log(attacks=[{"defenders": ["4010"]}])}) == ["4010"]


def test_a_move_s_hexes_are_its_path_each_once_in_the_order_walked():
    view = {"log": _log(moves=[{"path": ["1010"]}, {"path": ["2010", "2011", "2010", "2110"]}])}
    assert latest_hexes(view) == ["2010", "2011", "2110"]
    assert latest_hexes({"log": _log(moves=[{"unit": "F-1"}])}) == []


def test_reinforcements_placed_together_at_the_end_of_the_movement_phase_are_one_action():
    """Scenarios: reinforcements not moved on are placed on their entry hexes when the Movement
    Phase ends, one `end` placing several: the crop holds them all, not the last alone; a move
    before them is not part of it."""
    placed = [{"path": ["2630"]}, {"path": ["2629"]}, {"path": ["3930"]}]
    assert latest_hexes({"log": _log(moves=[{"path": ["1010", "1011"]}, *placed])}) == ["2630", "2629", "3930"]
    assert latest_hexes({"log": _log(moves=[*placed, {"path": ["1010", "1011"]}])}) == ["1010", "1011"]


def test_the_previous_player_turn_s_log_serves_only_while_the_current_one_is_empty():
    old = _log(moves=[{"path": ["1010", "1011"]}])
    assert latest_hexes({"log": _log(), "last_log": old}) == ["1010", "1011"]
    assert latest_hexes({"log": None, "last_log": old}) == ["1010", "1011"]
    assert latest_hexes({"last_log": old}) == ["1010", "1011"]
    assert latest_hexes({"log": _log(attacks=[{"defenders": ["2002"]}]), "last_log": old}) == ["2002"]
    assert latest_hexes({"log": _log(), "last_log": _log(attacks=[{"defenders": ["2002"]}])}) == ["2002"]
    assert latest_hexes({"log": _log(retreats=[{"from": "1", "to": "2"}])}) == []  # no move, no attack
    assert latest_hexes({}) == []


def test_attacks_owed_before_any_is_made_are_the_crop_else_they_join_the_latest_action():
    moved = _log(moves=[{"path": ["1010", "1011"]}])
    assert crop_hexes({"phase": "combat", "owed": [3012, "3013"], "log": moved}) == ["3012", "3013"]
    assert crop_hexes({"phase": "movement", "owed": ["3013"], "log": moved}) == ["1010", "1011", "3013"]
    assert crop_hexes({"phase": "combat", "owed": ["3013"], "log": FIGHT}) == [
        "3010", "3011", "3012", "3013", "3110"]
    assert crop_hexes({"phase": "combat", "owed": ["3014"], "log": FIGHT})[-1] == "3110"
    assert "3014" in crop_hexes({"phase": "combat", "owed": ["3014"], "log": FIGHT})
    assert crop_hexes({"phase": "combat", "log": moved}) == ["1010", "1011"]
    unmoved = _log(attacks=[{"attackers": ["3010"], "defenders": ["3011"]}])  # attacks made, nothing moved
    assert crop_hexes({"phase": "combat", "owed": ["3014"], "log": unmoved}) == ["3010", "3011", "3014"]
    assert crop_hexes({"phase": "combat", "owed": ["3014"], "log": None}) == ["3014"]


def test_a_bloody_monday_battle_under_way_is_the_crop_alone():
    view = {"battle": {"area": 46}, "owed": ["46", 12], "log": {"moves": [{"from": 17, "to": 4}]}}
    assert crop_areas(view) == [12, 46]
    assert crop_areas(dict(view, battle=None)) == [4, 12, 17, 46]
    assert crop_areas(dict(view, owed=[])) == [4, 17]
    assert crop_areas({"log": {"moves": [{"from": 17, "to": 4}]}}) == [4, 17]


def test_bloody_monday_s_latest_action_is_a_move_else_a_battle_else_artillery_fire():
    fire, battle, move = [{"from": 30, "to": 31}], [{"area": "46"}], [{"from": 17, "to": 4}]
    assert latest_areas({"log": {"moves": move, "battles": battle, "artillery": fire}}) == [17, 4]
    assert latest_areas({"log": {"moves": [], "battles": battle, "artillery": fire}}) == [46]
    assert latest_areas({"log": {"artillery": fire}}) == [30, 31]
    assert latest_areas({"log": {"battles": battle}}) == [46]
    assert latest_areas({"log": {"moves": [{"from": None, "to": 4}]}}) == [4]  # an end the log lacks is left out
    assert latest_areas({"log": {}, "last_log": {"battles": battle}}) == []  # the previous turn's is not read
    assert latest_areas({}) == []


def test_golden_action_crop_of_a_crowded_combat_phase():
    """7 Sept, a Russian Combat Phase of seven attacks over the six French ones before them: each
    label readable, none over another, those set apart tied to their attacks by leader lines."""
    check_golden("action_crowded", action_crop(fixture_view("crowded_view")))
