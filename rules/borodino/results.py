"""Carrying out a combat result (CRT; RETREAT AND ADVANCE; Displacement; ARTILLERY C, G).

A result becomes a queue of steps kept in state["pending"]: retreats (chosen by the victor),
an exchange's losses (chosen by the attacker), artillery's voluntary retreat (elected by its
owner, its direction chosen by the victor), and the victor's
optional advance. Steps with no real choice run at once; otherwise the engine waits for the
chooser's `retreat`, `lose`, `advance` or `stay`.
"""
from __future__ import annotations

from collections.abc import Collection
from functools import cache
from itertools import combinations

from rules.borodino import dv_combat, dv_leaders
from rules.borodino.battle import Battle, enemy_of, points
from rules.borodino.battlemap import BattleMap
from rules.borodino.combat import Plan, attacked_hexes
from rules.borodino.commands import Advance, Lose, Retreat, Stay, parse
from rules.core.dice import rolls_made
from rules.core.errors import RuleViolation
from rules.core.events import Event, event, listed, point_by_point
from rules.core.hexes import Hex, distance, is_hex


def start_result(b: Battle, plan: Plan, result: str) -> list[Event]:
    """Turn a CRT result into the steps that carry it out, and run them as far as they go."""
    side, other = plan.side, enemy_of(plan.side)
    spared = spared_attackers(b, plan)
    attackers = [a for a in plan.attackers if a not in spared]  # they suffer the result
    adjacent = [a for a in plan.attackers if a not in plan.bombarding]  # they may advance (Artillery G)
    steps: list[dict] = []
    events: list[Event] = []
    vacated: list[Hex] = []
    if b.doomed and "leaders" in b.s:  # Doomed Victory 8.14: leaders stacked with the units hit
        events += dv_leaders.casualties(b, dv_combat.receivers(result, attackers, plan.defenders))
    if spared and result in ("Ae", "Ex"):  # an Ar asks them instead whether they retreat all the same
        guns = listed([b.describe(a) for a in spared])
        events.append(event(f"{guns} {'is' if len(spared) == 1 else 'are'} untouched by the result (Artillery C).",
                            kind="spared", units=spared))
    if result == "Ae":
        for a in attackers:
            vacated.append(b.hex_of(a))
            events.append(_eliminate(b, a))
        steps.append({"kind": "advance", "chooser": other, "units": plan.defenders, "vacated": vacated})
    elif result == "Ar":
        vacated = [b.hex_of(a) for a in attackers]
        steps += _retreats(b, other, result, plan.odds, attackers, events)
        if spared:
            steps.append({"kind": "voluntary", "chooser": side, "units": list(spared)})
        steps.append({"kind": "advance", "chooser": other, "units": plan.defenders, "vacated": vacated})
    elif result in ("Dr", "De", "Ex"):
        targets = attacked_hexes(b, plan)
        if result == "Dr":
            steps += _retreats(b, side, result, plan.odds, plan.defenders, events)
        else:
            events += [_eliminate(b, d) for d in plan.defenders]
        if result == "Ex" and attackers:  # spared artillery alone loses nothing (Artillery C)
            need = sum(b.strength(d) for d in plan.defenders) if plan.defenders else \
                b.map.redoubts[targets[0]].strength
            steps.append({"kind": "lose", "chooser": side, "need": need, "units": attackers})
        steps.append({"kind": "advance", "chooser": side, "units": adjacent, "vacated": targets})
    return events + _queue(b, plan, steps)


def _queue(b: Battle, plan: Plan, steps: list[dict]) -> list[Event]:
    b.s["pending"] = {"steps": steps, "involved": plan.attackers + plan.defenders}
    return run_steps(b)  # which sets "pending" to None once the queue is empty


def _retreats(b: Battle, chooser: str, result: str, odds: str, units: list[str],
              events: list[Event]) -> list[dict]:
    """The retreat steps of an Ar or Dr, one per unit; under the Doomed Victory options as long as
    rally (8.151) and broken units (6.10) make each (dv_combat.py), with their events."""
    if not b.doomed:
        return [{"kind": "retreat", "chooser": chooser, "unit": u, "taken": []} for u in units]
    lengths, said = dv_combat.retreat_lengths(b, result, odds, units)
    events += said
    steps: list[dict] = []
    for uid in units:
        if lengths[uid] == dv_combat.ELIMINATED:
            events.append(_eliminate(b, uid))
        elif lengths[uid] > 0:
            steps.append({"kind": "retreat", "chooser": chooser, "unit": uid, "taken": []})
            if lengths[uid] > 1:
                steps[-1]["hexes"] = lengths[uid]
    return steps


def spared_attackers(b: Battle, plan: Plan) -> list[str]:
    """The attackers a result does not strike (Artillery C): bombarding artillery, and artillery
    attacking from an adjacent hex outside every enemy Zone of Control. The one reading of the rule
    for the attack itself, the `odds` forecast and the computer's expectation."""
    return [a for a in plan.attackers if a in plan.bombarding or _artillery_out_of_zoc(b, plan.side, a)]


def _artillery_out_of_zoc(b: Battle, side: str, uid: str) -> bool:
    """Artillery (C): "Artillery units attacking from an adjacent position and in an Enemy Zone of Control
    must suffer all the combat results"; adjacent artillery outside one (across a river, ford or bridge,
    which no Zone of Control crosses, ZOC H) is spared like bombarding artillery."""
    return b.is_artillery(uid) and not b.in_enemy_zoc(side, b.hex_of(uid))


def _eliminate(b: Battle, uid: str, why: str = "") -> Event:
    """Take a unit off as a loss; its event says so, with `why` (': it has no path of retreat
    (Retreat)'), then where 8.14 placed the leaders stacked with it."""
    text = f"{b.describe(uid)} is eliminated{why}."
    h = b.hex_of(uid)
    riders = dv_leaders.stacked_with(b, uid) if "leaders" in b.s else []
    b.take_off(uid, "eliminated")
    text += dv_leaders.joined(b, riders)
    b.s["log"]["eliminated"].append({"unit": uid, "hex": h, "side": b.side(uid)})
    return event(kind="eliminated", text=text, unit=uid, hex=h)


# --- retreat and displacement --------------------------------------------------------------
def retreat_options(b: Battle, uid: str, frm: Hex, taken: frozenset[Hex],
                    away_from: Hex | None = None) -> list[tuple[Hex, str | None]]:
    """Where a unit may retreat one hex: (hex, friendly unit displaced there or None). The second hex of
    a two-hex retreat ends two hexes from `away_from`, where it began (binding, Doomed Victory 6.10): only
    such hexes count, also when asking whether an empty one spares the friendly units (Displacement)."""
    side = b.side(uid)
    safe = [n for n in safe_steps(b, side, frm, taken) if away_from is None or distance(n, away_from) == 2]
    empty: list[tuple[Hex, str | None]] = [(n, None) for n in safe if b.at(n) is None]
    if empty:
        return empty
    involved = set(b.s["pending"]["involved"])  # of the result carried out (or forecast: odds.py)
    out: list[tuple[Hex, str | None]] = []
    for n in safe:
        occ = b.occupant[n]
        if occ in involved:
            continue
        if retreat_open(b, side, n, taken | {frm, n}, involved):
            out.append((n, occ))
    return out


def safe_steps(b: Battle, side: str, frm: Hex, taken: frozenset[Hex]) -> list[Hex]:
    """The hexes a unit of `side` may retreat into from frm, one hex, empty or friendly, none of `taken`."""
    return [n for n in retreat_steps(b, side, frm) if n not in taken]


def retreat_steps(b: Battle, side: str, frm: Hex) -> tuple[Hex, ...]:
    """`safe_steps` with nothing taken, worked out once per position: kept in `b.retreats` until
    a unit moves or a redoubt's mark changes (what the zones of control read)."""
    found = b.retreats.get((side, frm))
    if found is None:
        found = b.retreats[side, frm] = tuple(
            n for n in retreat_ground(b.map, frm) if not b.in_enemy_zoc(side, n)
            and ((occ := b.at(n)) is None or b.side(occ) == side))
    return found


@cache
def retreat_ground(m: BattleMap, frm: Hex) -> tuple[Hex, ...]:
    """The adjacent hexes the ground lets a unit retreat into from frm, units and zones of control
    left out: not across a river, nor through woods but along a road."""
    safe = []
    for n in m.adjacent(frm):
        if m.side(frm, n) == "river":
            continue
        if n in m.woods and n not in m.road_hexes:
            continue
        if (n in m.woods or frm in m.woods) and not m.is_road_side(frm, n):
            # Reading: a retreat is a one-hex move, so woods/road hexes are entered and left only
            # along the road, as in Movement and as ZOC (I) says of the advance.
            continue
        safe.append(n)
    return tuple(safe)


def retreat_open(b: Battle, side: str, frm: Hex, taken: frozenset[Hex], involved: Collection[str]) -> bool:
    """Whether a unit of `side` in frm has a retreat: an empty safe hex, or a chain of uninvolved
    friendly units each displaced into the next (Displacement), never through `taken`. A hex that
    can be reached at all can be reached by a path that never comes back, so one search answers
    what trying every path would."""
    seen, frontier = set(taken) | {frm}, [frm]
    while frontier:
        here = frontier.pop()
        for n in retreat_steps(b, side, here):
            if n in seen:
                continue
            occ = b.at(n)
            if occ is None:
                return True
            seen.add(n)
            if occ not in involved:
                frontier.append(n)
    return False


def retreat_open_here(b: Battle, uid: str, involved: frozenset[str]) -> bool:
    """`retreat_open` for a unit from where it stands, nothing taken, `involved` the units of its own
    side in the result (no enemy unit is ever a step of a retreat, so no other matters): asked of
    every attack weighed in one position (the computer's expectation), so kept in `b.openings`
    until a unit moves or a redoubt's mark changes."""
    found = b.openings.get((uid, involved))
    if found is None:
        found = b.openings[uid, involved] = retreat_open(b, b.side(uid), b.hex_of(uid), frozenset(), involved)
    return found


def _retreat_to(b: Battle, step: dict, uid: str, to: Hex, displaced: str | None, told: bool = True) -> list[Event]:
    """A unit's retreat into `to`, displacing the unit there first (Retreat: Displacement), whose own
    retreat is then chosen; once a unit retreats into an open hex the units that displaced their way
    into its wake follow, each into the hex the one before it left. Their moves are logged, not told
    (`told`): each was told as it displaced ('3020 (French 2-5 cavalry) is displaced by 2920 (French
    7-4 infantry) retreating into 3020.'), and a chain of eight read eight such lines again at its end."""
    frm = b.hex_of(uid)
    if displaced is not None:
        # The displaced unit leaves first (chosen by the same victor), then this unit takes its hex.
        follower = {"unit": uid, "hex": to}
        if step.get("hexes", 1) > 1:  # a two-hex retreat goes on from there (Doomed Victory 6.10)
            follower["hexes"] = step["hexes"]
        b.s["pending"]["steps"][0:0] = [
            {"kind": "retreat", "chooser": step["chooser"], "unit": displaced,
             "taken": sorted(set(step["taken"]) | {frm, to}),
             # the units waiting to move in behind it, innermost first (chain displacement)
             "then": [follower] + _followers(step)}]
        u = b.edit(displaced)
        if b.is_artillery(displaced) and b.side(displaced) == b.s["player"] and not u["attacked"]:
            u["attacked"] = True  # displaced artillery may not fire this phase
        return [event(f"{b.describe(displaced)} is displaced by {b.describe(uid)} retreating into {to}.",
                      kind="displaced", unit=displaced, by=uid)]
    text = f"{b.describe(uid)} retreats to {to}."
    b.place(uid, to)
    b.s["log"]["retreats"].append({"unit": uid, "side": b.side(uid), "from": frm, "to": to})
    events = [event(kind="retreat", text=text, unit=uid, path=[frm, to], **({} if told else {"to": "log"}))]
    if step.get("hexes", 1) > 1:  # the second hex of a two-hex retreat (Doomed Victory 6.10)
        b.s["pending"]["steps"].insert(0, {"kind": "retreat", "chooser": step["chooser"], "unit": uid,
                                           "taken": sorted(set(step["taken"]) | {frm}), "away_from": frm})
    for follower in _followers(step):
        more = {"hexes": follower["hexes"]} if "hexes" in follower else {}
        events += _retreat_to(b, {"chooser": step["chooser"], "taken": [], **more}, follower["unit"],
                              follower["hex"], None, told=False)
    return events


def _followers(step: dict) -> list[dict]:
    """The retreating units that displaced this one, each taking the hex the one before it left."""
    return step.get("then", [])


# --- the step queue ------------------------------------------------------------------------
def options_of(b: Battle, step: dict) -> list:
    """What the chooser of a waiting step may choose among (the standing orders read it too)."""
    kind = step["kind"]
    if kind == "retreat":
        if b.unit(step["unit"])["where"] != "map":
            return []
        return retreat_options(b, step["unit"], b.hex_of(step["unit"]), frozenset(step["taken"]),
                               step.get("away_from"))
    if kind == "advance":
        return advance_options(b, step)
    if kind == "voluntary":
        return [u for u in step["units"] if b.unit(u)["where"] == "map"
                and retreat_options(b, u, b.hex_of(u), frozenset())]
    if kind == "lose":
        return loss_options(b, step)
    return []


def run_steps(b: Battle) -> list[Event]:
    """Run steps until one needs a player's choice or the queue is empty."""
    events: list[Event] = []
    while b.s["pending"] and b.s["pending"]["steps"]:
        step = b.s["pending"]["steps"][0]
        options = options_of(b, step)
        kind = step["kind"]
        if kind == "retreat" and not options:
            b.s["pending"]["steps"].pop(0)
            events.append(_eliminate(b, step["unit"], ": it has no path of retreat (Retreat)"))
            continue
        if kind == "retreat" and len(options) == 1:
            b.s["pending"]["steps"].pop(0)
            events += _retreat_to(b, step, step["unit"], *options[0])
            continue
        if kind == "lose" and len(options) == 1:
            b.s["pending"]["steps"].pop(0)
            events += _lose(b, options[0])
            continue
        if not options:  # nothing to choose: no advance open, no one left to lose
            b.s["pending"]["steps"].pop(0)
            continue
        return events + [event(kind="choice", text=prompt(b) or "", chooser=step["chooser"])]
    b.s["pending"] = None
    return events


def prompt(b: Battle) -> str | None:
    """The question to the chooser of the waiting step, or None: one sentence, or where its answers
    would make one long (a retreat displacing units, an advance after combat, ...: `_pointed`) a short
    sentence and a point an answer."""
    pending = b.s.get("pending")
    if not pending or not pending["steps"]:
        return None
    step = pending["steps"][0]
    pointed = _pointed(b, step)
    if pointed is not None:
        return point_by_point(pointed[0], [*pointed[1], *_chain_form(b, step)])
    rule, question, cited = _question(b, step)
    return str(RuleViolation(rule, question)) if cited else f"{question}."  # "... (Artillery C)."


def _chain_form(b: Battle, step: dict) -> list[str]:
    """The one point that names a retreat's chain, where the same player's choices follow it (a unit it
    may displace, a two-hex retreat's second hex, the next unit sent back, the advance after combat):
    `retreat <hex> then <hex> then stay` answers them at once (Retreat; Combat H). None elsewhere."""
    if step["kind"] != "retreat":
        return []
    later = [s for s in b.s["pending"]["steps"][1:] if s["chooser"] == step["chooser"]]
    more = step.get("hexes", 1) > 1 or any(s["kind"] == "retreat" for s in later) or \
        any(d for _, d in options_of(b, step))
    stay = any(s["kind"] == "advance" for s in later)
    if not (more or stay):
        return []
    return [f"or all at once: `retreat <hex>{' then <hex>' if more else ''}{' then stay' if stay else ''}`"]


def _pointed(b: Battle, step: dict) -> tuple[str, list[str]] | None:
    """The question of `_question` as a short sentence (the choice, citing the rule where that cites
    it) and its answers, one a point, where they would run one sentence long: a retreat where one of
    the hexes displaces a friendly unit (Displacement: each names the unit it would push), an advance
    after combat (Combat H: one unit's advance and `stay` ran up to 144 characters as one sentence), two sets
    of attackers or more to pay an exchange with (CRT: Exchange), spared guns that may elect to retreat
    (Artillery C), a retreat whose chain a point then names (`_chain_form`); None otherwise. The sentence
    stays within a phone's two lines (about 80 characters): what the exchange costs, and who then chooses
    where the guns go, are points (a sentence of 126 characters read as four lines before its first answer)."""
    who = step["chooser"].title()
    options = options_of(b, step)
    if step["kind"] == "retreat" and any(d for _, d in options):
        return (f"{who} player: choose where {_whole(b, step['unit'])} retreats{_which_hex(step)}:",
                [f"`retreat {h}`" + (f", displacing {d} ({_value(b, d)})" if d else "") for h, d in options])
    if step["kind"] == "retreat" and _chain_form(b, step):  # the chain's point under it (prompt)
        return (f"{who} player: choose where {_whole(b, step['unit'])} retreats{_which_hex(step)}:",
                [f"`retreat <hex>`, one of {', '.join(h for h, _ in options)}"])
    if step["kind"] == "advance":
        return f"{who} player: you may advance after combat:", _advances(b, options) + ["`stay` advances none"]
    if step["kind"] == "voluntary":
        return (f"{who} player: guns the result spared may still retreat (Artillery C):",
                [f"the {enemy_of(step['chooser']).title()} player then chooses where each goes",
                 *_spared(b, options), "`stay` elects none"])
    if step["kind"] == "lose" and len(options) > 1:
        return (f"{who} player: choose the attackers the exchange costs you (CRT: Exchange):",
                [f"at least {points(step['need'])} of them", *_loss_sets(b, options)])
    return None


def waiting_hexes(b: Battle) -> list[str]:
    """The hexes the waiting step is about: the units it concerns and where they may go (a
    retreat's hexes, an advance's), for a picture of the choice; none while nothing waits."""
    pending = b.s.get("pending")
    if not pending or not pending["steps"]:
        return []
    step = pending["steps"][0]
    options = options_of(b, step)
    if step["kind"] == "retreat":
        return sorted({b.hex_of(step["unit"]), *(h for h, _ in options)})
    if step["kind"] == "advance":
        return sorted({h for u, h in options} | {b.hex_of(u) for u, _ in options})
    if step["kind"] == "voluntary":
        return sorted({b.hex_of(u) for u in options})
    return sorted({b.hex_of(u) for units in options for u in units})


def _question(b: Battle, step: dict) -> tuple[str, str, bool]:
    """The step's rule, its question (no closing citation) and whether the prompt cites the rule. A
    unit is named as its answer buttons name it (answers.py), by id and hex, and what it is."""
    who = step["chooser"].title()
    options = options_of(b, step)
    if step["kind"] == "retreat":
        hexes = ", ".join(h + (f" (displacing {d}, {_value(b, d)})" if d else "") for h, d in options)
        return ("Retreat", f"{who} player: choose where {_whole(b, step['unit'])} retreats{_which_hex(step)}: "
                f"`retreat <hex>`, one of {hexes}", False)
    if step["kind"] == "advance":
        return "Combat (H)", f"{who} player: you may advance after combat: {_or_stay(_advances(b, options))}", False
    if step["kind"] == "voluntary":
        return ("Artillery (C)", f"{who} player: artillery spared by the result may still elect to retreat, the "
                f"{enemy_of(step['chooser']).title()} player then choosing where: {_or_stay(_spared(b, options))}",
                True)
    sets = "; or ".join(_loss_sets(b, options))
    return ("CRT: Exchange", f"{who} player: the exchange costs you at least {points(step['need'])} of the "
            f"attackers; choose: {sets}", True)


def _which_hex(step: dict) -> str:
    """Which hex of a two-hex retreat a retreat step asks for (Doomed Victory 6.10): ', the first of its two
    hexes (Doomed Victory 6.10)', the second; nothing for a one-hex retreat."""
    which = "second" if "away_from" in step else "first" if step.get("hexes", 1) > 1 else ""
    return f", the {which} of its two hexes (Doomed Victory 6.10)" if which else ""


def _spared(b: Battle, options: list[str]) -> list[str]:
    """Each spared gun's answer (Artillery C): '`retreat 2817` for R-GA-1 in 2817 (...)'."""
    return [f"`retreat {b.hex_of(u)}` for {_whole(b, u)}" for u in options]


def _loss_sets(b: Battle, options: list[tuple[str, ...]]) -> list[str]:
    """Each set of attackers an exchange may be paid with, as its answer (CRT: Exchange)."""
    return [f"`lose {'+'.join(b.hex_of(u) for u in s)}` for {listed([named(b, u) for u in s])} "
            f"({points(sum(b.strength(u) for u in s))})" for s in options]


def _advances(b: Battle, options: list[tuple[str, Hex]]) -> list[str]:
    """Each unit's advance as its answer: '`advance 2706 2705` moves F-I-2 in 2706 (French 7-4 infantry)
    into 2705', '`advance 1615 <hex>` ... into 1616 or 1715' where it may take either hex."""
    into: dict[str, list[str]] = {}
    for u, h in options:
        into.setdefault(u, []).append(h)
    return [f"`advance {b.hex_of(u)} {hs[0] if len(hs) == 1 else '<hex>'}` moves {_whole(b, u)} into "
            f"{' or '.join(hs)}" for u, hs in into.items()]


def _chain(b: Battle, side: str, cmd: Retreat) -> list[Event]:
    """`retreat 3019 then 2918`: a retreat, then each retreat it leaves to the same player, in order: the
    unit it displaced (Retreat: Displacement), the second hex of a two-hex retreat (Doomed Victory 6.10),
    the next unit the same result sends back (Retreat: the victor decides); and where the victor's advance
    after combat (Combat H) follows them, `then stay` or `then advance 3020 3019`. He chooses each, and
    nothing is rolled between them, so choosing them together is choosing each in turn: each is played as
    its own answer would be, the questions between them asked of no one. A chain longer than the choices
    left to him, or across a die, is refused whole."""
    hexes = (cmd.to, *cmd.then)
    events: list[Event] = []
    rolled = rolls_made(b.s)
    for n, to in enumerate(hexes):
        answer = Retreat(to, cmd.unit if n == 0 else None) if is_hex(to) else \
            Stay() if to == "stay" else Advance(*to.split()[1:])
        if n and not (chain_goes_on(b, side) if is_hex(to) else advance_next(b, side)):
            raise RuleViolation("Retreat", f"the {'retreat to' if is_hex(hexes[n - 1]) else 'answer'} "
                                f"{hexes[n - 1]} leaves no further {'retreat' if is_hex(to) else 'advance'} of the "
                                f"chain to choose, so nothing follows it: `retreat {' then '.join(hexes[:n])}`")
        if n and rolled != rolls_made(b.s):
            raise RuleViolation("Retreat", f"a die is rolled after the retreat to {hexes[n - 1]}, so what follows "
                                f"it is chosen once it is seen: `retreat {' then '.join(hexes[:n])}`")
        events = [e for e in events if e.get("kind") != "choice"]  # answered by the next of the chain
        events += choose(b, side, answer)
    return events


# The kinds of step each answer written with an attack answers (results.ahead)
ANSWERS: dict[type, tuple[str, ...]] = {Retreat: ("retreat",), Lose: ("lose",), Advance: ("advance",),
                                        Stay: ("advance", "voluntary")}


def check_ahead(b: Battle, plan: Plan, written: tuple[str, ...]) -> None:
    """Before the die: the answers written with an attack name its own units. Only the units attacking
    from next door may advance (Combat H; Artillery G), and only attackers pay an exchange (CRT: Exchange).
    A retreat's hexes are not checked here: the first asked may be a displaced unit's (Displacement)."""
    adjacent = {b.hex_of(a) for a in plan.attackers if a not in plan.bombarding}
    attackers = {b.hex_of(a) for a in plan.attackers}
    defenders = [b.hex_of(d) for d in plan.defenders]
    for text in written:
        answer = _written(text)
        if isinstance(answer, Advance) and answer.unit not in adjacent:
            raise RuleViolation("Combat (H)", f"{answer.unit} is not one of the units attacking from next to "
                                f"{'+'.join(defenders) or 'the redoubt'}, which alone may advance after this attack: "
                                f"`then advance {sorted(adjacent)[0] if adjacent else '<unit>'}`, or `then stay`")
        if isinstance(answer, Lose) and not set(answer.units) <= attackers:
            raise RuleViolation("CRT: Exchange", f"an exchange costs the attackers alone: `then lose` names some "
                                f"of {'+'.join(sorted(attackers))}")


def ahead(b: Battle, side: str, written: tuple[str, ...], events: list[Event]) -> list[Event]:
    """The attacker's answers written with his attack (`attack 2919 -> 2918 then retreat 2817 then stay`),
    each played as its own answer would be where the result leaves him that choice: the choices are his
    (Retreat: the victor decides; CRT: Exchange; Combat H), made as he would make them once the die is
    read, nothing rolled between them. An answer to a choice the result does not bring (a retreat after
    a De) is passed over; one it brings but not as written (the unit named to advance lost in the
    exchange) leaves that choice asked, and those after it, as does a die rolled between them."""
    answers = [_written(text) for text in written]
    rolled = rolls_made(b.s)
    while answers and rolled == rolls_made(b.s) and _next_step(b, side, None):
        step = b.s["pending"]["steps"][0]
        fits = [n for n, answer in enumerate(answers) if step["kind"] in ANSWERS[type(answer)]]
        if not fits:
            break
        answer, answers = answers[fits[0]], answers[fits[0] + 1:]
        asked = [e for e in events if e.get("kind") == "choice"]
        try:
            said = choose(b, side, answer)
        except RuleViolation as refused:
            cited = (refused.rule or "Combat").replace(" (", " ").rstrip(")")  # 'Combat (H)' as cited: 'Combat H'
            unfit = event(f"`{answer.to_text()}`, written with the attack, does not fit its result ({cited}): "
                          "the choice is asked.", kind="unfit", answer=answer.to_text())
            return [e for e in events if e not in asked] + [unfit] + asked
        events = [e for e in events if e not in asked] + said
    return events


def _written(text: str) -> Retreat | Advance | Lose | Stay:
    """An answer written with an attack as its command: a bare hex is the next retreat of the chain."""
    answer = Retreat(text) if is_hex(text) else parse(text)
    assert isinstance(answer, (Retreat, Advance, Lose, Stay))
    return answer


def advance_next(b: Battle, side: str) -> bool:
    """Whether the victor's advance after combat waits for `side` now (Combat H)."""
    return _next_step(b, side, "advance")


def chain_goes_on(b: Battle, side: str) -> bool:
    """Whether, once a unit has retreated a hex, another retreat of the same result waits for `side`: the
    unit it displaced, its own second hex of a two-hex retreat, or the next unit the result sends back
    (`retreat 3019 then 2918`)."""
    return _next_step(b, side, "retreat")


def _next_step(b: Battle, side: str, kind: str | None) -> bool:
    """Whether the result's next step is of `kind` (None: any) and chosen by `side`."""
    steps = (b.s["pending"] or {}).get("steps") or []
    return bool(steps) and kind in (None, steps[0]["kind"]) and steps[0]["chooser"] == side


def _or_stay(answers: list[str]) -> str:
    """The answers of a step that may be declined: 'A, or `stay`'; 'A; B; or `stay`'."""
    return "; ".join(answers) + ("; " if len(answers) > 1 else ", ") + "or `stay`"


def named(b: Battle, uid: str) -> str:
    """How a combat result's question and its answer buttons both name a unit: by id, as the `units`
    list does, and by hex, as the map does ('R-V-3G in 2318')."""
    return f"{uid} in {b.hex_of(uid)}"


def _whole(b: Battle, uid: str) -> str:
    """`named` with what the unit is, for the question: 'R-V-3G in 2318 (Russian 2-4 infantry)'."""
    return f"{named(b, uid)} ({_value(b, uid)})"


def _value(b: Battle, uid: str) -> str:
    """'French 7-4 infantry': a unit named without its place."""
    d = b.defs[uid]
    return f"{d.side.title()} {d.strength}-{d.movement} {d.kind}"


def advance_options(b: Battle, step: dict) -> list[tuple[str, Hex]]:
    """(unit, vacated hex) pairs open to the victor (Combat H; ZOC I; Artillery G; Redoubts J)."""
    out = []
    for uid in step["units"]:
        u = b.unit(uid)
        if u["where"] != "map" or u["advanced"]:
            continue
        here = b.hex_of(uid)
        for h in step["vacated"]:
            if h is None or b.at(h) is not None or h not in b.map.adjacent(here):
                continue
            if b.map.side(here, h) == "river":
                continue
            woods = here in b.map.woods or h in b.map.woods
            if woods and not b.map.is_road_side(here, h):
                continue  # ZOC (I): advance into or out of woods/road only along the road
            out.append((uid, h))
    return out


def loss_options(b: Battle, step: dict) -> list[tuple[str, ...]]:
    """The smallest sets of attackers whose printed strength covers the exchange (CRT: Ex)."""
    units = [u for u in step["units"] if b.unit(u)["where"] == "map"]
    if sum(b.strength(u) for u in units) <= step["need"]:
        return [tuple(units)] if units else []
    out = []
    for n in range(1, len(units) + 1):
        for combo in combinations(units, n):
            total = sum(b.strength(u) for u in combo)
            if total >= step["need"] and all(total - b.strength(u) < step["need"] for u in combo):
                out.append(combo)
    return out


def _lose(b: Battle, units: tuple[str, ...]) -> list[Event]:
    return [_eliminate(b, u) for u in units]


def _why_no_advance(b: Battle, pairs: list[tuple[str, Hex]], ref: str, mover: str | None,
                    to: Hex | None) -> tuple[str, str]:
    """The case and the reason an advance asked for is not open: artillery that bombarded (Artillery
    G), a unit not among those that may advance, or a hex the attack did not vacate (Combat H)."""
    attacks = b.s["log"]["attacks"]
    if mover is not None and attacks and b.hex_of(mover) in attacks[-1].get("bombarding", []):
        return "Artillery (G)", (f"{b.describe(mover)} bombarded from two hexes off, and artillery that does "
                                 "may not advance")
    if mover is None:
        return "Combat (H)", f"there is no unit in {ref}"
    if all(u != mover for u, _ in pairs):
        return "Combat (H)", f"{b.describe(mover)} is not one of the victorious units that may advance"
    return "Combat (H)", f"{to} is not the hex the attack vacated next to {b.describe(mover)}"


# --- the chooser's commands ----------------------------------------------------------------
def choose(b: Battle, side: str, cmd: Retreat | Advance | Lose | Stay) -> list[Event]:
    """Apply the chooser's answer to the waiting step, then run on."""
    if isinstance(cmd, Retreat) and cmd.then:
        return _chain(b, side, cmd)
    step = b.s["pending"]["steps"][0]
    kind = step["kind"]
    if isinstance(cmd, Retreat) and kind == "retreat":
        options = dict(options_of(b, step))
        if cmd.unit and cmd.unit not in (b.hex_of(step["unit"]), step["unit"]):
            raise RuleViolation("Retreat", f"the unit retreating now is {_whole(b, step['unit'])}")
        if cmd.to not in options and not b.map.on_map(cmd.to):
            raise RuleViolation("Retreat", f"{cmd.to} is not on the map; {_whole(b, step['unit'])} retreats to one of "
                                f"{', '.join(options)}")
        if cmd.to not in options:
            raise RuleViolation("Retreat", f"{_whole(b, step['unit'])} may not retreat to {cmd.to}: units retreat "
                                "one hex, not into enemy units, enemy Zones of Control, non-road woods, across rivers "
                                "or off the map, and displace a friendly unit only when no empty hex is open; "
                                f"choose {', '.join(options)}")
        b.s["pending"]["steps"].pop(0)
        return _retreat_to(b, step, step["unit"], cmd.to, options[cmd.to]) + run_steps(b)
    if isinstance(cmd, Retreat) and kind == "voluntary":
        if cmd.unit is not None:
            raise RuleViolation("Retreat", "the victorious player decides in which direction a unit retreats: elect "
                                f"the retreat with `retreat {cmd.unit}` and the {enemy_of(side).title()} player "
                                "chooses where (Artillery C)")
        uid = b.at(cmd.to)
        if uid is None or uid not in options_of(b, step):
            answers = [f"`retreat {b.hex_of(u)}`" for u in options_of(b, step)] + ["`stay`"]
            raise RuleViolation("Artillery (C)", "name a spared artillery unit of this attack that can retreat: "
                                f"{', '.join(answers[:-1])} or {answers[-1]}")
        step["units"].remove(uid)
        b.s["pending"]["steps"].insert(0, {"kind": "retreat", "chooser": enemy_of(side), "unit": uid, "taken": []})
        return [event(kind="elects_retreat", text=f"{b.describe(uid)} elects to retreat all the same (Artillery C).",
                       unit=uid)] + run_steps(b)
    if isinstance(cmd, Advance) and kind == "advance":
        pairs = options_of(b, step)
        mover = b.at(cmd.unit)
        fits = [(u, h) for u, h in pairs if u == mover and (cmd.to is None or h == cmd.to)]
        if len(fits) != 1:
            listed = ", ".join(f"advance {b.unit(u)['hex']} {h}" for u, h in pairs)
            rule, why = _why_no_advance(b, pairs, cmd.unit, mover, cmd.to)
            raise RuleViolation(rule, f"that advance is not open: {why}; choose one of: {listed}, or stay")
        uid, h = fits[0]
        frm, who = b.hex_of(uid), b.describe(uid)  # named by where it stood, as a move names it
        b.place(uid, h)
        b.edit(uid)["advanced"] = True  # may not attack or be attacked again this phase
        step["vacated"].remove(h)
        b.s["log"]["advances"].append({"unit": uid, "side": side, "from": frm, "to": h})
        advance = event(f"{who} advances into {h}.", kind="advance", unit=uid, path=[frm, h])
        return [advance] + run_steps(b)
    if isinstance(cmd, Lose) and kind == "lose":
        uids = tuple(b.occupant[h] for h in cmd.units if h in b.occupant)
        if len(uids) != len(cmd.units) or not any(set(uids) == set(o) for o in options_of(b, step)):
            raise RuleViolation("CRT: Exchange", "those units are not one of the smallest sets that cover the "
                                f"exchange; {_question(b, step)[1]}")
        b.s["pending"]["steps"].pop(0)
        return _lose(b, uids) + run_steps(b)
    if isinstance(cmd, Stay) and kind in ("advance", "voluntary"):
        b.s["pending"]["steps"].pop(0)
        return run_steps(b)
    rule, question, _ = _question(b, step)
    raise RuleViolation(rule, f"that is not the answer waiting; {question}")
