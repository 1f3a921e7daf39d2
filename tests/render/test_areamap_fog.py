"""Nothing about a hidden block reaches the picture: not its identity, strength or place in the order."""
import copy

from render import action_crop, snapshot
from tests.render.bm_views import crowded_view, first_impulse_view, hidden, seen_by, setup_view


def test_a_hidden_block_draws_the_same_whoever_it_is():
    """Two positions differing only in a hidden Russian block's identity and strength: same French view."""
    a = setup_view()
    b = copy.deepcopy(a)
    russians = [u for u in b["units"] if u["side"] == "russian" and u["area"] == 42]
    russians[0].update(id="R-Y-OTHER", label="XX", strength=1, type="cavalry")
    assert a != b and seen_by(a, "french") == seen_by(b, "french")
    assert snapshot(seen_by(a, "french")) == snapshot(seen_by(b, "french"))


def test_public_picture_ignores_anything_a_hidden_block_carries():
    """A view that (wrongly) carries hidden blocks in full draws the same as the stripped one."""
    full = first_impulse_view()
    stripped = copy.deepcopy(full)
    stripped["units"] = [u if u.get("revealed") else hidden(u) for u in full["units"]]
    assert snapshot(full) == snapshot(stripped)
    french = copy.deepcopy(full)
    french["viewer"] = "french"
    assert snapshot(french) == snapshot(seen_by(full, "french"))


def test_the_order_of_units_in_the_view_does_not_matter():
    view = seen_by(first_impulse_view(), "russian")
    shuffled = copy.deepcopy(view)
    shuffled["units"] = shuffled["units"][::-1]
    assert snapshot(view) == snapshot(shuffled)


def test_each_side_sees_the_other_hidden():
    french, russian = seen_by(setup_view(), "french"), seen_by(setup_view(), "russian")
    assert snapshot(french) != snapshot(russian)


def test_the_action_crop_is_the_same_whoever_the_hidden_movers_are():
    """The crop is chosen from the viewer's log alone: swapping the identity of the
    hidden Russian blocks beside the battle area changes neither the public nor the French crop; the
    Russian crop, which shows them, changes."""
    a = crowded_view()
    b = copy.deepcopy(a)
    hidden_ones = [u for u in b["units"] if u["side"] == "russian" and not u.get("revealed") and u["area"] == 43]
    hidden_ones[0].update(id="R-Y-OTHER", label="XX", strength=1, type="cavalry")
    for viewer in (None, "french"):
        assert seen_by(a, viewer) == seen_by(b, viewer)
        assert action_crop(seen_by(a, viewer)) == action_crop(seen_by(b, viewer))
    assert action_crop(seen_by(a, "russian")) != action_crop(seen_by(b, "russian"))
