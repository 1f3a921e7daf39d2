"""Several orders in one message (bot/tables/batch.py): how a message is split into orders, what
everyone and the author read of each, whether a typed message must leave a public channel, and
the reply listing what became of each order."""
from __future__ import annotations

from bot.service import Result, own_line
from bot.tables.batch import MOST, PASSED, Batch, Said, lines_of, news_of, public_texts, tells_more
from bot.words import plain


def _result(message: str, events: list[dict], public: str | None = None, side: str = "red",
            followed: list[Result] | None = None) -> Result:
    return Result(True, message, 1, side, events=events, public=public, followed=followed or [])


def test_a_message_holds_one_order_a_line_or_several_separated_by_semicolons():
    assert lines_of("move 2525 2824; end\n\n  attack 2824 -> 2723 ") == ["move 2525 2824", "end", "attack 2824 -> 2723"]
    assert lines_of(" ;\n ; ") == []
    assert MOST == 60


def test_the_public_reads_the_public_line_and_public_events_of_a_command_and_those_after_it():
    after = _result("Blue by standing order (answer: loud): answer loud.", [{"text": "blue answers"}],
                    public="Blue by standing order: an `answer` command.", side="blue")
    result = _result("Red: shout.", [{"text": "red shouts"}, {"text": "a secret", "to": "red"},
                                     {"text": "for the log", "to": "log"}], followed=[after])
    assert public_texts(result) == ("Red: shout.", "red shouts", "Blue by standing order: an `answer` command.",
                                    "blue answers")
    assert news_of(result) == ("red shouts", "a secret", "blue answers")
    blue = _result("Blue: roll.", [{"text": "you rolled 6", "to": "blue"}, {"text": "red's", "to": "red"}], side="blue")
    assert news_of(blue) == ("you rolled 6",)


def test_a_typed_line_tells_more_when_a_word_after_its_verb_is_not_public():
    assert not tells_more("MOVE 4  3", ["A stack moves from Riga (4) to Pskov (3)."])
    assert tells_more("move 4 3 1 inf", ["A stack moves from Riga (4) to Pskov (3)."])
    assert tells_more("move f-i-5 46", ["A block moves to 46."])  # a block's id is one word
    assert not tells_more("move f-i-5 46", ["F-I-5 moves to 46."])
    assert not tells_more("move f-i-5 46", ["French: move", "F-I-5 moves to 46"])  # each text's own words, ends too
    assert not tells_more("end", [])


def test_a_batch_is_accepted_when_every_order_tried_was_and_none_is_left_unless_held():
    batch = Batch(["a", "b"])
    batch.said.append(Said("a", True, "done"))
    assert not batch.accepted and batch.untried() == ["b"]
    batch.held = True
    assert batch.accepted
    batch.said.append(Said("b", False, "no"))
    assert not batch.accepted and batch.untried() == []
    whole = Batch(["a"], said=[Said("a", True, "done")])
    assert whole.accepted


def test_an_order_declining_a_choice_none_waits_for_is_passed_over_among_others_refused_alone():
    """Borodino's `stay` after an attack whose result offered no advance (Moot) changes nothing: among
    a message's orders, or held ones released, it is passed over and the orders after it go on; a
    lone one is refused, its sentence saying what the phase asks."""
    moot = Said("stay", False, "`stay` answers ...", moot=True)
    assert Batch(["attack a -> b", "stay", "end"]).passes(moot)
    assert Batch(["stay"], released=True).passes(moot)
    assert not Batch(["stay"]).passes(moot)
    assert not Batch(["stay", "end"]).passes(Said("stay", False, "Not your turn."))
    passed = Batch(["stay", "end"], said=[Said("stay", True, PASSED, moot=True), Said("end", True, "Red: end.",
                                                                                     ("Red: end.",))])
    assert passed.accepted and plain(passed.reply()) == (
        "1. ➖ stay — no choice waits for it, so it changes nothing: passed over.\n2. ✅ Red: end.")


def test_a_typed_message_leaves_the_channel_for_a_secret_order_or_words_the_public_lines_lack():
    secret = Batch(["plan bold"], said=[Said("plan bold", False, "secret", withdraw=True)])
    assert secret.withdraw()
    told = Batch(["move 4 3 1 inf", "end"], hidden=True,
                 said=[Said("move 4 3 1 inf", True, "ok", public=("A stack moves from Riga (4) to Pskov (3).",))])
    assert told.withdraw()
    assert not Batch(["move 4 3 1 inf"], hidden=False,
                     said=[Said("move 4 3 1 inf", True, "ok", public=("A stack moves.",))]).withdraw()
    shown = Batch(["move 4 3", "move 5 6"], hidden=True,
                  said=[Said("move 4 3", True, "ok", public=("From (4) to (3).",))])
    assert shown.withdraw()  # the order not tried names places nobody has read
    assert not Batch(["move 4 3", "end"], hidden=True,
                     said=[Said("move 4 3", True, "ok", public=("From (4) to (3).",))]).withdraw()


def test_one_order_is_answered_with_its_own_words_several_with_a_line_each():
    assert Batch(["end"], said=[Said("end", True, "Red: end.")]).reply() == "Red: end."
    batch = Batch(["move r1 0201", "status", "move r1 0301", "roll", "*end*"],
                  said=[Said("move r1 0201", True, "Red: move r1 0201.", ("Red: move r1 0201.",), ("r1 moves", "ok")),
                        Said("status", True, "Turn 1"),
                        Said("move r1 0301", False, "Not possible now.")])
    assert plain(batch.reply()) == (
        "1. ✅ Red: move r1 0201. r1 moves ok\n2. ✅ status — Turn 1\n3. ❌ move r1 0301 — Not possible now.\n"
        "Not tried, after line 3 was refused: 4. roll; 5. *end*. Send them again once it is put right.")
    assert {"name": "*end*"} in batch.reply()  # the author's words are never read as markup
    batch.held = True
    assert plain(batch.reply()).endswith(
        "3. ❌ move r1 0301 — Not possible now.\nHeld until the choice waiting now is made, then played in order: "
        "4. roll; 5. *end*. (`/orders` opens them to change; emptied, it drops them.)")
    assert plain(Batch(["a", "b"], said=[Said("a", True, "A."), Said("b", True, "B.")]).reply()) == \
        "1. ✅ a — A.\n2. ✅ b — B."
    assert plain(Batch(["roll"], held=True).reply()) == (  # one order, held at once
        "Held until the choice waiting now is made, then played in order: 1. roll. (`/orders` opens them to change; "
        "emptied, it drops them.)")


def test_held_orders_are_numbered_as_in_the_message_they_came_from():
    """Held orders from the 31st line of a box on: their reply numbers them from 31, as the box's did."""
    batch = Batch(["a", "b", "c"], said=[Said("a", True, "A."), Said("b", False, "Not now.")], released=True,
                  first=31)
    assert plain(batch.reply()) == ("31. ✅ a — A.\n32. ❌ b — Not now.\nNot tried, after line 32 was refused: "
                                    "33. c. Send them again once it is put right.")
    batch = Batch(["a", "b"], said=[Said("a", True, "A.")], released=True, first=31, held=True)
    assert plain(batch.reply()) == ("31. ✅ a — A.\nHeld until the choice waiting now is made, then played in order: "
                                    "32. b. (`/orders` opens them to change; emptied, it drops them.)")


def test_the_author_reads_an_effect_once_in_the_fuller_words():
    """A hidden block's move is public as 'A French block moves ...' and named to its side: the
    side's reply read both (seen on simcord in every Bloody Monday and 1812 box of moves); it reads
    its own alone. An engaging block's public line says all its own does: that one stays."""
    hidden = _result("French: move F-I-4 31.", [
        {"kind": "move", "to": "all", "text": "A French block moves 22 → 34 → 31."},
        {"kind": "move", "to": "french", "text": "French 4 (F-I-4, infantry) moves 22 → 34 → 31."},
        {"kind": "info", "to": "all", "text": "31 is contested."}], side="french")
    assert news_of(hidden) == ("French 4 (F-I-4, infantry) moves 22 → 34 → 31.", "31 is contested.")
    engaging = _result("French: move F-I-5 46.", [
        {"kind": "move", "to": "all", "text": "French 5 (F-I-5, infantry) moves 34 → 31 → 46 and engages."},
        {"kind": "move", "to": "french", "text": "French 5 (F-I-5, infantry) moves 34 → 31 → 46."}], side="french")
    batch = Batch(["move F-I-5 46", "end"], said=[Said("move F-I-5 46", True, engaging.message, ("x",),
                                                        news_of(engaging)), Said("end", True, "French: end.", ("y",))])
    assert plain(batch.reply()).splitlines()[0] == \
        "1. ✅ French: move F-I-5 46. French 5 (F-I-5, infantry) moves 34 → 31 → 46 and engages."


def test_a_standing_orders_answer_is_told_under_the_result_it_answers():
    """A standing order answering the choice an attack left reads after the attack's result, as the
    channel and the terminal tell it; on the attack's own line it read as given before the attack.
    An answer the command's line does not end with (a secret order's, told by what the rules show)
    stays where it was."""
    answer = _result("Russian by standing order (advance: redoubt): stay.", [{"text": "3218 stays put."}],
                     side="russian")
    attack = _result("French: attack 3219 -> 3218. Russian by standing order (advance: redoubt): stay.",
                     [{"text": "3219 (5) attacks 3218: Dr."}], side="french", followed=[answer])
    assert news_of(attack) == ("3219 (5) attacks 3218: Dr.", "Russian by standing order (advance: redoubt): stay.",
                               "3218 stays put.")
    said = Said("attack 3219 3218", True, attack.message, public_texts(attack), news_of(attack),
                own=own_line(attack.message, attack))
    batch = Batch(["attack 3219 3218", "end"], said=[said, Said("end", True, "French: end.", ("French: end.",))])
    assert plain(batch.reply()).splitlines()[0] == (
        "1. ✅ French: attack 3219 -> 3218. 3219 (5) attacks 3218: Dr. Russian by standing order (advance: redoubt): "
        "stay. 3218 stays put.")
    assert Batch(["attack 3219 3218"], said=[said]).reply() == attack.message  # one order: its own words, whole
    secret = _result("French: attack 3219 -> 3218. Both plans are down.", [{"text": "3219 (5) attacks 3218: Dr."}],
                     side="french", followed=[_result("Russian: plan hold.", [], side="russian")])
    assert own_line(secret.message, secret) is None
    assert news_of(secret) == ("3219 (5) attacks 3218: Dr.",)


def test_a_row_of_answers_after_the_showdown_says_each_by_its_hits_once():
    """Bloody Monday 5.3.6: a Russian battle whose 4 hits his standing order applies, 2 an answer, the blocks face up
    after the showdown. His box read each answer twice, the count above the two hits it counted ('Russian by
    standing order: The Russian player applies 2 hits in 28 (5.3.6).', two hits, the count again, two more), where
    the channel and the terminal now say the hits alone (bot/service/turns.py, on_its_events); the reply of the
    order alone, which tells no hit, keeps the counts."""
    count = {"kind": "hits", "text": "The Russian player applies 2 hits in 28 (5.3.6)."}
    hits = [{"kind": "hit", "text": f"Russian {unit} (R-2-{unit}, infantry) takes a hit: strength {left} (5.3.6)."}
            for left in (3, 2) for unit in ("2Gr", "CGr")]
    row = [Result(True, "Russian by standing order (hit: protect_leaders): hit R-2-2Gr.", n, "russian", "hit R-2-2Gr",
                  public="Russian by standing order: a `hit` command.", standing="hit: protect_leaders",
                  in_words=f"{'Russian by standing order: ' if n == 2 else ''}{count['text']}", leads=n == 2,
                  runs_on=n == 3, events=[count, *hits[2 * n - 4:2 * n - 2]]) for n in (2, 3)]
    fought = [{"text": "Showdown in 28 (5.3.3): ..."}, {"text": "The French player rolls 8 dice in 28: 4 hits."}]
    battle = _result(" ".join(["Russian: battle 28.", *(r.answer for r in row)]), fought, side="russian", followed=row)
    said = Said("battle 28", True, battle.message, public_texts(battle), news_of(battle),
                own=own_line(battle.message, battle))
    ended = Said("end", True, "Russian: end.", ("Russian: end.",))
    assert plain(Batch(["battle 28", "end"], said=[said, ended]).reply()).splitlines()[0] == " ".join([
        "1. ✅ Russian: battle 28. Showdown in 28 (5.3.3): ... The French player rolls 8 dice in 28: 4 hits.",
        "Russian by standing order:", *(hit["text"] for hit in hits)])
    assert Batch(["battle 28"], said=[said]).reply() == (
        "Russian: battle 28. Russian by standing order: The Russian player applies 2 hits in 28 (5.3.6). "
        "The Russian player applies 2 hits in 28 (5.3.6).")
