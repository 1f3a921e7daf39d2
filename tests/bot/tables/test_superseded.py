"""What a change says that held orders played at once made stale (bot/tables/superseded.py): its
headline and map where a later line shows newer ones, the "your move" of the side whose orders
they were once the game no longer waits for it; nothing when they played nothing in public."""
from __future__ import annotations

from bot.tables.superseded import moved_under, unmapped, withdrawn

CHANNEL = "channel:9"
ASK_RED, ASK_BLUE = ["\n", {"user": "7"}, ": your move."], ["\n", {"user": "8"}, ": your move."]


def row(n: int, seq: int, audience: str, payload: dict, **marks) -> dict:
    return {"id": n, "seq": seq, "audience": audience, "tried_at": None, "joined": None, "payload": payload} | marks


def line(n: int = 1, head: bool = True, asks: dict | None = None, **payload) -> dict:
    """A change's channel line at command 4: 'A.', with the headline and map, asking each side of `asks`."""
    asks = {"red": ASK_RED} if asks is None else asks
    shown = ["A.", *(["\nTurn 2"] if head else []), *(part for ask in asks.values() for part in ask)]
    parts = {"line": ["A."], "head": ["\nTurn 2"] if head else [], "asks": asks}
    return row(n, 4, CHANNEL, {"text": shown, **({"picture": {"seq": 4}} if head else {}), "parts": parts} | payload)


def question(n: int = 2, side: str = "red", unasked: str = "", **question) -> dict:
    return row(n, 4, side, {"text": "Your move.", "question": {"since": 3, **question}, "unasked": unasked})


def later(n: int = 9, picture: bool = True) -> dict:
    return row(n, 5, CHANNEL, {"text": "B.", **({"picture": {"seq": 5}} if picture else {})})


def test_a_newer_map_leaves_the_line_what_it_did_and_the_side_no_longer_awaited_no_question():
    assert withdrawn([line(), question(), later()], 4, "red", False, CHANNEL) == {1: {"text": ["A."]}, 2: None}


def test_a_line_told_again_keeps_what_spectators_read_of_it():
    told = withdrawn([line(story=["A."]), question(), later()], 4, "red", False, CHANNEL)
    assert told[1] == {"text": ["A."], "story": ["A."]}


def test_a_question_that_said_more_keeps_the_rest():
    told = question(unasked="Your block was hit.")
    assert withdrawn([line(), told, later()], 4, "red", False, CHANNEL)[2] == {"text": "Your block was hit."}


def test_the_side_awaited_still_keeps_its_question_and_a_newer_map_takes_every_your_move_line():
    both = line(asks={"red": ASK_RED, "blue": ASK_BLUE})
    assert withdrawn([both, question(), later()], 4, "red", True, CHANNEL) == {1: {"text": ["A."]}}


def test_without_a_newer_map_the_side_whose_orders_played_loses_its_ping_and_its_question_once_unawaited():
    both = line(asks={"red": ASK_RED, "blue": ASK_BLUE})
    kept = {"text": ["A.\nTurn 2\n", {"user": "8"}, ": your move."], "picture": {"seq": 4}}
    assert withdrawn([both, question(), later(picture=False)], 4, "red", False, CHANNEL) == {1: kept, 2: None}
    assert withdrawn([both, question(), later(picture=False)], 4, "red", True, CHANNEL) == {1: kept}


def test_nothing_is_told_again_when_the_orders_played_nothing_in_public():
    private = row(9, 5, "red", {"text": "Your plan is down."})
    assert withdrawn([line(), question(), private], 4, "red", False, CHANNEL) == {}


def test_rows_tried_already_answered_in_place_or_asking_another_side_stay():
    tried = line() | {"tried_at": "2026-01-01T00:00:00+00:00"}
    in_place = question(in_place="555")
    assert withdrawn([tried, in_place, later()], 4, "red", False, CHANNEL) == {}
    others = line(buttons={"side": "blue", "answers": ["x"]})
    assert withdrawn([others, later()], 4, "red", False, CHANNEL) == {}
    own = line(buttons={"side": "red", "answers": ["x"]})
    assert withdrawn([own, later()], 4, "red", False, CHANNEL) == {1: {"text": ["A."]}}


def test_a_notice_pinging_the_side_whose_orders_played_goes_and_one_pinging_the_other_side_stays():
    """'@anna Game 1: your move, due ...' (bot/tables/notices.py) stood above the `end` her held orders
    played at once: she acted, so it pinged her for nothing. Its buttons, or another side's ping, stay."""
    def ping(n: int, side: str, **buttons) -> dict:
        return row(n, 4, CHANNEL, {"text": [{"user": "7"}, " Game 1: your move."], "unasked": "", "awaits": side}
                   | buttons)
    rows = [line(head=False, asks={}), ping(2, "red"), ping(3, "blue"), ping(4, "red", buttons={"side": "red"}),
            later(picture=False)]
    assert withdrawn(rows, 4, "red", False, CHANNEL) == {2: None}


def test_a_map_the_next_order_posts_anew_leaves_the_line_what_it_did():
    assert unmapped([line(story=["A."]), question(), later()], 4, CHANNEL) == {1: {"text": ["A."], "story": ["A."]}}


def test_a_line_tried_or_asking_with_buttons_keeps_its_map():
    assert unmapped([line() | {"tried_at": "2026-01-01T00:00:00"}, later()], 4, CHANNEL) == {}
    assert unmapped([line(buttons={"side": "blue"}), later()], 4, CHANNEL) == {}


def test_a_question_asked_with_buttons_under_a_box_leaves_the_headline_and_map_where_they_were_and_no_your_move():
    asked = row(9, 5, CHANNEL, {"text": ["B.", *ASK_BLUE], "buttons": {"side": "blue"},
                                "parts": {"line": ["B."], "head": [], "asks": {"blue": ASK_BLUE}}})
    mapped = line(asks={"red": ASK_RED})
    mapped["payload"]["parts"]["short"] = ["A, short."]
    assert moved_under([mapped, asked], 4, CHANNEL, "\nTurn 2, later", 5) == {
        1: {"text": ["A, short.\nTurn 2"], "picture": {"seq": 4}}}
