"""Declaring an attack (Borodino, COMBAT A-K, ARTILLERY A-I, RUSSIAN REDOUBTS A-I).

`plan_attack` checks a declared attack and computes its odds without rolling; `obligations`
says which units must still attack or be attacked this Combat Phase (Combat B), so that `end`
can be refused and no declaration may leave an obligation impossible to meet.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property

from rules.borodino import dv_combat
from rules.borodino.attack_cover import Contact, Vertex, best_cover, groups
from rules.borodino.battle import RING, RING2, Battle, enemy_of, engaged_around
from rules.borodino.battlemap import BattleMap
from rules.borodino.commands import Attack
from rules.borodino.tables import odds_column
from rules.core.errors import RuleViolation
from rules.core.hexes import Hex, distance, fire_paths

WOODS = ("woods", "woods_road")


@dataclass
class Plan:
    """A legal attack, ready to roll."""
    side: str
    attackers: list[str]                 # unit ids (adjacent and bombarding)
    bombarding: list[str]                # artillery firing from two hexes (Artillery, General Rule)
    defenders: list[str]                 # unit ids; empty when a redoubt defends alone
    redoubt_attacking: Hex | None = None  # a Russian redoubt adding its strength (Redoubts, I)
    redoubt_defending: Hex | None = None  # the redoubt whose strength is added to the defence
    redoubt_alone: bool = False           # an empty redoubt attacked by itself (Redoubts, I)
    attack: Fraction = Fraction(0)
    defence: Fraction = Fraction(0)
    notes: list[str] = field(default_factory=list)         # the defender's terrain (Combat J, Redoubts E-G)
    attack_notes: list[str] = field(default_factory=list)  # the attackers' (Combat K; Redoubts I)

    @cached_property
    def odds(self) -> str:
        """The CRT column, read once the strengths are in (`plan_attack` returns no plan before)."""
        return odds_column(self.attack, self.defence)


def fire_blocked(m: BattleMap, a: Hex, d: Hex) -> bool:
    """Artillery (F, I): woods block fire at two hexes unless an equidistant path is clear."""
    return all(any(m.terrain(h) in WOODS for h in path) for path in fire_paths(a, d))


def through_front(b: Battle, attacker_hex: Hex, redoubt: Hex) -> bool:
    """Does fire or assault from attacker_hex reach the redoubt through a front hexside (H)?"""
    front = b.map.redoubts[redoubt].front
    if distance(attacker_hex, redoubt) == 1:
        return attacker_hex in front
    return any(h in front for path in fire_paths(attacker_hex, redoubt) for h in path)


@cache
def strike_refusal(m: BattleMap, art: bool, ah: Hex, d_hex: Hex) -> tuple[str, str] | None:
    """Why a unit in ah, artillery or not, may not attack the hex d_hex, as (rule, reason), or None:
    the per-pair rules. The ground and the distance alone decide, so each answer is worked out once."""
    dist = distance(ah, d_hex)
    if art and m.terrain(d_hex) in WOODS:
        return "Artillery (I)", f"artillery may not fire into woods or woods/road hexes such as {d_hex}"
    if dist == 1:
        # Combat (K) names the artillery rules as its exception and Artillery (H) speaks of artillery
        # "attacking across ... River hexsides": we read that artillery alone may fire across a river.
        if m.side(ah, d_hex) == "river" and not art:
            return "Combat (K), Terrain Effects Chart", (
                f"combat across the river hexside {ah}/{d_hex} is forbidden except to artillery; "
                "infantry and cavalry attack only across fords and bridges")
        return None
    if dist == 2 and art:
        if fire_blocked(m, ah, d_hex):
            return "Artillery (F, I)", f"woods block the line of fire from {ah} to {d_hex}"
        return None
    if art:
        return "Artillery, General Rule", f"{ah} is {dist} hexes from {d_hex}; artillery bombards at two hexes at most"
    return "Combat (A)", f"{ah} is not adjacent to {d_hex}; attackers must be adjacent to every unit they attack"


def _available_attacker(b: Battle, uid: str) -> bool:
    u = b.unit(uid)
    return u["where"] == "map" and not u["attacked"] and not u["advanced"] \
        and not (b.doomed and dv_combat.why_barred(b, uid))


def _available_defender(b: Battle, uid: str) -> bool:
    u = b.unit(uid)
    return u["where"] == "map" and not u["defended"] and not u["advanced"]


def _empty_redoubt_target(b: Battle, h: Hex) -> bool:
    return b.at(h) is None and b.redoubt_active(h) and not b.s["redoubts"][h]["attacked"]


def plan_attack(b: Battle, side: str, cmd: Attack, *, check_obligations: bool = True,
                now: Contact | None = None) -> Plan:
    """Check a declared attack against Combat A-K, Artillery A-I and Redoubts A-I; the odds of an
    attack asked about before the Combat Phase skip Combat (B, D), which the moves may change.
    `now`: `contact(b, side)` when the caller has it. A plan is kept with that contact, which lives
    as long as the position (`contact`): an attack drawn and then carried out in one position
    (session.py) is planned once, and so is one weighed unchecked with the contact given (the
    computer's expectation) and then checked. Callers must not change it."""
    if check_obligations:
        now = now or contact(b, side)
        if ("plan", cmd) in now.known:
            return now.known["plan", cmd]
    plan = now.known.get(("unchecked", cmd)) if now is not None else None
    if plan is None:
        plan = _plan(b, side, cmd)
        if now is not None:
            now.known["unchecked", cmd] = plan
    if check_obligations:
        assert now is not None, "the contact is worked out above"
        _check_obligations_stay_possible(b, plan, now)
        now.known["plan", cmd] = plan
    return plan


def _plan(b: Battle, side: str, cmd: Attack) -> Plan:
    """`plan_attack` but for the obligations (Combat B-D)."""
    if not cmd.attackers or not cmd.defenders:
        raise RuleViolation("Combat (A)", "an attack names its attackers and the enemy units it attacks: "
                            "`attack <hex> -> <hex>`")
    if len(set(cmd.attackers)) != len(cmd.attackers) or len(set(cmd.defenders)) != len(cmd.defenders):
        raise RuleViolation("Combat (I)", "a unit is named twice; each takes part once, as an integral whole")
    plan = Plan(side, [], [], [])
    for ref in cmd.attackers:
        if ref.startswith("R"):
            h = ref[1:]
            if side != "russian":
                raise RuleViolation("Russian Redoubts (A)", f"only the Russians attack with a redoubt's own "
                                    f"strength ({ref}); French units never benefit from the redoubts")
            if h not in b.map.redoubts:
                raise RuleViolation("Russian Redoubts (A)", f"there is no redoubt in {h}; the redoubts are in "
                                    f"{', '.join(sorted(b.map.redoubts))}")
            if not b.redoubt_active(h) or b.s["redoubts"][h]["attacked"]:
                raise RuleViolation("Russian Redoubts (I, J)", f"the redoubt at {h} cannot attack now "
                                    "(destroyed, held by the French, or it has already attacked)")
            plan.redoubt_attacking = h
            continue
        uid = b.at(ref)
        if uid is None or b.side(uid) != side:
            raise RuleViolation("Combat (A)", f"there is no unit of yours in {ref}"
                                + (b.left_from(ref) if uid is None else ""))
        barred = dv_combat.why_barred(b, uid) if b.doomed else None
        if barred:  # Doomed Victory 6.10, 8.10
            raise RuleViolation(*barred)
        if not _available_attacker(b, uid):
            if b.unit(uid)["advanced"]:
                raise RuleViolation("Combat (D)", f"{b.describe(uid)} has advanced after combat "
                                    "this phase; no unit attacks more than once")
            raise RuleViolation("Combat (D, I)", f"{b.describe(uid)} has already attacked this "
                                "phase; no unit attacks more than once, nor splits its strength "
                                "between attacks")
        plan.attackers.append(uid)
    for ref in cmd.defenders:
        uid = b.at(ref)
        if uid is None:
            if side == "french" and _empty_redoubt_target(b, ref):
                plan.redoubt_defending, plan.redoubt_alone = ref, True
                continue
            raise RuleViolation("Combat (A)", f"there is no enemy unit in {ref}")
        if b.side(uid) == side:
            raise RuleViolation("Combat (A)", f"{b.describe(uid)} is your own unit")
        if not _available_defender(b, uid):
            why = "advanced after combat" if b.unit(uid)["advanced"] else "already been attacked"
            raise RuleViolation("Combat (D)",
                                f"{b.describe(uid)} has {why} this phase; no unit is attacked more than once")
        plan.defenders.append(uid)
    if plan.redoubt_alone and plan.defenders:
        raise RuleViolation("Russian Redoubts (I)", "an empty redoubt is attacked by itself, not together with units")
    target_hexes = attacked_hexes(b, plan)
    for a in plan.attackers:
        ah, artillery = b.hex_of(a), b.is_artillery(a)
        for dh in target_hexes:
            refusal = strike_refusal(b.map, artillery, ah, dh)
            if refusal:
                raise RuleViolation(*refusal)
        if artillery and any(distance(ah, dh) == 2 for dh in target_hexes):  # only artillery strikes at two
            if len(target_hexes) > 1:
                raise RuleViolation("Artillery (D)", f"artillery bombarding from {ah} may attack only a single unit")
            plan.bombarding.append(a)
    if plan.redoubt_attacking:
        front = b.map.redoubts[plan.redoubt_attacking].front
        outside = [h for h in target_hexes if h not in front]
        if outside:
            raise RuleViolation("Russian Redoubts (General Rule)", f"a redoubt's strength attacks only the three hexes "
                                f"beyond its front hexsides ({', '.join(sorted(front))}), not {', '.join(outside)}")
    _strengths(b, plan)
    return plan


def attacked_hexes(b: Battle, plan: Plan) -> list[Hex]:
    """The defenders' hexes, or the empty redoubt attacked alone (Russian Redoubts E)."""
    if plan.defenders:
        return [b.hex_of(d) for d in plan.defenders]
    assert plan.redoubt_defending is not None, "an attack has a target"
    return [plan.redoubt_defending]


def _strengths(b: Battle, plan: Plan) -> None:
    """Total attack and defence strengths (Combat E, F, J, K; Artillery H; Redoubts E-I), added
    up in whole numbers (the attack in half points, for the halving across fords and bridges) and
    given as fractions."""
    target_hexes = attacked_hexes(b, plan)
    halves = 0
    for a in plan.attackers:
        ah = b.hex_of(a)
        s = b.strength(a)
        # Combat (K); Artillery (H): not halved. Any other attacker is next to every target (`strike_refusal`).
        if not b.is_artillery(a) and any(b.map.side(ah, dh) in b.tables.across_halved for dh in target_hexes):
            halves += s
            plan.attack_notes.append(f"{ah} halved across a ford or bridge")
        else:
            halves += 2 * s
    # Redoubts (I): an occupied redoubt attacking a single enemy unit adds its strength.
    for a in plan.attackers:
        ah = b.hex_of(a)
        if (ah in b.map.redoubts and b.redoubt_active(ah) and len(plan.defenders) == 1
                and not b.s["redoubts"][ah]["attacked"] and target_hexes[0] in b.map.redoubts[ah].front):
            plan.redoubt_attacking = plan.redoubt_attacking or ah
    if plan.redoubt_attacking:
        redoubt = b.map.redoubts[plan.redoubt_attacking]
        halves += 2 * redoubt.strength
        plan.attack_notes.append(f"the {redoubt.name} adds {redoubt.strength}")
    plan.attack = Fraction(halves, 2)

    attacker_hexes = [b.hex_of(a) for a in plan.attackers]
    if plan.redoubt_alone and plan.redoubt_defending:
        h = plan.redoubt_defending
        fronts = [through_front(b, ah, h) for ah in attacker_hexes]
        plan.defence = Fraction(b.map.redoubts[h].strength if any(fronts) else 0)
        return
    defence = 0
    for d in plan.defenders:
        dh = b.hex_of(d)
        s = b.strength(d)
        if dh in b.map.redoubts and b.redoubt_active(dh):
            fronts = [through_front(b, ah, dh) for ah in attacker_hexes]
            if all(fronts):  # Redoubts (E): doubled, plus the redoubt's strength
                s *= 2
                plan.notes.append(f"{dh} doubled in its redoubt, attacked only through the front")
            if any(fronts):  # (E) and (G); (F): from the rear, neither
                s += b.map.redoubts[dh].strength
                plan.redoubt_defending = dh
                plan.notes.append(f"the {b.map.redoubts[dh].name} adds {b.map.redoubts[dh].strength}")
        else:
            factor = b.tables.defence_multiplier.get(b.map.terrain(dh), 1)  # Combat (J); TEC woods/roads
            if factor != 1:
                plan.notes.append(f"{dh} doubled in {'a town' if b.map.terrain(dh) == 'town' else 'woods/road'}")
            s *= factor
        defence += s
    plan.defence = Fraction(defence)


# --- obligations (Combat B, C; Artillery A; Redoubts C) ------------------------------------
def capable_edges(b: Battle, side: str) -> dict[str, list[Hex]]:
    """For each attacker still able to attack something, the target hexes it could attack on its
    own: available enemy units in the order of the unit table, then (for the French) empty
    active redoubts in the map's order; the attackers in the order of the unit table. Only the
    units with an enemy unit within their reach (`Battle.in_reach`) or, for the French, with an
    empty redoubt they could attack within it, are looked at."""
    units, defs, doomed, m, occupant, rank = b.s["units"], b.defs, b.doomed, b.map, b.occupant, b.rank
    enemy = enemy_of(side)
    redoubts = [h for h in m.redoubts if _empty_redoubt_target(b, h)] if side == "french" else []
    attackers = b.in_reach(side)
    if redoubts:
        mine = b.units_of(side)
        near = {mine[n] for r in redoubts for n in mine.keys() & RING2[r]
                if n in RING[r] or defs[mine[n]].kind == "artillery"}
        attackers = sorted(near.union(attackers), key=rank.__getitem__)
    last = len(rank)

    def order(t: Hex) -> int:  # enemy units in the order of the unit table, then the redoubts
        o = occupant.get(t)
        return rank[o] if o is not None else last + redoubts.index(t)

    out: dict[str, list[Hex]] = {}
    for a in attackers:
        u = units[a]
        if u["attacked"] or u["advanced"] or (doomed and dv_combat.why_barred(b, a)):
            continue  # not an _available_attacker
        h, artillery = u["hex"], defs[a].kind == "artillery"
        hits = [t for t in (RING2 if artillery else RING)[h]  # type: ignore[index]
                if ((o := occupant.get(t)) is not None and defs[o].side == enemy
                    and not (x := units[o])["defended"] and not x["advanced"])  # _available_defender
                or (o is None and t in redoubts)]
        if len(hits) > 1:
            hits.sort(key=order)
        strikes = [t for t in hits if strike_refusal(m, artillery, h, t) is None]  # type: ignore[arg-type]
        if strikes:
            out[a] = strikes
    return out


def obligations(b: Battle, side: str, edges: dict[str, list[Hex]] | None = None,
                fronts: dict[Hex, dict[Hex, bool]] | None = None) -> tuple[set[str], set[Hex]]:
    """(attackers that must still attack, target hexes that must still be attacked); `edges`:
    `capable_edges(b, side)`, `fronts`: `_redoubt_fronts(b, side)`, when the caller has them."""
    if edges is None:
        edges = capable_edges(b, side)
    if fronts is None:
        fronts = _redoubt_fronts(b, side)
    units, m, occupant, defs, doomed = b.s["units"], b.map, b.occupant, b.defs, b.doomed
    enemy = enemy_of(side)
    active_fronts = {f: h for h in m.redoubts if side == "french" and b.redoubt_active(h)
                     for f in m.redoubts[h].front}
    guns = b.option("river_artillery")
    must_attack = {a for a in edges if (ah := units[a]["hex"]) in active_fronts
                   or any((o := occupant.get(n)) is not None and defs[o].side == enemy
                          for n in _facing(b, a, ah, guns))}  # type: ignore[arg-type]
    attackable = {t for targets in edges.values() for t in targets} | {f for found in fronts.values() for f in found}
    # Doomed Victory (binding): a unit that may not attack (broken, 6.10; its leader inactive, 8.10) owes
    # no attack, and the enemy next to it is owed one only by others.
    must_defend = {eh for eh in attackable if (x := occupant.get(eh)) is not None and defs[x].side == enemy
                   and any((y := occupant.get(n)) is not None and defs[y].side == side and not units[y]["advanced"]
                           and (not guns or m.side(n, eh) != "river" or defs[y].kind == "artillery")
                           and not (doomed and dv_combat.why_barred(b, y))
                           for n in (m.adjacent(eh) if guns else engaged_around(m, eh)))}
    return must_attack, must_defend


def _facing(b: Battle, uid: str, h: Hex, guns: bool) -> tuple[Hex, ...]:
    """The adjacent hexes whose enemy units oblige the unit in h to attack (Combat B): all but those
    across a plain river (`Battle.engaged`). Under the option river_artillery artillery owes its
    attack across a plain river too, reading the Artillery General Rule, "Artillery units must
    participate in combat when adjacent to opposing units", and case A, "Artillery units must
    participate in attack if they are adjacent to an Enemy unit", with case H, which lets artillery
    attack across "River hexsides" at full strength. Without it (the default), a river hexside parts
    units as Combat K and Zones of Control H part them, and stored games replay as they were played."""
    if guns and b.defs[uid].kind == "artillery":
        return b.map.adjacent(h)
    return engaged_around(b.map, h)


def _redoubt_fronts(b: Battle, side: str) -> dict[Hex, dict[Hex, bool]]:
    """For each Russian redoubt that may still attack on its own (Redoubts, I), the French units
    in its front hexes it could attack, as edges (never "single"); none for the French."""
    if side != "russian":
        return {}
    out = {}
    for h, r in b.map.redoubts.items():
        if b.redoubt_active(h) and not b.s["redoubts"][h]["attacked"]:
            found = {f: False for f in r.front if b.side_at(f) == "french" and _available_defender(b, b.occupant[f])}
            if found:
                out[h] = found
    return out


def contact(b: Battle, side: str) -> Contact:
    """Who may still attack whom, and which of them owe an attack (Combat B; Redoubts C, I).

    Worked out once per position: kept in `b.contacts` with the redoubts' marks it read, until a
    unit changes (`Battle.edit`, `Battle.forget`), so that an attack drawn and then carried out in
    one position (session.py), or several attacks tried in it, share it, and the first attack of
    a Combat Phase shares the one its opening found (turns.end_movement). Not kept under the
    Doomed Victory options, whose bars (dv_combat.why_barred) also read the leaders."""
    if b.doomed:
        return _contact(b, side)
    key = (side, tuple((r["destroyed"], r["attacked"]) for r in b.s["redoubts"].values()))
    found = b.contacts.get(key)
    if found is None:
        found = b.contacts[key] = _contact(b, side)
    return found


def _contact(b: Battle, side: str) -> Contact:
    edges: dict[str, dict[Hex, bool]] = {}
    capable = capable_edges(b, side)
    for a, targets in capable.items():
        ah = b.hex_of(a)
        # "single": bombarding artillery attacks one unit (Artillery D), an empty redoubt is attacked by itself (I)
        edges[a] = {t: distance(ah, t) == 2 or b.at(t) is None for t in targets}
    fronts = _redoubt_fronts(b, side)
    for h, found in fronts.items():
        edges[f"R{h}"] = found
    due_a, due_d = obligations(b, side, capable, fronts)
    return Contact(edges, {("a", a) for a in due_a} | {("d", h) for h in due_d})


def owed_attacks(b: Battle, side: str, now: Contact | None = None) -> list[tuple[tuple[str, ...], tuple[Hex, ...]]]:
    """An arrangement meeting every obligation that can be met, as (attacker refs, defender hexes);
    `now`: `contact(b, side)` when the caller has it."""
    units = b.s["units"]  # an attacker is a unit on the map (named by its hex) or a redoubt (R<hex>)
    return [(tuple(sorted(units[a]["hex"] if a in units else a for a in atts)), defs)  # type: ignore[misc]
            for atts, defs in best_cover(now or contact(b, side)).attacks]


def _check_obligations_stay_possible(b: Battle, plan: Plan, before: Contact) -> None:
    """Refuse an attack after which the obligations left can no longer all be met together (Combat B-D):
    each attack must belong to some arrangement in which every adjacent unit attacks and is attacked;
    `before`: the contact now. The plan's units name the groups it touches: a redoubt attacking
    (Redoubts I) or attacked alone has an edge to them, and owes nothing itself."""
    involved: set[Vertex] = {("a", a) for a in plan.attackers} | {("d", b.hex_of(d)) for d in plan.defenders}
    touched = set().union(*[g for g in groups(before) if g & involved])
    if not touched:
        return
    unmet_before = best_cover(before, only=involved).unmet
    after = contact_after(b, before, plan)
    unmet_after = best_cover(after, only=touched).unmet
    stranded = (before.required & touched) - involved - after.required  # left with nothing to attack
    if len(stranded) + len(unmet_after) <= len(unmet_before):
        return
    left = sorted((stranded | unmet_after) - unmet_before)  # obligations: the side's units, enemy-held hexes
    names = [b.describe(key if kind == "a" else b.occupant[key]) for kind, key in left]
    raise RuleViolation("Combat (B, C, D)", f"after this attack {', '.join(names)} could no longer "
                        "attack or be attacked, yet every adjacent unit must take part (no unit attacks or is "
                        "attacked twice; bombarding artillery attacks one unit, Artillery D); include them or "
                        "arrange the attacks differently")


def contact_after(b: Battle, before: Contact, plan: Plan) -> Contact:
    """`contact(b, plan.side)` as it will be once the plan's attackers have attacked and its
    defenders (or the empty redoubt it attacks alone) have been attacked, read off `before`:
    those attackers have no edges left, those hexes are no target, and an obligation stays
    owed while its unit still has an edge (`obligations`: the rest of what it reads, who stands
    next to whom, does not change)."""
    gone = {b.hex_of(d) for d in plan.defenders}
    if plan.redoubt_alone and plan.redoubt_defending:
        gone.add(plan.redoubt_defending)
    attacked = set(plan.attackers)
    if plan.redoubt_attacking:  # the redoubt attacking with its occupant is spent too (Redoubts I)
        attacked.add(f"R{plan.redoubt_attacking}")
    edges: dict[str, dict[Hex, bool]] = {}
    for a, targets in before.edges.items():
        if a in attacked:
            continue
        # an attacker's targets are shared with `before` when none of them is gone (a Contact is a value)
        left = targets if gone.isdisjoint(targets) else {t: single for t, single in targets.items() if t not in gone}
        if left:  # an attacker (a unit, or a redoubt's own strength R<hex>) is listed while it has a target
            edges[a] = left
    attackable = {t for targets in edges.values() for t in targets}
    required = {(kind, key) for kind, key in before.required
                if (kind == "a" and key in edges) or (kind == "d" and key in attackable)}
    return Contact(edges, required)
