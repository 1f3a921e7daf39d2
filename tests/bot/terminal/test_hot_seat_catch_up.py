"""After a hot-seat hand-over with hidden information, the incoming player reads what the other side
did meanwhile (its commands in public words, the battles and attrition they brought, what is addressed
to them), and nothing they may not see: not a secret order given, not where the other side's unseen
units are (the swap test)."""
from __future__ import annotations

import random
from pathlib import Path

from bot import text as fmt
from bot.service import GameService
from bot.store import Store, blank
from bot.terminal.catch_up import missed
from bot.terminal.console import HANDOVER, play
from bot.terminal.map_files import MapFiles
from bot.tools import fog_check
from rules import bloody_monday
from rules.bloody_monday import swaptest
from tests.bot.terminal.test_simultaneous_orders import at_the_hot_seat, to_battle


def test_the_russian_reads_the_battle_the_french_plan_brought_while_he_was_away(tmp_path):
    """1812: the Russian chose his Battle Plan for Kovno and left the screen; the French choose theirs,
    the battle is fought and the French end their Supply Segment. The Russian, sitting down for his
    Player-Turn, reads the battle before being asked to move; the French read nothing of his chit."""
    service = GameService(blank(tmp_path / "g.sqlite"))
    game = to_battle(service)
    assert service.submit(game, "russian", "plan cordon").accepted
    transcript = at_the_hot_seat(service, game, ["plan assault", "end", "quit"])
    sits = transcript.index(f"read: {HANDOVER.format(side='Russian')}")
    french, russian = transcript[:sits], "\n".join(transcript[sits:])
    assert not any("Cordon" in text for text in french[:french.index("read: French > ")])
    assert "Since the Russian player last looked:" in russian
    told = russian.index("Battle of Kovno (11): French Assault against Russian Cordon.")
    assert told < russian.index("The Russians lose 1 infantry corps") < russian.index("Russian > ")
    assert "French: end." in russian and "plan assault" not in russian


def test_a_secret_order_is_not_told_even_that_it_was_given(tmp_path):
    """While both sides choose Battle Plans, the other's `plan` is not in the account at all."""
    service = GameService(blank(tmp_path / "g.sqlite"))
    game = to_battle(service)
    since = service.store.last_seq(game)
    assert service.submit(game, "russian", "plan cordon").accepted
    assert missed(service, game, "french", since) == []
    assert missed(service, game, "russian", since)[0] == "Russian: plan cordon."


def test_an_order_the_public_reads_by_what_it_did_is_told_once_on_that_line(tmp_path):
    """Bloody Monday 9.2: the Russian applies a Grande Batterie hit unseen; the French player, sitting
    down again, reads 'The Russian player applies 1 hit in 45 (5.3.6).', as the channel tells it, not
    that under 'Russian: a `hit` command.'; which unit took it stays unsaid."""
    service = GameService(blank(tmp_path / "g.sqlite"))
    game, rng = service.new_game("bloody_monday", "last_blood", 1), random.Random(1)
    while (waiting := bloody_monday.choice(state := service.load(game))) is None or waiting["kind"] != "hit":
        side = bloody_monday.active_sides(state)[0]
        assert service.submit(game, side, bloody_monday.sample_command(state, side, rng).to_text()).accepted
    since = service.store.last_seq(game)
    hit = bloody_monday.legal_commands(state, "russian")[0].to_text()
    assert service.submit(game, "russian", hit).accepted and len(hit.split()) == 2
    told = missed(service, game, "french", since)
    area = state["battle"]["area"]
    assert told[0] == f"The Russian player applies 1 hit in {area} (5.3.6)." and hit.split()[1] not in "".join(told)
    assert not any("`hit`" in line for line in told)


def _french_turn(state: dict, other: dict, rng: random.Random) -> list[str]:
    """A French Tactical Action of random legal commands, played until the Russians are to move, each
    chosen so that the Russian view and what the Russians are told are the same in both positions."""
    system, lines = bloody_monday, ["tactical"]
    state, other = [system.apply(s, "french", system.parse("french", "tactical"))[0] for s in (state, other)]
    order = ("battle", "move", "activate", "hit", "fire", "inspire", "end")  # a Tactical Action, to the end
    for _ in range(60):
        if system.active_sides(state) != ["french"]:
            return lines
        texts = [c.to_text() for c in system.legal_commands(state, "french")]
        rng.shuffle(texts)
        for text in sorted(texts, key=lambda t: next((n for n, v in enumerate(order) if t.startswith(v)), 9)):
            try:
                (one, heard), (two, heard2) = [system.apply(s, "french", system.parse("french", text))
                                               for s in (state, other)]
            except Exception:  # noqa: BLE001 - refused in one position: not a command for both
                continue
            if system.view(one, "russian") == system.view(two, "russian") and \
                    fog_check.told_to(heard, "russian") == fog_check.told_to(heard2, "russian"):
                lines.append(text)
                state, other = one, two
                break
        else:
            return lines
    return lines


def _russian_screen(state: dict, lines: list[str], folder: Path) -> list[str]:
    """The French type `lines` at the hot seat; what the Russian player then sees and finds on disk."""
    position = fog_check.Position(bloody_monday, state)
    folder.mkdir()
    service = GameService(Store(folder / "g.sqlite"), loader=lambda name: position)
    game = service.new_game("bloody_monday", "bloody_monday", 1, hot_seat=True)
    maps = MapFiles(service, game, folder, png=fog_check.view_file, crop=fog_check.action_file)
    written: list[str] = []
    feed = iter(lines)

    def read(prompt: str) -> str:
        written.append(f"prompt {prompt!r}")
        if prompt.startswith("Russian >"):
            written.extend(path.read_text() for path in (maps.main, maps.action) if path.exists())
            return "quit"
        return "" if "press Enter" in prompt else next(feed)

    play(service, game, read, written.append, maps)
    seen = written[written.index(f"prompt {HANDOVER.format(side='Russian')!r}"):]
    return [text.replace(str(folder), "<folder>") for text in seen]


def test_what_the_incoming_player_reads_does_not_depend_on_the_blocks_they_have_not_seen(tmp_path):
    """The swap test at the hand-over: two Bloody Monday positions differing only in two French blocks
    the Russians have not seen; the French play the same impulse in both; the Russian player then
    reads the same account, status and pictures."""
    rng = random.Random(1)  # the French cavalry rides ahead, then Bavarians storm Borodino (41)
    state = bloody_monday.setup("bloody_monday", 5, [])
    ((a, b),) = swaptest.pairs(state, "russian", rng, 1)
    other = swaptest.swapped(state, a, b)
    lines = _french_turn(state, other, rng)
    assert len(lines) >= 3 and any(line.startswith("battle") for line in lines)
    one = _russian_screen(state, lines, tmp_path / "one")
    two = _russian_screen(other, lines, tmp_path / "two")
    assert "Since the Russian player last looked:" in one[1] and len(one[1].splitlines()) > len(lines)
    assert one == two
    screen = one[1].split("\n")
    head = next(n for n, line in enumerate(screen) if " | " in line)  # the status's headline, under the account
    assert screen[head - 1:head + 1] == ["  French support units deactivate; activated leaders are reduced (5.4).",
                                         "Turn 1 of 4 | Impulses Phase | Russian player"]  # 'Russian impulse (4.0).'
    headline = "\n".join(screen[head:])
    assert not any(line.startswith("  ") and fmt.said_by_headline(line, headline) for line in screen[:head])
