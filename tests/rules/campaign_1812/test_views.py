"""views.py: what each side is shown -- its prompt in every step of the Sequence of Play, for the side that acts
and for the one that waits (and the public), and the view's fields as the front ends read them."""
import pytest

from tests.rules.campaign_1812.c1812_helpers import c1812, do, position
from tests.rules.campaign_1812.test_combat import battle
from tests.rules.campaign_1812.test_data import _doc

def _plans(*chits: tuple[str, str]) -> dict:
    state = battle({"inf": 3}, {"inf": 2})
    for side, chit in chits:
        state, _ = do(state, side, f"plan {chit}")
    return state


KEPT = "\n- or the chit for every battle of this phase: `plan <chit> all`"  # one answer for the phase's battles
ATTACKER = ("Battle of Smolensk (15), you are the attacker: choose your Battle Plan:\n"  # the choice, then points
            "- `plan <chit>`, one of outflank, assault, reconnaissance, contact" + KEPT)
DEFENDER = ("Battle of Smolensk (15), you are the defender: choose your Battle Plan:\n"
            "- `plan <chit>`, one of withdraw, entrench, counterattack, cordon" + KEPT)
STEPS = {
    "attrition": (lambda: position({15: {"inf": 2}}, {18: {"inf": 1}}, player="russian", phase="attrition",
                                   attrition=2),
                  "Choose where Russian attrition falls (2 to take), `attrit <place>`, one of:\n- Mogilev (18)\n"
                  "- or all 2 at once: `attrit <place> <place>`",  # ATTRITION: chosen at once too
                  "The French player chooses where Russian attrition falls (2 to take)."),
    "movement": (lambda: position({15: {"inf": 2}}, {18: {"inf": 1}}),
                 "Move stacks one place (`move <from> <to> [<n> inf ...]`), then `end`.",
                 "The French player's Movement Phase."),
    "march": (lambda: position({15: {"inf": 2}}, {18: {"inf": 1}}, phase="march"),
              "Force march corps one place further (`march <from> <to> [<n> inf ...]`), then `end`.",
              "The French player's Forced March."),
    "supply": (lambda: position({15: {"inf": 2, "supply": 1}, 14: {"supply": 1}}, {18: {"inf": 1}}, phase="supply"),
               "Create depots, `depot <place>`, in any of:\n- Minsk (14)\n- then `end` the Supply Segment",
               "The French player may create depots; then the Supply Segment is resolved."),
    "removal": (lambda: position({15: {"inf": 2}}, {18: {"inf": 1}}, phase="removal", removal=1),
                "Remove a corps of your choice, `remove <place> inf|cav`:\n- infantry corps in Smolensk (15)",
                "The French player removes a corps (Victory Point Index)."),
    "plans": (_plans, ATTACKER, DEFENDER),
    "a plan down": (lambda: _plans(("french", "assault")),
                    ATTACKER + "\n- your chit: Assault\n- you may change it until both are revealed", DEFENDER),
}


@pytest.mark.parametrize("step", STEPS)
def test_the_side_that_acts_is_told_what_to_type_and_the_other_what_it_waits_for(step):
    make, french, russian = STEPS[step]
    prompts = {viewer: c1812.view(make(), viewer)["prompt"] for viewer in ("french", "russian", None)}
    public = "Battle of Smolensk (15): both players choose a Battle Plan in secret." if "plan" in step else russian
    assert prompts == {"french": french, "russian": russian, None: public}


def test_the_defender_s_choice_and_a_retreat_are_asked_of_their_side_alone():
    state = _plans(("french", "assault"), ("russian", "withdraw"))
    waiting = "Battle of Smolensk (15): the Russian player's choice."
    choice = ("Battle of Smolensk (15): `fight`, or `retreat <place>` to one of:\n- Vitebsk (10)\n- Mogilev (18)\n"
              "- Roslavl (23)\n- Vyazma (161)")
    assert {viewer: c1812.view(state, viewer)["prompt"] for viewer in ("french", "russian", None)} == {
        "french": waiting, "russian": choice, None: waiting}
    state = position({15: {"inf": 2}}, {15: {"cav": 1}}, phase="combat",
                     retreat={"side": "russian", "place": 15, "battle": True})
    retreats = "The Russian stack in Smolensk (15) must retreat."
    assert {viewer: c1812.view(state, viewer)["prompt"] for viewer in ("french", "russian", None)} == {
        "french": retreats, None: retreats,
        "russian": "Retreat your stack from Smolensk (15), `retreat <place>`, to one of:\n- Vitebsk (10)\n"
                   "- Mogilev (18)\n- Roslavl (23)\n- Vyazma (161)"}
    assert c1812.view(state, None)["retreat"] == {"side": "russian", "place": 15, "battle": True}
    cornered = position({15: {"inf": 2}, 18: {"inf": 1}, 23: {"inf": 1}, 161: {"inf": 1}}, {15: {"cav": 1}},
                        phase="combat", retreat={"side": "russian", "place": 15, "battle": True})
    assert c1812.view(cornered, "russian")["prompt"] == (
        "Retreat your stack from Smolensk (15): `retreat <place>`, to Vitebsk (10).")


def test_a_forced_retreat_is_asked_of_the_others_in_its_own_line_s_words():
    """COMBAT: a stack without infantry confronted by enemy infantry must retreat. Its line and the
    prompt of all but its own side are one sentence, so the channel says it once, above a headline
    that asks it (it read '... has no infantry and is confronted by French infantry: it must retreat
    (COMBAT).' above '... must retreat.'); its own side reads where it may go."""
    state, events = do(position({15: {"cav": 1}}, {15: {"inf": 2}}, phase="march"), "french", "end")
    (line,) = [e["text"] for e in events if e["kind"] == "retreat"]
    assert line == ("The French stack in Smolensk (15) must retreat: it has no infantry and is confronted by Russian "
                    "infantry (Combat).")
    assert {viewer: c1812.view(state, viewer)["prompt"] for viewer in ("french", "russian", None)} == {
        "russian": line, None: line,
        "french": "Retreat your stack from Smolensk (15), `retreat <place>`, to one of:\n- Vitebsk (10)\n"
                  "- Mogilev (18)\n- Roslavl (23)\n- Vyazma (161)"}


def test_a_side_with_cavalry_in_the_battle_is_told_where_it_may_withdraw_and_where_its_chit_sends_it():
    """COMBAT: 'Cavalry may always retreat prior to infantry vs. infantry combat': only a side with cavalry there
    is offered `withdraw`, with the places it may go; its chit down, the prompt says where they go."""
    state = battle({"inf": 3}, {"inf": 2, "cav": 1})
    offer = (DEFENDER + "\n- your cavalry may withdraw first: `plan <chit> withdraw <place>`\n- it withdraws to one "
             "of Vitebsk (10), Mogilev (18), Roslavl (23), Vyazma (161)")
    assert [c1812.view(state, side)["prompt"] for side in ("french", "russian")] == [ATTACKER, offer]
    state, _ = do(state, "russian", "plan cordon withdraw 18")
    assert c1812.view(state, "russian")["prompt"] == offer + (
        "\n- your chit: Cordon, cavalry withdrawing to Mogilev (18)\n- you may change it until both are revealed")
    assert c1812.view(state, "french")["prompt"] == ATTACKER  # nothing says whether the other has chosen


def test_a_side_sees_its_own_chit_until_both_are_revealed():
    state = _plans(("french", "assault"))
    assert [c1812.view(state, side)["battle"]["my_plan"] for side in ("french", "russian")] == ["assault", None]


def test_the_french_attrition_is_chosen_by_the_russian_player():
    state = position({15: {"inf": 2}}, {18: {"inf": 1}}, phase="attrition", attrition=1)
    assert [c1812.view(state, viewer)["prompt"] for viewer in ("russian", "french")] == [
        "Choose where French attrition falls (1 to take), `attrit <place>`, one of:\n"
        "- Smolensk (15)",
        "The Russian player chooses where French attrition falls (1 to take)."]


def test_the_supply_segment_says_when_no_depot_may_be_made():
    """SUPPLY: a depot is made 'by voluntarily 100% depleting an unoccupied area with a supply unit': a supply unit
    with corps beside it makes none."""
    state = position({15: {"inf": 2, "supply": 1}}, {18: {"inf": 1}}, phase="supply")
    assert c1812.view(state, "french")["prompt"] == (
        "No depot can be made now: `end` the Supply Segment.\n- a supply unit makes one in an area no corps occupies")


def test_a_game_over_asks_nothing():
    state = position({15: {"inf": 2}}, {18: {"inf": 1}}, phase="over")
    assert [c1812.view(state, viewer)["prompt"] for viewer in ("french", "russian", None)] == [None, None, None]


def test_a_game_over_no_longer_counts_what_is_left_to_win():
    """VICTORY CONDITIONS: once the game is over its outcome says how it ended ('the French hold 12
    Victory Points; they needed 22'); the note under it read '22 to win' of a finished game."""
    state = position({15: {"inf": 2}}, {18: {"inf": 1}}, phase="march")
    assert c1812.view(state, None)["notes"][0].endswith(", 22 to win.")
    state["outcome"] = {"winner": "russian", "level": "marginal", "reason": "the French hold 12 Victory Points; "
                        "they needed 22"}
    assert [c1812.view(state, viewer)["notes"] for viewer in ("french", "russian", None)] == [[], [], []]


def test_the_view_in_full_for_its_owner_and_the_public():
    """December I, a winter turn: the clock and track, the options, the last six battles of the log, each
    place's control and depletion, the owner's stack with its moved corps and those free to move on, and the enemy's
    as a marker."""
    state = position({12: {"inf": 2, "supply": 1}}, {18: {"inf": 1}}, turn=12, depleted={"12": 50},
                     moved={"12": {"inf": 1, "cav": 0, "supply": 0, "depot": 0}},
                     log=[{"turn": n} for n in range(1, 9)], options=["depot_supply"])
    french = c1812.view(state, "french")
    places = french.pop("places")
    assert len(places) == 38 and [p for p in places if p["number"] in (12, 162)] == [
        {"number": 12, "name": "Vilna", "area": 12, "fort": True, "points": 1, "control": "russian", "depleted": 50},
        {"number": 162, "name": "Borodino", "area": 16, "fort": False, "points": 0, "control": None, "depleted": 0}]
    assert french == {
        "system": "campaign_1812", "scenario": "campaign", "viewer": "french", "reconstructed": True,
        "title": "The Campaign, June to December 1812 (reconstructed from SPI's published overview)",
        "turn": 12, "last_turn": 13, "label": "December I", "clock": "December I 1812, winter", "winter": True,
        "phase": "Movement Phase", "player": "french", "to_move": ["french"],
        "prompt": "Move stacks one place (`move <from> <to> [<n> inf ...]`), then `end`.",
        "notes": ["Victory Points: French 1, index 19, 22 to win."], "vp": 1, "index": 19,
        "index_track": [0, 1, 3, 5, 6, 8, 9, 11, 13, 15, 17, 19, 22], "winter_turns": [10, 11, 12, 13],
        "units": [{"side": "french", "area": 12, "id": "F12", "type": "2 inf, 1 supply",
                   "strength": 2, "inf": 2, "cav": 0, "supply": 1, "depot": 0, "moved": 1, "marched": 0,
                   "free_to_move": {"inf": 1, "cav": 0, "supply": 1, "depot": 0},
                   "free_to_march": {"inf": 2, "cav": 0}},
                  {"side": "russian", "area": 18, "type": "stack"}],
        "battle": None, "retreat": None,
        "unit_words": {"unit": "stack", "units": "stacks", "columns": ["place", "stack", "holds", "corps"]},
        "log": [{"turn": n} for n in range(3, 9)], "outcome": None, "options": ["depot_supply"],
        "tables": None}
    state["turn"] = 8
    assert (c1812.view(state, None)["clock"], c1812.view(state, None)["winter"]) == ("October I 1812", False)
    state["turn"] = 12
    public = c1812.view(state, None)
    assert public["units"] == [{"side": "french", "area": 12, "type": "stack"}, {"side": "russian", "area": 18,
                                                                                  "type": "stack"}]
    assert {k: v for k, v in public.items() if k not in ("units", "viewer", "prompt")} == \
        {k: v for k, v in c1812.view(state, "french").items() if k not in ("units", "viewer", "prompt")}


def test_an_own_stack_holds_what_a_move_counts_it_with():
    """'3 inf, 2 cav, 2 supply, 2 depots': the words of `move 12 10 3 inf 1 supply`, which keep the units list to a
    phone's width ('depots' is a move's word as well)."""
    state = position({12: {"inf": 3, "cav": 2, "supply": 2, "depot": 2}, 15: {"depot": 1}}, {18: {"inf": 1}})
    kinds = {u["area"]: u["type"] for u in c1812.view(state, "french")["units"] if u["side"] == "french"}
    assert kinds == {12: "3 inf, 2 cav, 2 supply, 2 depots", 15: "1 depot"}


def test_every_view_names_the_player_s_own_tables_a_game_plays():
    """The tables are printed for both players: a game set up with a player's own gives them in every view (the
    computer counts its battles on them), a game on the shipped ones none."""
    own = _doc("tables.toml")
    own["combat_results"]["french_leadership"] = 0
    state = c1812.setup("campaign", 1, {"tables": own})
    assert [c1812.view(state, viewer)["tables"] for viewer in ("french", "russian", None)] == [own, own, own]
    assert c1812.view(c1812.setup("campaign", 1), "french")["tables"] is None
    own["turns"]["winter"] = [12, 13]
    assert c1812.view(c1812.setup("campaign", 1, {"tables": own}), "french")["winter_turns"] == [12, 13]
