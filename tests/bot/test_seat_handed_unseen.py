"""The swap test of a seat changing hands mid-game with orders written ahead: Boris, the Russian player, writes his
`initiative raid` ahead behind the French retreat question (Bloody Monday 6.4; bot/tables/held.py) and hands his
seat to a stranger; the French retreat, and the Russian impulse is the stranger's. What Boris reads of his orders
dropped (bot/service/unplayed.py: the word goes to their author, who no longer plays) and what the stranger reads
from then on, his first question's tip among it (bot/tables/announcement.py: each person's once a game), are the same
whichever French blocks, unseen by the Russian, stand where; each planted leak, the check shows."""
from __future__ import annotations

import pytest

from bot.tables.announcement import AnnouncementPart
from bot.tools import fog_check
from bot.words import words
from rules import bloody_monday
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, STRANGER, make_tables, run, seated_game
from tests.bot.test_fog_further import raid_held, whole
from tests.bot.test_held_orders_told_unseen import last_loaded


def handed_and_asked(folder) -> tuple[list[str], list[str]]:
    """Read in each of raid_held's two positions: what Boris and the stranger receive by DM once Boris has
    handed the seat on (texts, and what each picture shows), and whom each Russian question's tip names."""
    read = []
    folder.mkdir()
    for n, position in enumerate(raid_held()):
        service = fog_check.game_service(folder / f"{n}.sqlite", fog_check.Position(bloody_monday, position))
        tables = make_tables(service, systems=("bloody_monday",))
        game_id = run(seated_game(tables, system="bloody_monday", scenario="bloody_monday"))
        messenger = tables.delivery.messenger
        run(tables.play.orders(BORIS, CHANNEL, "initiative raid"))
        assert service.store.held_orders(game_id, "russian") is not None
        places = (f"dm:{BORIS.id}", f"dm:{STRANGER.id}")
        before = len(messenger.sent)
        run(tables.seats.replace(BORIS, CHANNEL, "russian", STRANGER))
        run(tables.play.submit(ANNA, CHANNEL, "retreat 21"))
        read.append([f"{place}: {text}" for place, text, _, _ in messenger.sent[before:] if place in places] +
                    [f"{place} kept: {messenger.kept_text(place)}" for place in places] +
                    [f"tip to {row['payload']['tip']}" for row in service.store.outbox(game_id)
                     if row["audience"] == "russian" and row["payload"].get("tip")])
    return read[0], read[1]


@pytest.mark.long  # two games at a table and a random game's first 55 commands: about 2 s of CPU
def test_a_seat_handed_on_with_orders_written_ahead_reads_the_same_and_each_leak_planted_is_seen(tmp_path,
                                                                                                  monkeypatch):
    from bot.service import unplayed

    one, two = handed_and_asked(tmp_path / "plain")
    assert fog_check.first_difference(one, two) is None
    assert f"dm:{BORIS.id}: Game 1: your held orders were not played, as the Russian seat went to " \
           f"<@{STRANGER.id}> before they were due: 1. initiative raid." in one
    assert f"tip to {STRANGER.id}" in one and not any("initiative raid" in line for line in one
                                                      if line.startswith(f"dm:{STRANGER.id}"))
    handed, loaded = unplayed.handed, last_loaded(monkeypatch)  # a planted leak: the word tells the whole position
    monkeypatch.setattr(unplayed, "handed", lambda store, game_id, *args: [
        (to, {"text": words(payload["text"], f" LEAK-handed {whole(loaded[-1])}")})
        for to, payload in handed(store, game_id, *args)])
    one, two = handed_and_asked(tmp_path / "word")
    assert any(line.startswith(f"dm:{BORIS.id}") and "LEAK-handed" in line for line in set(one) ^ set(two))
    monkeypatch.undo()
    asked = AnnouncementPart._ask  # a planted leak: the tip, or whom it names, read from the whole position

    def tipped_by_position(self, side, payload, quiet):
        pinged = asked(self, side, payload, quiet)
        if payload.get("tip"):
            payload["tip"] = whole(self.news.service.load(self.game_id))
        return pinged
    monkeypatch.setattr(AnnouncementPart, "_ask", tipped_by_position)
    one, two = handed_and_asked(tmp_path / "tip")
    assert any(line.startswith("tip to ") for line in set(one) ^ set(two))
