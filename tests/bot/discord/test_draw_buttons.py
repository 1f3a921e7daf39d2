"""Endings: `/game draw` over the wire: the offer, then the other player's Accept / Decline
buttons, persistent, usable only by the player the offer waits on; the end posts the final map."""
from __future__ import annotations

from pathlib import Path

from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, make_tables, run, seated_game
from bot.service import GameService
from bot.store import blank
from bot.text import outcome_line
from tests.bot.discord.test_discord_wire import borodino, custom_ids, play, start, text_of
from tests.bot.discord.test_standing_orders_tables import borodino_table, play_until


def test_a_draw_is_offered_declined_offered_again_and_accepted_by_button(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db)
        game_id = await borodino(wire)
        answers = await wire.command(ANNA, "draw", group="game")
        assert "You offer a draw" in text_of(answers[-1])
        answers = await wire.command(BORIS, "draw", group="game")
        (asked,) = [a for a in answers if "components" in a[1]]  # a followup with buttons
        accept, decline = custom_ids(("followup", {"data": asked[1]}))
        assert accept == f"kolocha:draw:{game_id}:russian:0" and decline.startswith("kolocha:decline:")
        answers = await wire.press(ANNA, accept)  # the offer does not wait on Anna
        assert "Only the Russian player" in text_of(answers[-1])
        answers = await wire.press(BORIS, decline)
        assert "declines the French player's draw offer" in text_of(answers[-1])
        answers = await wire.press(BORIS, accept)
        assert "This button has expired" in text_of(answers[-1])
        await wire.command(ANNA, "draw", group="game")
        await wire.press(BORIS, accept)
        game = wire.tables.store.game(game_id)
        assert game["status"] == "over" and game["ended"]["level"] == "draw"
        posts = [payload for where, payload in wire.http.of("send")
                 if where == CHANNEL and "drawn by agreement" in payload.get("content", "")]
        assert posts and posts[-1].get("attachments"), "the final map goes with the line"
    play(test, tmp_path)



def test_a_resignation_posts_the_final_map(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.play.resign(BORIS, CHANNEL))
    (post,) = [p for p in tables.delivery.messenger.posts if f"Red wins game {game_id}" in p[1]]
    assert post[0] == CHANNEL and post[2] is not None  # the line, with the final map


def test_a_game_won_by_the_rules_announces_its_victory_level_with_the_final_map(tmp_path):
    tables, game_id = borodino_table(GameService(blank(tmp_path / "games.sqlite")))
    play_until(tables, game_id, lambda state: state["phase"] == "over", limit=1000)
    outcome = tables.service.system(game_id).outcome(tables.service.load(game_id))
    (post,) = [p for p in tables.delivery.messenger.posts if "Game over" in p[1]]
    assert outcome_line(outcome) in post[1]  # the winner, the level of a graded win, the reason
    assert post[0] == CHANNEL and post[2] is not None  # with the final map


def test_the_draw_offer_reaches_the_other_player_with_its_buttons(service):
    """The offer itself carries Accept and Decline (stored with the outbox row, so a
    restart before it is sent still sends them); the opponent need not ask with `/game draw`."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.play.submit(ANNA, CHANNEL, "draw"))
    (to, text, buttons), = tables.delivery.messenger.buttons
    assert to == BORIS.id and "offers a draw" in text
    assert buttons == {"action": "draw", "other": "decline", "game": game_id, "side": "blue", "seq": 0}


def test_the_draw_offer_dm_carries_persistent_buttons_over_the_wire(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db)
        game_id = await borodino(wire)
        await wire.command(ANNA, "draw", group="game")
        offered = [payload for user, payload in wire.http.of("dm") if "offers a draw" in payload.get("content", "")]
        rows = offered[-1]["components"]
        ids = [button["custom_id"] for row in rows for button in row["components"]]
        assert ids == [f"kolocha:draw:{game_id}:russian:0", f"kolocha:decline:{game_id}:russian:0"]
        await wire.press(BORIS, ids[0])
        assert wire.tables.store.game(game_id)["ended"]["level"] == "draw"
    play(test, tmp_path)
