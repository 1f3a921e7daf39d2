"""The players see the computer thinking (bot/tables/computer.py, Messenger.typing): while it plans, the bot
is shown typing in the game's channel and where a person is asked privately, until what it played is
sent; only while the public view names its side to move. Over the toy race, open and with its units
hidden; the same race's Bloody Monday swap is in tests/bot/test_computer_thinking_unseen.py."""
from __future__ import annotations

import asyncio
import types

from bot.computer.planner import ThreadPlanner
from bot.computer.seat import PlanJob
from bot.service import GameService
from bot.store import blank
from rules.core.ai import Decision
from tests.bot import toy_system
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, FakeMessenger, make_tables, run, seated_game
from tests.bot.tables.test_computer import hidden_race


class Watched(ThreadPlanner):
    """Plans as the bot's planner does, once the bot is shown typing (it plans meanwhile: Computer._turn);
    where it is shown typing while each plan is made, in `shown`."""

    def __init__(self, messenger: FakeMessenger) -> None:
        self.messenger = messenger
        self.shown: list[set[str]] = []

    async def plan(self, job: PlanJob) -> list[Decision]:
        for _ in range(1000):  # the news of the command that woke it is sent first, in worker threads
            if self.messenger.typing_now:
                break
            await asyncio.sleep(0.01)
        self.shown.append(set(self.messenger.typing_now))
        return await super().plan(job)


def blue_to_the_computer(service: GameService, planner: ThreadPlanner | None = None,
                         messenger: FakeMessenger | None = None):
    """The toy race in CHANNEL, Anna Red, the computer Blue, at Red's Dice Phase: her roll hands Blue its
    player-turn, two plans (its Movement Phase, then its roll)."""
    tables = make_tables(service, planner=planner, messenger=messenger)
    game_id = run(seated_game(tables))
    run(tables.computer.seat(BORIS, CHANNEL, "blue"))  # his own seat
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    return tables, game_id, tables.delivery.messenger


def test_the_channel_shows_the_computer_thinking_once_until_what_it_played_is_posted(service):
    """One showing for its two plans, begun after Anna's roll was posted and before the computer's news;
    typing is no message: its player-turn is one post, as it was."""
    tables, game_id, messenger = blue_to_the_computer(service)
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    run(tables.computer.settled())
    (place, made), = messenger.typed
    assert place == f"channel:{CHANNEL}"
    assert [text[:21] for where, text, _, _ in messenger.sent[:made] if where == place][-1] == "**Anna** — Red: roll."
    assert [text[:14] for where, text, _, _ in messenger.sent[made:] if where == place] == ["**Computer** —"]
    assert messenger.typing_now == set()


def test_it_is_shown_thinking_while_it_plans_and_not_once_it_has_played(service):
    messenger = FakeMessenger()
    planner = Watched(messenger)
    tables, game_id, _ = blue_to_the_computer(service, planner, messenger)
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    run(tables.computer.settled())
    assert planner.shown == [{f"channel:{CHANNEL}"}] * 2
    assert messenger.typing_now == set()
    assert [row["side"] for row in service.store.commands(game_id)][-2:] == ["blue", "blue"]


def test_a_player_of_hidden_units_sees_it_thinking_where_she_is_asked_too(tmp_path):
    """Units hidden: Anna is asked by DM, where the game turns to her next, and sees it thinking there too;
    with her news in a private thread of the channel (her DMs were closed), there."""
    for inbox, private in ((False, f"dm:{ANNA.id}"), (True, "thread:800")):
        service = GameService(blank(tmp_path / f"hidden-{inbox}.sqlite"), loader=lambda name: hidden_race())
        tables, _, messenger = blue_to_the_computer(service)
        if inbox:
            messenger.closed.add(ANNA.id)
            run(tables.news.inbox(ANNA, CHANNEL))
            messenger.closed.clear()
        run(tables.play.submit(ANNA, CHANNEL, "roll"))
        run(tables.computer.settled())
        assert [place for place, _ in messenger.typed] == [f"channel:{CHANNEL}", private]


def test_in_an_open_game_a_player_sees_it_thinking_by_dm_only_if_reminded_there(tmp_path):
    for remind, private in (("asked", []), ("channel", []), ("dm", [f"dm:{ANNA.id}"])):
        service = GameService(blank(tmp_path / f"{remind}.sqlite"), loader=lambda name: toy_system)
        tables, _, messenger = blue_to_the_computer(service)
        run(tables.absence.prefs(ANNA, {"remind": remind}))
        run(tables.play.submit(ANNA, CHANNEL, "roll"))
        run(tables.computer.settled())
        assert [place for place, _ in messenger.typed] == [f"channel:{CHANNEL}", *private]


def test_a_plan_for_a_side_the_public_is_not_shown_to_move_shows_nothing(tmp_path):
    """A planted secret: the public view names no one to move. The computer plays Blue's turn all the same,
    shown thinking nowhere."""
    module = hidden_race()
    module.view = lambda state, side: toy_system.view(state, side) | ({"to_move": []} if side is None else {})
    service = GameService(blank(tmp_path / "secret.sqlite"), loader=lambda name: module)
    tables, game_id, messenger = blue_to_the_computer(service)
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    run(tables.computer.settled())
    assert service.store.commands(game_id)[-1]["side"] == "blue"
    assert messenger.typed == []
