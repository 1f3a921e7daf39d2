"""Issue 14.2 on Discord's tables: while both players choose 1812 battle plans, a plan given leaves no
trace in the channel or in the other player's DMs, a plan typed in the channel is withdrawn unplayed, and
the reveal is posted once both are down."""
from __future__ import annotations

import asyncio

from bot.service import GameService
from bot.store import Store
from bot.tables.play import SECRET_ORDER
from rules import load
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, make_tables, seated_game


def run(coro):
    return asyncio.run(coro)


def test_a_secret_plan_leaves_no_trace_until_both_are_down(tmp_path):
    service = GameService(Store(tmp_path / "k.sqlite"))
    tables = make_tables(service, systems=("campaign_1812",))
    game = run(seated_game(tables, system="campaign_1812", scenario="campaign", seed=3))
    system = load("campaign_1812")
    for line in ("end", "end"):
        run(tables.play.submit(BORIS, CHANNEL, line))
    while system.active_sides(service.load(game)) == ["russian"]:
        run(tables.play.submit(BORIS, CHANNEL, "attrit 31"))
    for line in ("move 30 11", "end", "end"):
        run(tables.play.submit(ANNA, CHANNEL, line))
    assert system.active_sides(service.load(game)) == ["french", "russian"]
    messenger = tables.delivery.messenger
    posts, boris = len(messenger.posts), len(messenger.to(BORIS.id))
    assert run(tables.play.submit(ANNA, CHANNEL, "plan assault")) == "French: plan assault."
    assert len(messenger.posts) == posts and len(messenger.to(BORIS.id)) == boris
    seq = service.store.last_seq(game)
    typed = run(tables.play.plain(BORIS, CHANNEL, "plan cordon"))
    assert (typed.accepted, typed.private, typed.withdraw) == (False, SECRET_ORDER, True)
    assert service.store.last_seq(game) == seq  # not played
    run(tables.play.submit(BORIS, CHANNEL, "plan cordon"))
    shown = [text for channel, text, _ in messenger.posts[posts:] if channel == CHANNEL]
    assert any("French Assault against Russian Cordon" in text for text in shown)
    assert not any("plan" in text.split("\n")[0] for text in shown)  # who chose last is not told
