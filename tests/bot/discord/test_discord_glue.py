"""The command glue with a fake interaction: defer first, answer privately, notices included."""
from __future__ import annotations

from bot.discord.commands import answer
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    FakeInteraction,
    make_tables,
    run,
    seated_game,
)


def test_answer_defers_privately_then_replies_privately(service):
    tables = make_tables(service)
    run(seated_game(tables))
    interaction = FakeInteraction(tables, ANNA)
    run(answer(interaction, lambda t, a, c: t.play.submit(a, c, "move r1 0201")))
    (first, deferred), (second, reply) = interaction.calls
    assert first == "defer" and deferred["ephemeral"] and second == "followup"
    assert reply["ephemeral"] and reply["content"] == "Red: move r1 0201."


def test_refusal_is_private_and_held_back_dms_come_with_the_next_answer(service):
    tables = make_tables(service)
    run(seated_game(tables))
    tables.delivery.messenger.closed.add(ANNA.id)
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    posts = len(tables.delivery.messenger.posts)
    interaction = FakeInteraction(tables, ANNA)
    run(answer(interaction, lambda t, a, c: t.play.submit(a, c, "move b1 0202", side="blue")))
    reply = interaction.calls[-1][1]
    assert reply["ephemeral"] and "Only the Blue player" in reply["content"]
    assert "While your DMs were closed" in reply["content"] and "secret number" in reply["content"]
    assert len(tables.delivery.messenger.posts) == posts
    other = FakeInteraction(tables, BORIS)
    run(answer(other, lambda t, a, c: t.overview.status(a, c)))
    assert "secret number" not in other.calls[-1][1]["content"]
