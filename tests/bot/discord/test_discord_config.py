"""The server configuration: token from the environment, the rest from TOML."""
from __future__ import annotations

import pytest

from bot.config import Config, GameSettings


def test_config_from_file_and_environment(tmp_path):
    path = tmp_path / "kolocha.toml"
    path.write_text('database = "games.sqlite"\nmessage_content = true\n'
                    '[defaults]\ndeadline_hours = 24\nreminders = [1, 12]\n'
                    'at_deadline = "end"\n')
    config = Config.load(path, env={"DISCORD_TOKEN": "abc"})
    assert config.token == "abc" and config.database == "games.sqlite" and config.message_content
    assert config.defaults == GameSettings(24, (12, 1), "end", False)
    assert Config.load(path, env={"KOLOCHA_DB": "/data/k.sqlite"}).database == "/data/k.sqlite"
    assert Config.load(None, env={}) == Config()


@pytest.mark.parametrize("bad", [{"deadline_hours": 0}, {"at_deadline": "sulk"},
                                 {"reminders": [48]}])
def test_settings_refuse_nonsense_with_a_sentence(bad):
    with pytest.raises(ValueError, match=r"\w+ \w+"):
        GameSettings.from_dict(bad)


def test_settings_round_trip_and_describe():
    settings = GameSettings(12, (6, 1), "forfeit", True)
    assert GameSettings.from_dict(settings.to_dict()) == settings
    assert "forfeits" in settings.describe() and "one game turn behind" in settings.describe()
