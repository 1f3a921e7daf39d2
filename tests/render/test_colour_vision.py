"""Every pair of colours that carries meaning stays apart for every colour vision:
simulated protanopia, deuteranopia and tritanopia (Machado 2009, full severity), CIEDE2000."""
import pytest

from render import palette as P
from render.colourblind import VISIONS, ciede2000, delta_e00, seen_apart, simulate_colour

# Sharma, Wu & Dalal (2005), Table 1: CIELAB pairs and their published CIEDE2000 differences.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0011), 7.2195),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((90.8027, -2.0831, 1.441), (91.1528, -1.6435, 0.0447), 1.4441),
]


@pytest.mark.parametrize(("lab1", "lab2", "published"), SHARMA)
def test_ciede2000_matches_sharma_s_test_data(lab1, lab2, published):
    assert delta_e00(lab1, lab2) == pytest.approx(published, abs=1e-4)
    assert delta_e00(lab2, lab1) == pytest.approx(published, abs=1e-4)


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
