"""`/game export`: an ended game's command log and animated replay, posted in the
channel as two files; a running game's record stays closed."""
from __future__ import annotations

import pytest

from bot.discord.buttons import Verify
from bot.discord.commands import GameCommands
from bot.permissions import TableError
from bot.service import GameService
from bot.store import blank
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, GUILD, FakeInteraction, run
from tests.bot.discord.test_standing_orders_tables import borodino_table


def exported(tables, actor, game=None) -> dict:
    asked = FakeInteraction(tables, actor)
    asked.guild_id = int(GUILD)
    run(GameCommands().export.callback(GameCommands(), asked, game))
    return asked.calls[-1][1]


def test_an_ended_game_is_exported_as_its_log_and_its_replay(tmp_path):
    tables, game_id = borodino_table(GameService(blank(tmp_path / "games.sqlite")))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    running = exported(tables, BORIS)
    assert "still running" in running["content"] and running.get("ephemeral")
    run(tables.play.resign(BORIS, CHANNEL))
    posted = exported(tables, BORIS)
    assert posted["content"].startswith(f"Game {game_id}: Borodino: 5 September: the Schevardino Redoubt, its 1 "
                                        "command,")
    names = [f.filename for f in posted["files"]]
    assert names == [f"kolocha-game{game_id}.txt", f"kolocha-game{game_id}.gif"]
    log = posted["files"][0].fp.read().decode()
    assert log.splitlines()[0] == "# kolocha system=borodino scenario=5sep seed=0" and "french: end" in log
    assert exported(tables, BORIS, game=99)["content"].startswith("This server has no game 99")
    (button,) = posted["view"].children
    assert button.custom_id == f"kolocha:verify:{game_id}"


def test_the_verify_button_proves_the_dice_of_an_ended_game_only(tmp_path):
    service = GameService(blank(tmp_path / "games.sqlite"))
    tables, game_id = borodino_table(service)
    with pytest.raises(TableError, match="still running"):
        tables.overview.verify(game_id)  # the proof shows the seed, secret until the end
    fair = service.new_game("borodino", "5sep", channel="elsewhere")  # a secret seed, committed to
    service.store.end_game(fair, {"winner": None, "reason": "ended"}, [])
    proof = tables.overview.verify(fair)
    assert proof.startswith(f"Game {fair}: fair dice verified.")
    pressed = FakeInteraction(tables, BORIS)
    run(Verify(fair).callback(pressed))
    assert pressed.calls[-1][1]["content"].startswith(f"Game {fair}: fair dice verified.")
