"""The front-end half of the swap test: two Bloody Monday positions that differ only
in two blocks the viewer has not seen are played through the Discord tables (over a recording
messenger) and the terminal's hot seat with the same lines typed; everything the viewer observes
must be the same. A few games here; `kolocha fuzz` runs hundreds."""
from __future__ import annotations

import functools
import hashlib
import json

import pytest

from bot import cli
from bot.tools import fog_check

swaptest = pytest.importorskip("rules.bloody_monday.swaptest",
                               reason="the engine's swap test has not landed yet")
from bot.tables import announcement, news
from bot.tables.clocks import Clocks
from bot.tables.news import News
from bot.tables.notices import WAITS
from bot.words import words
from rules import bloody_monday

# the suite's game is Last Blood's at seed 8, every option, with its held boxes (below); these with the long step
GAMES = [pytest.param(3, "bloody_monday", [], marks=pytest.mark.long),
         pytest.param(4, "last_blood", list(bloody_monday.INFO.options), marks=pytest.mark.long)]


@pytest.mark.heavy
@pytest.mark.parametrize(("seed", "scenario", "options"), GAMES)
def test_what_a_player_observes_is_the_same_whatever_the_hidden_blocks_are(seed, scenario, options):
    report = fog_check.bloody_monday_swap(seed, seed, scenario, options, positions=3)
    assert report.positions >= 2
    assert report.differences == []


def whole(state: dict) -> str:
    """A digest of the whole position, hidden blocks and all: what a planted leak tells."""
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:12]


def first_impulse_read(lines: list[str], around: tuple[str, ...] = (), late: str | None = None) -> str | None:
    """Where what the French player observes at the start of a game (dice seed 3, at the table
    alone) parts between two positions that exchange Kutuzov and R-1-3, both unseen, while they
    give `lines` and ask for the maps `around` places (and their deadline passes with the action
    `late`); None where it does not."""
    return fog_check.first_difference(*first_impulse_seen(lines, around, late))


def first_impulse_seen(lines: list[str], around: tuple[str, ...] = (), late: str | None = None) -> list[list[str]]:
    """What the French player observes in the two positions of first_impulse_read."""
    state = bloody_monday.setup("bloody_monday", 3, [])
    lines_ = [fog_check.Line(line) for line in lines]
    return [fog_check.observed(bloody_monday, position, "french", lines_, terminal=False, around=around, late=late)
            for position in (state, swaptest.swapped(state, "R-KUT", "R-1-3"))]


def cross_the_dms(monkeypatch) -> None:
    """A planted leak: each player is sent the other's private view by DM."""
    private_views = News.private_views

    def crossed(self, game_id, state, seq, before, private=None, untold=frozenset()):
        sides = list(self.store.seats(game_id))
        return [(sides[1 - sides.index(to)] if to in sides else to, row)
                for to, row in private_views(self, game_id, state, seq, before, private, untold)]

    monkeypatch.setattr(News, "private_views", crossed)


def test_the_check_sees_a_dm_sent_to_the_wrong_player(monkeypatch):
    """The positive control: plant a leak (each player is sent the other's view by DM) and the
    first impulse shows it, where it shows nothing as things are."""
    assert first_impulse_read(["tactical"]) is None
    cross_the_dms(monkeypatch)
    assert "DM" in str(first_impulse_read(["tactical"]))


def test_the_check_reads_the_view_that_opens_a_game_saying_that_it_waits(monkeypatch):
    """The positive control for the start: plant a leak (the French view that opens with 'the game waits
    for you', the question the view's headline words, names a digest of the whole position) and the
    first impulse shows it in that DM."""
    from bot.tables import lobby

    asked_in_views = lobby.asked_in_views

    def telling_too_much(tables, game_id, state, rows, planned):
        told = asked_in_views(tables, game_id, state, rows, planned)
        for _, payload in told:
            if payload.get("kept") and str(words(payload["text"])[0]).startswith(WAITS):
                payload["text"] = words(payload["text"], f" (the whole position: {whole(state)})")
        return told

    monkeypatch.setattr(lobby, "asked_in_views", telling_too_much)
    read = str(first_impulse_read(["tactical"]))
    assert "'DM kept" in read and "the whole position" in read, read


@pytest.mark.long  # two games at a table: about a second
def test_the_check_reads_the_messages_of_a_view_s_table_apart(monkeypatch):
    """The positive control for the table of blocks in messages of its own, each opening with its game's name
    (bot/delivery/in_place.py): plant a leak (the table's message ends with a digest of the whole position once
    a command is stored) and the first impulse shows it in that DM."""
    from bot.delivery.in_place import InPlacePart

    table_apart = InPlacePart.table_apart

    def telling_too_much(self, parts, game, seen=None):
        latest = self.store.latest(game)  # none before the first command
        said = f"\n(the whole position: {whole(latest[1])})" if latest is not None else ""
        return table_apart(self, [*parts, said], game, seen)

    monkeypatch.setattr(InPlacePart, "table_apart", telling_too_much)
    read = str(first_impulse_read(["tactical"]))
    assert "'DM kept" in read and "the whole position" in read, read


def test_the_check_reads_the_spectators_channel(monkeypatch):
    """The positive control for spectators: plant a leak (the spectators' news also shows each
    side's private view, in a channel any player may read) and the first impulse shows it."""
    spectator_rows = announcement.spectator_rows

    def telling_too_much(room, game_id, seq, state, *args, **kwargs):
        rows = spectator_rows(room, game_id, seq, state, *args, **kwargs)
        private = room.private_views(game_id, state, seq, None)
        return rows + [(place, row) for place, _ in rows for _, row in private]

    monkeypatch.setattr(announcement, "spectator_rows", telling_too_much)
    assert f"posted in {fog_check.SPECTATORS}" in str(first_impulse_read(["tactical"]))


def test_the_check_reads_the_reminders_and_the_passed_deadlines(monkeypatch):
    """The positive control for the clocks: plant a leak (each reminder and passed deadline names a
    digest of the whole position, hidden blocks and all) and the first impulse shows it in what the
    viewer is sent when the sides awaited at the end are reminded and their deadlines pass."""
    tell = Clocks._tell

    def telling_too_much(self, game_id, side, moment, secret, passed=None):
        said = f" (the whole position: {whole(self.service.load(game_id))})"
        return [(to, {**payload, "text": words(payload["text"], said)})
                for to, payload in tell(self, game_id, side, moment, secret, passed)]

    monkeypatch.setattr(Clocks, "_tell", telling_too_much)
    assert "the whole position: " in str(first_impulse_read(["tactical"]))


@pytest.mark.parametrize("leaking", ["order", "then"])
def test_the_check_reads_every_field_of_the_autocomplete(monkeypatch, leaking):
    """The positive control for the autocomplete: plant a leak (the choices of /order, or of /attack's answers
    written ahead, end with a digest of the whole position) and the first impulse shows it, where it shows nothing
    as things are."""
    from bot.tables.completion import Completion

    if leaking == "order":
        assert first_impulse_read(["tactical"]) is None
    complete = Completion.complete

    def telling_too_much(self, actor, channel, field, typed, given):
        game_id = self.tables.game_in(channel)["id"]
        extra = [("whole", whole(self.service.load(game_id)))] if field == leaking else []
        return complete(self, actor, channel, field, typed, given) + extra

    monkeypatch.setattr(Completion, "complete", telling_too_much)
    assert f"{leaking} offered" in str(first_impulse_read(["tactical"]))


def test_the_check_reads_the_maps_asked_for_around_the_places_named(monkeypatch):
    """The positive control for `/game map`: plant a leak (a map asked for around a place is posted
    with a digest of the whole position) and the first impulse shows it, public or private."""
    from bot.delivery import message
    from bot.tables.play import Play

    assert first_impulse_read(["tactical"], ("44",)) is None
    posted = Play._map_post

    def telling_too_much(self, actor, channel, around, private):
        game_id, rows = posted(self, actor, channel, around, private)
        return game_id, [*rows, (rows[0][0], message(f"the whole position: {whole(self.service.load(game_id))}"))]

    monkeypatch.setattr(Play, "_map_post", telling_too_much)
    assert "the whole position" in str(first_impulse_read(["tactical"], ("44",)))


def test_the_check_reads_the_odds_asked_of_places_named(monkeypatch):
    """The positive control for `odds`: plant a leak (the odds of any place end with a digest of the
    whole position) and the probe `odds 44` shows it."""
    from rules.core.errors import RuleViolation

    assert first_impulse_read(["odds 44"]) is None

    def telling_too_much(state, side, text):
        raise RuleViolation("5.3", f"no battle in {text}, but here is the whole position: {whole(state)}")

    monkeypatch.setattr(bloody_monday, "odds", telling_too_much)
    assert "the whole position" in str(first_impulse_read(["odds 44"]))


@pytest.mark.long  # seconds of whole fuzz games: the suite stays under its three minutes
def test_kolocha_fuzz_runs_every_part_and_writes_a_failing_playout_as_a_script(
        tmp_path, capsys, monkeypatch):
    """`kolocha fuzz` over one game of each part (the engine's own swap test stands in by a
    recording stub: it has its tests with the rules)."""
    from bot.tools import fuzz
    from tests.bot import toy_system

    from rules.campaign_1812 import swaptest as campaign_swaptest

    engine_runs: list[tuple] = []
    monkeypatch.setattr(swaptest, "swap_test", lambda *args: engine_runs.append(args) or [])
    monkeypatch.setattr(campaign_swaptest, "swap_test", lambda *args: engine_runs.append(args) or [])
    front_runs: list[tuple] = []
    monkeypatch.setattr(fog_check, "campaign_swap",
                        lambda *args, further: front_runs.append(args) or fog_check.SwapReport())
    monkeypatch.setattr(fuzz.rules, "systems", lambda: ["toy_system"])
    scenarios = {"toy_system": "short", "campaign_1812": "campaign", "bloody_monday": "bloody_monday"}
    monkeypatch.setattr(fuzz, "option_sets", lambda name: iter([(scenarios[name], {})]))
    assert cli.main(["fuzz", "--games", "1", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "playouts: toy_system short no options, uniform policy: 1 games" in out
    assert "playouts: toy_system short no options, sample policy: 1 games" in out
    assert "front-end swap: bloody_monday no options: 1 games" in out
    assert "front-end swap: campaign no options: 1 games" in out
    assert front_runs == [(1, 1, "campaign", [])]
    assert engine_runs == [(1, 1, "campaign", []), (1, 1, "bloody_monday", [])]
    assert out.rstrip().endswith("kolocha fuzz: 0 failing games.")

    def broken(state, side, cmd):
        raise ZeroDivisionError("engine bug")

    monkeypatch.setattr(toy_system, "apply", broken)
    assert cli.main(["fuzz", "--games", "1", "--part", "playouts", "--out", str(tmp_path)]) == 1
    assert "playout failed" in capsys.readouterr().out
    script = (tmp_path / "fuzz-toy_system-short-sample-1.txt").read_text()
    assert script.startswith("# kolocha system=toy_system scenario=short seed=1")


@pytest.mark.heavy
@pytest.mark.parametrize("seed, scenario", [(3, "campaign")])
def test_1812_what_a_player_observes_is_the_same_whatever_the_hidden_stacks_hold(seed, scenario):
    """Through the front ends: two 1812 positions whose hidden stacks are exchanged, or
    whose other side's battle plan is down or not, look the same to the viewer at Discord's tables
    and at the terminal."""
    report = fog_check.campaign_swap(seed, seed, scenario, positions=2)
    assert report.positions >= 2
    assert report.differences == []


def test_the_1812_walk_plays_the_options_it_is_given(monkeypatch):
    """`kolocha fuzz` runs 1812 with no option and with all (the readings and the leaders): each
    position the walk compares through the front ends is of a game set up with the options given,
    and one without them has none."""
    from rules import campaign_1812

    everything = list(campaign_1812.INFO.options)
    for options in (everything, []):
        compared: list[list[str]] = []
        monkeypatch.setattr(fog_check.games, "compare", lambda system, state, *args, **kwargs:
                            compared.append(state.get("options", [])))
        fog_check.campaign_swap(3, 3, "campaign", options, positions=1)
        assert compared and all(chosen == sorted(options) for chosen in compared)


def test_the_1812_walk_has_the_side_that_waits_for_its_choice_look_at_it_too_in_kolocha_fuzz(monkeypatch):
    """With `further` (kolocha fuzz), at the choice the 1812 walk stops at once a game (here the Russian's, at
    command 66) the side that waits for it is compared too, at the table alone, with draws of its own: where the
    other's choice holds the orders it writes ahead, and the game ends before them (further.py). The game and
    every other comparison are those of the walk without `further`."""
    compared: dict[bool, list[tuple[str, bool]]] = {}
    for further in (False, True):
        seen = compared[further] = []
        monkeypatch.setattr(fog_check.games, "compare", lambda system, state, other, viewer, rng, steps, probes,
                            choose, what, report, hidden=(), terminal=True, **kwargs: seen.append((what, terminal)))
        fog_check.campaign_swap(3, 3, "campaign", further=further)
    added = [seen for seen in compared[True] if seen not in compared[False]]
    assert [seen for seen in compared[True] if seen not in added] == compared[False]
    (what, terminal), = added
    assert what.startswith("campaign seed=3 rng_seed=3 command 66 swap ") and what.endswith("viewer=french")
    assert not terminal and any(seen.startswith("campaign seed=3 rng_seed=3 command 66 swap ")
                                and seen.endswith("viewer=russian") for seen, _ in compared[False])


@pytest.mark.parametrize(("options", "named"), [
    ([], "Options: chart_fragments, corps_move_once, depot_supply, fort_reinforcements off;"),
    (["leaders"], "Options: leaders (chart_fragments, corps_move_once, depot_supply, fort_reinforcements off);")])
def test_the_table_of_the_check_names_the_options_its_position_plays(options, named):
    """The game at the check's table is opened with the options of the position it plays, so that
    its opening line and `/game status` name them: not the readings a new game plays unless told."""
    from rules import campaign_1812

    seen = fog_check.observed(campaign_1812, campaign_1812.setup("campaign", 3, options), "french", [],
                              terminal=False)
    assert any(named in line for line in seen if line.startswith("/game status"))


def test_the_1812_check_sees_a_dm_sent_to_the_wrong_player(monkeypatch):
    """The positive control: each player is sent the other's view by DM, and the check shows it where the Russian
    chooses an attrition loss among French stacks, two of them exchanged unseen (a whole game of the check, as
    test_1812_what_a_player_observes_is_the_same_whatever_the_hidden_stacks_hold walks, is no surer of it)."""
    assert attrition_read([])[1] is None
    cross_the_dms(monkeypatch)
    assert "DM" in str(attrition_read([])[1])


def the_end_watched(monkeypatch) -> list[bool]:
    """Whether each table of the check read, after its lines, that no game runs on its server any more."""
    ended: list[bool] = []
    observed = fog_check.comparison.observed

    def watched(*args, **kwargs):
        seen = observed(*args, **kwargs)
        ended.append(any(line.startswith("/game list: No games running") for line in seen))
        return seen

    monkeypatch.setattr(fog_check.comparison, "observed", watched)
    return ended


def test_a_game_that_ends_during_the_lines_typed_is_compared_to_its_end(monkeypatch):
    """A random game of 1812's Borodino scenario (seed 7307) three commands before its end, at its last Game-Turn's
    march: the lines typed end it, the tables then answer every look alike ('No games running on this server'), and
    the check goes on, two stacks the viewer has not seen exchanged."""
    import random

    from rules import campaign_1812
    from rules.campaign_1812 import swaptest as stacks
    from rules.campaign_1812.game import enemy_of
    from rules.core import playout

    ended = the_end_watched(monkeypatch)
    *_, (_, state), _, _ = playout.positions(campaign_1812, campaign_1812.setup("borodino", 7307), random.Random(7307),
                                             400, stacks.random_move)
    assert (state["turn"], state["phase"]) == (13, "march")  # the scenario's last Game-Turn
    viewer, rng, report = campaign_1812.active_sides(state)[0], random.Random(3), fog_check.SwapReport()
    (a, b), = stacks.pairs(state, viewer, rng, 1)
    fog_check.campaign_compare(campaign_1812, state, stacks.swapped(state, enemy_of(viewer), a, b), viewer, rng, 4,
                               (a, b), "three commands before the end", report)
    assert report.positions == 1 and report.differences == [] and all(ended) and ended


@pytest.mark.long  # a whole game of the check: seconds
def test_the_check_s_whole_game_that_ends_during_the_lines_typed_is_compared_to_its_end(monkeypatch):
    """1812's Borodino scenario ends within the lines typed at seed 7307 (at 7301 and 7330 it did before the lines
    the check types changed), and the check goes on."""
    ended = the_end_watched(monkeypatch)
    report = fog_check.campaign_swap(7307, 7307, "borodino")
    assert report.positions >= 1 and any(ended)
    assert report.differences == []


def test_kolocha_fuzz_runs_the_swap_parts_of_the_systems_asked_for_only(tmp_path, capsys, monkeypatch):
    """`--system campaign_1812` runs 1812's swap tests and none of Bloody Monday's."""
    from bot.tools import fuzz

    from rules.campaign_1812 import swaptest as campaign_swaptest

    ran: list[tuple] = []
    monkeypatch.setattr(swaptest, "swap_test", lambda *args: ran.append(args) or [])
    monkeypatch.setattr(campaign_swaptest, "swap_test", lambda *args: ran.append(args) or [])
    monkeypatch.setattr(fog_check, "campaign_swap", lambda *args, further: ran.append(args) or fog_check.SwapReport())
    monkeypatch.setattr(fog_check, "bloody_monday_swap",
                        lambda *args, further: ran.append(args) or fog_check.SwapReport())
    monkeypatch.setattr(fuzz, "option_sets", lambda name: iter([("only", {})]))
    assert cli.main(["fuzz", "--games", "2", "--seed", "5", "--part", "engine-swap", "--part", "front-swap",
                     "--system", "campaign_1812", "--out", str(tmp_path)]) == 0
    assert ran == [(5, 5, "only", []), (6, 6, "only", []), (5, 5, "only", []), (6, 6, "only", [])]
    assert "bloody_monday" not in capsys.readouterr().out


def test_a_broken_game_is_one_failure_of_a_long_fuzz_run_not_its_end(monkeypatch, capsys):
    from bot.tools import fuzz

    def run(seed, scenario):
        if seed == 2:
            raise ValueError("broken")
        return fog_check.SwapReport()

    monkeypatch.setattr(fog_check, "campaign_swap",
                        lambda seed, rng_seed, scenario, options, further: run(seed, scenario))
    monkeypatch.setattr(fog_check, "bloody_monday_swap", lambda *args, further: fog_check.SwapReport())
    monkeypatch.setattr(fuzz, "option_sets", lambda name: iter([("campaign", {})]))
    assert fuzz.front_swaps(3, 1, print) == 1
    out = capsys.readouterr().out
    assert "front-end swap: campaign seed=2: stopped by ValueError: broken" in out
    assert "front-end swap: campaign no options: 3 games" in out


@pytest.mark.long  # seconds of whole fuzz games: the suite stays under its three minutes
def test_the_random_bloody_monday_games_of_the_swap_test_reach_later_game_turns():
    """The game between the swaps goes on by the rollout policy: the Impulses Phase ends (two
    consecutive Passes, Bloody Monday 7.0) and every game reaches Game-Turn 3 or later."""
    for seed in range(1, 11):
        assert max(fog_check.bloody_monday_swap(seed, seed, positions=0).turns) >= 3


def test_a_probe_the_rules_accept_is_followed_as_a_command():
    """At seed 1001 of 1812's Retreat scenario a probe `attrit` is a legal order that eliminates
    a hidden French stack in one position and not the other: the check stops before it, as before a
    command that discloses, instead of reporting the public map it changes."""
    report = fog_check.campaign_swap(1001, 1001, "retreat")
    assert report.positions >= 2
    assert report.differences == []


def test_undo_while_the_battle_plans_are_given_says_the_same_whether_the_other_chit_is_down():
    """COMBAT (SPI's 1812 overview): chits face down until both are shown. The front-end check types
    `undo` last; at the plans it is refused alike whether or not the other side has given its chit,
    even at a table whose first command that chit is (nothing else to undo)."""
    from rules import campaign_1812
    from tests.rules.campaign_1812.c1812_helpers import do, position

    state, _ = do(position({15: {"inf": 3}}, {15: {"inf": 2}}, phase="march"), "french", "end")
    assert state["battle"]["stage"] == "plans"
    without = fog_check.observed(campaign_1812, state, "french", [], [])
    assert any("give it again" in line for line in without)
    assert fog_check.first_difference(without, fog_check.observed(campaign_1812, state, "french", [],
                                                                  ["plan cordon"])) is None


@pytest.mark.heavy
@pytest.mark.parametrize(("seed", "scenario", "options"), [
    (8, "last_blood", list(bloody_monday.INFO.options)),
    pytest.param(9, "bloody_monday", [], marks=pytest.mark.long)])
def test_orders_given_in_one_box_and_held_behind_a_choice_say_the_same_whatever_the_hidden_blocks_are(
        monkeypatch, seed, scenario, options):
    """A random game through the front ends, every position the same to the viewer whichever blocks he has not seen
    stand where (the suite's whole game of the check: Last Blood with every option). Every other position, the
    check gives the viewer's orders in one `/orders` box with a probe last, typed once the viewer may no longer act;
    at these seeds that probe meets the other side's choice and is held (bot/tables/held.py), and the probes given
    after it with `/order`, one line each, are added to what is held, as Discord sends them (Play.orders): in both
    positions alike, each game's holds the same."""
    from bot.tables import held

    runs: list[tuple[object, list[list[str]]]] = []  # each game's store, and what it held in turn
    hold = held.hold

    def holding(store, game_id, orders, *told):
        if not runs or runs[-1][0] is not store:
            runs.append((store, []))
        runs[-1][1].append(orders.lines)
        return hold(store, game_id, orders, *told)

    monkeypatch.setattr(held, "hold", holding)
    report = fog_check.bloody_monday_swap(seed, seed, scenario, options, positions=4)
    assert report.positions >= 2 and report.differences == []
    assert len(runs) >= 2 and runs[0][1] == runs[1][1]
    assert any(len(later) > len(first) for first, later in zip(runs[0][1], runs[0][1][1:]))  # a line added


def first_asked_choice(seed: int) -> dict:
    """The first position of a random 1812 campaign (swaptest.random_move from `seed`) at which a
    side is asked a choice: at seed 1, the Russian player's attrition loss among three French stacks."""
    import random

    from rules import campaign_1812
    from rules.campaign_1812 import swaptest as campaign_swaptest
    from rules.core import playout

    rng = random.Random(seed)
    return next(state for _, state in playout.positions(campaign_1812, campaign_1812.setup("campaign", seed, []),
                                                        rng, 50, campaign_swaptest.random_move)
                if campaign_1812.choice(state) is not None and campaign_1812.forced_answer(state) is None)


def attrition_read(lines: list[str]) -> tuple[list[str], str | None]:
    """What the Russian player observes at seed 1's attrition loss giving `lines` (each accepted by
    the rules), at the table alone; and where it parts between the position and one whose French
    stacks in two places are exchanged, both unseen."""
    import random

    from rules import campaign_1812
    from rules.campaign_1812 import swaptest as campaign_swaptest

    state = first_asked_choice(1)
    assert campaign_1812.choice(state)["kind"] == "attrition"
    a, b = campaign_swaptest.pairs(state, "russian", random.Random(1), 1)[0]
    given = [fog_check.Line(line, accepted=True) for line in lines]
    one, two = (fog_check.observed(campaign_1812, position, "russian", given, terminal=False)
                for position in (state, campaign_swaptest.swapped(state, "french", a, b)))
    return one, fog_check.first_difference(one, two)


def test_the_check_clicks_an_answer_on_the_buttons_of_its_question(monkeypatch):
    """An answer the viewer was offered on the buttons of a DM question is given by clicking it, and
    its outcome is written in that DM (the next question taking its place); the positive control:
    plant a leak (the outcome written there ends with a digest of the whole position) and the check
    shows it, where it shows nothing as things are."""
    seen, differ = attrition_read(["attrit 31"])
    assert differ is None
    assert any(line.startswith("clicked 'attrit 31': ") for line in seen)
    answered = news.Change._answered

    def telling_too_much(self, rows, side, outcome):
        said = f" (the whole position: {whole(self.news.service.load(self.game_id))})"
        answered(self, rows, side, words(outcome, said))

    monkeypatch.setattr(news.Change, "_answered", telling_too_much)
    assert "the whole position" in str(attrition_read(["attrit 31"])[1])


@pytest.mark.parametrize(("room", "method"), [("overview", "mine"), ("overview", "listing"), ("absence", "_decide")])
def test_the_check_reads_the_games_listed_and_the_pause_agreed(monkeypatch, room, method):
    """The positive control for `/games mine`, `/game list` and a pause and a resume by agreement: plant
    a leak (the reply ends with a digest of the whole position) and the first impulse shows it."""
    from bot.tables.absence import Absence
    from bot.tables.overview import Overview

    assert first_impulse_read(["tactical"]) is None
    told = getattr({"overview": Overview, "absence": Absence}[room], method)

    def telling_too_much(self, *args):
        game_id = self.store.games(channel=fog_check.CHANNEL)[-1]["id"]
        return words(told(self, *args), f" (the whole position: {whole(self.service.load(game_id))})")

    monkeypatch.setattr({"overview": Overview, "absence": Absence}[room], method, telling_too_much)
    assert "the whole position" in str(first_impulse_read(["tactical"]))


def deadline_read(late: str) -> tuple[list[str], str | None]:
    """What the Russian player observes at seed 1's attrition loss when their deadline passes with the
    action `late`, at the table alone; and where it parts between the position and one whose French
    stacks in 31 and 32 are exchanged, both unseen (the loss the default takes is in 30, which stays)."""
    from rules import campaign_1812
    from rules.campaign_1812 import swaptest as campaign_swaptest

    state = first_asked_choice(1)
    one, two = (fog_check.observed(campaign_1812, position, "russian", [], terminal=False, late=late)
                for position in (state, campaign_swaptest.swapped(state, "french", 31, 32)))
    return one, fog_check.first_difference(one, two)


@pytest.mark.parametrize(("late", "done"), [
    ("choose", "Russian by default: an `attrit` command."), ("end", "Russian by default: an `attrit` command."),
    ("forfeit", "Russian missed the deadline and forfeits")])
def test_a_deadline_played_for_the_viewer_tells_the_same_whatever_the_hidden_stacks_hold(late, done):
    """The deadline's action played for an absent player (its default choice, its phase ended, a
    forfeit) reads what that player knows: everything the viewer observes then is the same."""
    seen, differ = deadline_read(late)
    assert any(done in line for line in seen)
    assert differ is None


def test_an_impulse_a_deadline_plays_for_the_viewer_tells_the_same_whatever_the_hidden_blocks_are():
    """The French deadline of the first impulse passes with the action end: the level-1 computer plays
    the impulse from the French player's view (a Tactical Action and its battles in 41 and 46, 5.3),
    and what the French player observes is the same whichever of Kutuzov and R-1-3 stands where."""
    one, two = first_impulse_seen([], late="end")
    assert any("**Deadline, the computer (level 1)** — French: tactical." in line for line in one)
    assert any("**Deadline** — French: end.\nShowdown in 45 (5.3.3): " in line for line in one)  # its artillery's
    assert fog_check.first_difference(one, two) is None


def test_the_check_reads_what_a_deadline_plays_for_the_viewer(monkeypatch):
    """The positive control: plant a leak (the line of a command a passed deadline plays ends with a
    digest of the whole position) and the check shows it."""
    from bot.tables.clocks import Clocks

    composer = Clocks._composer

    def telling_too_much(self, game_id, side, note, changes, aside, late):
        return composer(self, game_id, side, f"{note} (the whole position: {whole(self.service.load(game_id))})",
                        changes, aside, late)

    monkeypatch.setattr(Clocks, "_composer", telling_too_much)
    assert "the whole position" in str(deadline_read("end")[1])


def retreat_asked() -> tuple[dict, dict]:
    """The retreat question of a random Bloody Monday game (seed 9, command 4: the defender may
    retreat or stand, 6.4), and the position that exchanges two French blocks there, both unseen by
    the Russian player."""
    import random

    from rules.core import playout

    state = next(state for _, state in playout.positions(bloody_monday, bloody_monday.setup("bloody_monday", 9, []),
                                                         random.Random(9), 10, swaptest.random_move)
                 if bloody_monday.choice(state) is not None)
    assert bloody_monday.choice(state)["kind"] == "retreat"
    a, b = swaptest.pairs(state, "russian", random.Random(9), 1)[0]
    return state, swaptest.swapped(state, a, b)


def retreat_read(lines: list[fog_check.Line], late: str | None = None) -> tuple[list[str], str | None]:
    """What the Russian player observes at the retreat question (retreat_asked) giving `lines` (and
    his deadline passing with the action `late`), at the table alone; and where it parts between the
    two positions."""
    one, two = (fog_check.observed(bloody_monday, position, "russian", lines, terminal=False, late=late)
                for position in retreat_asked())
    return one, fog_check.first_difference(one, two)


def test_an_answer_typed_instead_of_its_buttons_is_written_into_its_question(monkeypatch):
    """A question by DM answered by a command typed in the channel has its message say what the
    command did; the positive control: plant a leak (that outcome ends with a digest of the whole
    position) and the check shows it, where it shows nothing as things are."""
    given = [fog_check.Line("retreat 44", typed=True, accepted=True)]
    seen, differ = retreat_read(given)
    assert differ is None
    assert any(line.startswith("typed `retreat 44`: PlainReply(accepted=True") for line in seen)
    answered = news.Change._answered_by_hand

    def telling_too_much(self, rows, system, side, before, outcome):
        said = f" (the whole position: {whole(self.news.service.load(self.game_id))})"
        return answered(self, rows, system, side, before, words(outcome, said))

    monkeypatch.setattr(news.Change, "_answered_by_hand", telling_too_much)
    assert "the whole position" in str(retreat_read(given)[1])


def impulse_ended_read() -> tuple[list[str], str | None]:
    """What the French player observes at the retreat question (retreat_asked): the Russian stands (6.4), the game
    waits for the French again (a question by DM), and the French `end` their impulse; where it parts between the
    position and one that exchanges two Russian blocks the French have not seen."""
    import random

    given = [fog_check.Line("stand", typed=True, accepted=True, side="russian"), fog_check.Line("end", accepted=True)]
    state, _ = retreat_asked()
    a, b = swaptest.pairs(state, "french", random.Random(9), 1)[0]
    one, two = (fog_check.observed(bloody_monday, position, "french", given, terminal=False)
                for position in (state, swaptest.swapped(state, a, b)))
    return one, fog_check.first_difference(one, two)


@pytest.mark.long  # four games at a table: about a second and a half
def test_a_question_its_player_s_own_orders_leave_unasked_reads_the_same_whatever_the_hidden_blocks_are(
        monkeypatch):
    """The French player's question message, 'the game waits for you ...: French Special Movement and Combat,
    combat segment', says his `end` once the impulse has passed to the Russian (Change._played_out), the same
    whichever Russian blocks, unseen, stand where; the positive control: plant a leak (that outcome ends with a
    digest of the whole position) and the check shows it."""
    seen, differ = impulse_ended_read()
    assert differ is None
    assert any(line.startswith("DM kept dm:") and line.endswith(": Game 1: French: end.") for line in seen)
    played_out = news.Change._played_out

    def telling_too_much(self, rows, system, after):
        if self.leaves is not None:
            side, since, outcome = self.leaves
            self.leaves = (side, since, words(outcome, f" ({whole(after)})"))
        return played_out(self, rows, system, after)

    monkeypatch.setattr(news.Change, "_played_out", telling_too_much)
    assert impulse_ended_read()[1] is not None


def test_the_check_reads_the_help(monkeypatch):
    """The positive control for `/help`: plant a leak (its answer ends with a digest of the whole
    position) and the first impulse shows it."""
    from bot.tables.overview import Overview

    helped = Overview.help

    def telling_too_much(self, channel_id, topic, how=""):
        game_id = self.store.games(channel=channel_id)[-1]["id"]
        said = f" (the whole position: {whole(self.service.load(game_id))})"
        return words(helped(self, channel_id, topic, how), said)

    monkeypatch.setattr(Overview, "help", telling_too_much)
    assert "/help" in str(first_impulse_read(["tactical"]))


def test_the_lines_typed_are_judged_with_the_answers_played_at_once_after_them():
    """The table plays an answer the rules leave one of at once (bot/service/standing.py), so the check
    judges each line with those answers after it: at seed 6 of a random 1812 campaign, command 82
    leaves the French one place to retreat to from Galicia (32). What follows such an answer may
    disclose a hidden stack (seed 52001 of 1812's Borodino scenario with its options: a forced retreat
    from Vyazma, then the French stack in Borodino found without infantry, COMBAT), and the lines
    stop before it, as before any command that discloses."""
    import random
    from itertools import pairwise

    from rules import campaign_1812
    from rules.campaign_1812 import swaptest as campaign_swaptest
    from rules.core import playout

    walked = playout.positions(campaign_1812, campaign_1812.setup("campaign", 6, []), random.Random(6), 200,
                               campaign_swaptest.random_move)
    before, after = next((one, two) for (_, one), (_, two) in pairwise(walked) if campaign_1812.forced_answer(two))
    side, command = next((side, cmd) for side in campaign_1812.active_sides(before)
                         for cmd in campaign_1812.legal_commands(before, side)
                         if campaign_1812.apply(before, side, cmd)[0] == after)
    assert "Galicia (32)" in campaign_1812.forced_answer(after)[1]
    played, one, two = fog_check.judged_in_both(campaign_1812, before, before, side, command.to_text())
    assert played and one == two and one != after and campaign_1812.forced_answer(one) is None


def test_a_question_a_deadline_answered_reads_the_same_whatever_the_hidden_blocks_are(monkeypatch):
    """The Russian player's retreat question by DM, answered at his deadline (at_deadline choose),
    says what the deadline played there; the positive control: plant a leak (that answer ends with
    a digest of the whole position) and the check shows it, where it shows nothing as things are."""
    seen, differ = retreat_read([], late="choose")
    assert differ is None
    assert any("At your deadline: Russian by default (retreat: " in line for line in seen)
    answered = news.Change._answered_by_hand

    def telling_too_much(self, rows, system, side, before, outcome):
        said = f" (the whole position: {whole(self.news.service.load(self.game_id))})"
        answered(self, rows, system, side, before, words(outcome, said))

    monkeypatch.setattr(news.Change, "_answered_by_hand", telling_too_much)
    assert "the whole position" in str(retreat_read([], late="choose")[1])


def test_the_walk_has_the_other_player_send_his_next_orders_while_the_viewer_s_choice_holds_them():
    """Where a choice waits for the viewer alone, the fuzz's walk (`theirs`) has the other player send his next
    orders in one box before the viewer's answer (held, bot/tables/held.py), and the viewer's lines go on once
    they play: at seed 9's retreat question, the French `end`, then the Russian's own impulse."""
    import random

    state, other = retreat_asked()
    a, b = swaptest.pairs(state, "russian", random.Random(9), 1)[0]
    rng = random.Random(1)
    lines = fog_check.lines_to_type(bloody_monday, state, other, "russian", rng, 6,
                                    functools.partial(fog_check.bloody_monday_probes, "russian", (a, b), rng),
                                    swaptest.weighted_choice, theirs=True)
    box = next(n for n, line in enumerate(lines) if line.held)
    assert lines[box] == fog_check.Line("end", accepted=True, side="french", held=True)
    assert lines[box + 1].accepted and lines[box + 1].text.startswith("retreat ") and lines[box + 1].side is None
    assert any(line.accepted and line.side is None for line in lines[box + 2:])


def test_held_orders_a_click_lets_play_ask_the_next_question_the_same_whatever_the_hidden_blocks_are(monkeypatch):
    """The French player's `end`, sent while the Russian's retreat question waits, is held; the Russian's click
    lets it play, and his impulse's question opens a new DM, asking alone (the click's answer is in the clicked
    message just above it, bot/tables/question_message.py): that reads the same whichever French blocks, unseen,
    stand where; the positive control: plant a leak (that question ends with a digest of the whole position) and
    the check shows it."""
    given = [fog_check.Line("end", accepted=True, side="french", held=True),
             fog_check.Line("retreat 44", accepted=True)]
    seen, differ = retreat_read(given)
    assert differ is None
    assert "Other sends orders in one box: 'end'" in seen and "clicked 'retreat 44': None" in seen
    assert not any("Retreat into 44.\nThe game waits for you" in line for line in seen), seen
    under = news.Change._under_the_unsent_answer

    def telling_too_much(self, side, own, seq):
        under(self, side, own, seq)
        if "question" in own:
            own["text"] = words(own["text"], f" ({whole(self.news.service.load(self.game_id))})")

    monkeypatch.setattr(news.Change, "_under_the_unsent_answer", telling_too_much)
    assert "Russian impulse" in str(retreat_read(given)[1])


def stale_refusal(state: dict, tmp_path) -> str:
    """The Russian player's answer to the retreat question (retreat_asked), stood, then its old button
    pressed again: what he is answered."""
    from bot.service import GameService
    from bot.store import Store
    from bot.tables import stale

    service = GameService(Store(tmp_path / f"{whole(state)}.sqlite"),
                          loader=lambda name: fog_check.Position(bloody_monday, state))
    game_id = service.new_game("bloody_monday", "bloody_monday", 1, fog_check.Position(bloody_monday, state).options())
    seen = service.store.seen_seq(game_id, "russian")
    assert service.submit(game_id, "russian", "stand", user="boris").accepted
    return stale.refusal(service.store, bloody_monday, service.load(game_id), game_id, "russian", seen, "boris")


def test_a_stale_button_s_refusal_reads_the_same_whatever_the_hidden_blocks_are(monkeypatch, tmp_path):
    """A button of a question already answered says what became of it and what waits for its side
    now (bot/tables/stale.py), to its own player alone: that reads the same whichever French blocks,
    unseen, stand where; the positive control: plant a leak (the sentence ends with a digest of the
    whole position) and the two differ."""
    from bot.tables import stale

    one, two = (stale_refusal(position, tmp_path) for position in retreat_asked())
    assert one == two and one.startswith("This button has expired: you answered that question (stand); ")
    waits = stale._waits
    monkeypatch.setattr(stale, "_waits", lambda system, state, side: f"{waits(system, state, side)} {whole(state)}")
    (tmp_path / "planted").mkdir()
    one, two = (stale_refusal(position, tmp_path / "planted") for position in retreat_asked())
    assert one != two



def hits_read() -> tuple[list[str], str | None]:
    """What the Russian player observes at seed 9's command 145 of a random Bloody Monday game, three
    hits in 46 to apply one at a time (5.3.6): he gives one, gives another and takes it back, and his
    deadline (at_deadline choose) gives the next; where it parts between the position and one that
    exchanges two French blocks he has not seen."""
    given = [fog_check.Line(line, accepted=True) for line in ("hit R-2-27", "hit R-1-3C")]
    one, two = (fog_check.observed(bloody_monday, position, "russian", given, terminal=False, late="choose")
                for position in hits_asked())
    return one, fog_check.first_difference(one, two)


@functools.cache
def hits_asked() -> tuple[dict, dict]:
    """hits_read's position, and the one that exchanges two French blocks there."""
    import random

    from rules.core import playout

    state = next(state for n, (_, state) in enumerate(playout.positions(
        bloody_monday, bloody_monday.setup("bloody_monday", 9, []), random.Random(9), 146, swaptest.random_move))
        if n == 145)
    assert bloody_monday.choice(state) == {"kind": "hit", "side": "russian"}
    a, b = swaptest.pairs(state, "russian", random.Random(9), 1)[0]
    return state, swaptest.swapped(state, a, b)


@pytest.mark.long  # four games at a table from a position 145 commands into a random game: seconds
def test_a_chain_of_hits_tells_each_answer_in_its_question_the_same_whatever_the_hidden_blocks_are(monkeypatch):
    """Bloody Monday 5.3.6: the Russian player's question message tells each answer of his chain of
    hits in order (his own, and his deadline's), the next question under them: that reads the same
    whichever French blocks, unseen, stand where; the positive control: plant a leak (each answer
    told ends with a digest of the whole position) and the check shows it."""
    seen, differ = hits_read()
    assert differ is None
    assert any("Russian: hit R-2-27.\nRussian: hit R-1-3C.\nNext, due " in line for line in seen)
    assert any("\nAt your deadline: Russian by default (hit: " in line for line in seen)
    told = news.Change._told_with

    def telling_too_much(self, side, since, outcome):
        return words(told(self, side, since, outcome), f" ({whole(self.news.service.load(self.game_id))})")

    monkeypatch.setattr(news.Change, "_told_with", telling_too_much)
    assert hits_read()[1] is not None


def box_read() -> tuple[list[str], str | None]:
    """What the Russian player observes of 1812's campaign at seed 4 sending `end` and `march 4 5` in
    one /orders box, and where it parts between the position and one whose French stacks in two places
    are exchanged, both unseen."""
    import random

    from rules import campaign_1812
    from rules.campaign_1812 import swaptest as campaign_swaptest

    state = campaign_1812.setup("campaign", 4, [])
    a, b = campaign_swaptest.pairs(state, "russian", random.Random(4), 1)[0]
    given = [fog_check.Line(line, accepted=True) for line in ("end", "march 4 5")]
    one, two = (fog_check.observed(campaign_1812, position, "russian", given, batched=True, terminal=False)
                for position in (state, campaign_swaptest.swapped(state, "french", a, b)))
    return one, fog_check.first_difference(one, two)


@pytest.mark.long  # four games at a table: about two seconds
def test_a_box_s_map_under_its_last_line_shows_the_same_whatever_the_hidden_stacks_hold(monkeypatch):
    """1812: a Russian box whose last order posts no map (the forced march after `end`) has the phase's
    headline, map and 'your move' moved under its last line (bot/tables/batch_maps.py, _map_last): that reads
    the same whichever French stacks, unseen, hold what; the positive control: plant a leak (the headline
    moved ends with a digest of the whole position) and the check shows it."""
    from bot.tables import play, superseded

    seen, differ = box_read()
    assert differ is None
    marched = "force marches from Riga (4) toward Courland (5).\n"  # then the headline, the map and 'your move'
    assert any(marched in line and "| Forced March Phase |" in line.split(marched)[1] for line in seen)
    position, map_last, moved = {}, play.Play._map_last, superseded.moved_under

    def reading(self, game_id, mapped):
        position["now"] = self.service.load(game_id)
        map_last(self, game_id, mapped)

    monkeypatch.setattr(play.Play, "_map_last", reading)
    monkeypatch.setattr(superseded, "moved_under", lambda rows, at, channel, head, seq: moved(
        rows, at, channel, words(head, f" ({whole(position['now'])})"), seq))
    assert box_read()[1] is not None


def battle_box_read(batched: bool = True) -> tuple[list[str], str | None]:
    """What the Russian player observes of 1812's `end` and `end` past his Forced March Phase, in one box (not
    `batched`: one order at a time, at the table and at the hot seat), where both players' standing orders fight
    the battle in Kovno (11) (tests/bot/discord/test_1812_posts.py), and where it parts between the position and
    one whose French stacks in East Prussia (30) and Warsaw (31), both unseen, are exchanged."""
    from rules import campaign_1812
    from rules.campaign_1812 import swaptest as campaign_swaptest
    from tests.rules.campaign_1812.c1812_helpers import position, rig

    state = position({11: {"inf": 4}, 30: {"inf": 2}, 31: {"inf": 1, "cav": 1}}, {11: {"inf": 2, "cav": 1},
                                                                                6: {"inf": 1}}, player="russian")
    rig(state["dice"], 1, 1, 1, 1)
    given = [fog_check.Line(line, accepted=True) for line in ("end", "end")]
    one, two = (fog_check.observed(campaign_1812, at, "russian", given, batched=batched, terminal=not batched)
                for at in (state, campaign_swaptest.swapped(state, "french", 30, 31)))
    return one, fog_check.first_difference(one, two)


@pytest.mark.long  # four games at a table, two at the hot seat where one order at a time: about a second each
@pytest.mark.parametrize("batched", [True, False])
def test_a_box_past_a_battle_tells_the_russian_his_own_plan_the_same_whatever_the_hidden_stacks_hold(monkeypatch,
                                                                                                    batched):
    """1812, Combat: a Russian box past his Forced March Phase whose battle both players' standing orders fight
    tells the battle, his own plan by what he chose and his retreat in the order they happened (bot/service/
    standing.py, told_at_once), as do the reply to his second `/order end` and the hot seat's screen: that reads
    the same whichever French stacks, unseen, hold what; the positive control: plant a leak (each answer told
    under what led to it ends with a digest of the whole position) and the check shows it."""
    from bot.store.preferences import PreferencesPart
    from bot.tables import batch, play
    from bot.terminal import console

    orders = {"plan": "steady", "retreat": "rearward", "attrition": "nearest"}  # both players', as the game starts
    monkeypatch.setattr(PreferencesPart, "standing_orders", lambda self, game_id, side: dict(orders))
    seen, differ = battle_box_read(batched)
    assert differ is None
    assert any("Your Battle Plan in Kovno (11): Assault, by standing order. Battle of Kovno (11): " in line and
               "must retreat. The Russian stack in Kovno (11) retreats to Dinaburg (6), by standing order." in line
               for line in seen), [line for line in seen if "Kovno" in line]
    screen = "  Your Battle Plan in Kovno (11): Assault, by standing order.\n  Battle of Kovno (11): Russian Assault"
    assert batched or any(screen in line for line in seen[seen.index(fog_check.TERMINAL):])
    position, judge, told_at_once = {}, play.Play._judge, batch.told_at_once

    def reading(self, actor, game_id, *args, **kwargs):
        position["now"] = self.service.load(game_id)
        return judge(self, actor, game_id, *args, **kwargs)

    def telling_too_much(r, side, told):
        answer, told = told_at_once(r, side, told)
        return f"{answer} ({whole(position['now'])})", told

    monkeypatch.setattr(play.Play, "_judge", reading)
    monkeypatch.setattr(console if not batched else batch, "told_at_once", telling_too_much)  # the screen alone
    assert battle_box_read(batched)[1] is not None


@functools.cache
def hit_clicked_asked() -> tuple[dict, dict]:
    """Bloody Monday, seed 1: the French first impulse's fires into 42, 45 and 46 (test_choice_buttons' OPENING),
    each hit the Russian player is asked applied with its first answer, up to the French A's fire into 46 after
    them, whose hit he is asked (hit R-2-2J or R-2-7, or the order of the battle's every hit); and the
    position that exchanges two French blocks he has not seen."""
    import random

    from bot import asked as ask
    from tests.bot.discord.test_choice_buttons import OPENING

    state = bloody_monday.setup("bloody_monday", 1, [])
    for text in (*OPENING, "fire F-IV-A 42", "battle 45", "fire F-III-A 45", "battle 46", "fire F-I-A2 46",
                 "fire F-III-A 46"):
        state, _ = bloody_monday.apply(state, "french", bloody_monday.parse("french", text))
        while text != "fire F-III-A 46" and bloody_monday.choice(state) is not None:
            forced = bloody_monday.forced_answer(state)
            state, _ = bloody_monday.apply(state, "russian", forced[0] if forced else bloody_monday.parse(
                "russian", ask.answers(bloody_monday, state, "russian")[0]))
    assert ask.answers(bloody_monday, state, "russian") == ("hit R-2-2J", "hit R-2-7", "hit order R-2-2J R-2-7")
    a, b = swaptest.pairs(state, "russian", random.Random(1), 1)[0]
    return state, swaptest.swapped(state, a, b)


@pytest.mark.long  # four games at a table from a French impulse's fires: seconds
def test_a_click_and_the_hits_played_at_once_after_it_read_the_same_whatever_the_hidden_blocks_are(monkeypatch):
    """Bloody Monday 5.3.6: the Russian player clicks his hit in 46, and the hits after the showdown, which end
    alike, are played at once; his question message reads the click's words, then the forced line: that reads
    the same whichever French blocks, unseen, stand where; the positive control: plant a leak (the answer
    written there ends with a digest of the whole position) and the check shows it."""
    given = [fog_check.Line("hit R-2-2J", accepted=True)]

    def read() -> tuple[list[str], str | None]:
        one, two = (fog_check.observed(bloody_monday, position, "russian", given, terminal=False)
                    for position in hit_clicked_asked())
        return one, fog_check.first_difference(one, two)

    seen, differ = read()
    assert differ is None
    assert any("1 hit on R-2-2J.\nThe Russian player applies " in line and ", forced: every way to apply these hits "
               "ends alike." in line for line in seen), [line for line in seen if "R-2-2J" in line]
    answered = news.Change._answered

    def telling_too_much(self, rows, side, outcome):
        answered(self, rows, side, words(outcome, f" ({whole(self.news.service.load(self.game_id))})"))

    monkeypatch.setattr(news.Change, "_answered", telling_too_much)
    assert read()[1] is not None


def row_read() -> tuple[list[str], str | None]:
    """What the French player observes of his guns' 2 hits into 42, each a choice that the Russian's standing order
    (hit: protect_leaders) answers before the Russian is asked whether to retreat (6.4), and where it parts between
    the position and one where R-1-17 (1), which he has not seen, stands in 42 for R-1-11 (3): there both hits
    strike R-1-3."""
    from tests.rules.bloody_monday.bm_helpers import do, position

    blocks = {"F-I-D": 16, "F-I-1": (16, 4), "F-I-A1": (16, 3), "R-1-3": (42, 3), "R-1-11": (42, 3),
              "R-1-BT": (42, 3), "R-1-17": (52, 1)}
    state, _ = do(position(blocks, control={41: "russian"}, initiative="russian"), "french", "tactical",
                  "activate F-I-D", "activate F-I-A1", "move F-I-1 42", "battle 42")
    given = [fog_check.Line("orders hit protect_leaders", accepted=True, side="russian"),
             fog_check.Line("fire F-I-A1 42", accepted=True)]
    one, two = (fog_check.observed(bloody_monday, position, "french", given, terminal=False)
                for position in (state, swaptest.swapped(state, "R-1-11", "R-1-17")))
    return one, fog_check.first_difference(one, two)


@pytest.mark.long  # four games at a table: about two seconds
def test_hits_a_standing_order_applies_in_a_row_read_the_same_whatever_the_hidden_blocks_are(monkeypatch):
    """Bloody Monday 5.3.6: a row of hits the Russian's standing order applies names the order once, on its first
    line (bot/service/standing.py): whether an answer goes on in a row is read from what everyone reads, so it is
    the same whichever Russian blocks, unseen, stand in 42; the positive control: plant a leak (a row goes on only
    while the next hit strikes the same unit, a hidden one) and the check shows it."""
    from bot.service import standing

    seen, differ = row_read()
    assert differ is None
    assert any("Russian by standing order: The Russian player applies 1 hit in 42 (5.3.6).\nThe Russian player "
               "applies 1 hit in 42 (5.3.6)." in line for line in seen), [line for line in seen if " 42 " in line]
    goes_on = standing._goes_on

    def on_one_unit(service, game_id, system, result, after):
        nxt = system.standing_command(after, result.side, service.store.standing_orders(game_id, result.side))
        return goes_on(service, game_id, system, result, after) and nxt is not None and nxt.to_text() == result.command

    monkeypatch.setattr(standing, "_goes_on", on_one_unit)
    assert row_read()[1] is not None


def test_the_front_end_fuzz_reports_the_share_of_the_positions_each_walk_ran_at(monkeypatch, capsys):
    """`kolocha fuzz --part front-swap` adds up the walks each game's positions took (SwapReport.walks, as
    Further.ran writes them) and says at how many of all the positions compared each ran, most first."""
    from collections import Counter

    from bot.tools import fuzz

    def report(*args, further):
        return fog_check.SwapReport(positions=2, walks=Counter({"a draw offered by the other": 1,
                                                                 "requests by consent": 2}))

    monkeypatch.setattr(fog_check, "campaign_swap", report)
    monkeypatch.setattr(fog_check, "bloody_monday_swap", report)
    monkeypatch.setattr(fuzz, "option_sets", lambda name: iter([("only", {})]))
    assert fuzz.front_swaps(1, 1, print) == 0
    assert "front-end swap: each walk, at how many of the 4 positions: requests by consent 4 (100%); a draw offered " \
        "by the other 2 (50%)" in capsys.readouterr().out


def hit_order_read() -> tuple[list[str], str | None]:
    """What the Russian player observes at hit_clicked_asked's hit in 46 before the showdown, more of the battle's
    hits to come, clicking the order that applies them all ('Every hit of this battle, ties first to R-2-2J,
    R-2-7'); and where it parts between the position and the one that exchanges two French blocks he has not seen."""
    given = [fog_check.Line("hit order R-2-2J R-2-7", accepted=True)]
    one, two = (fog_check.observed(bloody_monday, position, "russian", given, terminal=False)
                for position in hit_clicked_asked())
    return one, fog_check.first_difference(one, two)


def test_a_hit_order_clicked_reads_the_same_whatever_the_hidden_blocks_are():
    """Bloody Monday 5.3.6: the order clicked, the hits it applies and the showdown after read the same whichever
    French blocks, unseen, stand where."""
    seen, differ = hit_order_read()
    assert differ is None
    assert any(line.startswith("clicked 'hit order R-2-2J R-2-7'") for line in seen)
    assert any("The Russian player applies 1 hit in 46 by the order given for this battle (5.3.6)." in line
               for line in seen)


def test_the_check_sees_a_hit_order_that_tells_what_its_player_has_not_seen(monkeypatch):
    """The positive control: the order's hits told the Russian with a digest of the whole position (a leak planted)
    show."""
    from rules.bloody_monday import commands
    from rules.core.events import event

    ordered = bloody_monday._BATTLE[commands.HitOrder]

    def telling_too_much(g, side, cmd):
        return [*ordered(g, side, cmd), event(f"The whole position: {whole(g.s)}.", to=side)]

    monkeypatch.setitem(bloody_monday._BATTLE, commands.HitOrder, telling_too_much)
    assert "The whole position" in str(hit_order_read()[1])


def kept_read() -> tuple[list[str], str | None]:
    """What the Russian player observes of 1812's Combat Phase of two battles, Minsk (14) then Smolensk (15), his
    plan given in Minsk, where the French chit there was kept for every battle of the phase (`plan assault all`,
    so placed in Smolensk as it opens) and where it was not (`plan assault`); and where it parts between the two."""
    from rules import campaign_1812
    from tests.rules.campaign_1812.c1812_helpers import do, position

    start = position({14: {"inf": 3}, 15: {"inf": 3}, 32: {"inf": 1}}, {14: {"inf": 2}, 15: {"inf": 2}},
                     phase="march")
    lines = [fog_check.Line("plan entrench", accepted=True)]
    one, two = (fog_check.observed(campaign_1812, do(start, "french", "end", plan)[0], "russian", lines,
                                   terminal=False) for plan in ("plan assault all", "plan assault"))
    return one, fog_check.first_difference(one, two)


def test_a_chit_kept_for_every_battle_of_the_phase_is_not_told_to_the_other_player():
    """COMBAT (SPI's 1812 overview): chits are placed in secret. The French chit kept for every battle of the phase
    is down in Smolensk as that battle opens, where one given for Minsk alone is not: the Russian reads the same
    either way (the battle's opening, his question, who is to move, the deadlines and their reminders)."""
    seen, differ = kept_read()
    assert differ is None
    assert any("Next, due " in line and "Battle of Smolensk (15), you are the defender" in line for line in seen)


def test_the_check_sees_whose_chit_is_down_where_a_kept_chit_is_told(monkeypatch):
    """The positive control: `/game status` naming the sides still to choose their chit (a leak planted) shows
    whether the French chit was kept."""
    from bot.tables.overview import Overview
    from rules import campaign_1812

    status = Overview.status

    def telling_too_much(self, *args):
        game_id = self.store.games(channel=fog_check.CHANNEL)[-1]["id"]
        waiting = campaign_1812.choice(self.service.load(game_id)) or {}
        return words(status(self, *args), f" (still to choose: {waiting.get('sides')})")

    monkeypatch.setattr(Overview, "status", telling_too_much)
    assert "still to choose" in str(kept_read()[1])
