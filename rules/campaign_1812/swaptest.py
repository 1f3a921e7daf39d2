"""The swap test for 1812 (docs/architecture.md: "The proof is the swap test"): a stack's
composition is hidden in everything the other side can observe from the engine.

Take a position of a random game and a viewer; exchange the contents of two stacks of the other
side in two places (each place keeps a stack, so the markers stand where they stood); then the
viewer must observe the same in both positions: the view (prompt and `to_move` included),
`active_sides`, whether the choice waiting is answered at once and why (`forced_answer`: the game
goes on without asking its chooser, which everyone sees), the viewer's legal commands and what its
standing orders would play for it (an order reads only what its player knows), and the reply to
commands the viewer could type (its legal ones and probes naming the two places): the same
refusal, or the same events addressed to the viewer or to all and the same view afterwards. Only
when the step makes the rules disclose what stood in one of the two places -- a battle or a forced
retreat there, a stack eliminated, an area depleted, control changing -- may what follows differ.
"""
from __future__ import annotations

import random
from collections.abc import Iterable

from rules import campaign_1812
from rules.campaign_1812 import active_sides, apply, legal_commands, parse, setup, view
from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812.commands import Command
from rules.campaign_1812.game import SIDES, enemy_of
from rules.campaign_1812.standing import ORDERS, standing_command
from rules.core.errors import RulesError
from rules.core.play import copy_state
from rules.core.playout import positions
from rules.core.standing import every_command

DISCLOSING = frozenset({"battle", "retreat", "eliminated", "unsupplied", "depletion", "control"})
WEIGHTS = {"end": 0.5, "plan": 2.0}


def swapped(state: dict, side: str, a: int, b: int) -> dict:
    """The same position with the contents of `side`'s stacks in `a` and `b` exchanged (and the
    marks of what moved there), its leader with them (option `leaders`: he is hidden in his stack
    as its corps are)."""
    out = copy_state(state)
    stacks = out["stacks"][side]
    stacks[str(a)], stacks[str(b)] = state["stacks"][side][str(b)], state["stacks"][side][str(a)]
    leader = out.get("leaders", {}).get(side)
    if leader is not None and leader["place"] in (a, b):
        leader["place"] = b if leader["place"] == a else a
    if state["player"] == side:
        for key in ("moved", "marched"):
            marks = out[key]
            one, two = marks.pop(str(a), None), marks.pop(str(b), None)
            marks.update({k: v for k, v in ((str(a), two), (str(b), one)) if v is not None})
    return out


def pairs(state: dict, viewer: str, rng: random.Random, count: int) -> list[tuple[int, int]]:
    """Pairs of the other side's stacks with different contents (its leader among them), away from
    a battle under way."""
    enemy = enemy_of(viewer)
    busy = {x["place"] for x in (state["battle"], state["retreat"]) if x}
    places = [int(p) for p in state["stacks"][enemy] if int(p) not in busy]
    leader = state.get("leaders", {}).get(enemy)

    def held(place: int) -> tuple[dict, bool]:
        return state["stacks"][enemy][str(place)], leader is not None and leader["place"] == place
    out: list[tuple[int, int]] = []
    for _ in range(4 * count):
        if len(places) < 2 or len(out) >= count:
            break
        a, b = rng.sample(places, 2)
        if held(a) != held(b):
            out.append((a, b))
    return out


def probes(state: dict, viewer: str, pair: tuple[int, int], rng: random.Random, legal: int) -> list[str]:
    texts = [c.to_text() for c in legal_commands(state, viewer)]
    near = sorted({n for p in pair for n in data.places()[p].neighbours} | set(pair))
    named = [f"attrit {p}" for p in pair] + [f"depot {p}" for p in pair] + [f"retreat {p}" for p in pair]
    named += [f"move {n} {p}" for p in pair for n in near] + ["end", "fight", "plan assault", "plan cordon"]
    return rng.sample(texts, min(legal, len(texts))) + named


def _audience(events: Iterable[dict], viewer: str) -> list[dict]:
    return [e for e in events if e["to"] in ("all", viewer)]


def _reply(state: dict, viewer: str, text: str) -> tuple[str, dict | None, list[dict]]:
    try:
        after, events = apply(state, viewer, parse(viewer, text))
    except RulesError as error:
        return f"refused: {error}", None, []
    return "accepted", after, events


def _disclosed(events: list[dict], before: dict, after: dict, other_after: dict, viewer: str,
               pair: tuple[int, int]) -> bool:
    """Whether the step made the rules disclose what stood in one of the two places: a marker gone
    or come, an event of a disclosing kind there, or its area depleted (the Area Depletion Chart
    reads the corps and supply units in the area; its one line names every area it depleted)."""
    places = data.places()
    areas = {places[p].area for p in pair}
    enemy = enemy_of(viewer)
    if set(after["stacks"][enemy]) != set(other_after["stacks"][enemy]):
        return True
    if any(before["depleted"].get(str(area)) != after["depleted"].get(str(area)) for area in areas):
        return True
    return any(e["kind"] in DISCLOSING and (e.get("place") in pair or e.get("area") in areas)
               for e in events)


def observed(state: dict, viewer: str | None) -> dict:
    """What the viewer sees of a position (whether the game goes on at once), the commands it may give
    and those its standing orders would give for it."""
    forced = campaign_1812.forced_answer(state)
    seen = {"view": view(state, viewer), "active sides": active_sides(state), "answered at once": forced and forced[1]}
    if viewer is not None:
        seen["legal commands"] = [c.to_text() for c in legal_commands(state, viewer)]
        seen["standing orders"] = every_command(ORDERS, standing_command, state, viewer)
    return seen


def differences(state: dict, other: dict, viewer: str | None, pair: tuple[int, int],
                texts: Iterable[str] = ()) -> list[str]:
    mine, theirs = observed(state, viewer), observed(other, viewer)
    out = [f"{key} differs" for key in mine if mine[key] != theirs[key]]
    if viewer is None:
        return out
    for text in texts:
        (said, after, events), (said2, after2, events2) = _reply(state, viewer, text), _reply(other, viewer, text)
        if said != said2:
            out.append(f"`{text}`: {said!r} / {said2!r}")
        elif after is not None and after2 is not None and not (
                _disclosed(events, state, after, after2, viewer, pair) or
                _disclosed(events2, other, after2, after, viewer, pair)):
            if _audience(events, viewer) != _audience(events2, viewer):
                out.append(f"`{text}`: events {[e['text'] for e in _audience(events, viewer)]} / "
                           f"{[e['text'] for e in _audience(events2, viewer)]}")
            elif observed(after, viewer) != observed(after2, viewer):
                out.append(f"`{text}` then the view or the legal commands differ")
    return out


def weighted_choice(rng: random.Random, legal: list[Command]) -> Command:
    verbs = sorted({c.to_text().split()[0] for c in legal})
    verb = rng.choices(verbs, [WEIGHTS.get(v, 1.0) for v in verbs])[0]
    return rng.choice([c for c in legal if c.to_text().split()[0] == verb])


def random_move(state: dict, rng: random.Random) -> tuple[str, Command]:
    """A random active side and a random command of its, toward battle plans."""
    side = rng.choice(active_sides(state))
    return side, weighted_choice(rng, legal_commands(state, side))


def swap_test(seed: int, rng_seed: int, scenario: str = "campaign", options: list[str] | None = None,
              max_commands: int = 300, every: int = 10, swaps: int = 1, legal: int = 3) -> list[str]:
    """Play one random game; every `every` commands (and at every battle), for the public and each
    side, swap pairs of the other side's stacks and compare what that viewer observes. Returns the
    differences found (empty: no leak)."""
    rng = random.Random(rng_seed)
    found: list[str] = []
    for played, state in positions(campaign_1812, setup(scenario, seed, options), rng, max_commands, random_move):
        if played % every == 0 or state["battle"]:
            for viewer in (None, *SIDES):
                looker = viewer or rng.choice(SIDES)
                for a, b in pairs(state, looker, rng, swaps):
                    other = swapped(state, enemy_of(looker), a, b)
                    texts = probes(state, viewer, (a, b), rng, legal) if viewer else []
                    found += [f"{scenario} seed={seed} rng_seed={rng_seed} command {played} viewer={viewer} "
                              f"swap {a}<->{b}: {d}" for d in differences(state, other, viewer, (a, b), texts)]
    return found
