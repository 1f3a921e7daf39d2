"""Standing orders through the service: a player sets them with `orders`, and when a
mid-turn choice falls to them the command is played for them, stored like a typed one, replayed
from the log, and told to both (in a game with hidden units, without naming them)."""
from __future__ import annotations

import random
from types import ModuleType

import pytest

import rules
from bot.service import GameService
from bot.service.standing import offered
from bot.store import Store, blank

CHOICE_VERBS = {"retreat", "advance", "lose", "stay", "hit"}  # what a mid-turn choice is made with


def _orders(service: GameService, game: int, side: str, pick: int) -> None:
    table = offered(rules.load(service.store.game(game)["system"]), service.load(game), side)
    for kind, orders in table.items():
        result = service.submit(game, side, f"orders {kind} {list(orders)[pick % len(orders)]}")
        assert result.accepted, result.message


def _play_out(service: GameService, game: int, side: str, rng_seed: int, max_commands: int) -> int:
    """The other side, and `side`'s own turns, play random commands; `side` never chooses."""
    system = rules.load(service.store.game(game)["system"])
    rng = random.Random(rng_seed)
    for _ in range(max_commands):
        state = service.load(game)
        if system.outcome(state) is not None:
            break
        waiting = system.choice(state)
        assert waiting is None or waiting["side"] != side, f"{side} was asked: {waiting}"
        mover = system.active_sides(state)[0]
        result = service.submit(game, mover, system.sample_command(state, mover, rng).to_text())
        assert result.accepted, result.message
    return len(service.store.commands(game))


def _standing_rows(store: Store, game: int) -> list[dict]:
    return [row for row in store.commands(game) if row["text"].startswith("standing order")]


@pytest.mark.parametrize("seed", [0, 2])
def test_a_whole_borodino_game_where_the_russian_never_chooses(tmp_path, seed):
    service = GameService(blank(tmp_path / "games.sqlite"))
    game = service.new_game("borodino", "5sep", seed=seed)
    _orders(service, game, "russian", seed)
    _play_out(service, game, "russian", seed, 3000)
    assert service.store.game(game)["status"] == "over"
    rows = _standing_rows(service.store, game)
    assert rows and all(row["side"] == "russian" for row in rows)
    typed = [row for row in service.store.commands(game)
             if row["side"] == "russian" and row not in rows]
    assert not [row for row in typed if row["normalised"].split()[0] in CHOICE_VERBS]
    assert service.replay_check(game).ok


@pytest.mark.long
def test_a_whole_bloody_monday_game_where_the_russian_never_chooses(tmp_path):
    service = GameService(blank(tmp_path / "games.sqlite"))
    game = service.new_game("bloody_monday", "bloody_monday", seed=3)
    _orders(service, game, "russian", 3)  # a game with Russian hits and retreats to choose
    _play_out(service, game, "russian", 3, 3000)
    assert service.store.game(game)["status"] == "over"
    kinds = {row["text"].split()[2].rstrip(":") for row in _standing_rows(service.store, game)}
    forced = {row["normalised"].split()[0] for row in service.store.commands(game) if row["text"].startswith("forced")}
    assert kinds | forced == {"hit", "retreat"}  # a hit with one answer is played as such, without the order
    assert service.replay_check(game).ok


def test_bloody_monday_standing_hits_are_told_without_naming_the_block(tmp_path):
    service = GameService(blank(tmp_path / "games.sqlite"))
    game = service.new_game("bloody_monday", "bloody_monday", seed=2)
    _orders(service, game, "russian", 0)
    system = rules.load("bloody_monday")
    rng, told = random.Random(2), []
    for _ in range(200):
        state = service.load(game)
        mover = system.active_sides(state)[0]
        result = service.submit(game, mover, system.sample_command(state, mover, rng).to_text())
        told += [(mover, result, done) for done in result.followed if done.command.startswith("hit")]
    assert told, "this seed has a Russian hit within 200 commands"
    assert {done.public for _, _, done in told} == {"Russian by standing order: a `hit` command."}
    caused = [(result, done) for mover, result, done in told if mover == "french"]
    assert caused  # French commands that caused a hit: their replies tell him each in words the public reads
    assert all(f" {done.answer}" in result.message for result, done in caused)
    named = [(done.command.split()[1], done.answer, done.visible_to(None)) for _, done in caused]
    assert all(block not in told or any(block in e["text"] for e in public) for block, told, public in named)
    assert any(block not in told for block, told, _ in named)  # a hit before the showdown: no block named


def test_orders_lists_sets_and_clears(tmp_path):
    service = GameService(blank(tmp_path / "games.sqlite"))
    game = service.new_game("borodino", "5sep", seed=3)
    listing = service.submit(game, "russian", "orders").reply
    assert "retreat: ask" in listing and "off_objectives:" in listing
    set_ = service.submit(game, "russian", "orders advance redoubt")
    assert set_.accepted and set_.message.startswith("Standing order for advance: redoubt")
    assert service.store.standing_orders(game, "russian") == {"advance": "redoubt"}
    assert service.store.standing_orders(game, "french") == {}
    assert service.submit(game, "russian", "orders advance ask").accepted
    assert service.store.standing_orders(game, "russian") == {}
    assert service.store.last_seq(game) == 0  # orders are not moves: the log is untouched


def test_a_wrong_order_is_refused_with_what_may_be_given(tmp_path):
    service = GameService(blank(tmp_path / "games.sqlite"))
    game = service.new_game("borodino", "5sep", seed=3)
    wrong = service.submit(game, "russian", "orders advance sometimes")
    assert not wrong.accepted
    assert wrong.message == ("'sometimes' is not a standing order for advance; give one of never, "
                             "redoubt, always, ask.")
    assert not service.submit(game, None, "orders advance never").accepted  # players only
    assert service.store.standing_orders(game, "russian") == {}


@pytest.mark.parametrize("options, side, why", [
    (None, "russian", "This game is played without the optional rule Russian Jager: its jagers fight as the other "
                      "infantry do, so no jager choice comes up to give an order for (9.1)."),
    (["russian_jager"], "french", "Only the Russian player's jagers skirmish or ambush: no jager choice falls to "
                                  "the French player (9.1)."),
])
def test_a_jager_order_is_offered_only_to_the_russian_player_of_a_game_with_9_1(tmp_path, options, side, why):
    """Bloody Monday 9.1 (an optional rule): "each full strength Russian Jager ... may either Skirmish or
    Ambush". `orders` lists the jagers' orders only to the Russian player of a game that plays it; to
    anyone else `orders jager ambush` is refused citing 9.1, and `help orders` does not suggest it."""
    service = GameService(Store(str(tmp_path / "k.sqlite")))
    game = service.new_game("bloody_monday", "bloody_monday", seed=1, options=options)
    listing = service.submit(game, side, "orders").reply or ""
    assert "hit: ask" in listing and "jager" not in listing
    refused = service.submit(game, side, "orders jager ambush")
    assert not refused.accepted and refused.message == why
    assert service.store.standing_orders(game, side) == {}
    allowed = service.new_game("bloody_monday", "bloody_monday", seed=1, options=["russian_jager"])
    assert "jager: ask" in (service.submit(allowed, "russian", "orders").reply or "")
    assert service.submit(allowed, "russian", "orders jager ambush").accepted


@pytest.mark.parametrize("order", ["away", "ask"])
def test_a_question_a_standing_order_answers_at_once_is_not_told(tmp_path, order):
    """Borodino 7 Sept, dice seed 1: the French attack on the Southern Flèche is thrown back (1-3,
    die 1: Ar) and the Russian chooses where 3219 retreats (Retreat). With a standing order the
    answer follows the attack and no one reads the question it answered, then the Russian is asked
    whether to advance, which no order of his answers; without one he is asked where."""
    service = GameService(blank(tmp_path / "games.sqlite"))
    game = service.new_game("borodino", "7sep", seed=1)
    assert service.submit(game, "russian", f"orders retreat {order}").accepted
    for line in ("move 3321 3219", "end"):
        assert service.submit(game, "french", line).accepted
    attack = service.submit(game, "french", "attack 3219 -> 3218")
    told = [e["text"] for e in attack.visible_to(None)]
    assert told[0].endswith("1-3, die 1: Ar.")
    if order == "ask":
        assert told[1:] == ["Russian player: choose where F-I-4 in 3219 (French 5-4 infantry) retreats:\n"
                            "- `retreat <hex>`, one of 3220, 3120\n- or all at once: `retreat <hex> then stay`"] \
            and not attack.followed
        return
    assert told == told[:1] and attack.message.endswith("Russian by standing order (retreat: away): retreat 3120.")
    retreat, = attack.followed
    assert [e["text"] for e in retreat.visible_to(None)] == [
        "3219 (French 5-4 infantry) retreats to 3120.",
        "Russian player: you may advance after combat:\n- `advance 3218 3219` moves R-VIII-2Gr in 3218 "
        "(Russian 6-4 infantry) into 3219\n- `stay` advances none"]


def test_a_hit_on_a_lone_block_is_applied_at_once_saying_why(tmp_path):
    """Last Blood, dice seed 1: the French Grande Batterie's shot into 45, where the Russian has one block.
    Both players see it is alone there, so the hit is his only answer (5.3.6): played at once, with no
    standing order, stored and replayed like a typed one, and told saying why, never naming the block."""
    service = GameService(blank(tmp_path / "games.sqlite"))
    game = service.new_game("bloody_monday", "last_blood", seed=1, options=["russian_jager"])
    shot = service.submit(game, "french", "fire F-III-A 45")
    assert shot.accepted and rules.load("bloody_monday").choice(service.load(game)) is None
    hit, = shot.followed
    assert (hit.command, hit.forced, hit.standing) == ("hit R-1-2J", "the only Russian block in 45", None)
    assert hit.public == "Russian: a `hit` command, forced: the only Russian block in 45."
    assert shot.message == ("French: fire F-III-A 45. The Russian player applies 1 hit in 45 (5.3.6), forced: the "
                            "only Russian block in 45.")  # what it did, as the channel says it, no block named
    assert service.store.commands(game)[-1]["text"] == "forced: the only Russian block in 45"
    assert service.replay_check(game).ok


@pytest.mark.parametrize("planted", [False, True])
def test_whether_a_hit_is_forced_never_tells_a_hidden_block(monkeypatch, planted):
    """The swap test through the front ends (bot/tools/fog_check/): a French gun fires 1 hit into 42,
    and the French player must observe the same whether R-1-11 (3) or R-1-17 (1), blocks he has not seen,
    stands there beside R-1-3 (3): the game waits for the Russian alike, though with R-1-17 the hit has
    one unit to go to. A positive control plants a forced test that reads the hidden strengths (one
    strongest block: one answer, applied at once), and the French player tells the two apart."""
    from bot.tools import fog_check
    from rules import bloody_monday
    from rules.bloody_monday import swaptest
    from tests.rules.bloody_monday.bm_helpers import do, position

    if planted:
        def leaky(state: dict):
            answers = [a for a in bloody_monday.whole_answers(state, "russian") if a.VERB == "hit" and
                       not a.to_text().startswith("hit order")]  # the step's hits, not the battle's order
            return (answers[0], "planted") if bloody_monday.choice(state) and len(answers) == 1 else None
        monkeypatch.setattr(bloody_monday, "forced_answer", leaky)
    blocks = {"F-I-D": 16, "F-I-1": 16, "F-I-A1": (16, 2), "R-1-3": (42, 3), "R-1-11": (42, 3), "R-1-17": (52, 1)}
    state, _ = do(position(blocks), "french", "tactical", "activate F-I-D", "activate F-I-A1", "move F-I-1 42")
    lines = [fog_check.Line("battle 42", accepted=True), fog_check.Line("fire F-I-A1 42", accepted=True)]
    one, two = (fog_check.observed(bloody_monday, position, "french", lines, terminal=False)
                for position in (state, swaptest.swapped(state, "R-1-11", "R-1-17")))
    assert (fog_check.first_difference(one, two) is not None) is planted
    assert any("The Russian player is applying hits in 42" in seen for seen in one)


def _from(path, system: ModuleType, state: dict) -> GameService:
    """A service over the file `path` whose games of `system` start from `state` (bot/tools/fog_check/position.py's
    Position)."""
    from bot.tools.fog_check import Position
    return GameService(Store(path), loader=lambda name: Position(system, state))


def _at_table_and_terminal(tmp_path, state: dict) -> tuple[tuple, tuple]:
    """A Bloody Monday game from `state` twice: at the tables, Anna French and Boris Russian (its service, tables
    and game), and at the terminal (its service and game)."""
    from rules import bloody_monday
    from tests.bot.discord.discord_fakes import make_tables, run, seated_game

    service = _from(tmp_path / "table.sqlite", bloody_monday, state)
    tables = make_tables(service, systems=("bloody_monday",))
    game = run(seated_game(tables, system="bloody_monday", scenario="bloody_monday", seed=1))
    terminal = _from(tmp_path / "terminal.sqlite", bloody_monday, state)
    return (service, tables, game), (terminal, terminal.new_game("bloody_monday", "bloody_monday", 1))


def test_hits_forced_after_the_showdown_are_one_answer_said_of_them_all(tmp_path):
    """Bloody Monday 5.3.6 after the showdown: the French battle in 42 deals the Russian 2 hits, on R-1-3 and
    R-1-11 of 3 each; whichever takes the first, the other takes the second, so the answer is forced. Its
    reason stood on the first hit's line ('Russian 11 (R-1-11, infantry) takes a hit: strength 2 (5.3.6),
    forced: every way to apply these hits ends alike.', then more hit lines), as if that hit alone were
    forced, and the French player's reply read 'Russian: a `hit` command, forced: ...', an order as if one
    were still to give. The hits are counted first and the reason said of them all: in the channel, the
    reply, the terminal and the account the Russian reads when he sits down at the hot seat."""
    from bot.terminal.catch_up import missed
    from bot.terminal.console import render
    from tests.bot.discord.discord_fakes import ANNA, CHANNEL, run
    from tests.rules.bloody_monday.bm_helpers import do, position

    blocks = {"F-I-D": 16, "F-I-1": (16, 4), "R-1-3": (42, 3), "R-1-11": (42, 3)}
    state, _ = do(position(blocks), "french", "tactical", "activate F-I-D", "move F-I-1 42")
    forced = "The Russian player applies 2 hits in 42 (5.3.6), forced: every way to apply these hits ends alike."
    hits = ["Russian 11 (R-1-11, infantry) takes a hit: strength 2 (5.3.6).",
            "Russian 3 (R-1-3, infantry) takes a hit: strength 2 (5.3.6).",
            "French 1 (F-I-1, infantry) takes a hit: strength 3 (5.3.6).",
            "French 1 (F-I-1, infantry) takes a hit: strength 2 (5.3.6).",
            "The battle in 42 is over, still contested (5.3.7)."]
    battle = ["The French player resolves the battle in 42 (5.3).",
              "Showdown in 42 (5.3.3): French: French 1 (F-I-1, infantry); Russian: Russian 11 (R-1-11, infantry), "
              "Russian 3 (R-1-3, infantry).",
              "The Russian player rolls 6 dice in 42: 2 hits (5.3.4).",
              "The French player rolls 4 dice in 42: 2 hits (5.3.4)."]
    (service, tables, game), (terminal, at_terminal) = _at_table_and_terminal(tmp_path, state)
    since, posts = service.store.last_seq(game), len(tables.delivery.messenger.in_channel(CHANNEL))
    assert run(tables.play.submit(ANNA, CHANNEL, "battle 42")) == f"French: battle 42. {forced}"
    post, = tables.delivery.messenger.in_channel(CHANNEL)[posts:]
    assert post == "\n".join([f"**Anna** — {battle[0]}", *battle[1:], forced, *hits])
    assert missed(service, game, "russian", since) == [battle[0], *(f"  {line}" for line in battle[1:]), forced,
                                                       *(f"  {line}" for line in hits)]
    assert render(terminal.submit(at_terminal, "french", "battle 42"), "battle 42", "french").split("\n") == [
        "[1] French: battle 42.", *(f"  {line}" for line in [*battle, forced, *hits])]


def test_hits_a_standing_order_applies_in_a_row_name_it_once(tmp_path):
    """Bloody Monday 5.3.6: the French guns' 2 hits into 42 before the showdown, then 3 of the French battle's after
    it, are a choice each, which the Russian's standing order answers: each hit read '..., by standing order.',
    the 2 hits of one answer after the showdown among the single hits. A row of its answers, nothing else told
    between them, names the order once, as its first line, after the Russian's name: in the channel, the reply
    and the terminal. The showdown and its rolls between two answers end a row, and a new one names it again.
    After the showdown the hits an answer applies are read by everyone, each on its line: the row says them, not
    their count above them as well ('The Russian player applies 2 hits in 42 (5.3.6).' over the two hits it
    counted, each answer said twice); the reply, which tells no hit, says the count."""
    from bot.terminal.console import render
    from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, run
    from tests.rules.bloody_monday.bm_helpers import do, position

    blocks = {"F-I-D": 16, "F-I-1": (16, 4), "F-I-A1": (16, 3), "R-1-3": (42, 3), "R-1-11": (42, 3),
              "R-1-BT": (42, 3)}
    state, _ = do(position(blocks), "french", "tactical", "activate F-I-D", "activate F-I-A1", "move F-I-1 42",
                  "battle 42")
    fired = ["French A (F-I-A1, artillery) fires into 42 at TF, dice 5, 2, 6: 2 hits (5.3.1).",
             "Russian by standing order: The Russian player applies 1 hit in 42 (5.3.6).",
             "The Russian player applies 1 hit in 42 (5.3.6).",
             "Showdown in 42 (5.3.3): French: French 1 (F-I-1, infantry); Russian: Russian 11 (R-1-11, infantry), "
             "Russian 3 (R-1-3, infantry), Russian Barclay de Tolly (R-1-BT, tactical leader).",
             "The Russian player rolls 5 dice in 42: 1 hit (5.3.4).",
             "The French player rolls 4 dice in 42: 3 hits (5.3.4).",
             "Russian by standing order: Russian 11 (R-1-11, infantry) takes a hit: strength 1 (5.3.6).",
             "Russian 3 (R-1-3, infantry) takes a hit: strength 1 (5.3.6).",
             "Russian 11 (R-1-11, infantry) in 42 is eliminated (a loss for morale, 2.4).",
             "French 1 (F-I-1, infantry) takes a hit: strength 3 (5.3.6).",
             "The battle in 42 is over, still contested (5.3.7)."]
    (_, tables, _), (terminal, at_terminal) = _at_table_and_terminal(tmp_path, state)
    run(tables.play.submit(BORIS, CHANNEL, "orders hit protect_leaders"))
    posts = len(tables.delivery.messenger.in_channel(CHANNEL))
    assert run(tables.play.submit(ANNA, CHANNEL, "fire F-I-A1 42")) == " ".join(
        ["French: fire F-I-A1 42.", fired[1], fired[2],
         "Russian by standing order: The Russian player applies 2 hits in 42 (5.3.6).", fired[8]])
    post, = tables.delivery.messenger.in_channel(CHANNEL)[posts:]
    assert post == "\n".join([f"**Anna** — {fired[0]}", *fired[1:]])
    terminal.submit(at_terminal, "russian", "orders hit protect_leaders")
    told = terminal.submit(at_terminal, "french", "fire F-I-A1 42")
    assert render(told, "fire F-I-A1 42", "french").split("\n") == ["[1] French: fire F-I-A1 42.",
                                                                    *(f"  {line}" for line in fired)]


def test_a_standing_order_given_while_its_hits_wait_tells_every_hit_in_their_question_message(tmp_path):
    """Bloody Monday 5.3.6: the French guns' 2 hits into 42 before the showdown wait for the Russian, asked by DM
    with buttons; he gives `orders hit protect_leaders` instead, which applies both, one answer after the other.
    His question message read the first alone ('Russian by standing order (hit: protect_leaders): hit R-1-11.'),
    the second hit lost from it; it reads both, in order, the order named once."""
    from bot.tools.fog_check import Position
    from rules import bloody_monday
    from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, make_tables, run, seated_game
    from tests.rules.bloody_monday.bm_helpers import do, position

    blocks = {"F-I-D": 16, "F-I-1": (16, 4), "F-I-A1": (16, 3), "R-1-3": (42, 3), "R-1-11": (42, 3),
              "R-1-BT": (42, 3)}
    state, _ = do(position(blocks), "french", "tactical", "activate F-I-D", "activate F-I-A1", "move F-I-1 42",
                  "battle 42")
    tables = make_tables(GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: Position(bloody_monday, state)),
                         systems=("bloody_monday",))
    run(seated_game(tables, system="bloody_monday", scenario="bloody_monday", seed=1))
    messenger = tables.delivery.messenger
    run(tables.play.submit(ANNA, CHANNEL, "fire F-I-A1 42"))
    asked, = [kept for kept, buttons in messenger.kept_buttons.items() if buttons]
    assert "Apply 2 hits in 42" in messenger.kept[asked][1]
    run(tables.play.submit(BORIS, CHANNEL, "orders hit protect_leaders"))
    assert messenger.kept[asked] == (f"dm:{BORIS.id}", "Game 1: Russian by standing order (hit: protect_leaders): "
                                                       "hit R-1-11; hit R-1-3.")
    assert not messenger.kept_buttons[asked]


@pytest.mark.parametrize("planted", [False, True])
def test_the_words_of_a_forced_hit_never_tell_a_hidden_block(monkeypatch, planted):
    """The swap test through the front ends (bot/tools/fog_check/): Last Blood's Grande Batterie fires into
    45, where the Russian's lone block takes the hit at once; the French player's reply, the channel and the
    terminal read 'The Russian player applies 1 hit in 45 (5.3.6), forced: the only Russian block in 45.'
    alike whether R-1-2J or R-1-1J (both jagers of 3, neither seen) stands there. A positive control plants
    words read from the Russian's own line of the hit, which names the block, and the French tell the two
    apart."""
    from bot.service import standing
    from bot.tools import fog_check
    from rules import bloody_monday
    from rules.bloody_monday import swaptest

    if planted:
        def leaky(system, result) -> str | None:
            return next((e["text"] for e in result.events if e.get("to") == result.side), None)
        monkeypatch.setattr(standing, "on_its_first_event", leaky)
    state = bloody_monday.setup("last_blood", 1, ["russian_jager"])
    lines = [fog_check.Line("fire F-III-A 45", accepted=True)]
    one, two = (fog_check.observed(bloody_monday, position, "french", lines)
                for position in (state, swaptest.swapped(state, "R-1-2J", "R-1-1J")))
    assert (fog_check.first_difference(one, two) is not None) is planted
    assert planted or "/order fire F-III-A 45: French: fire F-III-A 45. The Russian player applies 1 hit in 45 " \
                      "(5.3.6), forced: the only Russian block in 45." in one


@pytest.mark.long  # two games at a table: about a second
@pytest.mark.parametrize("planted", [False, True])
def test_a_row_said_by_its_hits_reads_the_same_whatever_the_hidden_blocks_are(monkeypatch, planted):
    """Bloody Monday 5.3.6: the French guns' 2 hits into 42, then the battle's 3 after the showdown, applied by the
    Russian's standing order: after the showdown a row's answer is said by the hits it applied, its count left out
    (bot/service/turns.py, on_its_events), from what everyone reads. The French player observes the same at the
    table whichever of R-1-17 and R-1-23, neither seen, stands in 52. The positive control plants a leak: the count
    left out only while R-1-17 stands there, and the check shows it."""
    from bot.service import standing, turns
    from bot.tools import fog_check
    from rules import bloody_monday
    from rules.bloody_monday import swaptest
    from tests.rules.bloody_monday.bm_helpers import do, position

    if planted:
        goes_on, counted = standing._goes_on, turns._counted_above_its_hits

        def marked(service, game_id, system, result, after):  # what the leak reads: where a hidden block stands
            setattr(result, "hidden", after["blocks"]["R-1-17"]["area"])
            return goes_on(service, game_id, system, result, after)
        monkeypatch.setattr(standing, "_goes_on", marked)
        monkeypatch.setattr(turns, "_counted_above_its_hits",
                            lambda result: counted(result) and getattr(result, "hidden", None) == 52)
    blocks = {"F-I-D": 16, "F-I-1": (16, 4), "F-I-A1": (16, 3), "R-1-3": (42, 3), "R-1-11": (42, 3),
              "R-1-BT": (42, 3), "R-1-17": (52, 1), "R-1-23": (53, 2)}
    state, _ = do(position(blocks), "french", "tactical", "activate F-I-D", "activate F-I-A1", "move F-I-1 42",
                  "battle 42")
    given = [fog_check.Line("orders hit protect_leaders", accepted=True, side="russian"),
             fog_check.Line("fire F-I-A1 42", accepted=True)]
    one, two = (fog_check.observed(bloody_monday, position, "french", given, terminal=False)
                for position in (state, swaptest.swapped(state, "R-1-17", "R-1-23")))
    assert (fog_check.first_difference(one, two) is not None) is planted
    assert planted or any("Russian by standing order: Russian 11 (R-1-11, infantry) takes a hit: strength 1 "
                          "(5.3.6).\nRussian 3 (R-1-3, infantry) takes a hit" in seen for seen in one), one


def _attrition() -> tuple[dict, list[tuple[str, str]]]:
    """The French end their Supply Segment; the Russian Player-Turn's attrition takes a corps, and the
    Russians have one stack, in Moscow."""
    from tests.rules.campaign_1812.c1812_helpers import position, rig
    state = position({15: {"inf": 2}}, {17: {"inf": 1}}, phase="supply")
    rig(state["dice"], 6)
    return state, [("french", "end")]


def _battle(russian: dict, russian_plan: str, die: int) -> tuple[dict, list[tuple[str, str]]]:
    """The battle of Smolensk (15), French stacks in every place next to it but Vitebsk (10) with D1 Dr
    (`die` 2) against the Russian `russian`; in all of them with Dchoice against a Withdraw (`die` 4)."""
    from rules.campaign_1812.game import Game
    from tests.rules.campaign_1812.c1812_helpers import position, rig
    from tests.rules.campaign_1812.test_combat import battle
    around = Game(position()).neighbours(15)
    state = battle({"inf": 3}, russian, more_french={n: {"inf": 1} for n in around if russian_plan == "withdraw"
                                                     or n != 10})
    rig(state["dice"], die)
    return state, [("french", "plan assault"), ("russian", f"plan {russian_plan}")]


@pytest.mark.parametrize("case, reader, told", [
    (_attrition, "russian", "French: end. Attrition: the French player takes a Russian loss in Moscow (17), forced: "
                            "the only Russian stack."),
    (lambda: _battle({"inf": 1, "supply": 1}, "entrench", 2), "french",
     "Russian: plan entrench. The Russian stack in Smolensk (15) retreats to Vitebsk (10), forced: the only place "
     "next to Smolensk (15) without an enemy stack."),
    (lambda: _battle({"inf": 2}, "withdraw", 4), "french",
     "Russian: plan withdraw. The Russian player fights it out in Smolensk (15), forced: every place next to "
     "Smolensk (15) holds a French stack, so there is no retreat.")])
def test_1812_forced_answers_read_as_what_they_did(tmp_path, case, reader, told):
    """1812: an attrition loss where the enemy has one stack, a retreat with one place to go and the defender
    with none (fight) are played at once. The reply of the command that led to them read 'French: end.
    Russian: an `attrit` command, forced: the only Russian stack.', an order as if one were still to give;
    it reads what the answer did, as the channel says it, and the other player sitting down at the hot seat
    reads the same line."""
    from bot.terminal.catch_up import missed
    from rules import campaign_1812

    state, lines = case()
    service = _from(tmp_path / "games.sqlite", campaign_1812, state)
    game = service.new_game("campaign_1812", "campaign", 1)
    since = service.store.last_seq(game)
    results = [service.submit(game, side, line) for side, line in lines]
    assert results[-1].message == told
    _, answer = told.split(". ", 1)
    assert answer in missed(service, game, reader, since)
