"""The terminal hot seat with hidden information (issue 9, points 1 and 5, and line editing):
what one player leaves behind at a hand-over (picture files, screen, scrollback, line history)
shows the next player nothing of their side, and a seat speaks for its own side alone."""
from __future__ import annotations

import json
import readline
from dataclasses import replace

import pytest

from bot.terminal.console import CLEAR, HANDOVER, LEAVE, OWN_SIDE_ONLY, play
from bot.terminal.map_files import MapFiles
from tests.bot import toy_system


def fake_png(service, game_id: int, *, viewer: str | None = None, **options) -> bytes:
    """A stand-in for the map renderer: the file says whose view it drew."""
    view = service.system(game_id).view(service.load(game_id), viewer)
    asked = {key: value for key, value in options.items() if value}
    return json.dumps({"viewer": viewer, "secrets": view.get("secrets"), **asked}).encode()


@pytest.fixture
def hidden(monkeypatch):
    monkeypatch.setattr(toy_system, "INFO", replace(toy_system.INFO, hidden_information=True))


def test_at_a_hand_over_the_pictures_show_the_public_view_then_the_incoming_player(
        service, game, hidden, tmp_path):
    """Issue 9.1: Red rolls (a secret for Red alone) and the screen passes to Blue. During the
    pause the picture is the public one and Red's `map` picture is gone; once Blue sits down
    the picture is Blue's."""
    maps = MapFiles(service, game, tmp_path, png=fake_png)
    seen_at_hand_over: list[tuple[dict, bool]] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Hand over"):
            seen_at_hand_over.append((json.loads(maps.main.read_text()), maps.asked.exists()))
        return "" if "press Enter" in prompt else next(answers)

    answers = iter(["end", "map 0101", "roll", "status", "quit"])
    play(service, game, read, lambda text: None, maps)
    assert seen_at_hand_over == [({"viewer": None, "secrets": []}, False)]
    assert json.loads(maps.main.read_text())["viewer"] == "blue"


def test_the_red_picture_is_drawn_while_red_is_at_the_screen(service, game, hidden, tmp_path):
    """The positive control: the player at the screen gets their own picture, `map` words too."""
    maps = MapFiles(service, game, tmp_path, png=fake_png)
    answers = iter(["end", "map 0101", "quit"])
    play(service, game, lambda prompt: next(answers), lambda text: None, maps)
    assert json.loads(maps.main.read_text())["viewer"] == "red"
    assert json.loads(maps.asked.read_text()) == {"viewer": "red", "secrets": [], "around": ["0101"]}


def test_a_hand_over_clears_the_screen_its_scrollback_and_the_line_history(service, game, hidden):
    """Issue 9.1: ESC[2J clears the screen only; ESC[3J the scrollback too. And readline's
    history would give Blue Red's commands at the up arrow."""
    assert "\033[2J" in CLEAR and "\033[3J" in CLEAR
    written: list[str] = []
    history_at_hand_over: list[int] = []
    answers = iter(["end", "roll", "quit"])

    def read(prompt: str) -> str:
        written.append(f"read: {prompt}")
        if prompt.startswith("Hand over"):
            history_at_hand_over.append(readline.get_current_history_length())
        if "press Enter" in prompt:
            return ""
        readline.add_history(line := next(answers))
        return line

    play(service, game, read, written.append)
    assert history_at_hand_over == [0]
    leave = written.index(f"read: {LEAVE.format(side='Red', other='Blue')}")
    come = written.index(f"read: {HANDOVER.format(side='Blue')}")
    assert written[leave + 1:come] == [CLEAR]  # Blue comes to a cleared screen
    assert any("(to Red) your secret number" in text for text in written[:leave])  # Red read it
    assert written[come + 1].startswith(CLEAR + "Turn 1")


def test_a_seat_speaks_for_its_own_side_alone(service, game, hidden):
    """Issue 9.5: `blue: units` typed at Red's seat would show Blue's view: refused. The side
    prefix is for scripts; naming one's own side is harmless (the positive control)."""
    written: list[str] = []
    answers = iter(["blue: units", "blue: end", "red: units", "quit"])
    play(service, game, lambda prompt: next(answers), written.append)
    refusals = [w for w in written if w == OWN_SIDE_ONLY.format(side="Red")]
    assert len(refusals) == 2 and "Fog of War" in refusals[0]
    assert service.store.last_seq(game) == 0
    assert any(w.startswith("Red:\n") for w in written)  # red: units listed Red's runners


def test_in_an_open_game_the_prefix_still_names_either_side(service, game):
    """Without hidden information both players see everything: `blue: units` is answered."""
    written: list[str] = []
    answers = iter(["blue: units", "quit"])
    play(service, game, lambda prompt: next(answers), written.append)
    assert any("Blue:" in w for w in written) and not any("speak for" in w for w in written)


def test_handover_sentence_names_the_incoming_side():
    assert HANDOVER.format(side="Blue").startswith("Hand over to the Blue player")
