"""The golden check itself fails on the smallest change a player would notice, and on no golden."""
import copy

import pytest

from render import snapshot
from tests.render import golden
from tests.render.golden import check_golden, fixture_view


@pytest.fixture(autouse=True)
def _compare_even_when_regolding(monkeypatch):
    """These tests draw changed pictures on purpose: under KOLOCHA_REGOLD=1 they would write them
    over the real golden. They always compare (the one that tests writing sets it again)."""
    monkeypatch.delenv("KOLOCHA_REGOLD", raising=False)


def test_a_missing_golden_fails_instead_of_writing_itself(tmp_path, monkeypatch):
    monkeypatch.setattr(golden, "GOLDEN", tmp_path)
    with pytest.raises(AssertionError, match="no golden image"):
        check_golden("7sep_start", snapshot(fixture_view("start_view")))
    assert list(tmp_path.iterdir()) == []


def test_regold_writes_the_golden_when_asked(tmp_path, monkeypatch):
    monkeypatch.setattr(golden, "GOLDEN", tmp_path)
    monkeypatch.setenv("KOLOCHA_REGOLD", "1")
    png = snapshot(fixture_view("start_view"))
    check_golden("7sep_start", png)
    assert (tmp_path / "7sep_start.png").read_bytes() == png


def test_one_unit_removed_from_the_full_map_fails():
    view = fixture_view("start_view")
    view["units"] = [u for u in view["units"] if u.get("hex") != "2817"]
    with pytest.raises(AssertionError, match="tile"):
        check_golden("7sep_start", snapshot(view))


@pytest.mark.parametrize("hex_", ["2817", "3225"])
def test_one_strength_changed_on_the_full_map_fails(hex_):
    view = fixture_view("start_view")
    changed = copy.deepcopy(view)
    unit = next(u for u in changed["units"] if u.get("hex") == hex_)
    unit["strength"] += 1
    with pytest.raises(AssertionError, match="tile"):
        check_golden("7sep_start", snapshot(changed))


def test_the_unchanged_picture_passes():
    check_golden("7sep_start", snapshot(fixture_view("start_view")))
