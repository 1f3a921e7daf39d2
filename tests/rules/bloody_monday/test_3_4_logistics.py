"""3.0-3.6 the Logistics Phase (the 3.2 example: LV 4+2=6; the 3.3 Tatarinova example; restoring
at the printed costs) and 4.1 the isolation check and lines of communication."""
from __future__ import annotations

from rules.bloody_monday import turns
from tests.rules.bloody_monday.bm_helpers import do, game, position, refused, strength

RUSSIAN_POOL = ["R-G-L", "R-G-A4", "R-1-A2", "R-1-3C", "R-C-1DC", "R-C-2DC", "R-C-3DC"]


def logistics(state: dict) -> dict:
    g = game(state)
    g.s["turn"] = 2
    turns.start_logistics(g)
    return g.s


def test_3_2_example_napoleon_logistics_value_4_plus_2_is_6():
    """3.2: "Napoleon (at 4 stars) is revealed – without moving – in Shevardino (1 MP). The French player
    calculates his Logistics Value by adding 2 (as he controls Shevardino and Borodino) to Napoleon's
    Strength (4). The French Logistics Value is then 4+2=6." ... "At the end of the Logistics Phase
    Napoleon is reduced to 3 stars and concealed." The Russian, without the Initiative, chooses first."""
    state = logistics(position({"F-NAP": 19}, control={41: "french"}))
    assert state["player"] == "russian" and state["logistics"]["order"] == ["russian", "french"]
    state, _ = do(state, "russian", "end")
    state, events = do(state, "french", "activate F-NAP")
    assert state["logistics"]["lv"] == 6 and any(e.get("lv") == 6 for e in events)
    state, _ = do(state, "french", "end")
    assert strength(state, "F-NAP") == 3 and not state["blocks"]["F-NAP"]["activated"]
    assert state["phase"] == "impulses" and state["player"] == "french"


def test_3_2_example_six_reinforcements_into_shevardino_and_borodino():
    """3.2: "Then he first deploys 6 Reinforcements" - with Napoleon in Shevardino, the French hold
    only Shevardino and Borodino, so both together take six units (map.toml's colours)."""
    state = logistics(position({"F-NAP": 19}, control={41: "french"}))
    state, _ = do(state, "russian", "end")
    state, _ = do(state, "french", "activate F-NAP", "reinforce")
    deployed = sorted(b["area"] for bid, b in state["blocks"].items() if b["where"] == "map" and bid[0] == "F"
                      and bid != "F-NAP")
    assert len(deployed) == 6 and set(deployed) == {19, 41}
    assert refused(state, "french", "reinforce", "3.2") == (
        "You have deployed the 6 reinforcements your Logistics Value allows; `restore` or `end` (3.2).")


def test_3_3_a_reinforcement_refused_says_why_none_can_come():
    """3.3: reinforcements come from the pool into controlled, uncontested, not isolated victory areas:
    a `reinforce` refused names the one that is missing, the pool or the room."""
    state = logistics(position({"F-NAP": 19}, pools=[]))
    state, _ = do(state, "russian", "end")
    state, _ = do(state, "french", "activate F-NAP")
    assert refused(state, "french", "reinforce", "3.3") == (
        "Your Reinforcements Pool is empty; `restore` or `end` (3.3).")
    state = logistics(position({"F-NAP": 19, "F-I-1": 19, "R-1-2J": 19}))
    state, _ = do(state, "russian", "end")
    state, _ = do(state, "french", "activate F-NAP 22")
    assert refused(state, "french", "reinforce", "3.3") == (
        "No victory area of yours is uncontested, not isolated and with room; `restore` or `end` (3.3).")


def test_3_1_reinforcements_are_the_players_choice():
    """3.1: "Then he may, in this order: 1. deploy Reinforcements and 2. restore Tactical Leaders ...":
    none come unasked, the player deploys as many as he wants up to the LV, and not after restoring."""
    state = logistics(position({"R-1-BT": (100, 2)}, pools=RUSSIAN_POOL))
    state, _ = do(state, "russian", "activate R-KUT")
    assert all(state["blocks"][b]["where"] == "pool" for b in RUSSIAN_POOL)
    state, events = do(state, "russian", "reinforce 2")
    assert sum(state["blocks"][b]["where"] == "map" for b in RUSSIAN_POOL) == 2
    assert any(e["to"] == "russian" and e["kind"] == "reinforcements" for e in events)
    refused(state, "russian", f"reinforce {state['logistics']['lv']}", "3.2")
    state, _ = do(state, "russian", "restore R-1-BT")
    refused(state, "russian", "reinforce 1", "3.1")


def test_3_3_tatarinova_example():
    """3.3: "He randomly draws his first Reinforcement, and deploys it in Tatarinova, as he does for
    his second, third and fourth. Then Tatarinova is full stacked. So next he deploys his fifth in Utitsa
    (as Gorki is already full stacked). No other controlled Victory Area is available, thus the last two
    Units must remain in the Reinforcements Pool." (nine LPs: five victory areas and Kutuzov at 4)."""
    held = {"R-1-3": 69, "R-1-4": 55, "F-I-1": 55, "R-1-11": 41, "F-I-2": 41}
    state = logistics(position(held, control={41: "russian", 57: "french"}, pools=RUSSIAN_POOL))
    state, events = do(state, "russian", "activate R-KUT", "reinforce")
    assert state["logistics"]["lv"] == 9
    placed = {bid: b["area"] for bid, b in state["blocks"].items() if bid in RUSSIAN_POOL and b["where"] == "map"}
    assert sorted(placed.values()) == [62, 107, 107, 107, 107]
    assert len([b for b in RUSSIAN_POOL if state["blocks"][b]["where"] == "pool"]) == 2
    public = [e for e in events if e["to"] == "all" and e["kind"] == "reinforcements"]
    assert public and not any(b in public[0]["text"] for b in RUSSIAN_POOL)


def test_3_1_the_supreme_commander_activates_in_a_friendly_uncontested_area():
    """3.1: "he must reveal (+1 MP) his Supreme Commander in a friendly and uncontested Area"."""
    state = logistics(position({"F-NAP": 42, "R-1-1J": 42}))
    state, _ = do(state, "russian", "end")
    refused(state, "french", "activate F-NAP", "3.1")
    state, _ = do(state, "french", "activate F-NAP 16")
    assert state["blocks"]["F-NAP"]["area"] == 16


def test_3_4_to_3_6_restoring_in_order_and_at_the_printed_costs():
    """3.6: "the Russian player spends two of his LPs to rebuild the Life Guard Jager Brigade to full
    strength"; 3.1: leaders, then artillery, then combat units, each budget the LV (Kutuzov 4 + 5)."""
    state = logistics(position({"R-G-LGJ": (69, 2), "R-1-BT": (100, 2), "R-1-A1": (100, 2)}, pools=[]))
    state, _ = do(state, "russian", "activate R-KUT", "restore R-1-BT", "restore R-1-A1", "restore R-G-LGJ")
    assert state["logistics"]["spent"] == {"tactical_leader": 1, "artillery": 1, "combat": 2}
    assert strength(state, "R-G-LGJ") == 3
    refused(state, "russian", "restore R-1-BT", "3.1")


def test_4_1_isolated_units_and_victory_areas():
    """4.1: units and victory areas without a LoC to the supreme commander are "marked as Isolated";
    "Isolated Units cannot be restored"; isolated victory areas take no reinforcements (3.3)."""
    state = position({"F-I-1": (100, 2)}, control={107: "french"})
    state, events = do(state, "french", "pass")
    assert "white" in state["blocks"]["F-I-1"]["cubes"] and 107 in state["isolated_areas"]["french"]
    assert any(e["kind"] == "isolation" for e in events)
    state, _ = do(state, "french", "end")
    state = logistics(state)
    state, _ = do(state, "russian", "end", )
    state, _ = do(state, "french", "activate F-NAP", "reinforce")
    refused(state, "french", "restore F-I-1", "4.1")
    assert all(b["area"] != 107 for b in state["blocks"].values())
    assert any(b["area"] == 19 and b["where"] == "map" for bid, b in state["blocks"].items() if bid != "F-NAP")


def test_4_1_1_a_line_of_communication_restored_clears_the_cube_at_the_next_check():
    """4.1: the cube stays "until they are able to trace a valid LoC in any successive friendly Isolation
    Check"."""
    state = position({"F-I-1": 22})
    state["blocks"]["F-I-1"]["cubes"] = ["white"]
    state, _ = do(state, "french", "pass")
    assert state["blocks"]["F-I-1"]["cubes"] == []


def isolation(state: dict) -> list[str]:
    """The texts of the isolation check that opens the French impulse."""
    return [e["text"] for e in do(state, "french", "pass")[1] if e["kind"] == "isolation"]


def test_4_0_the_isolation_check_names_the_action_it_opens():
    """4.0: an impulse is a Tactical Action or a Pass, its isolation check first (4.1); the check's line
    names which, since the channel tells an order on its first line ('Isolation check (4.1): ...' stood
    for a Russian Pass that nothing else told)."""
    state = position({"F-I-1": (100, 2), "F-I-D": 21})
    assert [e["text"] for e in do(state, "french", "tactical")[1] if e["kind"] == "isolation"] == [
        "The French player takes a Tactical Action; the isolation check (4.1) finds 1 French unit isolated."]


def test_4_1_the_isolation_check_counts_the_isolated_units_and_names_the_areas_cut_off():
    """4.1: the check reports how many units it marks (French blocks in area 100, cut off from
    Napoleon) and the victory areas cut off, each when there are any; nothing when all is linked."""
    two = {"F-I-1": (100, 2), "F-I-2": (100, 2)}
    cut = (55, 107)  # Russian victory areas with only Russian areas around them
    passes = "The French player passes; the isolation check (4.1) finds"  # the Pass it opens, named (4.0)
    assert isolation(position(two)) == [f"{passes} 2 French units isolated."]
    assert isolation(position(two, control={cut[0]: "french"})) == [
        f"{passes} 2 French units and victory area {cut[0]} isolated."]
    assert isolation(position({}, control={n: "french" for n in cut})) == [
        f"{passes} French victory areas {cut[0]}, {cut[1]} isolated."]
    assert isolation(position({}, control={cut[0]: "french"})) == [f"{passes} French victory area {cut[0]} isolated."]
    assert isolation(position({"F-I-1": 21})) == []


def russian_logistics(**fields) -> dict:
    """The Russian player's turn in the Logistics Phase, Kutuzov (4) at 69, a reduced leader and
    infantry beside him and a gun at full strength; area 52 next to him held by the French."""
    state = logistics(position({"R-1-BT": (69, 2), "R-1-3": (69, 2), "R-1-A1": 69}, pools=[],
                               control={52: "french"}, **fields))
    assert state["player"] == "russian" and state["logistics"]["stage"] == "choose"
    return state


def test_3_1_only_the_supreme_commander_is_activated_and_only_in_a_friendly_area():
    """3.1: "he must reveal (+1 MP) his Supreme Commander in a friendly and uncontested Area": a
    tactical leader is not activated, nor Kutuzov moved into 52, which the French control; each
    refusal one sentence with what to do instead, and Kutuzov activated at 51 once asked so."""
    state = russian_logistics()
    assert refused(state, "russian", "activate R-1-BT", "3.1") == (
        "In the Logistics Phase only the supreme commander is activated, once; `restore` units or `end` (3.1).")
    assert refused(state, "russian", "activate R-KUT 52", "3.1") == (
        "The supreme commander activates in a friendly, uncontested area, not 52 (3.1).")
    state, _ = do(state, "russian", "activate R-KUT 51")
    assert state["blocks"]["R-KUT"]["area"] == 51 and state["logistics"]["stage"] == "reinforce"


def test_2_6_3_an_exhausted_supreme_commander_is_not_activated():
    """2.6.3: "Once exhausted, its Strength is 0": Kutuzov at 1 star cannot be activated for the
    Logistics Phase (3.1), so the player is told to `end`; at 2 stars he is activated."""
    state = russian_logistics()
    state["blocks"]["R-KUT"]["strength"] = 1
    assert refused(state, "russian", "activate R-KUT", "2.6.3") == (
        "Your supreme commander is exhausted and cannot be activated; `end` (2.6.3).")
    state["blocks"]["R-KUT"]["strength"] = 2
    assert do(state, "russian", "activate R-KUT")[0]["blocks"]["R-KUT"]["activated"]


def test_3_4_to_3_6_a_step_is_restored_after_the_activation_and_only_to_a_reduced_unit():
    """3.1: steps are restored once the supreme commander is activated; 3.4-3.6: only a reduced
    unit gets a step back, so a gun at its printed strength is refused; the reduced infantry is
    restored a step."""
    state = russian_logistics()
    assert refused(state, "russian", "restore R-1-3", "3.1") == (
        "Units are restored in the Logistics Phase after activating the supreme commander (3.1).")
    state, _ = do(state, "russian", "activate R-KUT")
    assert refused(state, "russian", "restore R-1-A1", "3.4-3.6") == (
        "Russian A (R-1-A1, artillery) has no step to restore; restore a reduced leader, artillery or "
        "combat unit on the map (3.4-3.6).")
    assert strength(do(state, "russian", "restore R-1-3")[0], "R-1-3") == 3
