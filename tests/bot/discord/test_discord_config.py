"""The server configuration: token from the environment, the rest from TOML."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Config, GameSettings
from bot.converters import Unreadable

ROOT = Path(__file__).resolve().parents[3]


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


@pytest.mark.parametrize("bad, sentence", [
    ({"deadline_hours": 0}, "A deadline is between a few minutes and 60 days (1440 hours)."),
    ({"at_deadline": "sulk"}, "At a deadline the bot can "),
    ({"reminders": [48]}, "Reminders are hours before the deadline, each shorter than it."),
    ({"deadline_hours": "soon"}, "A deadline and its reminders are numbers of hours, like 48 and 24, 1."),
    ({"ai_level": 3}, "A computer player's level is 1 or 2, not 3."),
    ({"ai_level": "best"}, "A computer player's level and time budget are numbers, like 1 and 60."),
    ({"ai_budget": 0.5}, "A computer player's time budget is between 1 and 3600 seconds.")])
def test_settings_refuse_nonsense_with_a_sentence(bad, sentence):
    """The refusal is the converters' one type, carrying the player's sentence."""
    with pytest.raises(Unreadable) as refused:
        GameSettings.from_dict(bad)
    assert str(refused.value).startswith(sentence)


def test_a_token_written_in_quotes_or_after_bot_is_the_token():
    """`docker run --env-file` keeps quotes, and "Bot " is what discord.py adds itself: either
    made Discord refuse a good token."""
    for written in ('"MTA.abc.xyz"', " MTA.abc.xyz\t", "Bot MTA.abc.xyz", "'Bot MTA.abc.xyz'"):
        assert Config.load(None, env={"DISCORD_TOKEN": written}).token == "MTA.abc.xyz"
    assert Config.load(None, env={"DISCORD_TOKEN": ' "" '}).token is None


def test_the_example_config_loads_as_it_stands_and_shows_the_defaults():
    """An admin who copies the example gets the settings the guides describe (a computer seat's
    budget of 20 seconds a turn, as the README says), not other values unseen."""
    config = Config.load(ROOT / "deploy" / "kolocha.toml.example", env={})
    assert config.database == "/var/lib/kolocha/kolocha.sqlite" and config.message_content is False
    assert config.defaults == GameSettings()


@pytest.mark.parametrize("text, sentence", [
    ('message_content = "false"\n', "message_content is true or false, not 'false'."),
    ("database = 5\n", "database is a quoted path, not 5."),
    ("defaults = 3\n", "defaults is a [defaults] table, not 3."),
    ('datbase = "k.sqlite"\n', "there is no setting 'datbase'; the file may hold database, "),
    ("[defaults]\ndeadline_hour = 12\n", "[defaults] has no setting 'deadline_hour'; it may hold "
     "deadline_hours, reminders, at_deadline, "),
    ('[defaults]\nskip_weekends = "no"\n', "skip_weekends is true or false, not 'no'."),
    ('[defaults]\nat_deadline = "wait"\n', "at a deadline the bot can ")])
def test_a_config_file_that_says_something_else_is_refused_naming_the_file(tmp_path, text, sentence):
    """A misspelt key would leave its default in force unseen, and a quoted "false" read as true."""
    path = tmp_path / "kolocha.toml"
    path.write_text(text)
    with pytest.raises(Unreadable) as refused:
        Config.load(path, env={})
    assert str(refused.value).startswith(f"{path}: {sentence}")


def test_settings_round_trip_and_describe():
    settings = GameSettings(12, (6, 1), "forfeit", True)
    assert GameSettings.from_dict(settings.to_dict()) == settings
    assert "forfeits" in settings.describe() and "one game turn behind" in settings.describe()
    computer = GameSettings.from_dict({"at_deadline": "computer", "ai_level": "1", "ai_budget": "30"})
    assert (computer.ai_level, computer.ai_budget) == (1, 30.0)
    assert GameSettings.from_dict(computer.to_dict()) == computer
    assert "the computer takes the late side's seat" in computer.describe()
    assert "a computer player plays at level 1, thinking up to 30 s a turn" in computer.describe()
