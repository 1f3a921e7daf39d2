"""The deploy recipes (deploy/) run as written: the Docker image's command with the example
environment, in a temporary root holding the folders the image makes, serves Discord (the
loopback stand-in) and stops on SIGTERM; the systemd recipe creates every file and folder its
unit needs, and `systemd-analyze verify` accepts the unit (where systemd is installed)."""
from __future__ import annotations

import asyncio
import fnmatch
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot import cli
from bot.discord.app import STOP_SECONDS
from bot.discord.loopback import Loopback

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
WAIT = 60.0


def dockerfile() -> tuple[set[str], dict[str, str], list[str]]:
    """The folders the image has (made by RUN mkdir, VOLUME, WORKDIR), its ENV, its CMD."""
    text = (DEPLOY / "Dockerfile").read_text().replace("\\\n", " ")
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    folders = {word for line in lines if line.startswith("RUN") for word in
               re.findall(r"mkdir (?:-p )?(\S+)", line)}
    folders |= {line.split()[1] for line in lines if line.split()[:1] in (["VOLUME"], ["WORKDIR"])}
    env = dict(line.split(None, 1)[1].split("=", 1) for line in lines if line.startswith("ENV "))
    command = json.loads(next(line for line in lines if line.startswith("CMD")).removeprefix("CMD"))
    return folders, env, command


def env_file() -> dict[str, str]:
    """deploy/kolocha.env.example as `docker run --env-file` reads it."""
    lines = (DEPLOY / "kolocha.env.example").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if line.strip() and not line.startswith("#"))


@pytest.mark.long
def test_the_docker_image_serves_with_the_example_environment(tmp_path):
    folders, image_env, command = dockerfile()
    env = {**image_env, **env_file()}  # --env-file overrides the image's ENV
    database = env["KOLOCHA_DB"]
    assert str(Path(database).parent) in folders, f"{database}: a folder the image lacks"
    for folder in folders:
        (tmp_path / folder.lstrip("/")).mkdir(parents=True, exist_ok=True)
    env["KOLOCHA_DB"] = str(tmp_path / database.lstrip("/"))
    assert command[0] == "kolocha" and env["DISCORD_TOKEN"] == ""  # the operator's to fill in
    log = tmp_path / "kolocha.log"

    async def serve() -> int:
        loopback = Loopback()
        await loopback.start()
        environment = {**os.environ, **env, "DISCORD_TOKEN": "token", "KOLOCHA_DISCORD_URL": loopback.url}
        with log.open("w") as output:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot.cli", *command[1:], cwd=ROOT, env=environment,
                stdout=output, stderr=output)
        try:
            identified = asyncio.ensure_future(loopback.identified.wait())
            await asyncio.wait([identified, asyncio.ensure_future(process.wait())], timeout=WAIT,
                               return_when=asyncio.FIRST_COMPLETED)
            assert identified.done(), log.read_text()[-2000:]
            process.send_signal(signal.SIGTERM)
            return await asyncio.wait_for(process.wait(), WAIT)
        finally:
            if process.returncode is None:
                process.kill()
            await loopback.stop()
    assert asyncio.run(serve()) == 0
    assert Path(env["KOLOCHA_DB"]).is_file()


def in_build_context(name: str) -> bool:
    """Whether .dockerignore lets a top-level file or folder of the repository into the image's
    build context (its patterns in order, the last that matches deciding, as Docker reads them)."""
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    sent = True
    for pattern in [line.strip() for line in lines if line.strip() and not line.startswith("#")]:
        if fnmatch.fnmatch(name, pattern.removeprefix("!")):
            sent = pattern.startswith("!")
    return sent


def test_the_build_context_is_what_the_image_copies_never_the_token_or_the_games():
    copied = [word for line in (DEPLOY / "Dockerfile").read_text().splitlines() if line.startswith("COPY")
              for word in line.split()[1:-1]]
    assert copied and all(in_build_context(name) for name in copied)
    assert not any(in_build_context(name) for name in (".venv", ".git", "kolocha.env", "kolocha.sqlite", "tests"))


def test_docker_waits_for_the_bots_graceful_stop():
    """`docker stop` waits --stop-timeout seconds (10 by default), then kills: the recipe's `docker run`
    gives the bot longer than its own stop takes at most (STOP_SECONDS, 20 s), so a stop while
    Discord is slow finishes what is under way rather than being killed mid-way."""
    run_line = (DEPLOY / "Dockerfile").read_text().replace("\\\n#", " ").split("docker run", 1)[1].splitlines()[0]
    assert float(re.search(r"--stop-timeout (\d+)", run_line)[1]) > STOP_SECONDS


def test_kolocha_run_refuses_a_database_in_a_folder_that_does_not_exist(tmp_path, monkeypatch, capsys):
    """One sentence naming the folder and exit status 2 (systemd does not restart it), not a
    traceback."""
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("KOLOCHA_DB", str(tmp_path / "missing" / "kolocha.sqlite"))
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"kolocha run: there is no folder {tmp_path / 'missing'} for the database")
    assert len(err.strip().splitlines()) == 1


def test_kolocha_run_on_a_file_that_is_no_database_says_so_and_is_not_restarted(tmp_path, monkeypatch, capsys):
    """The bot opens its database once connected (bot/discord/app.py, setup_hook): a file of
    something else there is one sentence naming it and status 2, not a traceback and status 1
    (which systemd would restart every 10 seconds)."""
    from bot.discord import app
    from bot.store import Store

    junk = tmp_path / "kolocha.sqlite"
    junk.write_text("not a database")
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("KOLOCHA_DB", str(junk))
    monkeypatch.setattr(app, "run", lambda config: Store(config.database))
    assert cli.main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"kolocha run: {junk} is not a Kolocha database (") and "KOLOCHA_DB" in err
    assert len(err.strip().splitlines()) == 1


def operational_error(text: str, name: str) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(text)
    error.sqlite_errorname = name
    return error


@pytest.mark.parametrize("error, status, said", [
    (operational_error("attempt to write a readonly database", "SQLITE_READONLY"), 2,
     "cannot use the database {db} (attempt to write a readonly database); check that the user running "
     "Kolocha may write it and its folder."),
    (operational_error("database is locked", "SQLITE_BUSY"), 1,
     "the database {db} is held by another program (database is locked); try again once it is done "
     "(under systemd the bot starts again by itself).")])
def test_kolocha_run_on_a_database_it_cannot_use_says_why_and_whether_it_restarts(
        tmp_path, monkeypatch, capsys, error, status, said):
    """A database file the bot's user may not write (a backup restored by root) is one sentence
    saying what to check, and status 2 (systemd does not restart it); a write lock another program
    held past the store's wait passes: status 1, which systemd restarts."""
    from bot.discord import app

    def refused(config: object) -> int:
        raise error
    db = tmp_path / "kolocha.sqlite"
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("KOLOCHA_DB", str(db))
    monkeypatch.setattr(app, "run", refused)
    assert cli.main(["run"]) == status
    assert capsys.readouterr().err == "kolocha run: " + said.format(db=db) + "\n"


def test_kolocha_run_in_a_folder_where_no_file_can_be_made_says_why_and_is_not_restarted(monkeypatch, capsys):
    """/proc takes no new file, for root too: the bot's lock beside the database is refused in one
    sentence and status 2, before the bot is run (it raised FileNotFoundError, a traceback)."""
    from bot.discord import app

    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("KOLOCHA_DB", "/proc/kolocha.sqlite")
    monkeypatch.setattr(app, "run", lambda config: pytest.fail("the bot ran"))
    assert cli.main(["run"]) == 2
    assert capsys.readouterr().err == (
        "kolocha run: cannot use the database /proc/kolocha.sqlite (cannot make /proc/kolocha.sqlite.lock: No such "
        "file or directory); check that the user running Kolocha may write it and its folder.\n")


def unit() -> tuple[list[str], dict[str, str]]:
    """kolocha.service: its install recipe (the commented lines) and its settings."""
    lines = (DEPLOY / "kolocha.service").read_text().splitlines()
    recipe = [line.removeprefix("#").strip() for line in lines if line.startswith("#   ")]
    settings = dict(line.split("=", 1) for line in lines if "=" in line and not line.startswith("#"))
    return recipe, settings


def test_the_systemd_recipe_creates_what_its_unit_needs():
    recipe, settings = unit()
    config = settings["ExecStart"].split("--config ")[1].split()[0]
    made = " ".join(recipe)
    needed = [settings["EnvironmentFile"], config, settings["ExecStart"].split()[0]]
    assert f"install -d -m 755 {Path(config).parent}" in made
    for path in needed:
        source = {"kolocha.env": "deploy/kolocha.env.example", "kolocha.toml": "deploy/kolocha.toml.example"}
        name = Path(path).name
        assert (f"{source[name]} {path}" in made) if name in source else ("/opt/kolocha/bin/pip install" in made)
    assert f"--home {settings['WorkingDirectory']} --create-home {settings['User']}" in made
    assert (ROOT / "deploy" / "kolocha.toml.example").is_file()


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd is not installed here")
def test_systemd_analyze_verifies_the_unit(tmp_path):
    """The unit as written, its program replaced by a stand-in (it is installed only on the
    server): systemd reads every line without a warning."""
    program = tmp_path / "kolocha"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    copy = tmp_path / "kolocha.service"
    copy.write_text((DEPLOY / "kolocha.service").read_text().replace("/opt/kolocha/bin/kolocha", str(program)))
    verified = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)],
                              capture_output=True, text=True, timeout=WAIT)
    assert verified.returncode == 0 and verified.stderr == "", verified.stderr
