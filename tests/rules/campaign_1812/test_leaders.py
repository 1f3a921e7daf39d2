"""The optional leader rule (rules/campaign_1812/leaders.py): SPI's 1812 overview, "separate leader units are
brought into play via an optional rule ... in the basic game ... leaders are accounted for by a rule that adjusts
the die roll to reflect French superiority of leadership"; how they perform is reconstructed."""
import pytest

from rules.campaign_1812 import turns
from rules.campaign_1812.game import Game
from rules.core.errors import CommandError
from tests.rules.campaign_1812.c1812_helpers import c1812, do, position, refused, rig, texts


def napoleon(place: int, moved: bool = False) -> dict:
    return {"name": "Napoleon", "place": place, "rating": 2, "moved": moved}


def kutuzov(place: int) -> dict:
    return {"name": "Kutuzov", "place": place, "rating": 1, "moved": False}


def with_leaders(french: dict, russian: dict, leaders: dict, **fields) -> dict:
    return position(french, russian, options=["leaders"], leaders=leaders, **fields)


def test_the_leader_rule_is_an_option_off_by_default():
    """'The leader units are only used in a game including the Optional rules.'"""
    assert "leaders" in c1812.INFO.options and "leaders" not in c1812.INFO.new_game_options
    assert "leaders" not in c1812.setup("campaign", 1)
    state = c1812.setup("campaign", 1, ["leaders"])
    assert state["leaders"] == {"french": napoleon(30), "russian": {"name": "Barclay", "place": 12, "rating": 1,
                                                                    "moved": False}}


def test_a_leader_is_hidden_in_his_stack():
    """STACKING: 'The opposing Player may not learn the composition of the stack': the owner sees Napoleon in his
    stack; the Russian and the public views never name him."""
    state = c1812.setup("campaign", 1, ["leaders"])
    mine = next(u for u in c1812.view(state, "french")["units"] if u["area"] == 30)
    assert mine["type"].endswith(", with Napoleon")
    for viewer in ("russian", None):
        assert "Napoleon" not in str(c1812.view(state, viewer))


def test_a_leader_moves_with_the_corps_named_once_a_player_turn():
    state = with_leaders({12: {"inf": 3}, 10: {"inf": 1}}, {1: {"inf": 1}}, {"french": napoleon(12)})
    state, events = do(state, "french", "move 12 10 1 inf leader")
    assert state["leaders"]["french"]["place"] == 10
    assert "Napoleon goes with them to Vitebsk (10)." in texts(events, "french")
    assert all("Napoleon" not in t for t in texts(events, "all"))
    sentence = refused(state, "french", "move 10 15 1 inf leader", "Leaders")
    assert sentence == "Napoleon has moved this Player-Turn; a leader moves once (Leaders)."


def test_a_part_of_a_stack_leaves_him_a_whole_stack_takes_him():
    state = with_leaders({12: {"inf": 3}}, {1: {"inf": 1}}, {"french": napoleon(12)})
    state, _ = do(state, "french", "move 12 10 1 inf")
    assert state["leaders"]["french"]["place"] == 12
    state, _ = do(state, "french", "move 12 9")
    assert state["leaders"]["french"]["place"] == 9


def test_he_never_stands_alone_the_last_corps_to_leave_take_him():
    state = with_leaders({12: {"inf": 2, "supply": 1}}, {1: {"inf": 1}}, {"french": napoleon(12, moved=True)})
    state, _ = do(state, "french", "move 12 10 2 inf")
    assert state["leaders"]["french"]["place"] == 10


def test_he_moves_with_corps_only_and_never_force_marches():
    state = with_leaders({12: {"inf": 1, "supply": 1}}, {1: {"inf": 1}}, {"french": napoleon(12)})
    assert refused(state, "french", "move 12 10 1 supply leader", "Leaders") == \
        "Napoleon moves with corps: name at least one `inf` or `cav` (Leaders)."
    with pytest.raises(CommandError, match="never force marches"):
        c1812.parse("french", "march 12 10 1 inf leader")
    assert refused(position({12: {"inf": 1}}), "french", "move 12 10 1 inf leader", "Leaders") == \
        "No leader of yours stands in Vilna (12) (this game is played without the leader rule) (Leaders)."


def test_a_leader_is_lost_with_the_last_corps_of_his_place():
    """Attrition takes the only corps with Kutuzov: he is lost, and only the Russian player is told."""
    state = with_leaders({12: {"inf": 2}}, {15: {"inf": 1}, 10: {"inf": 2}}, {"russian": kutuzov(15)},
                         phase="attrition", player="russian", attrition=1)
    state, events = do(state, "french", "attrit 15")
    assert "russian" not in state["leaders"]
    assert texts(events, "russian")[-1] == "Kutuzov is lost with the last corps in Smolensk (15)."
    assert all("Kutuzov" not in t for t in texts(events, "all") + texts(events, "french"))


def battle(leaders: dict) -> list[str]:
    state = with_leaders({15: {"inf": 3}}, {15: {"inf": 3}}, leaders, phase="march")
    state, _ = do(state, "french", "end")
    rig(state["dice"], 3)
    state, _ = do(state, "russian", "plan cordon")
    return texts(do(state, "french", "plan assault")[1], "all")


@pytest.mark.parametrize("leaders, modified", [
    ({"french": napoleon(15), "russian": kutuzov(15)}, 4),  # +2 -1: the basic game's one, with both there
    ({"french": napoleon(15)}, 5),
    ({"russian": kutuzov(15)}, 2),
    ({"french": napoleon(12), "russian": kutuzov(1)}, 3),  # neither at the battle: no shift
])
def test_the_leaders_in_the_battle_shift_the_die_in_place_of_french_leadership(leaders, modified):
    """Assault against Cordon goes to the Combat Results Table; the die, a 3, is shifted by the attacker's
    leader's rating up and the defender's down."""
    lines = battle(leaders)
    assert any(line.startswith("Combat Results Table: 3 against 3, column 1-1, die 3 "
                               f"(modified {modified})") for line in lines), lines


def test_the_battle_shows_the_leaders_with_the_stacks():
    lines = battle({"french": napoleon(15), "russian": kutuzov(15)})
    assert lines[0].endswith("French: 3 infantry corps, with Napoleon; Russian: 3 infantry corps, with Kutuzov.")


def test_without_the_option_the_basic_french_leadership_shift_stands():
    state = position({15: {"inf": 3}}, {15: {"inf": 3}}, phase="march")
    state, _ = do(state, "french", "end")
    rig(state["dice"], 3)
    state, _ = do(state, "russian", "plan cordon")
    lines = texts(do(state, "french", "plan assault")[1], "all")
    assert any(line.startswith("Combat Results Table: 3 against 3, column 1-1, die 3 (modified 4)") for line in lines)
    assert "leaders" not in Game(state).s


def test_a_move_naming_a_leader_elsewhere_says_where_he_is():
    state = with_leaders({12: {"inf": 3}, 10: {"inf": 1}}, {1: {"inf": 1}}, {"french": napoleon(10)})
    assert refused(state, "french", "move 12 9 1 inf leader", "Leaders") == \
        "No leader of yours stands in Vilna (12); Napoleon is in Vitebsk (10) (Leaders)."


def test_a_move_naming_a_lost_leader_says_he_is_lost_and_his_going_is_told_to_his_side():
    state = with_leaders({12: {"inf": 3}}, {1: {"inf": 1}}, {"russian": kutuzov(1)})
    assert refused(state, "french", "move 12 10 1 inf leader", "Leaders") == \
        "No leader of yours stands in Vilna (12); yours is lost (Leaders)."
    state = with_leaders({12: {"inf": 3}}, {1: {"inf": 1}}, {"french": napoleon(12)})
    _, events = do(state, "french", "move 12 10 1 inf leader")
    assert events[-1] == {"kind": "leader", "to": "french", "text": "Napoleon goes with them to Vitebsk (10).",
                          "irreversible": False}


def test_a_leader_who_moved_moves_again_in_his_sides_next_player_turn():
    state = with_leaders({12: {"inf": 3}, 30: {"inf": 2}}, {1: {"inf": 1}}, {"french": napoleon(12, moved=True)},
                         player="russian")
    rig(state["dice"], 1)  # the French attrition: one corps
    turns.begin_player_turn(Game(state), "french")
    state, _ = do(state, "russian", "attrit 30")
    state, _ = do(state, "french", "move 12 10 1 inf leader")
    assert state["leaders"]["french"]["place"] == 10


def test_the_loss_of_a_leader_is_told_to_his_side_alone():
    state = with_leaders({12: {"inf": 2}}, {15: {"inf": 1}, 10: {"inf": 2}}, {"russian": kutuzov(15)},
                         phase="attrition", player="russian", attrition=1)
    _, events = do(state, "french", "attrit 15")
    assert events[-1] == {"kind": "leader", "to": "russian", "text": "Kutuzov is lost with the last corps in Smolensk "
                          "(15).", "irreversible": False}
