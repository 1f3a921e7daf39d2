"""Game tables without Discord: lobby, play, permissions, private news, spectators, locking."""
from __future__ import annotations

import asyncio
import time

import pytest

import render
from bot.config import GameSettings
from bot.discord.messenger import markup
from bot.permissions import TableError
from bot.service import GameService
from bot.store import blank
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    MOD,
    STRANGER,
    WATCH,
    make_tables,
    run,
    seated_game,
)



def test_new_join_start_announces_and_deals_deadline(service):
    tables = make_tables(service)
    messenger = tables.delivery.messenger
    game_id = run(seated_game(tables))
    posts = messenger.in_channel(CHANNEL)
    assert "opens game" in posts[0] and "takes the Red seat" in posts[1]
    assert "begins" in posts[-1] and "<@1>: your move, due <t:" in posts[-1]
    assert messenger.posts[-1][2][0].startswith(b"PNG turn=1")  # the start comes with a map
    assert [d["side"] for d in service.store.deadlines(game_id)] == ["red"]
    assert "You play Red" in messenger.to(ANNA.id)[0]  # the DM check at join


def test_one_game_per_channel_and_unknown_scenario(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    with pytest.raises(TableError, match="already has a game"):
        run(tables.lobby.new(BORIS, GUILD, CHANNEL, "toy_system", "short"))
    with pytest.raises(TableError, match="has no scenario 'nowhere'; choose short, long"):
        run(tables.lobby.new(BORIS, GUILD, "101", "toy_system", "nowhere"))
    with pytest.raises(TableError, match="'os' is not a game system here"):  # never imported
        run(tables.lobby.new(BORIS, GUILD, "101", "os", "short"))


def test_join_warns_at_once_when_dms_are_closed(service):
    tables = make_tables(service)
    tables.delivery.messenger.closed.add(BORIS.id)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    assert "cannot send you direct messages" in run(tables.lobby.join(BORIS, CHANNEL, "blue"))


def test_seats_one_per_person_unless_hot_seat(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    with pytest.raises(TableError, match="only in a game created as hot-seat"):
        run(tables.lobby.join(ANNA, CHANNEL, "blue"))
    with pytest.raises(TableError, match="taken by you"):
        run(tables.lobby.join(ANNA, CHANNEL, "red"))
    with pytest.raises(TableError, match="not a side"):
        run(tables.lobby.join(BORIS, CHANNEL, "green"))
    with pytest.raises(TableError, match="Blue seat is still free"):
        run(tables.lobby.start(ANNA, CHANNEL))
    run(tables.lobby.new(ANNA, GUILD, "101", "toy_system", "short", hot_seat=True))
    run(tables.lobby.join(ANNA, "101", "red"))
    assert "Blue" in run(tables.lobby.join(ANNA, "101", "blue"))


def test_accepted_command_posts_a_line_refused_one_only_answers(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    before = len(messenger.posts)
    assert run(tables.play.submit(ANNA, CHANNEL, "move r1 0201")) == "Red: move r1 0201."
    assert messenger.posts[before:] == [(CHANNEL, ("**Anna** — Red: move r1 0201.\n"
                                         "r1 moves to 0201"), ())]
    with pytest.raises(TableError, match="not possible now"):
        run(tables.play.submit(ANNA, CHANNEL, "move r1 0301"))
    assert len(messenger.posts) == before + 1 and service.store.last_seq(game_id) == 1


def test_only_the_seated_player_commands_a_side(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    with pytest.raises(TableError, match="no seat"):
        run(tables.play.submit(STRANGER, CHANNEL, "move r1 0201"))
    with pytest.raises(TableError, match="Only the Red player"):
        run(tables.play.submit(BORIS, CHANNEL, "end", side="red"))
    with pytest.raises(TableError, match="must wait"):
        run(tables.play.submit(BORIS, CHANNEL, "move b1 0202"))
    assert service.store.last_seq(game_id) == 0
    assert "Turn 1" in run(tables.play.submit(STRANGER, CHANNEL, "status"))  # queries are open to all


def test_hot_seat_player_commands_whichever_side_may_act(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", hot_seat=True))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.lobby.join(ANNA, CHANNEL, "blue"))
    run(tables.lobby.start(ANNA, CHANNEL))
    for line in ("end", "roll", "move b1 0202"):
        run(tables.play.submit(ANNA, CHANNEL, line))
    assert "Blue: move b1 0202" in tables.delivery.messenger.in_channel(CHANNEL)[-1]


def test_settings_and_cancel_need_creator_or_manage_server(service):
    tables = make_tables(service)
    run(seated_game(tables))
    with pytest.raises(TableError, match="Manage Server may change"):
        run(tables.lobby.change_settings(BORIS, CHANNEL, {"deadline_hours": 12}))
    run(tables.lobby.change_settings(MOD, CHANNEL, {"deadline_hours": 12, "reminders": [6]}))
    assert "Deadline 12 h (reminders 6 h" in run(tables.lobby.change_settings(BORIS, CHANNEL, {}))
    with pytest.raises(TableError, match="each shorter"):
        run(tables.lobby.change_settings(ANNA, CHANNEL, {"reminders": [20]}))
    with pytest.raises(TableError, match="end a game"):
        run(tables.management.cancel(BORIS, CHANNEL))
    run(tables.management.cancel(ANNA, CHANNEL))
    assert "No games running" in tables.overview.listing(GUILD)


def test_resign_ends_the_game_for_the_other_side(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.play.resign(BORIS, CHANNEL))
    game = service.store.game(game_id)
    assert game["status"] == "over" and game["ended"]["winner"] == "red"
    assert service.store.deadlines(game_id) == []
    ending, reveal = tables.delivery.messenger.in_channel(CHANNEL)[-2:]
    assert "Red wins" in ending and f"Fair dice of game {game_id} revealed: seed {game['seed']}" in reveal


def test_private_events_and_views_go_by_dm_never_in_public(service):
    tables = make_tables(service)
    run(seated_game(tables))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    messenger = tables.delivery.messenger
    secret = [t for t in messenger.read_by(ANNA.id) if "your secret number" in t]
    assert secret and not any("secret number" in t for t in messenger.read_by(BORIS.id))
    for line in ("end", "roll"):  # Blue's player-turn: her map comes at her next
        run(tables.play.submit(BORIS, CHANNEL, line))
    assert not any("secret number" in text for _, text, _ in messenger.posts)
    assert any(b"secrets=[" in p[0] and b"secrets=[]" not in p[0] for _, _, p in messenger.dms if p)
    assert all(b"secrets=[]" in picture for _, _, p in messenger.posts for picture in p)


def test_closed_dms_wait_for_the_next_interaction_privately(service):
    tables = make_tables(service)
    messenger = tables.delivery.messenger
    run(seated_game(tables))
    messenger.closed.add(ANNA.id)
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    reply = tables.private(ANNA, "Done.")
    text = markup(reply.text)
    assert text.startswith("Done.\n\nWhile your DMs were closed:") and "your secret number" in text
    assert not any("secret number" in text for _, text, _ in messenger.posts)
    run(tables.delivery.mark_shown(reply.held))
    assert tables.private(ANNA, "Done.").text == "Done."  # shown once


def test_spectators_get_the_public_view_live(service):
    tables = make_tables(service)
    run(seated_game(tables))
    with pytest.raises(TableError, match="Manage Server may add"):
        run(tables.lobby.spectate(BORIS, CHANNEL, WATCH))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    watched = [(t, p) for c, t, p in tables.delivery.messenger.posts if c == WATCH]
    assert len(watched) == 3  # the welcome, then each phase change
    assert all(b"secrets=[]" in picture for _, p in watched[1:] for picture in p)
    assert not any("secret" in t for t, _ in watched)


def test_spectators_one_turn_behind(service):
    tables = make_tables(service, defaults=GameSettings(spectator_delay=True))
    run(seated_game(tables))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    lines = [("red", "end"), ("red", "roll"), ("blue", "end"), ("blue", "roll")]
    who = {"red": ANNA, "blue": BORIS}
    for side, line in lines:  # turn 1
        run(tables.play.submit(who[side], CHANNEL, line))
    watched = [(t, p) for c, t, p in tables.delivery.messenger.posts if c == WATCH]
    assert len(watched) == 2 and "one turn behind: the start of turn 1" in watched[1][0]
    assert watched[1][1][0].startswith(b"PNG turn=1")


def test_concurrent_commands_on_one_game_never_corrupt_it(service):
    async def race():
        tables = make_tables(service)
        game_id = await seated_game(tables)
        lines = ["move r1 0201", "move r2 0201", "move r1 0201", "end", "end"]
        results = await asyncio.gather(*(tables.play.submit(ANNA, CHANNEL, line) for line in lines),
                                       return_exceptions=True)
        return game_id, results

    game_id, results = run(race())
    accepted = [r for r in results if isinstance(r, str)]
    assert len(accepted) == 3  # one move each, one end; the repeats are refused
    assert service.replay_check(game_id).ok
    rows = service.store.commands(game_id)
    assert [r["seq"] for r in rows] == [1, 2, 3]
    assert rows[-1]["normalised"] == "end"


def test_orders_of_a_channel_are_judged_in_the_order_they_arrived(service, monkeypatch):
    """A player types `move r1 0201` and at once `end`: the end must not overtake the move,
    however the worker threads that find the game are scheduled (the first one is made the
    slowest here). Slash commands and plain messages share one queue."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    find, calls = tables.game_in, []

    def slow_first(channel):
        calls.append(channel)
        if len(calls) == 1:
            time.sleep(0.3)
        return find(channel)

    monkeypatch.setattr(tables, "game_in", slow_first)

    async def typed():
        return await asyncio.gather(tables.play.submit(ANNA, CHANNEL, "move r1 0201"),
                                    tables.play.plain(ANNA, CHANNEL, "move r2 0201"),
                                    tables.play.submit(ANNA, CHANNEL, "end"))

    results = run(typed())
    assert results[0] == "Red: move r1 0201." and results[1].accepted and results[2] == "Red: end."
    assert [r["normalised"] for r in service.store.commands(game_id)] == \
        ["move r1 0201", "move r2 0201", "end"]


def test_autocomplete_offers_the_callers_legal_commands(service):
    tables = make_tables(service)
    run(seated_game(tables))
    assert tables.completion.complete(ANNA, CHANNEL, "unit", "", {}) == [
        ("r1", "r1 · Red 1-1 runner in 0101"), ("r2", "r2 · Red 2-1 runner in 0101")]
    assert tables.completion.complete(ANNA, CHANNEL, "to", "", {"unit": "r2"}) == [("0201", "0201")]
    assert tables.completion.complete(BORIS, CHANNEL, "unit", "", {}) == []  # not Blue's turn
    assert tables.completion.complete(STRANGER, CHANNEL, "order", "", {}) == []
    assert ("end", "end") in tables.completion.complete(ANNA, CHANNEL, "order", "en", {})


def test_status_and_listing(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    status = markup(tables.overview.status(BORIS, CHANNEL))
    assert f"Game {game_id}" in status and "Red <@1>" in status and "Red deadline <t:" in status
    assert f"Game {game_id} in <#{CHANNEL}>" in markup(tables.overview.listing(GUILD))
    assert "Map posted." == run(tables.play.map(BORIS, CHANNEL, "0201"))
    assert tables.delivery.messenger.posts[-1][2][0].endswith(b"{'around': ['0201']}")


def test_a_map_around_places_the_map_lacks_is_refused_before_anything_is_posted(tmp_path):
    """`/map around:9999`: the sentence, nothing stored or posted (the picture used to be
    missing after "Map posted."); a hex of the map is posted as asked."""
    tables = make_tables(GameService(blank(tmp_path / "k.sqlite")), systems=("borodino",),
                         place_check=render.check_around)
    run(seated_game(tables, system="borodino", scenario="7sep", seed=1))
    posted = len(tables.delivery.messenger.posts)
    with pytest.raises(TableError, match=r"^9999: no hex of this map; name hexes on the map \(their four digits\), "
                                         r"or none to draw the whole map\.$"):
        run(tables.play.map(BORIS, CHANNEL, "9999"))
    assert len(tables.delivery.messenger.posts) == posted
    assert run(tables.play.map(BORIS, CHANNEL, "3218")) == "Map posted."
    assert tables.delivery.messenger.posts[-1][2][0].endswith(b"{'around': ['3218']}")


def test_areas_are_asked_for_by_number_on_the_area_map():
    view = {"system": "bloody_monday"}
    with pytest.raises(render.NotOnMap, match=r"^abc: areas are named by their numbers, 1 to 111\.$"):
        render.check_around(view, ["abc"])
    with pytest.raises(render.NotOnMap, match=r"^500: no area of this map; .*, or none to draw the whole map\.$"):
        render.check_around(view, ["500"])
    assert render.check_around(view, ["57"]) is None


def test_without_a_renderer_the_news_says_so(service):
    tables = make_tables(service, renderer=None)
    run(seated_game(tables))
    assert "No map picture" in tables.delivery.messenger.in_channel(CHANNEL)[-1]


def test_a_hidden_view_is_kept_current_by_editing_it_whenever_the_players_own_units_change(service):
    """Block games: each player's own view and unit list is edited in place after every change
    of their own units, not only at phase changes, with no new DM; the other player's view is
    left alone."""
    tables = make_tables(service)
    messenger = tables.delivery.messenger
    run(seated_game(tables))
    for who, line in ((ANNA, "end"), (ANNA, "roll"), (BORIS, "end"), (BORIS, "roll")):
        run(tables.play.submit(who, CHANNEL, line))  # both sides now hold secrets: views differ
    anna, boris, edits = len(messenger.to(ANNA.id)), len(messenger.to(BORIS.id)), len(messenger.edits)
    kept = dict(messenger.kept)
    run(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))  # no phase change, Red's own runner moved
    view = messenger.kept_text(f"dm:{ANNA.id}")
    assert "your view as Red" in view and "r1" in view and "0201" in view
    assert messenger.kept.keys() == kept.keys() and len(messenger.edits) > edits  # edited, not sent anew
    assert len(messenger.to(ANNA.id)) == anna and len(messenger.to(BORIS.id)) == boris
    assert messenger.kept_text(f"dm:{BORIS.id}") == "".join(p for w, p in kept.values() if w == f"dm:{BORIS.id}")
