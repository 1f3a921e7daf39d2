"""The front-end swap test's further observations (bot/tools/fog_check/further.py, Further), which `kolocha fuzz`
makes at every position and the suite at a few: the other player's messages typed in the channel and their
marks, requests answered by consent, news held while the viewer's DMs are closed, private news in a private
thread, the computer answering a draw and an undo asked of it, taking a seat and playing it, seats changing
hands (by consent too), the channel lost and the game cancelled, a draw agreed and the ended game's export,
`/game export` and Verify, the viewer's box held behind the other's choice. Each has its positive control: a
planted leak the check shows. And the check's own log: a plan replayed in the second position that the rules
refuse there is the check's doing, not an ERROR of the computer."""
from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import sys
from functools import cache, partial

import pytest

from bot.computer.planner import ThreadPlanner
from bot.permissions import TableError
from bot.service import GameService
from bot.store import blank
from bot.tools import fog_check
from bot.words import COMPUTER, words
from rules import bloody_monday, campaign_1812
from rules.core.ai import Decision
from tests.bot.discord.discord_fakes import make_tables, run
from tests.bot.discord.test_computer_seats import against_computer, broken_toy

swaptest = pytest.importorskip("rules.bloody_monday.swaptest", reason="the engine's swap test has not landed yet")


def plans_stage() -> dict:
    """An 1812 battle in Smolensk (15) waiting for both sides' secret plans (COMBAT: chits face down)."""
    from tests.rules.campaign_1812.c1812_helpers import do, position

    state, _ = do(position({15: {"inf": 3}}, {15: {"inf": 2}}, phase="march"), "french", "end")
    assert state["battle"]["stage"] == "plans"
    return state


def test_a_view_kept_up_to_date_counts_only_the_commands_its_side_has_seen():
    """The French player's kept view ('as of command N') is written again when the Russian offers a draw:
    N counts the commands the French side has observed, so it reads the same whether or not the Russian
    has put down his secret chit."""
    further = fog_check.Further(consents=True)
    without = fog_check.observed(campaign_1812, plans_stage(), "french", [], [], terminal=False, further=further)
    assert any(line.startswith("DM kept") and "offers a draw" in line for line in without)
    with_chit = fog_check.observed(campaign_1812, plans_stage(), "french", [], ["plan cordon"], terminal=False,
                                   further=further)
    assert fog_check.first_difference(without, with_chit) is None


def test_the_other_s_deadline_at_the_battle_plans_tells_nothing_of_whether_his_chit_is_down():
    """1812's battle plans are given at once in secret (COMBAT): the Russian's deadline passing where the computer
    takes late seats reads the same to the French player whether or not the Russian has put his chit down. It
    took his seat only where it was not ('The Russian deadline has passed: the computer takes the seat ...'),
    where his chit down gave him a fresh clock and not a word; it now gives his chit, as `end` does, and takes
    the seat at a later deadline."""
    further = fog_check.Further(absent="computer")
    without = fog_check.observed(campaign_1812, plans_stage(), "french", [], [], terminal=False, further=further)
    assert "the russian deadline passes" in without
    with_chit = fog_check.observed(campaign_1812, plans_stage(), "french", [], ["plan cordon"], terminal=False,
                                   further=further)
    assert fog_check.first_difference(without, with_chit) is None


PAIR = ("R-KUT", "R-1-3")  # Kutuzov in 69 and R-1-3 in 44 at seed 3, neither seen by the French
LINES = [fog_check.Line("tactical", accepted=True),  # the French Tactical Action (5.0): news for his kept view
         *(fog_check.Line(text, True, side="russian") for text in ("status", "pass", "good luck"))]


def whole(state: dict) -> str:
    """A digest of the whole position, hidden blocks and all: what a planted leak tells."""
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:12]


def first_impulse(computer: str, lines=LINES, closed: bool = True, pair=PAIR) -> tuple[list[str], list[str]]:
    """What the French player observes of seed 3's first impulse in two positions that exchange `pair`, all
    further observations made (their private thread asked for once DMs opened again, where `closed`), the
    computer taking a seat (`computer`, as Further takes it)."""
    state = bloody_monday.setup("bloody_monday", 3, [])
    first = fog_check.Recording()
    second = fog_check.Replaying(first.plans, partial(fog_check.exchanged, pair)) if computer == "other" \
        else ThreadPlanner()
    one, two = (fog_check.observed(bloody_monday, position, "french", lines, terminal=False, further=fog_check.Further(
        closed=closed, consents=True, computer=computer, planner=planner, inbox=closed, hands=True))
        for position, planner in ((state, first), (swaptest.swapped(state, *pair), second)))
    return one, two


@pytest.mark.long
def test_what_the_french_observe_further_is_the_same_whatever_the_hidden_blocks_are():
    """The Russian player's messages typed in the channel and their marks, a draw offered each way, requests
    to undo and to hand a seat over, news held while the French player's DMs are closed, then the computer
    taking his seat and playing his impulse from the French view (its battles in 41 and 43), a newcomer
    seated for the Russians and the game cancelled: the same in both positions."""
    one, two = first_impulse("mine")
    assert fog_check.first_difference(one, two) is None
    for seen in ("Other typed `pass`: ❌", "Other typed `good luck`: chat", "pressed decline:", "pressed hold:",
                 "while your DMs were closed:", "played for the french side: ['tactical'", "/game cancel: Game 1",
                 "/game inbox: ", "posted in 100-1 kept", "/order draw by Other",
                 "posted in 100: **Computer** — The French player declines the Russian player's draw offer",
                 "the game's channel is lost", "/game resume game:1", "/game export: refused: Game 1 is still running",
                 "Verify game 1: refused: Game 1 is still running"):
        assert any(line.startswith(seen) for line in one), seen


@pytest.mark.long
def test_the_computer_playing_the_other_side_is_observed_the_same_whatever_its_hidden_blocks_are():
    """After the French Pass (7.0) the Russian player hands his seat to the computer, which plays his Pass and
    his Logistics Phase (in the second position the plans of the first, two infantry blocks of strength 3 in 72
    and 70 exchanged, neither seen by the French): the same posts, typing and looks."""
    one, two = first_impulse("other", [fog_check.Line("pass", accepted=True), fog_check.Line("end", accepted=True)],
                             closed=False, pair=("R-2-24", "R-2-27"))
    assert fog_check.first_difference(one, two) is None
    assert "typing at channel:100" in one[one.index(fog_check.SEATED):]
    assert any(line.startswith("posted in 100: **Computer** — Russian") for line in one)


def plant_leaks(monkeypatch) -> None:
    """Planted leaks, one in each further observation: the mark of a typed message reads where Kutuzov stands;
    the draw offer's question, the news held while DMs were closed, the answer to a seat's hand-over and the
    cancel's reply tell the whole position; the computer's seed is drawn from it."""
    from bot.computer import seat
    from bot.delivery.places import PlacesPart
    from bot.tables import computer
    from bot.tables.management import Management
    from bot.tables.news import News
    from bot.tables.overview import Overview
    from bot.tables.play import Play
    from bot.tables.seats import Seats

    def position(tables, channel: str) -> dict:
        return tables.service.load(tables.store.games(channel=channel)[-1]["id"])

    plain, offered, held, kept, cancel, job_for = (Play.plain, Play._draw_offered, PlacesPart.held_text,
                                                   Seats._answer_seat, Management.cancel, seat.job_for)
    inbox, views, wait, archived, verify, answer = (News.inbox, News.private_views, Management._wait, Overview.archived,
                                                    Overview.verify, computer.answer)

    async def marked(self, actor, channel, text):
        reply = await plain(self, actor, channel, text)
        return reply and dataclasses.replace(reply, accepted=position(self, channel)["blocks"]["R-KUT"]["area"] == 69)

    def offer(self, actor, channel):
        asked = offered(self, actor, channel)
        leak = f" LEAK-draw {whole(position(self, channel))}"
        return asked and dataclasses.replace(asked, reply=dataclasses.replace(asked.reply, text=words(asked.reply.text,
                                                                                                      leak)))

    async def cancelled(self, actor, channel, game_id=None, guild=None):
        leak = f" LEAK-cancel {whole(position(self, channel))}"
        return await cancel(self, actor, channel, game_id, guild) + leak

    monkeypatch.setattr(Play, "plain", marked)
    monkeypatch.setattr(Play, "_draw_offered", offer)
    monkeypatch.setattr(PlacesPart, "held_text", lambda self, rows: words(
        held(self, rows), f" LEAK-held {whole(self.service.load(rows[0]['game']))}"))
    monkeypatch.setattr(Seats, "_answer_seat", lambda self, actor, game_id, *args: words(
        kept(self, actor, game_id, *args), f" LEAK-seat {whole(self.service.load(game_id))}"))
    monkeypatch.setattr(Management, "cancel", cancelled)
    monkeypatch.setattr(seat, "job_for", lambda system, seated, side, state, *args, **kwargs: dataclasses.replace(
        job_for(system, seated, side, state, *args, **kwargs), seed=int(whole(state), 16)))
    plant_more_leaks(monkeypatch, position, inbox, views, wait, archived, verify, answer)


def plant_more_leaks(monkeypatch, position, inbox, views, wait, archived, verify, answer) -> None:
    """plant_leaks' further leaks: the reply to `/game inbox`, the kept view (in the private thread), the DM of
    a lost channel, the refusals of `/game export` and Verify tell the whole position; the computer accepts a
    draw where Kutuzov stands in 69 (its answer judged from what its side does not see)."""
    from bot.tables import computer
    from bot.tables.management import Management
    from bot.tables.news import News
    from bot.tables.overview import Overview

    async def opened(self, actor, channel):
        return words(await inbox(self, actor, channel), f" LEAK-inbox {whole(position(self, channel))}")

    def viewed(self, game_id, state, *args, **kwargs):
        return [(audience, {**payload, "text": words(payload["text"], f" LEAK-view {whole(state)}")})
                if payload.get("kept") else (audience, payload) for audience, payload in views(self, game_id, state,
                                                                                              *args, **kwargs)]

    def refused(ask, leak: str, game_id):
        try:
            return ask()
        except TableError as error:
            raise TableError(words(error.text, f" {leak} {whole(position(*game_id))}")) from None

    def answering(service, game_id, compose_for):
        offer = service.store.game(game_id)["pending_draw"]
        side = next((side for side in service.store.computer_seats(game_id) if offer and side != offer["by"]), None)
        if side is not None and service.load(game_id)["blocks"]["R-KUT"]["area"] == 69:
            return service.submit(game_id, side, "accept", user=COMPUTER, compose=compose_for(Decision("accept", "")))
        return answer(service, game_id, compose_for)

    monkeypatch.setattr(News, "inbox", opened)
    monkeypatch.setattr(News, "private_views", viewed)
    monkeypatch.setattr(Management, "_wait", lambda self, game, reason: wait(
        self, game, f"{reason} LEAK-lost {whole(self.service.load(game['id']))}"))
    monkeypatch.setattr(Overview, "archived", lambda self, channel, guild, game_id=None: refused(
        lambda: archived(self, channel, guild, game_id), "LEAK-export", (self.tables, channel)))
    monkeypatch.setattr(Overview, "verify", lambda self, game_id: refused(
        lambda: verify(self, game_id), "LEAK-verify", (self.tables, self.store.game(game_id)["channel"])))
    monkeypatch.setattr(computer, "answer", answering)


def test_the_check_sees_a_leak_planted_in_each_further_observation(monkeypatch):
    """The positive control: with the leaks of plant_leaks the two positions differ in each observation that
    carries one."""
    plant_leaks(monkeypatch)
    one, two = first_impulse("mine")
    differ = set(one) ^ set(two)  # what one position observes and the other does not (the draw ends one game)
    for leak in ("Other typed `pass`", "LEAK-draw", "LEAK-held", "LEAK-seat", "LEAK-cancel",
                 "played for the french side", "LEAK-inbox", "LEAK-export", "LEAK-verify"):
        assert any(leak in line for line in differ), leak
    assert any(line.startswith("posted in 100-1 kept") and "LEAK-view" in line for line in differ)
    assert any(line.startswith(("DM: ", "posted in 100-1: ")) and "LEAK-lost" in line for line in differ)
    assert any("is drawn by agreement" in line for line in differ)  # the computer's answer, in one game


def undo_consented() -> tuple[list[str], list[str]]:
    """What the French player observes of seed 3's first impulses, a Pass each (7.0), in two positions that
    exchange PAIR, at the table alone, with requests answered by consent: the Russian asks to undo his `end`
    of the Impulses Phase from the Logistics Phase, and the French refuses, then consents."""
    state = bloody_monday.setup("bloody_monday", 3, [])
    lines = [fog_check.Line("pass", accepted=True), fog_check.Line("end", accepted=True),
             *(fog_check.Line(text, accepted=True, side="russian") for text in ("pass", "end"))]
    one, two = (fog_check.observed(bloody_monday, position, "french", lines, terminal=False,
                                   further=fog_check.Further(consents=True))
                for position in (state, swaptest.swapped(state, *PAIR)))
    return one, two


@pytest.mark.long  # four games at a table, requests by consent answered in each: about 1.5 s of CPU
def test_the_other_s_command_undone_by_the_viewer_s_consent_reads_the_same_and_a_leak_planted_there_is_seen(
        monkeypatch):
    """The Russian's request to undo a command of an earlier phase, asked of the French player with buttons, and
    his command taken back once the French consents, read the same whichever Russian blocks, unseen, stand where;
    the positive control: plant a leak in the request and in the consent's reply (each tells the whole position)
    and the check shows both."""
    from bot.service import consent

    one, two = undo_consented()
    assert fog_check.first_difference(one, two) is None
    assert "pressed refuse: The French player refuses to undo an `end` command; it stands." in one
    assert "pressed accept: The French player consents: an `end` command is undone." in one
    undo, take_back = consent.undo, consent.take_back

    def asked(service, game_id, system, state, side, seq, compose):
        def told(result, before, after):
            events = [dict(e, text=f"{e['text']} LEAK-undo {whole(state)}") for e in result.events]
            return compose(dataclasses.replace(result, events=events), before, after)
        return undo(service, game_id, system, state, side, seq, told)

    def taken_back(service, game_id, system, by, seq, cmd, states, message, compose, consented=""):
        leak = f" LEAK-undone {whole(states[0])}" if consented else ""
        return take_back(service, game_id, system, by, seq, cmd, states, message + leak, compose, consented)

    monkeypatch.setattr(consent, "undo", asked)
    monkeypatch.setattr(consent, "take_back", taken_back)
    one, two = undo_consented()
    differ = set(one) ^ set(two)
    assert any(line.startswith("DM: ") and "LEAK-undo " in line for line in differ)
    assert any(line.startswith("pressed accept: ") and "LEAK-undone" in line for line in differ)


def replayed_refusal(tmp_path, monkeypatch, plans: dict) -> tuple[fog_check.Replaying, str]:
    """The toy race against the computer, whose plans (its own: 'move r1 9999', which the rules refuse) the check's
    replaying planner replays where `plans` has one, its log read as the check reads it: the planner, and the
    computer's channel post."""
    module = broken_toy(lambda view: [Decision("move r1 9999", "its own plan")])
    monkeypatch.setitem(sys.modules, "broken_toy", module)
    planner = fog_check.Replaying(plans, str.upper)
    tables = make_tables(GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: module), planner=planner)

    async def play() -> None:
        tables.computer.wake(await against_computer(tables, "blue"))
        await tables.computer.settled()

    with fog_check.computer_log(planner):
        run(play())
    return planner, tables.delivery.messenger.in_channel("100")[-1]


def test_a_plan_the_check_replays_renamed_and_the_rules_refuse_is_no_error_of_the_computer(tmp_path, monkeypatch,
                                                                                           caplog):
    """The second position's computer replays the first's plan with the two blocks exchanged, which the rules refuse
    there: the log says so at INFO as the check's doing, not as the computer's ERROR (which this test's watch for
    errors logged would fail it for), and the check counts it."""
    caplog.set_level(logging.INFO, "kolocha")
    planner, said = replayed_refusal(tmp_path, monkeypatch, {0: [Decision("move r1 9999", "replayed")]})
    assert "the rules refuse a command it planned" in said
    assert planner.refused == 1
    assert [(r.name, r.levelname) for r in caplog.records if "MOVE R1 9999" in r.getMessage()] == \
        [("kolocha.fog_check", "INFO")]


@pytest.mark.logs_errors("kolocha.computer")
def test_a_plan_of_its_own_that_the_rules_refuse_stays_an_error_of_the_computer(tmp_path, monkeypatch, caplog):
    """Where the first made no plan, the replaying planner plans itself: a refusal of that is the computer's fault,
    logged as its ERROR, and not counted as the check's."""
    planner, said = replayed_refusal(tmp_path, monkeypatch, {})
    assert "the rules refuse a command it planned" in said
    assert planner.refused == 0
    assert [(r.name, r.levelname) for r in caplog.records if "move r1 9999" in r.getMessage()] == \
        [("kolocha.computer", "ERROR")]


def ended(ending: str, lines=()) -> tuple[list[str], list[str]]:
    """What the French player observes of seed 3's opening in two positions that exchange PAIR, at the table
    alone, the walk ending as Further.ending says ("drawn", "agreed", "ceded")."""
    state = bloody_monday.setup("bloody_monday", 3, [])
    one, two = (fog_check.observed(bloody_monday, position, "french", list(lines), terminal=False,
                                   further=fog_check.Further(ending=ending))
                for position in (state, swaptest.swapped(state, *PAIR)))
    return one, two


@pytest.mark.long  # four games at a table, each ended by a draw: about 2 s of CPU
def test_a_draw_agreed_each_way_and_the_ended_game_s_export_read_the_same_whatever_the_hidden_blocks_are():
    """The Russian offers a draw and the French player accepts it with the button `/game draw` offers him, or the
    French offers and the Russian accepts: the game's end in the channel and the spectators', the French kept view
    ended, `/game status` of the game over and the ended game's export (its words and command log) and its dice's
    proof read the same whichever Russian blocks, unseen, stand where."""
    for ending, said in (("drawn", "pressed draw: Game 1 is drawn by agreement: the Russian player offered a draw "
                                   "and the French player accepted."),
                         ("agreed", "Other accepts the draw")):
        one, two = ended(ending)
        assert fog_check.first_difference(one, two) is None
        assert said in one
        for seen in ("posted in 100: **", "posted in 101: Game 1:", "/game status: ['Game 1: Bloody Monday: "
                     "Borodino, 7 September 1812 is over (a draw, ", "/game export of ended game 1: Game 1: ",
                     "Verify game 1: Game 1: fair dice"):
            assert any(line.startswith(seen) for line in one), (ending, seen)
        assert any(line.startswith("DM kept") and "Game over" in line for line in one)


@pytest.mark.long  # two games at a table: about a second of CPU
def test_the_check_sees_a_leak_planted_in_a_game_s_end_or_its_export(monkeypatch):
    """The positive control: plant leaks in the line that ends a game its players ended (News.final_rows) and in the
    ended game's export (each tells the whole position as it stood), and the check shows both."""
    from bot.tables.news import News
    from bot.tables.overview import Overview

    final, export = News.final_rows, Overview.export

    def told(self, game_id, text, pings=""):
        return final(self, game_id, words(text, f" LEAK-end {whole(self.service.load(game_id))}"), pings)

    def exported(self, game):
        number, text, script, gif = export(self, game)
        return number, f"{text} LEAK-export {whole(self.service.load(game['id']))}", script, gif

    monkeypatch.setattr(News, "final_rows", told)
    monkeypatch.setattr(Overview, "export", exported)
    one, two = ended("drawn")
    differ = set(one) ^ set(two)
    assert any(line.startswith("posted in 100: ") and "LEAK-end" in line for line in differ)
    assert any(line.startswith("/game export of ended game 1: ") and "LEAK-export" in line for line in differ)


@pytest.mark.long  # four games at a table: about 2 s of CPU
def test_seats_handed_over_by_consent_read_the_same_whatever_the_hidden_blocks_are(monkeypatch):
    """The French player asks for the Russian seat to go to a newcomer, who gets it once the Russian hands it over;
    then the newcomer asks for the French seat to go to an heir, and the French player hands it over: what the
    French player reads of each and what the heir reads from then on (the French view, by DM) are the same whichever
    Russian blocks, unseen, stand where; the positive control: plant a leak (the newly seated player's word tells the
    whole position) and the check shows it in the heir's DMs."""
    from bot.delivery import message, user_audience
    from bot.tables.seats import Seats

    one, two = ended("ceded")
    assert fog_check.first_difference(one, two) is None
    for seen in ("posted in 100: Viewer seats <@3> as Russian in game 1 in place of <@2>.",
                 "Other hands his seat to Newcomer", "pressed cede: ['You handed the French seat to ', {'user': '5'}",
                 "DM to Heir: Game 1: you now play French (seated by Newcomer)",
                 "DM to Heir kept None: Game 1: your view as French, as of command 0"):
        assert any(line.startswith(seen) for line in one), seen
    seated = Seats._seat_substitute

    def telling_too_much(self, actor, game, channel, side, player):
        seated(self, actor, game, channel, side, player)
        leak = f"LEAK-seated {whole(self.service.load(game['id']))}"
        self.store.add_outbox(game["id"], [(user_audience(player.id), message(leak))])

    monkeypatch.setattr(Seats, "_seat_substitute", telling_too_much)
    one, two = ended("ceded")
    assert any(line.startswith("DM to Heir: ") and "LEAK-seated" in line for line in set(one) ^ set(two))


@cache
def raid_held() -> tuple[dict, dict]:
    """Command 55 of a random Bloody Monday game (seed 1): the French player may retreat from 33 or stand (6.4),
    the Russian waiting; and the position that exchanges F-CR-4LC (in 18) and F-G-VG (in 19), neither seen by
    the Russian."""
    import random

    from rules.core import playout

    state = next(state for played, state in playout.positions(
        bloody_monday, bloody_monday.setup("bloody_monday", 1, []), random.Random(1), 56, swaptest.random_move)
        if played == 55)
    assert bloody_monday.choice(state)["kind"] == "retreat" and bloody_monday.active_sides(state) == ["french"]
    return state, swaptest.swapped(state, "F-CR-4LC", "F-G-VG")


def raid_read() -> tuple[list[str], list[str]]:
    """What the Russian player observes at raid_held's retreat: his `initiative raid` written ahead in one box,
    held behind the French choice, then played once the French retreat into 21 (typed in the channel)."""
    lines = [fog_check.Line("initiative raid", accepted=True, ahead=True),
             fog_check.Line("retreat 21", typed=True, accepted=True, side="french")]
    one, two = (fog_check.observed(bloody_monday, position, "russian", lines, batched=True, terminal=False)
                for position in raid_held())
    return one, two


@pytest.mark.long  # two games at a table and a random game's first 55 commands: about 2 s of CPU
def test_orders_written_ahead_past_the_other_s_choice_are_held_and_released_the_same_whatever_the_hidden_blocks_are(
        monkeypatch):
    """The Russian player's box, sent while the French retreat question waits, is held (bot/tables/held.py); the
    French answer lets it play and the Russian is told by DM what became of it: the same whichever French blocks,
    unseen, stand where; the positive control: plant a leak (the word of the held orders played tells the whole
    position) and the check shows it."""
    from bot.delivery import message
    from bot.tables.play import Play

    one, two = raid_read()
    assert fog_check.first_difference(one, two) is None
    held = "/orders, opened with '', 'initiative raid': ['Held until the choice waiting now is made"
    assert any(line.startswith(held) for line in one)
    assert "DM: Game 1: your held orders, played once the choices were made:\n1. ✅ Russian: initiative raid." in one
    settle = Play._settle_held

    def telling_too_much(self, game_id, side, batch, present):
        settle(self, game_id, side, batch, present)
        self.store.add_outbox(game_id, [(side, message(f"LEAK-released {whole(self.service.load(game_id))}"))])

    monkeypatch.setattr(Play, "_settle_held", telling_too_much)
    one, two = raid_read()
    assert any(line.startswith("DM: ") and "LEAK-released" in line for line in set(one) ^ set(two))


@pytest.mark.long  # a random game's first 55 commands: about half a second of CPU
def test_the_walk_writes_the_viewer_s_next_orders_ahead_in_their_box_before_the_other_s_choice():
    """Where the viewer waits for a choice of the other side, the fuzz's walk (`theirs`) has the viewer write their
    next orders ahead, each accepted once the other's typed answer is played, before his lines: at raid_held's
    retreat, the Russian orders after the French answer."""
    import random

    state, other = raid_held()
    rng = random.Random(2)
    lines = fog_check.lines_to_type(bloody_monday, state, other, "russian", rng, 6,
                                    partial(fog_check.bloody_monday_probes, "russian", ("F-CR-4LC", "F-G-VG"), rng),
                                    swaptest.weighted_choice, theirs=True)
    ahead = [n for n, line in enumerate(lines) if line.ahead]
    answer = next(n for n, line in enumerate(lines) if line.side == "french" and line.accepted)
    assert ahead and max(ahead) < answer and all(lines[n].accepted and lines[n].side is None for n in ahead)


def replay_read(folder) -> tuple[list[str], list[str]]:
    """What the French player observes of seed 3's opening Tactical Action at the terminal in two positions that
    exchange PAIR, ending with the replay `kolocha replay --gif` draws of the game still running."""
    state = bloody_monday.setup("bloody_monday", 3, [])
    seen = []
    for position, name in ((state, "one"), (swaptest.swapped(state, *PAIR), "two")):
        (folder / name).mkdir()
        seen.append([line.replace(str(folder / name), "<folder>") for line in fog_check.at_terminal(
            fog_check.Position(bloody_monday, position), ["tactical"], folder / name, "french")])
    return seen[0], seen[1]


@pytest.mark.long  # four games at the terminal: about a second of CPU
def test_the_replay_of_a_game_still_running_reads_the_same_and_a_leak_planted_there_is_seen(monkeypatch, tmp_path):
    """The replay of a hidden game still running draws public views, the same whichever Russian blocks, unseen, stand
    where; the positive control: plant a leak (its frames drawn with every block face up, as only an ended game's
    are: bot/pictures.py, face_up) and the check shows it."""
    from bot import pictures

    one, two = replay_read(tmp_path)
    assert fog_check.first_difference(one, two) is None
    assert one[-1].startswith("kolocha replay 1 --gif, the game still running: ")
    monkeypatch.setattr(pictures, "turn_views", lambda service, game_id: [pictures.face_up(
        service.system(game_id), service.load(game_id))])
    (tmp_path / "planted").mkdir()
    one, two = replay_read(tmp_path / "planted")
    assert fog_check.first_difference(one[:-1], two[:-1]) is None and one[-1] != two[-1]


@pytest.mark.long  # a random 1812 game's first 76 commands and two games at the terminal: about a second of CPU
def test_a_game_the_terminal_s_lines_end_says_its_replay_is_of_a_game_over(tmp_path):
    """Where the viewer's own lines end the game at the terminal (1812's retreat, dice seed 1: the French removal
    that ends it), its replay shows every block, by design: the check says only that the game is over, the same in
    both positions (two Russian stacks the French have not seen exchanged)."""
    import random

    from rules.campaign_1812 import swaptest as campaign_swaptest
    from rules.campaign_1812.game import enemy_of
    from rules.core import playout

    state = next(state for played, state in playout.positions(
        campaign_1812, campaign_1812.setup("retreat", 1, []), random.Random(1), 77, campaign_swaptest.random_move)
        if played == 76)
    a, b = campaign_swaptest.pairs(state, "french", random.Random(1), 1)[0]
    seen = []
    for position, name in ((state, "one"), (campaign_swaptest.swapped(state, enemy_of("french"), a, b), "two")):
        (tmp_path / name).mkdir()
        seen.append([line.replace(str(tmp_path / name), "<folder>") for line in fog_check.at_terminal(
            fog_check.Position(campaign_1812, position), ["remove 17 inf"], tmp_path / name, "french")])
    assert fog_check.first_difference(*seen) is None
    assert seen[0][-1] == "kolocha replay 1 --gif, the game over"


def test_each_walk_of_the_fuzz_takes_a_fair_share_of_positions():
    """Further.in_turn over fifteen turns in a row, from any seed: each of the computer's three seats and each of
    the five endings at three positions, one in five, every seat meeting every ending that is no draw once; the
    viewer's DMs closed at five and a private thread at five others; requests by consent at all. Where the other's
    secret order is given in one branch alone: no draw and not his seat, the viewer's seats at three each as
    elsewhere, his deadline passing with each action at five."""
    from collections import Counter

    from bot.tools.fog_check.further import ENDINGS

    for start in (0, 7):
        walks = [fog_check.Further.in_turn(turn, False) for turn in range(start, start + 15)]
        assert Counter(walk.computer for walk in walks) == {"deadline": 3, "other": 3, "mine": 3, None: 6}
        assert Counter(walk.ending or walk.lost for walk in walks) == {ending: 3 for ending in ENDINGS}
        assert len({(walk.computer, walk.ending or walk.lost) for walk in walks if walk.computer}) == 9
        assert all(walk.computer is None for walk in walks if walk.ending in ("drawn", "agreed"))
        assert sum(walk.closed for walk in walks) == sum(walk.inbox for walk in walks) == 5
        assert not any(walk.closed and walk.inbox for walk in walks) and all(walk.consents for walk in walks)
    hidden = [fog_check.Further.in_turn(turn, True) for turn in range(15)]
    assert all(walk.ending in (None, "ceded") for walk in hidden)
    assert Counter(walk.computer for walk in hidden) == {"deadline": 3, "mine": 3, None: 9}
    assert Counter(walk.absent for walk in hidden) == {"computer": 5, "choose": 5, "end": 5}


def test_the_last_order_of_a_held_box_is_given_alone_with_order_after_it():
    """one_added: the other player's held box gives its last order alone, after the box; else the viewer's orders
    written ahead give their last alone where there are two or more; a box of one order stays as it was."""
    Line = fog_check.Line
    box = Line("end\nmarch 4 5\nend", accepted=True, side="french", held=True)
    answer = Line("retreat 44", accepted=True)
    assert fog_check.one_added([Line("status"), box, answer]) == \
        [Line("status"), box._replace(text="end\nmarch 4 5"), box._replace(text="end", added=True), answer]
    ahead = [Line("pass", accepted=True, ahead=True), Line("end", accepted=True, ahead=True)]
    assert fog_check.one_added([answer, *ahead]) == [answer, ahead[0], ahead[1]._replace(added=True)]
    assert fog_check.one_added(ahead[:1]) == ahead[:1]
    assert fog_check.one_added([box._replace(text="end")]) == [box._replace(text="end")]


def test_orders_written_ahead_go_in_their_box_where_the_other_s_box_is_held_and_lines_go_one_by_one():
    """at_table's messages, one line a message past the other's box held behind the viewer's choice (a box of theirs
    would be judged whole before his could play): the viewer's orders written ahead past his next choice go in their
    box where the first stands, the one added with `/order` alone after it; they were left out."""
    from bot.tools.fog_check.table import messages

    Line = fog_check.Line
    box = Line("end", accepted=True, side="french", held=True)
    answer, ahead = Line("stand", accepted=True), [Line(text, accepted=True, ahead=True) for text in ("end", "end")]
    typed = Line("retreat 44", True, True, side="french")
    assert messages([Line("status"), box, answer, *ahead, typed], False) == \
        [[Line("status")], [box], [answer], ahead, [typed]]
    added = ahead[1]._replace(text="pass", added=True)
    assert messages([answer, ahead[0], added, typed], False) == [[answer], [ahead[0]], [added], [typed]]
    assert messages([answer], False) == [[answer]]


def raid_added() -> tuple[list[str], list[str]]:
    """What the Russian player observes at raid_held's retreat: his `initiative raid` written ahead in one box and
    held behind the French choice, then one order more given alone with `/order` as Discord sends it (Play.orders),
    added after it; both played once the French retreat into 21 (typed in the channel)."""
    lines = [fog_check.Line("initiative raid", accepted=True, ahead=True),
             fog_check.Line("move R-1-1C 44", accepted=True, ahead=True, added=True),
             fog_check.Line("retreat 21", typed=True, accepted=True, side="french")]
    one, two = (fog_check.observed(bloody_monday, position, "russian", lines, batched=True, terminal=False)
                for position in raid_held())
    return one, two


@pytest.mark.long  # two games at a table and a random game's first 55 commands: about 2 s of CPU
def test_an_order_added_with_order_to_those_held_says_the_same_whatever_the_hidden_blocks_are(monkeypatch):
    """The Russian's one-line `/order` given while his box is held behind the French choice is added after it and
    the reply numbers both; the French answer plays them and his DM tells both: the same whichever French blocks,
    unseen, stand where; the positive control: plant a leak (the reply to the added order tells the whole
    position) and the check shows it."""
    from bot.tables.play import Play

    one, two = raid_added()
    assert fog_check.first_difference(one, two) is None
    added = "/order move R-1-1C 44: ['Held until the choice waiting now is made, then played in order"
    assert any(line.startswith(added) and "'; 2. ', {'name': 'move R-1-1C 44'}" in line for line in one)
    assert any(line.startswith("DM: ") and "2. ✅ Russian: move R-1-1C 44" in line for line in one)
    given = Play.orders

    async def telling_too_much(self, actor, channel, text, side=None, box=False):
        said = await given(self, actor, channel, text, side, box)
        game = self.tables.game_in(channel)["id"]
        return f"{said} LEAK-added {whole(self.service.load(game))}" if "Held until" in str(said) else said

    monkeypatch.setattr(Play, "orders", telling_too_much)
    one, two = raid_added()
    assert any(line.startswith("/order move") and "LEAK-added" in line for line in set(one) ^ set(two))


def test_the_computer_s_walk_at_the_viewer_s_deadline_stops_their_lines_while_the_game_waits_for_them():
    """lines_to_type's `awaited` (Further.computer "deadline"): the viewer's lines stop before one after which the game
    would no longer wait for them, so that their deadline passes while they have something to do and the computer
    takes their seat (it fell back to their seat handed over where they were not awaited, at most positions); seed
    3's opening, the French to act: without it, these two walks end with the Russians to act."""
    import random

    state = bloody_monday.setup("bloody_monday", 3, [])
    other = swaptest.swapped(state, *PAIR)

    def awaited_at_the_end(seed: int, awaited: bool) -> bool:
        rng = random.Random(seed)
        lines = fog_check.lines_to_type(bloody_monday, state, other, "french", rng, 6,
                                        partial(fog_check.bloody_monday_probes, "french", PAIR, rng),
                                        swaptest.weighted_choice, theirs=True, awaited=awaited)
        now, then = state, other
        for line in lines:
            step = fog_check.judged_in_both(bloody_monday, now, then, "french", line.text, line.side)
            now, then = step[1:] if step is not None else (now, then)
        return "french" in bloody_monday.active_sides(now)

    assert all(awaited_at_the_end(seed, True) for seed in (0, 4))
    assert not any(awaited_at_the_end(seed, False) for seed in (0, 4))


def test_the_other_s_typed_command_is_left_out_where_his_choice_is_left_to_him():
    """unanswered: the other player's command he types (typed_by_other) is left out, his query and chat kept, so that
    the game waits for him at the lines' end (the computer takes his seat, or the game ends with the viewer's orders
    written ahead held behind his choice); the viewer's lines and his held box stay."""
    Line = fog_check.Line
    lines = [Line("retreat 44", accepted=True), Line("battle 41", accepted=True, ahead=True),
             Line("status", True, side="french"), Line("good luck", True, side="french"),
             Line("units 41", True, side="french"), Line("retreat 21", True, True, side="french")]
    assert fog_check.unanswered(lines) == lines[:-1]
    box = Line("end", accepted=True, side="french", held=True)
    assert fog_check.unanswered([box, *lines[:1]]) == [box, *lines[:1]]


@pytest.mark.long  # four games at a table: about 2 s of CPU
def test_the_computer_taking_the_viewer_s_seat_at_their_deadline_plays_the_same_and_a_leak_planted_there_is_seen(
        monkeypatch):
    """The French player's deadline passes while the game waits for his Tactical Action (the computer set to take
    late seats), before his `undo`: the computer takes his seat and plays his impulse from the French view, the same
    whichever Russian blocks, unseen, stand where; the positive control: plant a leak (the computer's seed drawn from
    the whole position) and the check shows it in what it played for the French."""
    from bot.computer import seat

    one, two = first_impulse("deadline", closed=False)
    assert fog_check.first_difference(one, two) is None
    deadline = next(n for n, line in enumerate(one) if line.startswith("/game settings at_deadline:computer: "))
    assert one.index(fog_check.SEATED) < deadline < next(n for n, line in enumerate(one) if line.startswith(
        "/order undo refused: You have no seat in this game"))
    assert any(line.startswith("played for the french side: ['") for line in one[deadline:])
    job_for = seat.job_for
    monkeypatch.setattr(seat, "job_for", lambda system, seated, side, state, *args, **kwargs: dataclasses.replace(
        job_for(system, seated, side, state, *args, **kwargs), seed=int(whole(state), 16)))
    one, two = first_impulse("deadline", closed=False)
    assert any(line.startswith("played for the french side") for line in set(one) ^ set(two))


def plant_unplayed_leak(monkeypatch) -> None:
    """A planted leak: the word that held orders were not played (bot/service/unplayed.py) ends with a digest of the
    whole position."""
    from bot.service import unplayed
    from tests.bot.test_held_orders_told_unseen import last_loaded

    loaded, told = last_loaded(monkeypatch), unplayed.told
    monkeypatch.setattr(unplayed, "told", lambda store, game_id, *args: [
        (to, {"text": words(payload["text"], f" LEAK-unplayed {whole(loaded[-1])}")})
        for to, payload in told(store, game_id, *args)])


def held_at_the_end() -> tuple[list[str], list[str]]:
    """What the Russian player observes at raid_held's retreat: his `initiative raid` written ahead in one box, held
    behind the French choice, his `undo` refused, and the game drawn by agreement (the French offering) before the
    French retreat, as the fuzz's walk ends where the viewer's orders are written ahead (comparison.UNTOLD)."""
    lines = [fog_check.Line("initiative raid", accepted=True, ahead=True)]
    one, two = (fog_check.observed(bloody_monday, position, "russian", lines, batched=True, terminal=False,
                                   further=fog_check.Further(ending="drawn"))
                for position in raid_held())
    return one, two


@pytest.mark.long  # two games at a table and a random game's first 55 commands: about 2 s of CPU
def test_orders_written_ahead_that_a_game_s_end_leaves_unplayed_are_told_the_same_and_a_leak_planted_there_is_seen(
        monkeypatch):
    """The Russian's box, held behind the French retreat question, kept by his `undo` refused (nothing of his to
    undo: Undo), is left unplayed by a draw agreed before the French answer: the DM that tells him so reads the same
    whichever French blocks, unseen, stand where; the positive control: plant a leak (the word tells the whole
    position) and the check shows it."""
    one, two = held_at_the_end()
    assert fog_check.first_difference(one, two) is None
    assert "/order undo refused: There is nothing to undo (Undo)." in one
    assert ("DM: Game 1: your held orders were not played, as the game ended before they were due (a draw, as the "
            "French player offered a draw and the Russian player accepted): 1. initiative raid.") in one
    plant_unplayed_leak(monkeypatch)
    one, two = held_at_the_end()
    assert any(line.startswith("DM: ") and "LEAK-unplayed" in line for line in set(one) ^ set(two))


def plant_handed_leak(monkeypatch) -> None:
    """A planted leak: the word that held orders were not played as their author's seat changed hands
    (bot/service/unplayed.py) ends with a digest of the whole position."""
    from bot.service import unplayed
    from tests.bot.test_held_orders_told_unseen import last_loaded

    handed, loaded = unplayed.handed, last_loaded(monkeypatch)
    monkeypatch.setattr(unplayed, "handed", lambda store, game_id, *args: [
        (to, {"text": words(payload["text"], f" LEAK-handed {whole(loaded[-1])}")})
        for to, payload in handed(store, game_id, *args)])


def handed_on_then_cancelled() -> tuple[list[str], list[str]]:
    """What the Russian player observes at raid_held's retreat: his `initiative raid` written ahead in one box, held
    behind the French choice; he hands his seat to the computer, a manager seats a newcomer for the French, the
    game's channel is lost and the manager cancels the game: as the fuzz walks a seat handed over before an ending
    (Further.in_turn)."""
    lines = [fog_check.Line("initiative raid", accepted=True, ahead=True)]
    further = fog_check.Further(computer="mine", hands=True, lost="cancelled")
    one, two = (fog_check.observed(bloody_monday, position, "russian", lines, batched=True, terminal=False,
                                   further=further)
                for position in raid_held())
    return one, two


@pytest.mark.long  # two games at a table and a random game's first 55 commands: about 2 s of CPU
def test_held_orders_whose_author_hands_his_seat_on_are_dropped_with_a_word_to_him_the_same_and_a_leak_planted_is_seen(
        monkeypatch):
    """Held orders go with their author, not the seat (bot/service/unplayed.py): the Russian's raid, held when his
    seat goes to the computer, is dropped then, and he reads so in the DM that says the computer plays in his place,
    the same whichever French blocks, unseen, stand where; the game's end tells him nothing more of it. The positive
    control: plant a leak (the word tells the whole position) and the check shows it."""
    one, two = handed_on_then_cancelled()
    assert fog_check.first_difference(one, two) is None
    word = next(n for n, line in enumerate(one) if line.startswith(
        "DM: Game 1: the computer now plays Russian in your place. ") and line.endswith(
        " Your held orders were not played, as the Russian seat went to the computer before they were due: 1. "
        "initiative raid."))
    assert one[word + 1].startswith("/game seat side:russian player:computer")
    assert not any("held orders" in line for line in one[word + 1:])
    plant_handed_leak(monkeypatch)
    one, two = handed_on_then_cancelled()
    assert any(line.startswith("DM: ") and "LEAK-handed" in line for line in set(one) ^ set(two))


def two_battles() -> tuple[list[str], list[str]]:
    """What the French player observes of a Russian Combat Phase of two battles, Vitebsk (10) then Smolensk (15), the
    Russian's plan for Vitebsk put down at the table and in the second position his standing plan order given too,
    the French seat handed to the computer, which plays both French plans: each record up to where the check cuts it
    (fog_check.disclosed_from), the French plan for Smolensk fighting its battle at once in the second position
    alone (the rules' own disclosure: his plan was down), where it waits for his in the first."""
    from tests.rules.campaign_1812.c1812_helpers import do, position

    state, _ = do(position({15: {"inf": 2}, 10: {"inf": 1}}, {15: {"inf": 1}, 10: {"inf": 1}}, player="russian",
                           phase="march"), "russian", "end")
    assert state["battle"]["place"] == 10 and state["battle"]["stage"] == "plans"
    played: tuple[list[fog_check.Played], list[fog_check.Played]] = ([], [])
    one, two = (fog_check.observed(campaign_1812, state, "french", [], hidden, terminal=False,
                                   further=fog_check.Further(computer="mine", played=seat))
                for hidden, seat in ((["plan assault"], played[0]),
                                     (["plan assault", "orders plan steady"], played[1])))
    cut = fog_check.disclosed_from(campaign_1812, "french", one, two, *played, str)
    assert cut is not None
    assert two[cut[1]].startswith("posted in 100: Battle of Smolensk (15): Russian Assault against French")
    return one[:cut[0]], two[:cut[1]]


@pytest.mark.long  # two games at a table: about a second of CPU
def test_the_computer_s_plan_a_standing_order_answered_is_compared_up_to_the_battle_it_fights_and_a_leak_is_seen(
        monkeypatch):
    """The other's standing plan order answering at once at a later battle, and the viewer's plan there fighting it
    at once, is the rules' disclosure (SPI's 1812 overview, COMBAT: the plans revealed once both are down): the check
    compares what the French read up to it, the Smolensk battle announced in the channel the same in both (it reported
    them apart at what the computer played, where the battle fought in one position alone). The positive control:
    plant the leak of a secret choice's ping (a side asked again pinged in the channel where he must choose, named
    where his standing order chose: AnnouncementPart._ask told that nothing is quiet) and the check shows it."""
    from bot.tables.announcement import AnnouncementPart

    one, two = two_battles()
    assert fog_check.first_difference(one, two) is None
    assert "Battle of Smolensk (15): both players choose a Battle Plan in secret." in one[-1]
    asked = AnnouncementPart._ask
    monkeypatch.setattr(AnnouncementPart, "_ask", lambda self, side, payload, quiet: asked(self, side, payload, False))
    one, two = two_battles()
    assert "<@2>: your move" in fog_check.first_difference(one, two)


def test_a_command_the_second_position_refuses_cuts_both_records_from_the_last_command_played_alike():
    """disclosed_from where the second position refuses what the computer played in the first (its plans replayed
    renamed, Replaying): what it does instead follows the last command played alike, and may go in the post of that
    command's line ('the computer playing Russian stops'), so each record is cut from the first observation written
    once that command was stored; a record cut after it read the stop against the next command's post."""
    from rules.core.errors import CommandError

    class Rules:  # `charge` refused in the second position alone; nothing else told apart
        @staticmethod
        def parse(side: str, text: str) -> str:
            return text

        @staticmethod
        def apply(state: str, side: str, text: str) -> tuple[str, list]:
            if text == "charge" and state == "second":
                raise CommandError("refused")
            return state, []

        @staticmethod
        def view(state: str, viewer: str) -> None:
            return None

    seated = ["status", fog_check.SEATED, "the computer seated"]
    one = [*seated, "posted: move", "posted: charge", fog_check.TERMINAL]
    two = [*seated, "posted: move, then the computer stops", fog_check.TERMINAL]
    first = fog_check.Played("first", [("red", "move"), ("red", "charge")], {2: 0, 3: 1, 4: 2}, 5)
    second = fog_check.Played("second", [("red", "move")], {2: 0, 3: 1}, 4)
    assert fog_check.disclosed_from(Rules, "blue", one, two, [first], [second], str) == (3, 3)


def seat_ceded_with_orders_held(report: fog_check.SwapReport) -> None:
    """The fuzz's comparison at raid_held's retreat, at the seats handed over by consent (Further.in_turn's turn 2),
    where the Russian viewer writes orders ahead behind the French choice (at the table alone: the terminal's hot
    seat is the French player's while he chooses)."""
    import random

    from bot.tools.fog_check.comparison import compare

    state, other = raid_held()
    rng, pair = random.Random(2), ("F-CR-4LC", "F-G-VG")
    compare(bloody_monday, state, other, "russian", rng, 2, partial(fog_check.bloody_monday_probes, "russian", pair,
                                                                      rng), swaptest.weighted_choice, "raid held",
            report, terminal=False, renamed=partial(fog_check.exchanged, pair), further=True)


@pytest.mark.long  # four games at a table and a random game's first 55 commands: about 3 s of CPU
def test_the_fuzz_hands_the_viewer_s_seat_on_by_consent_with_their_orders_written_ahead_held(monkeypatch):
    """Where the viewer writes orders ahead behind the other's choice, at the seats handed over by consent the fuzz
    leaves his answer out and seats no computer first: the Russian's seat goes to Heir with his box held, and he
    reads that it was not played (bot/service/unplayed.py, a seat changing hands), the same whichever French blocks,
    unseen, stand where; the positive control: plant a leak (the word tells the whole position) and the check shows
    it."""
    from bot.tools.fog_check.comparison import UNTOLD

    report = fog_check.SwapReport(start=2)
    seat_ceded_with_orders_held(report)
    assert report.differences == []
    assert report.walks[UNTOLD] == 1 and report.walks["seats handed over by consent"] == 1
    assert not any("computer" in walk for walk in report.walks)
    plant_handed_leak(monkeypatch)
    report = fog_check.SwapReport(start=2)
    seat_ceded_with_orders_held(report)
    assert "LEAK-handed" in report.differences[0]
