"""Standing orders at the table: `/game orders` through the command glue, the
command played for the absent player and told in the channel, and a deadline's default choice."""
from __future__ import annotations

import random
from datetime import datetime

import rules
from bot.config import GameSettings
from bot.discord.commands import GameCommands
from bot.service import GameService, Result
from bot.store import blank
from bot.words import plain
from bot.tables import Tables
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, FakeInteraction, make_tables, run, seated_game

BORODINO = rules.load("borodino")
WHO = {"french": ANNA, "russian": BORIS}



def borodino_table(service: GameService, at_deadline: str = "remind") -> tuple[Tables, int]:
    """A 5 Sept game in CHANNEL, fair dice off (seed 0): Anna French, Boris Russian, started."""
    settings = GameSettings(deadline_hours=10, reminders=(), at_deadline=at_deadline)
    tables = make_tables(service, defaults=settings, systems=("borodino",))
    return tables, run(seated_game(tables, system="borodino", scenario="5sep", seed=0))


def play_until(tables: Tables, game: int, done, limit: int = 600) -> None:
    """Random commands from whoever must act, each through the table, until `done(state)`."""
    service, rng = tables.service, random.Random(0)
    for _ in range(limit):
        state = service.load(game)
        if done(state):
            return
        mover = BORODINO.active_sides(state)[0]
        run(tables.play.submit(WHO[mover], CHANNEL, BORODINO.sample_command(state, mover, rng).to_text()))
    raise AssertionError("the position looked for never came")


def russian_choice(state: dict) -> bool:
    waiting = BORODINO.choice(state)
    return waiting is not None and waiting["side"] == "russian"


def test_game_orders_through_the_slash_command_then_played_for_the_absent_player(tmp_path):
    service = GameService(blank(tmp_path / "games.sqlite"))
    tables, game = borodino_table(service)
    for kind, order in (("retreat", "away"), ("advance", "always"), ("loss", "weakest"),
                        ("artillery", "stay")):
        asked = FakeInteraction(tables, BORIS)
        run(GameCommands().orders.callback(GameCommands(), asked, kind, order))
        assert f"Standing order for {kind}: {order}" in asked.calls[-1][1]["content"]
    listing = FakeInteraction(tables, BORIS)
    run(GameCommands().orders.callback(GameCommands(), listing, None, None))
    assert "advance: always" in listing.calls[-1][1]["content"]
    play_until(tables, game, lambda state: any(row["text"].startswith("standing order")
                                               for row in service.store.commands(game)))
    row = next(r for r in service.store.commands(game) if r["text"].startswith("standing order"))
    assert row["side"] == "russian" and row["user"] == BORIS.id
    posted = tables.delivery.messenger.in_channel(CHANNEL)
    assert any("\nRussian by standing order (" in text and
               f": {row['normalised']}." in text for text in posted)


def test_a_deadline_plays_the_default_choice(tmp_path):
    service = GameService(blank(tmp_path / "games.sqlite"))
    tables, game = borodino_table(service, at_deadline="choose")
    play_until(tables, game, russian_choice)
    kind = BORODINO.choice(service.load(game))["kind"]
    seq = service.store.last_seq(game)
    tables.deadlines.clock.advance(hours=11)
    run(tables.deadlines.scheduler.run_due())
    rows = service.store.commands(game, after=seq)
    assert rows and rows[0]["side"] == "russian" and rows[0]["user"] == "deadline"
    assert rows[0]["text"].startswith(f"deadline {kind}: ")
    now = tables.deadlines.clock()  # the expired deadline is gone; whoever acts next has a fresh one
    assert all(datetime.fromisoformat(row["due_at"]) > now for row in service.store.deadlines(game))
    assert service.store.deadlines(game)


def test_a_standing_orders_line_never_carries_the_computers_reason(tmp_path):
    """A computer's command and the standing order it sets off are stored under one Change that
    holds the computer's reason: the order's own line is said without it."""
    service = GameService(blank(tmp_path / "games.sqlite"))
    tables, game = borodino_table(service)
    state = service.load(game)
    change = tables.news.change(game, "Computer", why="attacks 2924 at 1-1")
    said = {}
    for standing in (None, "advance: never"):
        result = Result(True, "Russian: stay.", 1, "russian", "stay", public="Russian: stay.", standing=standing)
        said[standing] = plain(change.compose(result, state, state).outbox[0][1]["text"])
    assert said[None] == "**Computer** — Russian: stay. Why: attacks 2924 at 1-1."
    assert said["advance: never"] == "Russian: stay."  # its line names the order: 'Russian by standing order ...'


def test_a_clicked_answer_a_standing_order_gives_says_that_order_once_a_game_and_kind(tmp_path):
    """Combat H: a player who clicks 'Stay: no advance' is told under the answer the standing order
    that gives it every time, `orders advance never`, so that the next advance after combat asks no
    click (kolocha bench --ux: a Shevardino player-turn takes up to 6 clicks when every choice is
    asked, 1 box with standing orders); said once a game to each player for each kind of choice."""
    service = GameService(blank(tmp_path / "games.sqlite"))
    tables = make_tables(service, defaults=GameSettings(deadline_hours=10, reminders=()), systems=("borodino",))
    game = run(seated_game(tables, system="borodino", scenario="7sep", seed=0))
    said: dict[str, list[str]] = {"french": [], "russian": []}
    while len(said["russian"]) < 3:
        play_until(tables, game, lambda state: (BORODINO.choice(state) or {}).get("kind") == "advance")
        side = BORODINO.choice(service.load(game))["side"]
        seen = service.store.seen_seq(game, side)
        said[side].append(plain(run(tables.play.answer(WHO[side], game, side, seen, "stay"))))
    hint = "\n`orders advance never` answers every such choice for you: my units stay after combat (Combat H)."
    for first, *later in [answers for answers in said.values() if answers]:
        assert first.endswith(hint) and first.startswith("Stay: no advance.")
        assert not any("orders advance" in text for text in later)
    assert said["russian"][1:]
