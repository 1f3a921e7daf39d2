"""The terminal hot seat with hidden information (points 1 and 5, and line editing):
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
    """Red rolls (a secret for Red alone) and the screen passes to Blue. During the
    pause the picture is the public one and Red's `map` picture is gone; once Blue sits down
    the picture is Blue's."""
    maps = MapFiles(service, game, tmp_path, png=fake_png)
    seen_at_hand_over: list[tuple[dict, bool]] = []
    seen_by_blue: list[dict] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Hand over"):
            seen_at_hand_over.append((json.loads(maps.main.read_text()), maps.asked.exists()))
        if prompt.startswith("Blue >"):
            seen_by_blue.append(json.loads(maps.main.read_text()))
        return "" if "press Enter" in prompt else next(answers)

    answers = iter(["end", "map 0101", "roll", "status", "quit"])
    play(service, game, read, lambda text: None, maps)
    assert seen_at_hand_over == [({"viewer": None, "secrets": []}, False)] * 2  # Red sits, Blue comes
    assert [seen["viewer"] for seen in seen_by_blue] == ["blue", "blue"]
    assert json.loads(maps.main.read_text())["viewer"] is None  # Blue left: only the public picture


def test_the_red_picture_is_drawn_while_red_is_at_the_screen(service, game, hidden, tmp_path):
    """The positive control: the player at the screen gets their own picture, `map` words too."""
    maps = MapFiles(service, game, tmp_path, png=fake_png)
    answers = iter(["end", "map 0101"])
    seen: list[tuple[dict, dict | None]] = []

    def read(prompt: str) -> str:
        if "press Enter" in prompt:
            return ""
        line = next(answers, None)
        if line is None:  # Red looks at the pictures before leaving
            seen.append((json.loads(maps.main.read_text()), json.loads(maps.asked.read_text())))
            return "quit"
        return line

    play(service, game, read, lambda text: None, maps)
    ((main, asked),) = seen
    assert main["viewer"] == "red" and asked == {"viewer": "red", "secrets": [], "around": ["0101"]}


def test_a_hand_over_clears_the_screen_its_scrollback_and_the_line_history(service, game, hidden):
    """ESC[2J clears the screen only; ESC[3J the scrollback too. And readline's
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
    assert history_at_hand_over == [0, 0]
    leave = written.index(f"read: {LEAVE.format(side='Red', other='Blue')}")
    come = written.index(f"read: {HANDOVER.format(side='Blue')}")
    assert written[leave + 1:come] == [CLEAR]  # Blue comes to a cleared screen
    assert any("(to Red) your secret number" in text for text in written[:leave])  # Red read it
    assert written[come + 1].startswith(CLEAR + "Since the Blue player last looked:\nRed: end.")


def test_a_seat_speaks_for_its_own_side_alone(service, game, hidden):
    """Hidden information at a hot seat: `blue: units` typed at Red's seat would show Blue's view: refused. The side
    prefix is for scripts; naming one's own side is harmless (the positive control)."""
    written: list[str] = []
    answers = iter(["", "blue: units", "blue: end", "red: units", "quit"])
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


def _leave(how: str):
    """A reader for Red's commands (`end`, a `map`, then the `roll` whose secret only Red may
    read) that leaves the screen `how`: at the hand-over's pause, by the input's end or Ctrl-C;
    or at the prompt, typing `quit` or ending the input."""
    answers = iter(["", "end", "map 0101", "roll", *(["quit"] if how == "quit" else [])])

    def read(prompt: str) -> str:
        if prompt.startswith("Red player: press Enter") and how in ("eof", "ctrl-c"):
            raise EOFError if how == "eof" else KeyboardInterrupt
        line = next(answers, None)
        if line is None:
            raise EOFError
        return line

    return read


@pytest.mark.parametrize("how", ["eof", "ctrl-c", "quit", "eof at the prompt"])
def test_a_player_leaving_the_hot_seat_leaves_nothing_behind(service, game, hidden, tmp_path, how):
    """However Red leaves a game of hidden information (the input's end or Ctrl-C at the
    hand-over, `quit` or the input's end at the prompt), whoever comes to the screen next finds
    it cleared and only the public picture on disk, as at a hand-over."""
    maps = MapFiles(service, game, tmp_path, png=fake_png)
    written: list[str] = []
    if how == "quit":  # Red quits before the roll ends the phase
        answers = iter(["", "end", "map 0101", "quit"])
        read = lambda prompt: next(answers)  # noqa: E731 - a script of answers
    else:
        read = _leave(how)
    assert play(service, game, read, written.append, maps) == 0
    last_clear = max(n for n, text in enumerate(written) if text.startswith(CLEAR))
    assert all(not text.strip() for text in written[last_clear + 1:])
    assert any("Red:" in text or "(to Red)" in text for text in written[:last_clear])  # Red saw their side
    assert json.loads(maps.main.read_text()) == {"viewer": None, "secrets": []}
    assert not maps.asked.exists()


def test_a_resumed_game_waits_behind_the_hand_over_before_showing_the_side_to_move(
        service, game, hidden, tmp_path):
    """`kolocha local --game N` of a game with hidden information: the screen shows nothing of
    the side to move until its player has sat down; until then the picture is the public one."""
    for line in ("end", "roll"):
        assert service.submit(game, "red", line).accepted
    maps = MapFiles(service, game, tmp_path, png=fake_png)
    (maps.main).write_text(json.dumps({"viewer": "red", "secrets": [6]}))  # left by a crash
    written: list[str] = []
    at_first_prompt: list[tuple[list[str], dict]] = []

    def read(prompt: str) -> str:
        if not at_first_prompt:
            at_first_prompt.append((list(written), json.loads(maps.main.read_text())))
            assert prompt == HANDOVER.format(side="Blue")
            return ""
        return "quit"

    play(service, game, read, written.append, maps)
    ((before, picture),) = at_first_prompt
    assert before == [written[0]] and written[0].startswith("Game 1.")  # the banner alone
    assert picture == {"viewer": None, "secrets": []}
    blue = written[1]
    assert blue.startswith(CLEAR + "Since the Blue player last looked:\nRed: end.")
    assert "red rolls" in blue and "secret number" not in blue and "Blue player" in blue
