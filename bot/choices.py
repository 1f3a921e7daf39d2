"""Autocomplete from the engine's legal commands, read through their text form, named as the board
shows them.

Works for any system whose grammar says `move UNIT DEST...` and `attack A+B -> C+D`; every
other legal command is offered whole by the generic order field. A place the view names (1812's)
reads as its name with its number, "Vilna (12)", as the game's texts name it. Each choice is a value (the
plain word the command takes) and a name (what the player reads: "2424 · French 5-4 infantry
(I-4)"), drawn from the side's own view; destinations come nearest first. At most 25 choices
of at most 100 characters each, as Discord allows (a name longer than that is the value alone).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

MAX_CHOICES = 25
MAX_LENGTH = 100

Choice = tuple[str, str]  # (value, name)
Names = dict[str, str]  # value -> what the player reads for it
Distance = Callable[[str, str], int | None]  # how far apart two places are (None: not known)


def _pick(values: list[str], typed: str, names: Names | None = None) -> list[Choice]:
    """Distinct values whose value or name starts with what was typed first, then those
    containing it, each with its name."""
    names = names or {}
    typed = typed.strip().lower()
    distinct = [v for v in dict.fromkeys(values) if len(v) <= MAX_LENGTH]

    def said(value: str) -> str:
        name = names.get(value, value)
        return name if len(name) <= MAX_LENGTH else value
    starts = [v for v in distinct if v.lower().startswith(typed) or said(v).lower().startswith(typed)]
    inside = [v for v in distinct if typed in said(v).lower() and v not in starts]
    return [(v, said(v)) for v in (starts + inside)[:MAX_CHOICES]]


def _words(texts: list[str], verb: str) -> list[list[str]]:
    """The words of each legal command with that verb, in their order."""
    return _by_verb(tuple(texts)).get(verb, [])


@lru_cache(maxsize=8)
def _by_verb(texts: tuple[str, ...]) -> dict[str, list[list[str]]]:
    """The legal commands' words, by their first: each field a player fills in reads the same
    texts again (a Bloody Monday position has hundreds), so the last few positions' are kept.
    Callers must not change them."""
    found: dict[str, list[list[str]]] = {}
    for text in texts:
        words = text.split()
        if words:
            found.setdefault(words[0], []).append(words)
    return found


def place_labels(view: dict) -> Names:
    """What each place a view names reads as, by its number: "Vilna (12)" (1812); none elsewhere.

    >>> place_labels({"places": [{"number": 12, "name": "Vilna"}]})
    {'12': 'Vilna (12)'}
    """
    return {str(p["number"]): f"{p['name']} ({p['number']})" for p in view.get("places", []) if "name" in p}


def unit_names(view: dict, side: str) -> Names:
    """What the side's own units read as, by each word a command names them with (their place
    and their id): "2424 · French 5-4 infantry (I-4)", "F-CR-1H · French heavy cavalry 3 in 8",
    1812's stacks by the place's name: "Vilna (12) · French 4 inf, 1 supply".

    >>> unit = {"id": "F-I-4", "side": "french", "hex": "2424", "type": "infantry", "strength": 5, "movement": 4}
    >>> unit_names({"units": [unit]}, "french")["2424"]
    '2424 · French 5-4 infantry (I-4)'
    >>> stack = {"id": "F12", "side": "french", "area": 12, "type": "4 inf, 1 supply", "strength": 4}
    >>> unit_names({"units": [stack], "places": [{"number": 12, "name": "Vilna"}]}, "french")["12"]
    'Vilna (12) · French 4 inf, 1 supply'
    """
    names: Names = {}
    labels = place_labels(view)
    for unit in view.get("units", []):
        if unit.get("side") != side:
            continue
        place = str(unit.get("hex") or unit.get("area") or "")
        label = labels.get(place, place)
        kind = " ".join(str(unit[k]) for k in ("subtype", "type") if unit.get(k))
        strength = f"{unit['strength']}-{unit['movement']}" if unit.get("movement") else ""
        short = str(unit.get("id", "")).split("-", 1)[-1]
        what = " ".join(w for w in (side.title(), strength, kind) if w)
        if place:  # units stacked in one place are named one after the other
            names[place] = (f"{names[place]}, " if place in names else f"{label} · ") + what + \
                (f" ({short})" if strength else "")
        if unit.get("id"):
            names[str(unit["id"])] = f"{unit['id']} · {what}" + (f" {unit['strength']}" if not strength else "") + \
                (f" in {label}" if place else "")
    for unit in view.get("waiting", []):  # Borodino's reinforcements off the map, moved on by their id
        if unit.get("side") == side and unit.get("id"):
            names[str(unit["id"])] = (f"{unit['id']} · {side.title()} {unit.get('strength')}-{unit.get('movement')} "
                                      f"{unit.get('type', '')}, waiting to enter at {unit.get('entry')}")
    for leader in view.get("leaders", []):  # Borodino's Doomed Victory leaders, moved by their id
        if leader.get("side") == side and leader.get("id"):
            names[str(leader["id"])] = (f"{leader['id']} · {side.title()} {leader.get('role', '')} leader "
                                        f"{leader.get('name', '')}, rating {leader.get('rating')}"
                                        + (f", in {leader['hex']}" if leader.get("hex") else ""))
    return names


def move_units(texts: list[str], typed: str, names: Names) -> list[Choice]:
    """Units that can still move."""
    return _pick([w[1] for w in _words(texts, "move") if len(w) > 2], typed, names)


def move_destinations(texts: list[str], unit: str, typed: str, distance: Distance | None = None,
                      origin: str | None = None, labels: Names | None = None) -> list[Choice]:
    """Where that unit can go: the places a `move UNIT PLACE` command takes (never the counts
    of a part of a stack), nearest to `origin` (the unit's place) first, each read by its label
    where the view names it (1812: "Vitebsk (10) · 1 area away").

    >>> move_destinations(["move 12 10", "move 12 14 1 inf"], "12", "vit", labels={"10": "Vitebsk (10)"})
    [('10', 'Vitebsk (10)')]
    """
    unit, labels = unit.strip().lower(), labels or {}
    places = [w[2] for w in _words(texts, "move") if len(w) == 3 and w[1].lower() == unit]
    if distance is None or origin is None:
        return _pick(places, typed, labels)
    far = {place: distance(origin, place) for place in dict.fromkeys(places)}
    names: Names = {}
    for place, n in far.items():
        if n is not None:
            step = "hex" if len(place) == 4 else "area"  # a hex has four digits (rules/core/hexes.py)
            names[place] = f"{labels.get(place, place)} · {n} " \
                f"{step if n == 1 else step + 'es' if step == 'hex' else step + 's'} away"
    return _pick(sorted(far, key=lambda place: (far[place] is None, far[place] or 0)), typed, names)


def unit_places(view: dict, side: str) -> dict[str, str]:
    """Where each of the side's own units stands, by each word a command names it with (Borodino's
    Doomed Victory leaders by their id, where the unit they stand with is)."""
    places: dict[str, str] = {}
    for unit in view.get("units", []) + view.get("leaders", []):
        place = str(unit.get("hex") or unit.get("area") or "")
        if unit.get("side") == side and place:
            places.setdefault(place, place)
            if unit.get("id"):
                places[str(unit["id"])] = place
    return places


def _attack_sides(texts: list[str]) -> list[tuple[str, str]]:
    out = []
    for words in _words(texts, "attack"):
        line = " ".join(words[1:])
        if "->" in line:
            left, right = line.split("->", 1)
            out.append((left.strip(), right.strip()))
    return out


def _group(text: str) -> list[str]:
    """The units of a `+` group as typed: '3119+ 2919' -> ['3119', '2919']."""
    return [part.strip().lower() for part in text.split("+") if part.strip()]


def attackers(texts: list[str], typed: str) -> list[Choice]:
    """The groups of units that have a legal attack, each led by the units typed so far in the order
    typed, whatever order the engine writes them in: '3119+' offers '3119+2919' for its '2919+3119'.

    >>> attackers(["attack 2919+3119 -> 3018", "attack 3219 -> 3218"], "3119+")
    [('3119+2919', '3119+2919')]
    """
    done = _group(typed) if typed.rstrip().endswith("+") else _group(typed)[:-1]  # units typed whole

    def led(left: str) -> str:
        units = _group(left)
        return left if not set(done) <= set(units) else "+".join([*done, *(u for u in units if u not in done)])
    return _pick([led(left) for left, _ in _attack_sides(texts)], typed)


def defenders(texts: list[str], attacking: str, typed: str) -> list[Choice]:
    """Legal targets of those attackers, named in any order (of any attack when none are given yet)."""
    attacking_ = sorted(_group(attacking))
    return _pick([right for left, right in _attack_sides(texts)
                  if not attacking_ or sorted(_group(left)) == attacking_], typed)


def answers_ahead(attacking: str, typed: str) -> list[Choice]:
    """What a Borodino attack may carry of the answers its result may leave the attacker, chosen before
    the die (Combat H): `stay`, or each attacker's advance; a retreat's hexes are typed.

    >>> answers_ahead("2919+3019", "")
    [('stay', 'stay'), ('advance 2919', 'advance 2919'), ('advance 3019', 'advance 3019')]
    """
    return _pick(["stay", *(f"advance {unit}" for unit in _group(attacking))], typed)


def orders(texts: list[str], typed: str, places: Callable[[str], list[str]] | None = None,
           labels: Names | None = None) -> list[Choice]:
    """Any legal command, whole; where the system says which places a command names (`places`) and
    the view names them (`labels`), read with them: "attrit 12 · Vilna (12)", "move 12 10 · Vilna (12) →
    Vitebsk (10)", so that a name typed finds them too.

    >>> orders(["attrit 12", "end"], "vil", lambda text: text.split()[1:], {"12": "Vilna (12)"})
    [('attrit 12', 'attrit 12 · Vilna (12)')]
    """
    names: Names = {}
    if places is not None and labels:
        for text in texts:
            said = [labels[p] for p in places(text) if p in labels]
            if said:
                names[text] = f"{text} · {' → '.join(said)}"
    return _pick(texts, typed, names)
