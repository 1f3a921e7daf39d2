"""Blocks stand inside their area, never on each other nor on the number circle, even fully stacked."""
import dataclasses
import io
import itertools

from PIL import Image

from render import palette as P
from render.areamap.blocks import SYMBOL_FROM, Face, corps_tag, face_of, sprite
from render.areamap.play import arrangement
from render.areamap.stacking import GAP, _cells, _inside, slots
from render.areamap.static import View, keep_out
from rules.bloody_monday import bm_data
from rules.bloody_monday.bm_data import TERRAIN
from rules.bloody_monday.geometry import contains
from tests.render.bm_views import first_impulse_view, full_unit, seen_by
from tests.render.golden import check_golden

SCALES = (View((0, 0, 1000, 1400), 1.1), View((0, 0, 1000, 1400), 0.45))


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _max_stack(colour: str) -> int:
    return 2 * (TERRAIN[colour].stacking + 1)  # both sides full, each with its supreme commander over


def test_slots_at_maximum_stacking_stay_inside_and_apart():
    for a in bm_data.areas().values():
        boxes = slots(a.number, _max_stack(a.colour))
        for b in boxes:
            for corner in ((b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])):
                assert contains(a.polygon, corner), (a.number, b)
        assert not any(_overlap(p, q) for p, q in itertools.combinations(boxes, 2)), a.number


def test_slots_leave_the_number_circle_free_when_there_is_room():
    for a in bm_data.areas().values():
        boxes = slots(a.number, TERRAIN[a.colour].stacking)
        assert not any(_overlap(b, k) for b in boxes for k in keep_out(a)), a.number


def _apart(a, b, gap: float) -> bool:
    """At least `gap` between the two boxes, side by side or one above the other (to a float's rounding)."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3]) >= gap - 1e-9


def test_slots_keep_gap_from_the_border_from_each_other_and_half_of_it_from_the_circle_where_there_is_room():
    """A sample of areas, every seventh, at one block, at full stacking and fully stacked by both sides: each
    slot grown by GAP lies inside the area (no corner of the polygon in it) and each stands GAP from the next;
    where there is room, GAP / 2 from the number circle, star and name; the slots are listed west to east,
    then north to south, and are squares of one size."""
    for a in list(bm_data.areas().values())[::7]:
        for count in (1, TERRAIN[a.colour].stacking, _max_stack(a.colour)):
            boxes = slots(a.number, count)
            sides = {round(b[2] - b[0], 6) for b in boxes} | {round(b[3] - b[1], 6) for b in boxes}
            assert len(boxes) == count and len(sides) == 1, (a.number, count)
            assert list(boxes) == sorted(boxes, key=lambda b: (round(b[0]), b[1])), (a.number, count)
            for x0, y0, x1, y1 in boxes:
                grown = (x0 - GAP, y0 - GAP, x1 + GAP, y1 + GAP)
                assert all(contains(a.polygon, c) for c in itertools.product(grown[::2], grown[1::2])), a.number
                assert not any(grown[0] < px < grown[2] and grown[1] < py < grown[3] for px, py in a.polygon)
            assert all(_apart(p, q, GAP) for p, q in itertools.combinations(boxes, 2)), (a.number, count)
            if count <= TERRAIN[a.colour].stacking:
                assert all(_apart(b, k, GAP / 2) for b in boxes for k in keep_out(a)), (a.number, count)


def test_ties_near_the_anchor_go_to_the_northern_cells_and_the_first_grid_offset():
    """Three blocks in area 2: after the nearest, three cells are equally near the anchor, north-west, south-west
    and north-east of it; the two northern ones are taken, so the same position always looks the same. Two blocks
    in area 12: two grid offsets place them equally near; the first tried is kept."""
    assert [(round(b[0], 1), round(b[1], 1)) for b in slots(2, 3)] == [(7.1, 134.5), (33.1, 160.5), (85.1, 134.5)]
    assert [(round(b[0], 1), round(b[1], 1)) for b in slots(12, 2)] == [(51.1, 1295.8), (81.1, 1355.8)]



def _shaped(polygon) -> bm_data.Area:
    """An area of the map given another outline: the slots read nothing else of it."""
    return dataclasses.replace(bm_data.areas()[1], polygon=polygon)


def _dented(tip) -> bm_data.Area:
    """A square of 100 units with one narrow notch cut in from its nearest side, the notch's tip at `tip`."""
    x, y = tip
    if y < 30:
        return _shaped(((0, 0), (x - 5, 0), (x, y), (x + 5, 0), (100, 0), (100, 100), (0, 100)))
    if x > 70:
        return _shaped(((0, 0), (100, 0), (100, y - 5), (x, y), (100, y + 5), (100, 100), (0, 100)))
    if y > 70:
        return _shaped(((0, 0), (100, 0), (100, 100), (x + 5, 100), (x, y), (x - 5, 100), (0, 100)))
    return _shaped(((0, 0), (100, 0), (100, 100), (0, 100), (0, y + 5), (x, y), (0, y - 5)))


def test_a_block_exactly_gap_from_a_corner_of_its_area_s_border_fits_and_one_a_unit_nearer_does_not():
    """The block (30, 30)-(70, 70), grown by GAP to (26, 26)-(74, 74): a corner of the border on that outline, north,
    east, south or west, leaves it GAP clear (as two blocks side by side stand); a unit further in, it does not."""
    box = (30, 30, 70, 70)
    for tip, nearer in (((45, 26), (45, 27)), ((74, 55), (73, 55)), ((55, 74), (55, 73)), ((26, 45), (27, 45))):
        assert _inside(_dented(tip), box), tip
        assert not _inside(_dented(nearer), box), nearer


def test_the_grid_lists_every_cell_of_the_area_and_a_cell_half_a_gap_from_the_room_kept_free():
    """Blocks of 20 on a grid from (5, 5) in an area 110 by 60: four columns of two cells, wherever the grid's
    origin lies in the area. The room kept free (the circle, star and name) as thin lines down and across the
    middle of the gaps between cells leaves each cell GAP / 2 clear: all eight stay; a unit west and south,
    the cells they come nearer than that are left out."""
    area = _shaped(((0, 0), (110, 0), (110, 60), (0, 60)))
    grid = [(x, y, x + 20, y + 20) for x in (5, 29, 53, 77) for y in (5, 29)]
    assert sorted(_cells(area, 20, (), (5, 5))) == grid
    assert sorted(_cells(area, 20, (), (53, 29))) == grid
    assert sorted(_cells(area, 20, ((51, 0, 51, 60), (0, 27, 110, 27)), (5, 5))) == grid
    moved = ((50, 0, 50, 60), (0, 28, 110, 28))
    assert sorted(_cells(area, 20, moved, (5, 5))) == [(5, 5, 25, 25), (53, 5, 73, 25), (77, 5, 97, 25)]


def test_pixel_boxes_never_overlap_at_maximum_stacking():
    units = [{"side": side, "area": a.number, "revealed": False}
             for a in bm_data.areas().values() for side in ("french", "russian")
             for _ in range(_max_stack(a.colour) // 2)]
    for frame in SCALES:
        placed, _ = arrangement({"units": units, "viewer": None}, frame)
        assert len(placed) == len(units)
        by_area: dict[int, list] = {}
        for u, box in placed:
            by_area.setdefault(u["area"], []).append(box)
        for n, boxes in by_area.items():
            assert not any(_overlap(p, q) for p, q in itertools.combinations(boxes, 2)), (n, frame.scale)


def test_hidden_blocks_share_one_face():
    view = seen_by(first_impulse_view(), "french")
    faces = {face_of(u, "french") for u in view["units"] if u["side"] == "russian" and not u.get("revealed")}
    assert faces == {Face("russian")}


def test_every_corps_of_the_order_of_battle_has_its_own_letters_on_its_side():
    """Colour alone does not tell gold from orange or brown from red for colour-blind players
   : a face-up block's stripe carries its corps' letters, one set per corps of a side."""
    corps = {(b.side, b.corps) for b in bm_data.blocks().values()}
    for side in ("french", "russian"):
        tags = [corps_tag(key) for s, key in corps if s == side]
        assert all(tags) and len(set(tags)) == len(tags), tags
    assert (corps_tag("iii"), corps_tag("cavalry_reserve"), corps_tag("1st_army")) == ("III", "CR", "1A")
    assert (corps_tag("xiv"), corps_tag("")) == ("XIV", "")  # a numeral of all three letters; no corps


def test_the_corps_letters_are_drawn_on_the_stripe_and_hidden_blocks_have_none():
    view = seen_by(first_impulse_view(), "french")
    own = next(u for u in view["units"] if u["side"] == "french" and u["corps"] == "i")
    face = face_of(own, "french")
    assert face.corps == "I"
    plain = Face(**{**face.__dict__, "corps": ""})
    assert sprite(face, 40).tobytes() != sprite(plain, 40).tobytes()
    hidden = next(u for u in view["units"] if u["side"] == "russian" and not u.get("revealed"))
    assert face_of(hidden, "french").corps == ""


def test_face_up_blocks_of_an_area_stand_in_the_order_of_their_labels_then_ids():
    """The slots are taken west to east, then north to south: "1" (F-I-1) before "A" (F-CR-A), though its
    id sorts after; two labelled "A" by id."""
    units = [full_unit(bid, 41) for bid in ("F-I-A2", "F-CR-A", "F-I-1", "F-I-A1")]
    placed, _ = arrangement({"units": units, "viewer": "french"}, SCALES[0])
    assert [u["id"] for u, _ in placed] == ["F-I-1", "F-CR-A", "F-I-A1", "F-I-A2"]
    assert [box for _, box in placed] == [SCALES[0].px_box(b) for b in slots(41, 4)]


def test_the_french_stand_before_the_russians_and_a_side_s_face_up_blocks_before_its_hidden_ones():
    """Whatever order the view lists them in, and though the Russian label sorts first: the French block, then
    the revealed Russian one, then the hidden one."""
    hidden_one = {"side": "russian", "area": 41, "revealed": False}
    units = [hidden_one, full_unit("R-1-1J", 41, revealed=True), full_unit("F-G-VG", 41)]
    placed, _ = arrangement({"units": units, "viewer": "french"}, SCALES[0])
    assert [u.get("id") for u, _ in placed] == ["F-G-VG", "R-1-1J", None]


SHEET_SIZES = (22, SYMBOL_FROM, 44, 88)  # the type symbol from SYMBOL_FROM px; a whole map's block; a crop's at 3x
SHEET = (  # (block, its strength, what else its view says, who looks)
    ("F-NAP", None, {"activated": True}, "french"),  # supreme commander: crown, stars for pips, gold edge
    ("F-G-B", 2, {}, "french"),  # a tactical leader who lost a step: a faint ring
    ("F-I-5", None, {"cubes": ["light_blue", "red", "yellow"]}, "french"),  # three cubes; QF
    ("F-G-A1", None, {"revealed": True}, "russian"),  # an enemy artillery block revealed: light edge, gold shield
    ("F-CR-1H", 2, {"cubes": ["white"]}, "french"),  # cavalry, silver shield, firepower after a loss
    ("F-IV-13", 3, {}, "french"),  # dark letters on the green stripe, the lightest a light ink would not suit
    ("R-M-1Mos", 1, {}, "russian"),  # militia: dark letters on the white stripe, two lost steps
    ("R-C-At", None, {"revealed": True, "activated": True}, "russian"),  # cossacks: light letters on brown
    ("R-G-1LG", None, {}, "french"),  # an enemy block not revealed: hidden
    ("F-I-1", None, {}, None),  # the public sees every block hidden
)


def test_golden_block_faces():
    """Each block's sticker as a player sees it: pips for its strength in its firepower's colour and faint
    rings for lost steps, stars for a leader's, the label, the type symbol (from SYMBOL_FROM px) or a leader's
    mark, the corps' letters on its stripe, the shield, the cubes, a revealed or activated edge; a hidden block
    its side's colour alone."""
    faces = [face_of(full_unit(bid, 41, strength, **extra), viewer) for bid, strength, extra, viewer in SHEET]
    cell = max(SHEET_SIZES) + 8
    sheet = Image.new("RGB", (cell * len(faces), cell * len(SHEET_SIZES)), P.PAPER)
    for row, size in enumerate(SHEET_SIZES):
        for col, face in enumerate(faces):
            block = sprite(face, size)
            assert block.size == (size, size)
            sheet.paste(block, (col * cell + 4, row * cell + 4), block)
    out = io.BytesIO()
    sheet.save(out, "PNG")
    check_golden("bm_block_faces", out.getvalue())


def test_the_cubes_of_a_view_the_engine_made_are_drawn_by_their_meaning():
    """The engine names a cube by its colour (the rule book's words): yellow inspired (5.2.2), light blue a
    Kolocha crossing (1.2.3), white isolated (4.1), red an artillery fired (5.3.1); each is drawn."""
    from rules import load
    bm = load("bloody_monday")
    state = bm.setup("bloody_monday", 1, [])
    bid = next(b for b, block in sorted(state["blocks"].items()) if block["where"] == "map" and b.startswith("F-"))
    state["blocks"][bid]["cubes"] = ["light_blue", "white", "yellow"]
    unit = next(u for u in bm.view(state, "french")["units"] if u.get("id") == bid)
    assert face_of(unit, "french").cubes == ("inspired", "kolocha", "isolated")
    assert face_of({**unit, "cubes": ["red"]}, "french").cubes == ("fired",)
