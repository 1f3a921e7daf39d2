"""`odds` through the front ends: a query like `status` — a private answer, nothing
stored — in the service, the terminal and Discord's `/odds`. The worked example is the README's
(Combat; Russian Redoubts E): after `move 3321 3219` the French 5 attacks the Russian 6 in the
Southern Flèche through its front: doubled to 12 plus the flèche's 3 is 15, so 5 against 15, 1 to
3, whose printed column reads Ar Ar Ae Ae Ae Ae."""
from __future__ import annotations

from bot import text as fmt
from bot.discord.commands import odds
from bot.service import GameService
from bot.store import Store
from bot.terminal.console import play
from bot.words import plain
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    FakeInteraction,
    FakeMessenger,
    make_tables,
    run,
    seated_game,
)

EXPECTED = ["3219 (5) against 3218 (15): odds 1-3.",
            ("The defender's modifiers: 3218 doubled in its redoubt, attacked only through the front; "
             "the Southern Flèche adds 3."),
            "  die 1-2 (2 in 6, 33%): Ar, attacker retreats: 3219 (French 5-4 infantry).",
            "  die 3-6 (4 in 6, 67%): Ae, attacker eliminated: 3219 (French 5-4 infantry)."]


def borodino_game(service: GameService) -> int:
    game_id = service.new_game("borodino", "7sep", seed=1)
    assert service.submit(game_id, "french", "move 3321 3219").accepted
    return game_id


def test_odds_is_a_query_answered_privately_with_nothing_stored(tmp_path):
    service = GameService(Store(tmp_path / "k.sqlite"))
    game_id = borodino_game(service)
    stored = (service.store.commands(game_id), service.store.outbox(game_id))
    for side in ("french", "russian", None):  # an open game: the defender and onlookers may ask too
        result = service.submit(game_id, side, "odds 3219 -> 3218")
        assert result.accepted and result.reply == "\n".join(EXPECTED) and result.events == []
    assert (service.store.commands(game_id), service.store.outbox(game_id)) == stored


def test_odds_refused_with_the_rule_and_answered_once_the_attack_is_possible(tmp_path):
    """Combat (A): "the attacking unit(s) must be adjacent": a refusal citing the case; once a unit
    stands adjacent, the same kind of question is answered."""
    service = GameService(Store(tmp_path / "k.sqlite"))
    game_id = service.new_game("borodino", "7sep", seed=1)
    refusal = service.submit(game_id, "french", "odds 3321 -> 3218")
    assert not refusal.accepted and refusal.rule == "Combat (A)" and "not adjacent" in refusal.message
    assert service.submit(game_id, "french", "move 3321 3219").accepted
    assert service.submit(game_id, "french", "odds 3219 -> 3218").reply == "\n".join(EXPECTED)


def test_odds_in_the_terminal(tmp_path):
    service = GameService(Store(tmp_path / "k.sqlite"))
    game_id = borodino_game(service)
    said: list[str] = []
    lines = iter(["odds 3219 -> 3218", "quit"])
    play(service, game_id, read=lambda prompt: next(lines), write=said.append)
    assert "\n".join(EXPECTED) in said
    assert service.store.last_seq(game_id) == 1


def test_odds_slash_command_answers_privately_and_posts_nothing(tmp_path):
    """`/odds 3219 -> 3218` on Discord: deferred and answered ephemerally; the channel hears nothing."""
    service = GameService(Store(tmp_path / "k.sqlite"))
    messenger = FakeMessenger()
    tables = make_tables(service, messenger=messenger, systems=("borodino",))

    async def scenario() -> FakeInteraction:
        await seated_game(tables, system="borodino", scenario="7sep", seed=1)
        await tables.play.submit(ANNA, CHANNEL, "move 3321 3219")
        posted = len(messenger.in_channel(CHANNEL))
        interaction = FakeInteraction(tables, BORIS)
        await odds.callback(interaction, question="3219 -> 3218")  # type: ignore[arg-type]
        assert len(messenger.in_channel(CHANNEL)) == posted
        return interaction

    interaction = run(scenario())
    (first, deferred), (second, reply) = interaction.calls
    assert first == "defer" and deferred["ephemeral"] and second == "followup" and reply["ephemeral"]
    assert plain(reply["content"]) == "\n".join(EXPECTED)


def test_1812_odds_are_worded_die_by_die():
    """1812's Combat Results Table at the defender's choice, worded by the front ends."""
    from tests.rules.campaign_1812.test_odds import _at_the_defender_s_choice

    from rules import campaign_1812

    said = fmt.odds(campaign_1812.odds(_at_the_defender_s_choice(), "russian", "15"))
    assert said.startswith("Battle of Smolensk (15), if it is fought: French 3 against Russian 2")
    assert "(3 in 6, 50%): D2 Dr, the defender loses 2 infantry corps, the defender retreats." in said
