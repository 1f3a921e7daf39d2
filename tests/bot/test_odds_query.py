"""`odds` through the front ends: a query like `status` — a private answer, nothing
stored — in the service, the terminal and Discord's `/odds`. The worked example is the README's
(Combat; Russian Redoubts E): after `move 3321 3219` the French 5 attacks the Russian 6 in the
Southern Flèche through its front: doubled to 12 plus the flèche's 3 is 15, so 5 against 15, 1 to
3, whose printed column reads Ar Ar Ae Ae Ae Ae."""
from __future__ import annotations

from bot import text as fmt
from bot.discord.commands import odds
from bot.service import GameService
from bot.store import blank
from bot.terminal.console import play
from bot.words import plain
from rules import bloody_monday
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
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = borodino_game(service)
    stored = (service.store.commands(game_id), service.store.outbox(game_id))
    for side in ("french", "russian", None):  # an open game: the defender and onlookers may ask too
        result = service.submit(game_id, side, "odds 3219 -> 3218")
        assert result.accepted and result.reply == "\n".join(EXPECTED) and result.events == []
    assert (service.store.commands(game_id), service.store.outbox(game_id)) == stored


def test_odds_refused_with_the_rule_and_answered_once_the_attack_is_possible(tmp_path):
    """Combat (A): "the attacking unit(s) must be adjacent": a refusal citing the case; once a unit
    stands adjacent, the same kind of question is answered."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = service.new_game("borodino", "7sep", seed=1)
    refusal = service.submit(game_id, "french", "odds 3321 -> 3218")
    assert not refusal.accepted and refusal.rule == "Combat (A)" and "not adjacent" in refusal.message
    assert service.submit(game_id, "french", "move 3321 3219").accepted
    assert service.submit(game_id, "french", "odds 3219 -> 3218").reply == "\n".join(EXPECTED)


def test_odds_in_the_terminal(tmp_path):
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = borodino_game(service)
    said: list[str] = []
    lines = iter(["odds 3219 -> 3218", "quit"])
    play(service, game_id, read=lambda prompt: next(lines), write=said.append)
    assert "\n".join(EXPECTED) in said
    assert service.store.last_seq(game_id) == 1


def test_odds_slash_command_answers_privately_and_posts_nothing(tmp_path):
    """`/odds 3219 -> 3218` on Discord: deferred and answered ephemerally; the channel hears nothing."""
    service = GameService(blank(tmp_path / "k.sqlite"))
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


# --- Bloody Monday: expected hits, from the asker's view (5.3.4, 5.3.1; Setup, Fog of War) ---------
CHARGE = ("tactical", "activate F-CR-M", "move F-CR-1H 41")  # the French 1H charges the Russian block in 41
SEEN_BY_THE_FRENCH = [
    "Battle in 41, French attacking: the hits each side may expect in the ground combat (5.3.4).",
    "  French: about 2.0 hits: French 1H (F-CR-1H, cavalry) 4 dice on 4+ (2.0).",
    ("  Russian: about 0.6 hits: 1 hidden block, about 0.6 each (an average Russian block you have not "
     "seen, at full strength).")]
SEEN_BY_THE_RUSSIAN = [
    SEEN_BY_THE_FRENCH[0], SEEN_BY_THE_FRENCH[1],
    "  Russian: about 1.0 hits: Russian LGJ (R-G-LGJ, infantry) 3 dice on 5+ (1.0)."]


def charged(service: GameService) -> int:
    game_id = service.new_game("bloody_monday", "bloody_monday", seed=1)
    for line in CHARGE:
        assert service.submit(game_id, "french", line).accepted, line
    return game_id


def test_bloody_monday_battle_odds_are_worded_from_each_side_s_view(tmp_path):
    """5.3.4 with 2.2-2.3: the French 1H, 4 steps of cavalry at TF, rolls 4 dice hitting on 4-6,
    4 x 3/6 = 2.0 hits. The Russian player sees his LGJ, 3 dice at DF, 3 x 2/6 = 1.0; the French
    player sees only a block there (Setup, Fog of War), worth the average Russian block he has not
    seen, and the words name nothing more of it. Each text reads the engine's forecast whole."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = charged(service)
    for side, expected in (("french", SEEN_BY_THE_FRENCH), ("russian", SEEN_BY_THE_RUSSIAN)):
        forecast = bloody_monday.odds(service.load(game_id), side, "41")
        result = service.submit(game_id, side, "odds 41")
        assert result.accepted and result.reply == fmt.odds(forecast) == "\n".join(expected)
    french = bloody_monday.odds(service.load(game_id), "french", "41")["sides"]["russian"]
    assert (french["known"], french["hidden"], round(french["hidden_each"], 1)) == ([], 1, 0.6)
    said = service.submit(game_id, "french", "odds 41").reply
    assert not any(word in said for word in ("LGJ", "R-G-", "jager"))


def test_bloody_monday_fire_odds_give_each_count_of_hits_and_the_ground_s_bonus(tmp_path):
    """5.3.1: "Each activated Artillery rolls as many dice as its Strength ... and has TF": the French
    V Corps' gun, 3 steps, rolls 3 dice hitting on 4-6, 1.5 hits expected, k hits with the binomial
    chance C(3, k)/8 (1/8 shown as 12%, 3/8 as 38%); 47 is yellow, whose ground absorbs the first
    hit (1.2.1). A gun is its owner's to ask about (5.3.1): the Russian player naming it is refused,
    and so is an onlooker."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = charged(service)
    forecast = bloody_monday.odds(service.load(game_id), "french", "F-V-A 47")
    result = service.submit(game_id, "french", "odds F-V-A 47")
    assert result.accepted and result.reply == fmt.odds(forecast) == (
        "French A (F-V-A, artillery) firing into 47: 3 dice hitting on 4+ (5.3.1), 1.5 hits expected "
        "(0 hits 12%, 1 hit 38%, 2 hits 38%, 3 hits 12%). The defender's ground absorbs the first hit "
        "(1.2.1).")
    assert not service.submit(game_id, "russian", "odds F-V-A 47").accepted
    assert service.submit(game_id, None, "odds F-V-A 47").message == (
        "Only a player can ask about the fire of one of their guns.")


def test_bloody_monday_odds_slash_command_answers_the_asker_alone(tmp_path):
    """`/odds 41` on Discord in a Bloody Monday game: each player's private answer is his own
    side's view (Setup, Fog of War); the channel hears nothing."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    messenger = FakeMessenger()
    tables = make_tables(service, messenger=messenger, systems=("bloody_monday",))

    async def scenario() -> list[FakeInteraction]:
        await seated_game(tables, system="bloody_monday", scenario="bloody_monday", seed=1)
        for line in CHARGE:
            await tables.play.submit(ANNA, CHANNEL, line)
        posted = len(messenger.in_channel(CHANNEL))
        asked = [FakeInteraction(tables, ANNA), FakeInteraction(tables, BORIS)]
        for interaction in asked:
            await odds.callback(interaction, question="41")  # type: ignore[arg-type]
        assert len(messenger.in_channel(CHANNEL)) == posted
        return asked

    anna, boris = run(scenario())
    for interaction, expected in ((anna, SEEN_BY_THE_FRENCH), (boris, SEEN_BY_THE_RUSSIAN)):
        (_, deferred), (_, reply) = interaction.calls
        assert deferred["ephemeral"] and reply["ephemeral"]
        assert plain(reply["content"]) == "\n".join(expected)
