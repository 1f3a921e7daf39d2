"""The latest action and its crop at a phone's width (issue 12.1): every post after a change carries
the whole map and this crop, whose counters and blocks a phone reads."""
import io

from PIL import Image

from render import action_crop
from render.areamap.picture import draw_area_map
from render.action import PHONE_WIDTH, latest_areas, latest_hexes
from render.hexmap.counters import LABEL_FROM, counter_size
from render.hexmap.picture import PHONE_R, crop_r, legible_radius
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
