"""COMBAT (SPI's 1812 overview): "Combat occurs in each area where both Players have infantry units
present during the combat phase of a Player-Turn." "Cavalry may not engage in battles with infantry
(being forced to retreat if confronted by opposing infantry unless friendly infantry units are also
present.) Cavalry may always retreat prior to infantry vs. infantry combat." "Prior to any infantry
battle, each Player selects a battle tactic by placing a chit representing the selection face down
before him. Both Players simultaneously reveal their choices. The selections are cross-indexed on a
matrix; the result indicates retreats, initial losses, and if the battle develops to the point of a
major engagement, ... a die is rolled on the Combat Results Table." Then "the Pursuit Step [PS],
which allows the Attacking Player to attempt to destroy additional Defending units with his surplus
cavalry", and "the Retreat After Combat [RAC] Step, during which mandatory withdrawals are carried
out".

The phasing player is the attacker (the chart: "both the Phasing Player [the Attacker] and the
Non-Phasing Player [the Defender]"). Battles are fought place by place in number order; a stack
confronted without infantry retreats first. The battle reveals both stacks there: "The opposing
Player may not learn the composition of the stack unless he is willing to do battle."
"""
from __future__ import annotations

from rules.campaign_1812 import leaders
from rules.campaign_1812.commands import CHIT_NAMES, Plan, Retreat, in_words
from rules.campaign_1812.game import SIDES, Game, counted, enemy_of
from rules.core.commands import Word
from rules.core.dice import roll
from rules.core.errors import RuleViolation
from rules.core.events import Event, event

PEOPLE = {"french": "French", "russian": "Russians"}  # a side as the subject of a battle's line
CODE_WORDS = {  # the Battle Plan Chart's results in a battle's line: its codes are explained only in `help chits`
    "Dr(D)": "the defender retreats after combat", "A-1c": "the attacker loses an infantry corps",
    "D-1c": "the defender loses an infantry corps", "Acx2": "the attacker's corps count double",
    "Dcx2": "the defender's corps count double", "switch": "attacker and defender switch",
    "CRS": "the Combat Results Table, then pursuit and retreats",
    "PS": "pursuit and retreats, without the Combat Results Table", "stop": "the battle ends",
    "none": "no effect", "Dchoice": "the defender retreats or fights"}


def next_step(g: Game) -> list[Event]:
    """Forced retreats of stacks confronted without infantry, then the next battle; stops where a
    player must decide (a retreat, or battle plans)."""
    out: list[Event] = []
    while not (g.s["battle"] or g.s["retreat"]):
        confronted = _confronted(g)
        if confronted:
            out += _force_retreat(g, *confronted)
            continue
        place = _next_battle(g)
        if place is None:
            return out
        out += _open(g, place)
    return out


def opening(g: Game) -> Event:
    """The Combat Phase's first line, which says when nothing will be fought in it: a line reading
    'Combat Phase.' and no more, the next Player-Turn under it, told the players nothing."""
    if _confronted(g) or _next_battle(g) is not None:
        return event("Combat Phase.", kind="phase")
    return event("Combat Phase: no area holds infantry of both players, so no battle is fought (Combat).",
                 kind="phase")


def _next_battle(g: Game) -> int | None:
    """The first place, by number, where both players have infantry and no battle was fought yet
    in this Combat Phase."""
    return next((p for p in sorted(g.places) if p not in g.s["fought"]
                 and g.infantry("french", p) and g.infantry("russian", p)), None)


def _confronted(g: Game) -> tuple[str, int] | None:
    for place in sorted(g.places):
        for side in SIDES:
            if g.has(side, place) and not g.infantry(side, place) and g.infantry(enemy_of(side), place):
                return side, place
    return None


def _force_retreat(g: Game, side: str, place: int) -> list[Event]:
    """COMBAT: no infantry of its own, a stack confronted by enemy infantry must retreat."""
    if g.retreat_places(side, place):
        g.s["retreat"] = {"side": side, "place": place, "battle": False}
        return [event(confronted(side, g.name(place)), kind="retreat", place=place)]
    return _eliminate_all(g, side, place, "confronted by enemy infantry with nowhere to retreat")


def _eliminate_all(g: Game, side: str, place: int, why: str) -> list[Event]:
    lost = dict(g.stack(side, place))
    del g.s["stacks"][side][str(place)]
    return [event(f"The {side.title()} stack in {g.name(place)} is eliminated, {why}: {counted(lost)}.",
                  kind="eliminated", place=place)]


def _open(g: Game, place: int) -> list[Event]:
    attacker = g.s["player"]
    g.s["battle"] = {"place": place, "attacker": attacker, "defender": enemy_of(attacker), "stage": "plans",
                     "plans": {s: None for s in SIDES}, "withdraw": {s: None for s in SIDES},
                     "codes": [], "double": [], "retreats": [], "lines": []}
    # what each player does now is his prompt's (a withdrawal offered only to a side with cavalry there), and
    # the public's 'both players choose a Battle Plan in secret' the view's: said here, it was said twice
    out = [event(f"Battle in {g.name(place)}: the {attacker.title()} player attacks (Combat).", kind="battle",
                 place=place)]
    bt = g.s["battle"]
    for side, chit in sorted(g.s.get("plans", {}).items()):  # the chit a side keeps for every battle of the phase
        bt["plans"][side] = chit
        out.append(event(f"Your Battle Plan in {g.name(place)}: {CHIT_NAMES[chit]}, kept for every battle of this "
                         "Combat Phase.", side, kind="plan"))
    return out + (reveal(g) if all(bt["plans"].values()) else [])


def plan(g: Game, side: str, cmd: Plan) -> list[Event]:
    """A chit placed face down; another may replace it until both are down, then both are shown."""
    bt = g.s["battle"]
    if bt is None or bt["stage"] != "plans":
        raise RuleViolation("Combat", "no battle is waiting for battle plans")
    role = "attacker" if side == bt["attacker"] else "defender"
    offered = g.tables.attacker_plans if role == "attacker" else g.tables.defender_plans
    if cmd.chit not in offered:
        raise RuleViolation("Battle Plan Chart", f"as the {role} you choose one of {', '.join(offered)}")
    if cmd.withdraw is not None and cmd.every:
        raise RuleViolation("Combat", "a chit kept for every battle sends no cavalry away: a withdrawal names the "
                            "place of one battle, `plan <chit> withdraw <place>`")
    if cmd.withdraw is not None:
        _check_withdrawal(g, side, bt["place"], cmd.withdraw)
    bt["plans"][side], bt["withdraw"][side] = cmd.chit, cmd.withdraw
    out = [event(f"Your Battle Plan in {g.name(bt['place'])}: {in_words(cmd)}.", side, kind="plan")]
    if cmd.every:  # the side's role stays in every battle of the phase: the phasing player attacks (Combat)
        g.s["plans"] = {**g.s.get("plans", {}), side: cmd.chit}
    if all(bt["plans"].values()):
        out += reveal(g)
    return out


def _check_withdrawal(g: Game, side: str, place: int, to: int) -> None:
    if not g.stack(side, place)["cav"]:
        raise RuleViolation("Combat", f"you have no cavalry in {g.name(place)} to withdraw")
    allowed = g.retreat_places(side, place)
    if to not in allowed:
        raise RuleViolation("Combat", f"cavalry withdraws to an adjacent place without an enemy stack: "
                            f"{g.named(allowed) or 'there is none'}")


def reveal(g: Game) -> list[Event]:
    """Both chits and both stacks shown; cavalry withdraws; the chart's cell is carried out."""
    bt = g.s["battle"]
    place, a, d = bt["place"], bt["attacker"], bt["defender"]
    bt["stage"] = "resolving"
    shown = "; ".join(f"{s.title()}: {counted(g.stack(s, place))}{leaders.named(g, s, place)}" for s in (a, d))
    line = (f"Battle of {g.name(place)}: {a.title()} {CHIT_NAMES[bt['plans'][a]]} against {d.title()} "
            f"{CHIT_NAMES[bt['plans'][d]]}. {shown}.")
    out = [_told(g, line)]
    for side in (a, d):
        to = bt["withdraw"][side]
        if to is not None:
            n = g.take(side, place, "cav", g.stack(side, place)["cav"])
            g.add(side, to, {"cav": n})
            out.append(_told(g, f"The {PEOPLE[side]} withdraw {counted({'cav': n})} to {g.name(to)} before the "
                                "battle."))
    bt["codes"] = list(g.chart()[bt["plans"][a], bt["plans"][d]])
    out.append(_told(g, f"The Battle Plan Chart: {', '.join(bt['codes'])}.", chart_line(bt["codes"])))
    return out + run(g)


def chart_line(codes: list[str]) -> str:
    """The Battle Plan Chart's results as a battle's line tells them, each code with its meaning.

    >>> chart_line(["Acx2", "CRS"])
    "The Battle Plan Chart: Acx2 (the attacker's corps count double), CRS (the Combat Results Table, then \
pursuit and retreats)."
    """
    return "The Battle Plan Chart: " + ", ".join(f"{code} ({CODE_WORDS[code]})" for code in codes) + "."


def _told(g: Game, text: str, told: str | None = None) -> Event:
    """A line of the battle, kept with it (the computer reads the stacks shown there) and told as
    `told` where the players read more than the record keeps (the chart's codes explained) or read
    it otherwise ('The French lose 1 infantry corps.', kept as 'French loses ...')."""
    g.s["battle"]["lines"].append(text)
    return event(told or text, kind="battle", place=g.s["battle"]["place"])


def run(g: Game) -> list[Event]:
    """The chart's codes in order; then the Retreat After Combat step."""
    bt = g.s["battle"]
    out: list[Event] = []
    while bt["codes"]:
        code = bt["codes"].pop(0)
        if code == "Dchoice":
            bt["stage"] = "choice"
            return out + [_told(g, f"Defender's choice: the {bt['defender'].title()} player retreats "
                                   "(`retreat <place>`) or fights (`fight`).",
                                choosing(bt["defender"], g.name(bt["place"])))]
        out += _code(g, code)
    return out + after_combat(g)


def _code(g: Game, code: str) -> list[Event]:
    bt = g.s["battle"]
    role = {"A": bt["attacker"], "D": bt["defender"]}
    if code in ("A-1c", "D-1c"):
        return _lose(g, role[code[0]], "inf", 1)
    if code in ("Acx2", "Dcx2"):
        bt["double"].append(role[code[0]])
        return [_told(g, f"{role[code[0]].title()} corps count double in the combat.")]
    if code == "switch":
        bt["attacker"], bt["defender"] = bt["defender"], bt["attacker"]
        return [_told(g, f"A&D switch: the {bt['attacker'].title()} player is now the attacker.")]
    if code == "Dr(D)":
        bt["retreats"].append(bt["defender"])
        return []
    if code == "stop":
        bt["codes"].clear()
    if code in ("stop", "none"):
        return []
    out = _resolve(g) if code == "CRS" else []
    bt["codes"].clear()
    return out + _pursue(g)


def _lose(g: Game, side: str, kind: str, n: int) -> list[Event]:
    place = g.s["battle"]["place"]
    lost = g.take(side, place, kind, n)
    said = counted({kind: lost})
    return [_told(g, f"{side.title()} loses {said}.", f"The {PEOPLE[side]} lose {said}.")] if lost else []


def column(table: tuple[str, ...], attack: int, defence: int) -> int:
    """The Combat Results Table column: the last whose ratio the odds reach (in the defender's
    favour), the first when they reach none.

    >>> column(("1-3", "1-2", "1-1", "3-2", "2-1", "3-1"), 5, 3)
    3
    """
    ratios = [int(c.split("-")[0]) / int(c.split("-")[1]) for c in table]
    return max((i for i, r in enumerate(ratios) if attack >= r * defence), default=0)


def _resolve(g: Game) -> list[Event]:
    """The Combat Resolution Step: a die on the Combat Results Table, one to it when the French
    attack and one off when they defend (the basic game's leadership rule; with the optional leader
    rule, the ratings of the leaders present: leaders.py)."""
    bt = g.s["battle"]
    t, place, a, d = g.tables, bt["place"], bt["attacker"], bt["defender"]
    strength = {s: g.infantry(s, place) * (2 if s in bt["double"] else 1) for s in (a, d)}
    if not all(strength.values()):
        return []
    col = column(t.crt_columns, strength[a], strength[d])
    die = roll(g.s["dice"])
    modified = max(0, min(len(t.crt_rows) - 1, die + leaders.shift(g, a, d, place)))
    result = t.crt_rows[modified][col]
    out = [_told(g, f"Combat Results Table: {strength[a]} against {strength[d]}, column {t.crt_columns[col]}, "
                    f"die {die} (modified {modified}): {result}.")]
    for word in result.split():
        who = a if word[0] == "A" else d
        if word[1:] == "r":
            bt["retreats"].append(who)
        else:
            out += _lose(g, who, "inf", int(word[1:]))
    return out


def _pursue(g: Game) -> list[Event]:
    """The Pursuit Step: the attacker's surplus cavalry in the area against the Pursuit Table."""
    bt = g.s["battle"]
    place, a, d = bt["place"], bt["attacker"], bt["defender"]
    surplus = g.stack(a, place)["cav"] - g.stack(d, place)["cav"]
    if surplus <= 0 or not g.corps(d, place):
        return []
    die = roll(g.s["dice"])
    result = g.tables.pursuit[min(surplus, 3) - 1][die - 1]
    line = f"Pursuit: {surplus} surplus {a.title()} cavalry, die {die}: {result}."
    out = [_told(g, line, line[:-1] + " (no effect)." if result == "-" else None)]  # a loss is told next
    if result == "Ac1":
        return out + _lose(g, a, "cav", 1)
    if result.startswith("D"):
        n = int(result[1:])
        lost = g.take(d, place, "inf", n)
        out += [_told(g, f"{d.title()} loses {counted({'inf': lost})} in the pursuit.",
                      f"The {PEOPLE[d]} lose {counted({'inf': lost})} in the pursuit.")] if lost else []
        out += _lose(g, d, "cav", n - lost) if n > lost else []
    return out


def choose(g: Game, side: str, cmd: Word | Retreat) -> list[Event]:
    """Defender's choice: retreat (Dr(D) & stop) or fight (go CRS-PS-RAC). The fight is told as what the
    defender does, as the button names it ('The Russian player fights it out in Smolensk (15).'): the rules
    play it where no retreat is left, and 'chooses to fight, forced: ...' told a choice there was not."""
    bt = g.s["battle"]
    if side != bt["defender"]:
        raise RuleViolation("Battle Plan Chart", f"the choice is the defender's, the {bt['defender'].title()} player's")
    if isinstance(cmd, Retreat):
        _check_retreat(g, side, bt["place"], cmd.to)
        bt["stage"], bt["codes"] = "resolving", ["stop"]
        return _move_off(g, side, bt["place"], cmd.to) + run(g)
    bt["stage"], bt["codes"] = "resolving", ["CRS"]
    return [_told(g, f"The {side.title()} player chooses to fight.",
                  f"The {side.title()} player fights it out in {g.name(bt['place'])}.")] + run(g)


def after_combat(g: Game) -> list[Event]:
    """The Retreat After Combat step, one retreating side at a time; then the battle is over."""
    bt = g.s["battle"]
    while bt["retreats"]:
        side = bt["retreats"].pop(0)
        if not g.has(side, bt["place"]) or side in bt["retreats"]:
            continue
        if g.retreat_places(side, bt["place"]):
            g.s["retreat"] = {"side": side, "place": bt["place"], "battle": True}
            return [_told(g, f"The {side.title()} player must retreat from {g.name(bt['place'])} (`retreat <place>`).",
                          retreating(side, g.name(bt["place"])))]
        return _eliminate_all(g, side, bt["place"], "with nowhere to retreat") + after_combat(g)
    g.s["fought"].append(bt["place"])
    g.s["log"].append({"turn": g.s["turn"], "place": bt["place"], "lines": bt["lines"]})
    g.s["battle"] = None
    return []


def retreating(side: str, where: str) -> str:
    """A retreat the game waits for, as its line tells it and the prompt of all but the retreating side
    asks it (its own prompt says how): the channel's headline under the line says it, not a second time.
    The battle's record keeps the line it always kept.

    >>> retreating("russian", "Kovno (11)")
    'The Russian stack in Kovno (11) must retreat.'
    """
    return f"The {side.title()} stack in {where} must retreat."


def confronted(side: str, where: str) -> str:
    """A forced retreat the game waits for (COMBAT), told and asked as `retreating` is, with why:
    its line read '... has no infantry and is confronted by French infantry: it must retreat (Combat).'
    above the headline's 'The Russian stack in East Prussia (30) must retreat.', said twice in a row.

    >>> confronted("russian", "Minsk (14)")
    'The Russian stack in Minsk (14) must retreat: it has no infantry and is confronted by French infantry (Combat).'
    """
    return f"The {side.title()} stack in {where} must retreat: it has no infantry and is confronted by " \
        f"{enemy_of(side).title()} infantry (Combat)."


def choosing(defender: str, where: str) -> str:
    """The defender's choice the game waits for (Dchoice), told and asked as `retreating` is; what the
    choice is, the chart's line above it says ('Dchoice (the defender retreats or fights)').

    >>> choosing("french", "Vyazma (161)")
    "Battle of Vyazma (161): the French player's choice."
    """
    return f"Battle of {where}: the {defender.title()} player's choice."


def _check_retreat(g: Game, side: str, place: int, to: int) -> None:
    """A retreat goes to an adjacent place without an enemy stack; a refusal says what is wrong with
    the place named, and where the stack may go."""
    allowed = g.retreat_places(side, place)
    if to not in allowed:
        why = ("a retreat leaves its place" if to == place else f"{g.name(to)} is not next to {g.name(place)}"
               if to not in g.neighbours(place) else f"{g.name(to)} holds a {enemy_of(side).title()} stack")
        raise RuleViolation("Combat: Retreat After Combat", f"{why}; retreat to an adjacent place without an enemy "
                            f"stack: {g.named(allowed)}")


def _move_off(g: Game, side: str, place: int, to: int) -> list[Event]:
    units = dict(g.stack(side, place))
    del g.s["stacks"][side][str(place)]
    g.add(side, to, units)
    text = f"The {side.title()} stack in {g.name(place)} retreats to {g.name(to)}."
    moved = _told(g, text) if g.s["battle"] else event(text, kind="retreat", place=place, dest=to)
    return [moved, *leaders.go(g, side, place, to, asked=True)]


def retreat(g: Game, side: str, cmd: Retreat) -> list[Event]:
    """A retreat the rules demand (a confronted stack, or Retreat After Combat), where its owner says."""
    r = g.s["retreat"]
    if side != r["side"]:
        raise RuleViolation("Combat", f"the {r['side'].title()} player chooses where to retreat")
    _check_retreat(g, side, r["place"], cmd.to)
    g.s["retreat"] = None
    out = _move_off(g, side, r["place"], cmd.to)
    return out + after_combat(g) if r["battle"] else out


def pending_side(g: Game) -> list[str]:
    """Who must decide in the Combat Phase now: both for battle plans (until both chits are down:
    neither learns whether the other has chosen), the defender at its choice, a retreating side."""
    if g.s["retreat"]:
        return [g.s["retreat"]["side"]]
    bt = g.s["battle"]
    if bt is None:
        return []
    return list(SIDES) if bt["stage"] == "plans" else [bt["defender"]]
