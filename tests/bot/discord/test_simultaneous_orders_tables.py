"""On Discord's tables: while both players choose 1812 battle plans, a plan given leaves no
trace in the channel or in the other player's DMs, a plan typed in the channel is withdrawn unplayed, and
the reveal is posted once both are down."""
from __future__ import annotations

from bot.service import GameService
from bot.store import Store
from bot.tables.judging import SECRET_ORDER
from bot.words import plain
from rules import load
from bot.config import GameSettings
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, FakeClock, make_tables, run, seated_game



def at_battle_plans(folder, at_deadline: str = "remind"):
    """A seeded campaign game at Discord's tables, played to its first battle's secret plans."""
    folder.mkdir(exist_ok=True)
    service = GameService(Store(folder / "k.sqlite"))
    clock = FakeClock()
    tables = make_tables(service, clock, systems=("campaign_1812",),
                         defaults=GameSettings(at_deadline=at_deadline))
    game = run(seated_game(tables, system="campaign_1812", scenario="campaign", seed=3))
    system = load("campaign_1812")
    for line in ("end", "end"):
        run(tables.play.submit(BORIS, CHANNEL, line))
    while system.active_sides(service.load(game)) == ["russian"]:
        run(tables.play.submit(BORIS, CHANNEL, "attrit 31"))
    for line in ("move 30 11", "end", "end"):
        run(tables.play.submit(ANNA, CHANNEL, line))
    assert system.active_sides(service.load(game)) == ["french", "russian"]
    return service, tables, clock, game


def test_a_secret_plan_leaves_no_trace_until_both_are_down(tmp_path):
    service, tables, _, game = at_battle_plans(tmp_path)
    system = load("campaign_1812")
    messenger = tables.delivery.messenger
    posts, boris = len(messenger.posts), len(messenger.to(BORIS.id))
    assert run(tables.play.submit(ANNA, CHANNEL, "plan assault")) == "French: plan assault."
    assert len(messenger.posts) == posts and len(messenger.to(BORIS.id)) == boris
    seq = service.store.last_seq(game)
    typed = run(tables.play.plain(BORIS, CHANNEL, "plan cordon"))
    assert (typed.accepted, typed.withdraw) == (False, True) and SECRET_ORDER in plain(typed.private)
    assert service.store.last_seq(game) == seq  # not played
    run(tables.play.submit(BORIS, CHANNEL, "plan cordon"))
    shown = [text for channel, text, _ in messenger.posts[posts:] if channel == CHANNEL]
    assert any("French Assault against Russian Cordon" in text for text in shown)
    assert not any("plan" in text.split("\n")[0] for text in shown)  # who chose last is not told


def _through_the_deadlines(folder, plan_first: bool, at_deadline: str) -> tuple[list, list, str]:
    """What Boris (Russian, yet to choose) and Anna are sent while the clocks run through the
    reminders and past the deadline, Anna having put her chit down at once or not."""
    service, tables, clock, game = at_battle_plans(folder, at_deadline)
    messenger = tables.delivery.messenger
    posts, boris, anna = len(messenger.posts), len(messenger.to(BORIS.id)), len(messenger.to(ANNA.id))
    if plan_first:
        run(tables.play.submit(ANNA, CHANNEL, "plan assault"))  # the default of her side's plan orders
    seen: list = []
    for hours in (25, 22, 2):  # the 24 h reminder, the 1 h reminder, the deadline
        clock.advance(hours=hours)
        run(tables.deadlines.scheduler.run_due())
        seen.append(tables.overview.status(BORIS, CHANNEL))
    seen += [("posted", text, pictures) for _, text, pictures in messenger.posts[posts:]]
    seen += messenger.to(BORIS.id)[boris:]
    return seen, messenger.to(ANNA.id)[anna + plan_first:], service.load(game)["phase"]


def test_a_side_that_has_chosen_is_not_reminded_and_the_other_cannot_tell(tmp_path):
    """The French chit down or not, the Russian player is told the same (his reminders
    by DM, nothing in the channel, the same status); the French player, once chosen, hears nothing
    of a deadline she has met."""
    chose, told_chose, _ = _through_the_deadlines(tmp_path / "a", True, "remind")
    waits, told_waits, _ = _through_the_deadlines(tmp_path / "b", False, "remind")
    assert chose == waits
    assert any("your move is due" in text for text in chose if isinstance(text, str))
    assert not any(isinstance(x, tuple) and "due" in x[1] for x in chose)  # no reminder in the channel
    assert told_chose == [] and any("your move is due" in text for text in told_waits)


def test_at_the_deadline_the_default_plan_is_played_and_the_battle_goes_on(tmp_path):
    """The deadline's default choice is the first plan order (Assault / Entrench): it never stalls
    the battle, and whether the French chit was down before is not shown."""
    chose, _, phase = _through_the_deadlines(tmp_path / "a", True, "choose")
    waits, _, phase2 = _through_the_deadlines(tmp_path / "b", False, "choose")
    assert chose == waits and phase == phase2
    assert any("French Assault against Russian Entrench" in x[1] for x in chose if isinstance(x, tuple))
