"""On Discord: `/game new tables:<file>` loads a player's own table file (the format of
rules/campaign_1812/data/tables.toml), validated before the game opens and stored with it as its
"tables" option, so that the game replays with them."""
from __future__ import annotations

from bot.discord.commands import GameCommands
from bot.service import GameService
from bot.store import blank
from rules.campaign_1812.campaign_data import DATA
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, GUILD, FakeInteraction, make_tables, run

SHIPPED = (DATA / "tables.toml").read_bytes()
OWN = SHIPPED.replace(b"french_leadership = 1", b"french_leadership = 0")  # a table only its owner has



class Attachment:
    """Just enough of discord.Attachment: its name, size and bytes."""

    def __init__(self, data: bytes, filename: str = "my-tables.toml"):
        self.data, self.filename, self.size = data, filename, len(data)

    async def read(self) -> bytes:
        return self.data


def _tables(tmp_path):
    service = GameService(blank(tmp_path / "k.sqlite"))
    return service, make_tables(service, systems=("campaign_1812", "toy_system"))


def _open(tables, attachment: Attachment | None, system: str = "campaign_1812") -> str:
    """`/game new` in CHANNEL; the private answer."""
    interaction = FakeInteraction(tables, ANNA)
    interaction.guild_id = int(GUILD)
    scenario = "campaign" if system == "campaign_1812" else "short"
    run(GameCommands().new.callback(GameCommands(), interaction, system, scenario, tables=attachment))
    return interaction.calls[-1][1]["content"]


def test_a_game_opened_with_own_tables_plays_and_replays_with_them(tmp_path):
    assert OWN != SHIPPED
    service, tables = _tables(tmp_path)
    assert _open(tables, Attachment(OWN)).startswith("Game 1 is open.")
    game = tables.game_in(CHANNEL)
    assert game["options"]["tables"]["combat_results"]["french_leadership"] == 0
    assert service.load(game["id"])["tables"] == game["options"]["tables"]
    assert "fort_reinforcements, own tables. Sides" in tables.delivery.messenger.in_channel(CHANNEL)[0]
    for actor, side in ((ANNA, "french"), (BORIS, "russian")):
        run(tables.lobby.join(actor, CHANNEL, side))
    run(tables.lobby.start(ANNA, CHANNEL))
    system, state = service.system(game["id"]), service.load(game["id"])
    side = system.active_sides(state)[0]  # the Russian, or the French choosing its attrition losses
    command = system.legal_commands(state, side)[0].to_text()
    run(tables.play.submit({"french": ANNA, "russian": BORIS}[side], CHANNEL, command))
    assert len(service.store.commands(game["id"])) == 1 and service.replay_check(game["id"]).ok


def test_tables_that_break_their_format_open_no_game(tmp_path):
    """The loader's sentence is the answer (a table without its provenance; a file that is no TOML)."""
    service, tables = _tables(tmp_path)
    broken = SHIPPED.replace(b"[attrition]", b"[attrition]\nfrench = [0, 0, 0, 0, 0, 0]\n[ignored]", 1)
    assert _open(tables, Attachment(broken)).startswith("[attrition] has no provenance")
    assert "cannot read the tables bad.toml: it is not TOML" in _open(tables, Attachment(b"count = ", "bad.toml"))
    assert service.store.games() == []
    assert _open(tables, Attachment(SHIPPED)).startswith("Game 1 is open.")  # the control: the shipped ones


def test_a_system_without_tables_to_replace_refuses_them(tmp_path):
    service, tables = _tables(tmp_path)
    said = _open(tables, Attachment(SHIPPED), system="toy_system")
    assert "tables" in said and service.store.games() == []
    assert _open(tables, None, system="toy_system").startswith("Game 1 is open.")
