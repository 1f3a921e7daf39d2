"""Every pair of colours that carries meaning stays apart for every colour vision:
simulated protanopia, deuteranopia and tritanopia (Machado 2009, full severity), CIEDE2000."""
import math

import pytest

from render import palette as P
from render.colourblind import VISIONS, ciede2000, delta_e00, lab, seen_apart, simulate_colour

# Sharma, Wu & Dalal (2005), Table 1: the 34 CIELAB pairs and their published CIEDE2000 differences,
# chosen to straddle the formula's branches (hue differences across 180 degrees, grey, the hue mean).
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 2.8361, -74.02), (50.0, 0.0, -82.7485), 3.4412),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0),
    ((50.0, -1.1848, -84.8006), (50.0, 0.0, -82.7485), 1.0),
    ((50.0, -0.9009, -85.5211), (50.0, 0.0, -82.7485), 1.0),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, -1.0, 2.0), (50.0, 0.0, 0.0), 2.3669),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.001), 7.1792),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0011), 7.2195),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0012), 7.2195),
    ((50.0, -0.001, 2.49), (50.0, 0.0009, -2.49), 4.8045),
    ((50.0, -0.001, 2.49), (50.0, 0.001, -2.49), 4.8045),
    ((50.0, -0.001, 2.49), (50.0, 0.0011, -2.49), 4.7461),
    ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.903),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0),
    ((50.0, 2.5, 0.0), (50.0, 3.2972, 0.0), 1.0),
    ((50.0, 2.5, 0.0), (50.0, 1.8634, 0.5757), 1.0),
    ((50.0, 2.5, 0.0), (50.0, 3.2592, 0.335), 1.0),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.263),
    ((61.2901, 3.7196, -5.3901), (61.4292, 2.248, -4.962), 1.8731),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ((36.4612, 47.858, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
    ((90.8027, -2.0831, 1.441), (91.1528, -1.6435, 0.0447), 1.4441),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("lab1", "lab2", "published"), SHARMA)
def test_ciede2000_matches_sharma_s_test_data(lab1, lab2, published):
    assert delta_e00(lab1, lab2) == pytest.approx(published, abs=1e-4)
    assert delta_e00(lab2, lab1) == pytest.approx(published, abs=1e-4)


def test_lab_of_the_srgb_primaries_and_white_is_the_published_one():
    """sRGB red, blue and white under D65: (53.23, 80.11, 67.22), (32.30, 79.20, -107.86), (100, 0, 0)."""
    for rgb, published in (((255, 0, 0), (53.2329, 80.1093, 67.2201)), ((0, 0, 255), (32.3026, 79.1967, -107.8637)),
                           ((255, 255, 255), (100.0, 0.0, 0.0))):
        assert lab(rgb) == pytest.approx(published, abs=0.02), rgb


def test_a_dark_grey_takes_the_straight_segments_of_srgb_and_of_l_star():
    """Grey 10 lies on sRGB's linear segment (IEC 61966-2-1: 10 / 255 / 12.92) and its luminance on
    CIE L*'s (903.3 Y below 0.008856): L* 2.7417; every vision sees it as it is, to the level."""
    assert lab((10, 10, 10))[0] == pytest.approx(10 / 255 / 12.92 * (29 / 3) ** 3, abs=1e-4)
    assert lab((10, 10, 10))[0] == pytest.approx(2.7417, abs=1e-4)
    assert all(simulate_colour((10, 10, 10), vision) == (10, 10, 10) for vision in VISIONS)


def test_a_simulation_stays_within_the_screen_s_colours():
    """White stays white to the level, and a channel the simulation pushes past full (pure green seen
    without red cones) is shown at full; deuteranopia is the default vision."""
    assert all(simulate_colour((255, 255, 255), vision) == (255, 255, 255) for vision in VISIONS)
    assert simulate_colour((0, 255, 0), "protanopia")[0] == 255
    assert simulate_colour((0, 255, 0)) == simulate_colour((0, 255, 0), "deuteranopia") != (0, 255, 0)


@pytest.mark.parametrize("vision", VISIONS)
def test_greys_stay_grey_for_every_vision(vision):
    for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
        assert ciede2000(simulate_colour(grey, vision), grey) < 1.5


@pytest.mark.parametrize(("vision", "colour"), [("protanopia", (220, 40, 40)), ("deuteranopia", (60, 170, 60)),
                                                ("tritanopia", (120, 180, 220))])
def test_a_colour_and_its_simulation_look_alike_to_that_vision_only(vision, colour):
    """The simulation keeps what that vision sees: a strong colour and its simulated twin differ
    plainly for normal vision and hardly for the vision simulated."""
    apart = seen_apart(colour, simulate_colour(colour, vision))
    assert apart["normal"] > 15 and apart[vision] < apart["normal"] / 3


def test_the_old_russian_counter_and_guard_band_were_too_close():
    """The weak pair once drawn (8 under deuteranopia) fails the minimum: the check bites."""
    assert min(seen_apart((238, 160, 80), (240, 200, 40)).values()) < P.MIN_APART


@pytest.mark.parametrize("vision", VISIONS)
def test_every_pair_that_carries_meaning_stays_apart(vision):
    weak = {name: round(ciede2000(simulate_colour(a, vision), simulate_colour(b, vision)), 1)
            for name, (a, b) in P.MEANING.items()}
    weak = {name: d for name, d in weak.items() if d < P.MIN_APART}
    assert not weak, f"under {vision}, closer than {P.MIN_APART}: {weak}"


def test_a_dark_grey_above_the_straight_segment_of_l_star_takes_its_cube_root():
    """Grey 30: luminance 0.0130, above CIE's 0.008856, so L* = 116 Y^(1/3) - 16 = 11.26."""
    assert lab((30, 30, 30))[0] == pytest.approx(116 * ((30 / 255 + 0.055) / 1.055) ** 0.8 - 16, abs=1e-6)
    assert lab((30, 30, 30))[0] == pytest.approx(11.2636, abs=1e-4)


@pytest.mark.parametrize("hue", [3.0, 4.0, 4.5, 5.0, 6.0])
def test_the_difference_of_nearly_opposite_hues_with_a_blue_mean_is_the_same_both_ways(hue):
    """Hues just over 180 degrees apart whose mean is blue (near 275, where the rotation term acts):
    the hue difference taken round the short way, so the two orders agree."""
    first = (50.0, 30 * math.cos(math.radians(hue)), 30 * math.sin(math.radians(hue)))
    second = (50.0, 20 * math.cos(math.radians(hue + 180.6)), 20 * math.sin(math.radians(hue + 180.6)))
    assert delta_e00(first, second) == pytest.approx(delta_e00(second, first), abs=1e-9)
