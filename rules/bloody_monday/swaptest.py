"""The swap test (docs/architecture.md: "The proof is the swap test"): hidden means hidden in
everything a player can observe from the engine.

Take a position of a random game and a viewer; exchange two blocks of the other side that the
viewer has not seen (their places and cubes; each keeps its own strength); then everything the
viewer observes must be the same in both positions: the view (prompt and `to_move` included),
`active_sides`, whether the choice waiting is answered at once and why (`forced_answer`: the game
goes on without asking its chooser, which everyone sees), the viewer's legal commands and what its
standing orders would play for it (an order reads only what its player knows), and the reply to
every command the viewer could type - the legal ones and probes naming the two enemy blocks and
their areas: refused with the same sentence, or accepted with the same events addressed to the
viewer or to all and the same view afterwards. Only when the command makes the rules disclose a
block in one of the two areas (a showdown, an elimination) may what follows the acceptance differ.
The other side's Actions that name none of its blocks are played in both positions too
(`enemy_steps`): after them only what the rules themselves disclose may differ
(rules/disclosures.py: the Isolation Check, 4.1).

`swap_test(seed, rng_seed)` plays one random game and returns the differences found, as sentences
(empty when nothing leaks); the suite runs a few games, `kolocha fuzz` may run hundreds.
"""
from __future__ import annotations

import json
import random
from collections.abc import Iterable

from rules import bloody_monday
from rules.bloody_monday import active_sides, apply, legal_commands, parse, setup, view
from rules.bloody_monday.commands import Command, Initiative
from rules.bloody_monday.game import SIDES, Game, enemy_of
from rules.bloody_monday.standing import ORDERS, standing_command
from rules.core.commands import Word
from rules.core.errors import RulesError
from rules.core.play import copy_state
from rules.core.playout import positions
from rules.core.standing import every_command
from rules.disclosures import governed, set_aside, telling

WEIGHTS = {"pass": 0.15, "end": 0.3, "battle": 3.0, "retreat": 0.5, "fire": 2.0}  # toward battles
Pair = tuple[str, str]


def swapped(state: dict, a: str, b: str) -> dict:
    """The same position with blocks `a` and `b` exchanged: places and cubes (markers)."""
    out = copy_state(state)
    for key in ("where", "area", "cubes"):
        out["blocks"][a][key], out["blocks"][b][key] = state["blocks"][b][key], state["blocks"][a][key]
    return out


def _place(state: dict, bid: str) -> tuple:
    b = state["blocks"][bid]
    return b["where"], b["area"], b["cubes"]


def _unseen(state: dict, viewer: str) -> set[str]:
    """The other side's blocks the viewer does not know (pooled or hidden on the map)."""
    g = Game(state)
    return {bid for bid, b in state["blocks"].items()
            if g.side(bid) != viewer and b["where"] != "eliminated" and not g.knows(viewer, bid)}


def candidates(state: dict, viewer: str) -> list[str]:
    """Blocks that may be swapped: unseen by the viewer and named nowhere in the state but their
    own record (a block named in a battle, an impulse or a log is part of a story)."""
    rest = json.dumps({k: v for k, v in state.items() if k != "blocks"})
    return sorted(bid for bid in _unseen(state, viewer) if f'"{bid}"' not in rest)


def hot_areas(state: dict) -> set[int]:
    """Where leaks are likeliest: the battle's area and its neighbours, else every contested area's."""
    g = Game(state)
    bt = state["battle"]
    centres = [bt["area"]] if bt else [n for n in g.areas if g.contested(n)]
    return {m for n in centres for m in (n, *g.areas[n].neighbours)}


def pairs(state: dict, viewer: str, rng: random.Random, count: int) -> list[Pair]:
    """Up to `count` pairs whose swap keeps both unseen: the enemy supreme commander with a block
    near the fighting, then blocks near the fighting with any other."""
    pool = candidates(state, viewer)
    hot = hot_areas(state)
    near = [b for b in pool if state["blocks"][b]["area"] in hot] or pool
    chief = Game(state).chief(enemy_of(viewer))
    out: list[Pair] = []
    for attempt in range(4 * count):
        if len(pool) < 2 or len(out) >= count:
            break
        a = chief if attempt == 0 and chief in pool else rng.choice(near)
        b = rng.choice([x for x in (near if a == chief else pool) if x != a] or [x for x in pool if x != a])
        lost = chief in (a, b) and "pool" in (_place(state, a)[0], _place(state, b)[0])  # never pooled
        if not lost and _unseen(swapped(state, a, b), viewer) >= {a, b} and _place(state, a) != _place(state, b):
            out.append((a, b))
    return out


def probes(state: dict, viewer: str, pair: Pair, rng: random.Random, legal: int, named: int) -> list[str]:
    """Commands the viewer could type: `legal` of the legal ones, and `named` probes naming the
    enemy blocks of the pair (by id or leader name) and their areas, both sampled at random."""
    g = Game(state)
    texts = [c.to_text() for c in legal_commands(state, viewer)]
    areas = sorted({g.area(b) for b in pair if g.block(b)["where"] == "map"})
    near = sorted({n for a in areas for n in g.areas[a].neighbours} | set(areas))
    refs = [*pair, *(g.defs[b].name.split()[0].lower() for b in pair if g.defs[b].name)]
    named_texts = [f"{verb} {ref}" for ref in refs for verb in ("hit", "activate", "restore", "ambush")]
    named_texts += [f"{verb} {ref} {n}" for ref in refs for n in near
                    for verb in ("move", "retreat", "fire", "skirmish")]
    named_texts += [f"inspire {ref} {pair[1]}" for ref in refs] + [f"battle {n}" for n in areas]
    named_texts += [f"retreat {n}" for n in near] + ["end", "pass", "tactical", "reinforce", "initiative move"]
    return rng.sample(texts, min(legal, len(texts))) + rng.sample(named_texts, min(named, len(named_texts)))


def _audience(events: Iterable[dict], viewer: str | None) -> list[dict]:
    return [e for e in events if e["to"] in ("all", viewer)]


def _reply(state: dict, viewer: str, text: str, side: str | None = None) -> tuple[str, dict | None, list[dict]]:
    """("refused: <sentence>", None, []) or ("accepted", the position after, the viewer's events),
    `text` given by `side` (the viewer's own, unless named)."""
    side = side or viewer
    try:
        after, events = apply(state, side, parse(side, text))
    except RulesError as error:
        return f"refused: {error}", None, []
    return "accepted", after, _audience(events, viewer)


def _disclosed(before: dict, after: dict, viewer: str, areas: set[int]) -> bool:
    """Whether the step showed the viewer what stood hidden in one of `areas`: a showdown there
    (5.3.3, even if the owner conceals again by the end: 5.3.7) or a block revealed or eliminated."""
    old, new = Game(before), Game(after)
    seen = any(b["where"] == "map" and b["area"] in areas and not old.knows(viewer, bid)
               and new.knows(viewer, bid) for bid, b in before["blocks"].items())
    done, was = after["log"]["battles"], before["log"]["battles"]
    fought = {x["area"] for x in (done[len(was):] if done[:len(was)] == was else done)}
    showing = after["battle"] is not None and after["battle"]["shown"] and after["battle"]["area"] in areas
    return seen or showing or bool(fought & areas)


def observed(state: dict, viewer: str | None, legal: bool = True) -> dict:
    """What the viewer sees of a position without typing anything (whether the game goes on at once,
    the commands it may give, and those its standing orders would give for it)."""
    forced = bloody_monday.forced_answer(state)
    seen = {"view": view(state, viewer), "active sides": active_sides(state), "answered at once": forced and forced[1]}
    if viewer is not None and legal:
        seen["legal commands"] = [c.to_text() for c in legal_commands(state, viewer)]
        seen["standing orders"] = every_command(ORDERS, standing_command, state, viewer)
    return seen


def _contrast(one: object, two: object) -> str:
    """The parts of two values that differ (a dict's differing keys), shortly."""
    if isinstance(one, dict) and isinstance(two, dict):
        return "; ".join(f"{k}: {_contrast(one.get(k), two.get(k))}" for k in sorted(set(one) | set(two))
                         if one.get(k) != two.get(k))
    return f"{one!r} / {two!r}"[:400]


def differences(state: dict, other: dict, viewer: str | None, texts: Iterable[str] = (),
                legal: bool = True) -> list[str]:
    """What `viewer` could tell apart between two positions (one a swap of the other)."""
    mine, theirs = observed(state, viewer, legal), observed(other, viewer, legal)
    out = [f"{key} differs: {_contrast(mine[key], theirs[key])}" for key in mine if mine[key] != theirs[key]]
    if viewer is None:
        return out
    areas = {b["area"] for s in (state, other) for bid, b in s["blocks"].items()
             if b["where"] == "map" and state["blocks"][bid] != other["blocks"][bid]}
    for text in texts:
        (said, after, events), (said2, after2, events2) = _reply(state, viewer, text), _reply(other, viewer, text)
        if said != said2:
            out.append(f"`{text}`: {said!r} / {said2!r}")
        elif after is not None and after2 is not None and not (
                _disclosed(state, after, viewer, areas) or _disclosed(other, after2, viewer, areas)):
            if [e["text"] for e in events] != [e["text"] for e in events2] or events != events2:
                out.append(f"`{text}`: events {[e['text'] for e in events]} / {[e['text'] for e in events2]}")
            out += [f"`{text}` then {d}" for d in differences(after, after2, viewer, legal=False)]
    return out


def weighted_choice(rng: random.Random, legal: list[Command]) -> Command:
    """A random legal command, by verb first (so that battles come often enough to test)."""
    def verb(cmd: object) -> str:
        return getattr(cmd, "verb", type(cmd).__name__.lower())
    verbs = sorted({verb(c) for c in legal})
    chosen = rng.choices(verbs, [WEIGHTS.get(v, 1.0) for v in verbs])[0]
    return rng.choice([c for c in legal if verb(c) == chosen])


def enemy_steps(state: dict, other: dict, viewer: str) -> list[str]:
    """The other side's commands that name none of its blocks (a Pass, a Tactical or an Initiative
    Action, `end`), played in both positions: what the viewer observes after each must be the same,
    but for what the rules disclose (rules/disclosures.py; the Isolation Check at the start of each
    Action, 4.1, tells where the supreme commander's Line of Communication reaches)."""
    enemy = enemy_of(viewer)
    if enemy not in active_sides(state):
        return []
    out: list[str] = []
    areas = {b["area"] for s in (state, other) for bid, b in s["blocks"].items()
             if b["where"] == "map" and state["blocks"][bid] != other["blocks"][bid]}
    for text in sorted({c.to_text() for c in legal_commands(state, enemy) if isinstance(c, Word | Initiative)}):
        (_, after, events), (_, after2, events2) = (_reply(s, viewer, text, enemy) for s in (state, other))
        if after is None or after2 is None or _disclosed(state, after, viewer, areas) or \
                _disclosed(other, after2, viewer, areas):
            continue
        mine, theirs = observed(after, viewer, legal=False), observed(after2, viewer, legal=False)
        mine["view"], mine["events"] = set_aside("bloody_monday", mine["view"], events)
        theirs["view"], theirs["events"] = set_aside("bloody_monday", theirs["view"], events2)
        if telling("bloody_monday", events) != telling("bloody_monday", events2) and governed("bloody_monday", events):
            continue  # the disclosure differs, and with it what its rule makes follow (reinforcements)
        out += [f"the {enemy} `{text}`: {key} differs: {_contrast(mine[key], theirs[key])}"
                for key in mine if mine[key] != theirs[key]]
    return out


def random_move(state: dict, rng: random.Random) -> tuple[str, Command]:
    """The side to move (the first active) and a random command of its, toward battles."""
    side = active_sides(state)[0]
    return side, weighted_choice(rng, legal_commands(state, side))


def swap_test(seed: int, rng_seed: int, scenario: str = "bloody_monday", options: list[str] | None = None,
              max_commands: int = 400, every: int = 1, swaps: int = 2, legal: int = 6, named: int = 20) -> list[str]:
    """Play one random game; every `every` commands, for the public and each side, swap `swaps`
    pairs of unseen enemy blocks and compare what that viewer observes, probing with `legal`
    legal commands and `named` probes (see `probes`). Returns the differences found (empty: no leak)."""
    rng = random.Random(rng_seed)
    found: list[str] = []
    for played, state in positions(bloody_monday, setup(scenario, seed, options or []), rng, max_commands,
                                   random_move):
        if played % every == 0 or state["battle"]:
            for viewer in (None, *SIDES):
                looker = viewer or rng.choice(SIDES)  # the public sees no hidden block of either side
                for a, b in pairs(state, looker, rng, swaps if viewer else 1):
                    texts = probes(state, viewer, (a, b), rng, legal, named) if viewer else []
                    other = swapped(state, a, b)
                    told = differences(state, other, viewer, texts) + \
                        (enemy_steps(state, other, viewer) if viewer else [])
                    found += [f"{scenario} seed={seed} rng_seed={rng_seed} command {played} viewer={viewer} "
                              f"swap {a}<->{b}: {d}" for d in told]
    return found
