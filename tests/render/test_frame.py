"""The frame every map shares (render/frame.py): the title strip and the legend of icons, sized to
the picture so that they stay legible at a phone's 550 px."""
from __future__ import annotations

import io
import math

import pytest
from PIL import Image, ImageDraw

from render import palette as P
from render.areamap.frame import legend as area_legend
from render.fonts import font
from render.frame import (_wrap, arrow_icon, cross_icon, flow_legend, line_icon, sprite_icon, strip, swatch,
                          symbol_icon, text_size)
from render.hexmap.frame import legend_items
from tests.render.golden import check_golden


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


@pytest.mark.parametrize(("width", "size"), [(300, 13), (550, 13), (598, 13), (621, 14), (920, 20), (1380, 30),
                                             (1403, 30), (4000, 30)])
def test_the_text_grows_with_the_picture_from_13_to_30_px(width, size):
    assert text_size(width) == size


class _Ruler:
    """Measures a text as 10 px a character, so that the wrapping can be followed by hand."""

    def textlength(self, text: str, font=None) -> float:
        return 10.0 * len(text)


@pytest.mark.parametrize(("words", "width", "lines"), [
    (["aa", "bb", "cc"], 50, ["aa+bb", "cc"]),  # "aa+bb" exactly fills the width
    (["aa", "bb", "cc"], 49, ["aa", "bb", "cc"]),
    (["aa", "bb", "cc"], 80, ["aa+bb+cc"]),
    (["longword", "a", "b"], 30, ["longword", "a+b"]),  # a word wider than the width has its own line
    ([], 50, []),
])
def test_words_are_joined_into_lines_no_wider_than_the_width(words, width, lines):
    assert _wrap(_Ruler(), words, font("sans", 13), width, "+") == lines  # type: ignore[arg-type]


def _rows_of(img: Image.Image, colour: P.RGB) -> list[int]:
    """The rows holding a pixel of exactly `colour`."""
    px = img.load()
    return [y for y in range(img.height) if any(px[x, y] == colour for x in range(img.width))]


def test_a_strip_stacks_the_title_the_facts_and_the_prompt_each_wrapped_to_its_width():
    """At 550 px: 13 px text in a 6 px pad; a title of 16 px letters, the facts in 13 px bold, the
    prompt in 13 px in the Guard's pale yellow, each line 1.3 times its letters high."""
    title = "Borodino: 7 September: the Great Battle of the Moskva, as the French and Russians fought it"
    parts = ["Turn 3 of 15", "10:00", "French Movement Phase", "French to move", "losses French 4, Russian 7"]
    prompt = "Move a unit, attack, or say done when every French unit has moved where it will this phase."
    img = strip(title, parts, prompt, 550)
    big, body = font("title", 16), font("bold", 13)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    rows = (len(_wrap(probe, title.split(), big, 538, " ")) * 21 + len(_wrap(probe, parts, body, 538, "  ·  ")) * 17
            + len(_wrap(probe, prompt.split(), font("sans", 13), 538, " ")) * 17)
    assert rows > 21 + 2 * 17 + 17  # the title, the facts and the prompt each wrap here
    assert img.size == (550, rows + 2 * 6)
    assert img.getpixel((0, 0)) == img.getpixel((549, img.height - 1)) == P.STRIP
    letters = _rows_of(img, P.STRIP_TEXT)
    prompted = _rows_of(img, P.GUARD)
    assert 6 <= letters[0] and letters[-1] < prompted[0] and prompted[-1] < img.height - 6
    ink = Image.eval(img.convert("L"), lambda v: 255 if v > 120 else 0).getbbox()
    assert ink is not None and 6 <= ink[0] <= 8 and ink[2] <= 550 - 6
    check_golden("frame_strip_550", _png(img))


def test_a_strip_without_a_prompt_has_no_prompt_line():
    with_prompt, without = strip("Borodino", ["Turn 1"], "Attack 2817?", 550), strip("Borodino", ["Turn 1"], "", 550)
    assert with_prompt.height == without.height + 17 and without.height == 21 + 17 + 12
    assert not _rows_of(without, P.GUARD)


def _sprite(size: int) -> Image.Image:
    """A piece of `size` px: a red square with a transparent hole in its middle."""
    img = Image.new("RGBA", (size, size), (200, 0, 0, 255))
    ImageDraw.Draw(img).rectangle((size // 4, size // 4, size - size // 4 - 1, size - size // 4 - 1), fill=(0, 0, 0, 0))
    return img


def _icons() -> list:
    """Every kind of icon (made by each test, so that the icons are those of the code under test)."""
    return [(swatch(P.CLEAR), "clear"), (swatch(P.WOODS, P.TREE), "woods"), (line_icon(P.RIVER, 0.35), "river"),
            (line_icon(P.ROAD, 0.3, P.ROAD_CENTRE), "road"), (arrow_icon(P.ATTACK), "attack"),
            (arrow_icon(P.SIDES["russian"]["arrow"], dash=True), "retreat"), (cross_icon, "eliminated"),
            (symbol_icon("cavalry"), "cavalry"), (sprite_icon(_sprite), "a piece"),
            (lambda img, d, box: None, "top of the map: East")]


@pytest.mark.parametrize("width", [550, 1100])
def test_a_legend_flows_its_icons_and_words_into_rows_as_wide_as_the_picture(width):
    img = flow_legend(_icons(), width)
    size = max(11, round(text_size(width) * 0.7))
    line = round(size * 1.35) + size // 2
    assert img.width == width and (img.height - size // 2) % line == 0
    ink = Image.eval(img.convert("L"), lambda v: 255 if v < 120 else 0).getbbox()
    assert ink is not None and ink[0] >= size // 2 and ink[2] <= width - size // 2
    check_golden(f"frame_legend_{width}", _png(img))


def test_a_legend_starts_a_row_only_when_the_next_item_would_pass_the_edge():
    """At 550 px: 11 px words after 21 px icons, 11 px apart; a row is full when the next would
    reach past 5 px short of the edge."""
    one = flow_legend(_icons()[:1], 550)
    assert one.height == 15 + 5 + 5 and one.getpixel((5, 5)) == P.GRID and one.getpixel((4, 5)) == P.PAPER
    assert flow_legend(_icons(), 550).height == 2 * 20 + 5
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    first, second = (21 + 2 + round(probe.textlength(words, font=font("sans", 11))) for words in ("clear", "woods"))
    assert flow_legend(_icons()[:2], 5 + first + 11 + second + 5).height == 25  # two items exactly fill the row
    assert flow_legend(_icons()[:2], 5 + first + 11 + second + 4).height == 45
    assert flow_legend(_icons()[:1], 20).height == 25  # an item wider than the picture still starts the first row


def _icon(icon, box=(4, 2, 44, 30), size=(48, 34)) -> Image.Image:
    img = Image.new("RGB", size, (255, 255, 255))
    icon(img, ImageDraw.Draw(img), box)
    return img


def test_a_swatch_is_its_fill_outlined_in_the_grid_colour_with_three_dots_if_any():
    plain, dotted = _icon(swatch(P.CLEAR)), _icon(swatch(P.WOODS, P.TREE))
    assert plain.getpixel((4, 2)) == plain.getpixel((44, 30)) == P.GRID and plain.getpixel((3, 2)) == (255, 255, 255)
    assert plain.getpixel((24, 16)) == P.CLEAR
    # dots of radius 5 (a fifth of the height) at 0.3 and 0.7 of the width, 0.35 of the height, and 0.5, 0.7
    def trees(points) -> list[int]:
        return [i for i, xy in enumerate(points) if dotted.getpixel(xy) == P.TREE]
    assert trees((x, 12) for x in range(48)) == list(range(11, 22)) + list(range(27, 38))  # about x 16 and 32
    assert trees((x, 22) for x in range(48)) == list(range(19, 30))  # about x 24
    assert trees((16, y) for y in range(34)) == list(range(6, 17))  # about y 11.8
    assert trees((24, y) for y in range(34)) == list(range(16, 27))  # about y 21.6


def test_a_line_icon_is_a_line_across_the_box_its_stripe_a_third_as_wide():
    plain, striped = _icon(line_icon(P.RIVER, 0.35)), _icon(line_icon(P.ROAD, 0.5, P.ROAD_CENTRE))
    assert _rows_of(plain, P.RIVER) == list(range(12, 22)) and plain.getpixel((4, 16)) == P.RIVER
    assert plain.getpixel((44, 16)) == P.RIVER and plain.getpixel((45, 16)) == (255, 255, 255)
    assert _rows_of(striped, P.ROAD) == list(range(10, 15)) + list(range(19, 24))  # 14 px, its stripe 4
    assert _rows_of(striped, P.ROAD_CENTRE) == list(range(15, 19))
    assert _rows_of(_icon(line_icon(P.RIVER, 0.01)), P.RIVER) == [16, 17]  # never under 2 px
    assert _rows_of(_icon(line_icon(P.ROAD, 0.05, P.ROAD_CENTRE)), P.ROAD_CENTRE) == [16]  # a stripe of 1 px at least


def test_an_arrow_icon_points_right_solid_or_dashed():
    solid, dashed = _icon(arrow_icon(P.ATTACK)), _icon(arrow_icon(P.ATTACK, dash=True))
    row = [solid.getpixel((x, 16)) for x in range(4, 30)]
    assert all(c == P.ATTACK for c in row)
    gaps = [x for x in range(4, 30) if dashed.getpixel((x, 16)) != P.ATTACK]
    assert gaps and dashed.getpixel((6, 16)) == P.ATTACK
    def column(x: int) -> list[int]:
        return [y for y in range(34) if solid.getpixel((x, y)) == P.ATTACK]
    assert column(20) == list(range(14, 19))  # a shaft 4.7 px wide
    assert column(34) == list(range(10, 22)) and column(44) == [16] and column(45) == []  # the head's tip at the right


def test_a_cross_icon_is_two_strokes_corner_to_corner_of_a_square_centred_in_the_box():
    img = _icon(cross_icon)
    reds = [(x, y) for y in range(34) for x in range(48) if img.getpixel((x, y)) == P.ELIMINATED]
    xs, ys = [x for x, _ in reds], [y for _, y in reds]
    assert min(ys) <= 3 and max(ys) >= 29 and 7 <= min(xs) <= 11 and 37 <= max(xs) <= 41
    assert img.getpixel((24, 16)) == P.ELIMINATED and img.getpixel((24, 4)) != P.ELIMINATED
    assert sum(1 for y in range(34) if img.getpixel((24, y)) == P.ELIMINATED) in range(7, 11)  # 5.6 px strokes


def test_a_sprite_icon_is_the_piece_as_tall_as_the_box_centred_in_it_through_its_transparency():
    img = _icon(sprite_icon(_sprite))
    reds = [(x, y) for y in range(34) for x in range(48) if img.getpixel((x, y)) == (200, 0, 0)]
    assert min(reds) == (10, 2) and max(reds) == (37, 29) and len(reds) == 28 * 28 - 14 * 14
    assert img.getpixel((24, 16)) == (255, 255, 255)  # the hole shows what is beneath


def test_a_symbol_icon_is_the_map_s_symbol_in_ink_in_a_square_centred_in_the_box():
    img = _icon(symbol_icon("infantry"))
    dark = Image.eval(img.convert("L"), lambda v: 255 if v < 100 else 0).getbbox()
    assert dark is not None and 10 <= dark[0] and dark[2] <= 38 and 2 <= dark[1] and dark[3] <= 30
    assert dark[2] - dark[0] > 14
    assert _icon(symbol_icon("cavalry")).tobytes() != img.tobytes()


@pytest.mark.parametrize(("title", "parts", "prompt", "kind", "rows"), [
    ("Borodino: the Great Battle", [], "", ("title", 16, " "), 21),
    ("", ["Turn 3 of 15", "10:00"], "", ("bold", 13, "  ·  "), 17),
    ("", [], "Move a unit or say done", ("sans", 13, " "), 17),
])
def test_each_line_of_a_strip_fills_its_width_less_the_pads_and_no_more(title, parts, prompt, kind, rows):
    """A line exactly as wide as the strip less its two 6 px pads stays whole; a pixel narrower, it wraps."""
    name, size, sep = kind
    words = title.split() or parts or prompt.split()
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    width = math.ceil(probe.textlength(sep.join(words), font=font(name, size))) + 2 * 6
    empty = strip("", [], "", width).height  # the title's row of no words: none
    assert strip(title, parts, prompt, width).height == empty + rows
    assert strip(title, parts, prompt, width - 1).height == empty + 2 * rows


def test_an_arrow_icon_of_two_colours_draws_one_above_the_other():
    """A move is drawn in its side's colour, so the legend's move shows both sides' arrows."""
    french, russian = P.SIDES["french"]["arrow"], P.SIDES["russian"]["arrow"]
    img = _icon(arrow_icon(french, russian))
    assert _rows_of(img, french) and _rows_of(img, russian)
    assert max(_rows_of(img, french)) < min(_rows_of(img, russian)) and img.getpixel((20, 9)) == french


def test_the_legend_s_move_shows_the_arrow_of_each_side():
    """Moves and retreats are drawn in the mover's colour: the legends showed the French arrow
    alone beside 'move', and a Russian move in another colour went unexplained."""
    [icon] = [icon for icon, text in legend_items() if text.startswith("move,")]
    assert all(_rows_of(_icon(icon), P.SIDES[side]["arrow"]) for side in ("french", "russian"))
    colours = {colour for _, colour in area_legend(550, None).convert("RGB").getcolors(1 << 16)}
    assert {P.BLOCK["french"]["arrow"], P.BLOCK["russian"]["arrow"]} <= colours
