"""What a refused order could be instead, in the player's own position.

A refusal says what is legal instead for the very unit the player named, where it stands and in
the phase at hand ('3322 (French 7-4 infantry) moves as it stands, to 3222, 3223, 3321, 3421 and
8 more hexes: `move 3322 3222`'), never an example in hexes the player does not hold. `InGame`
gives the grammar's refusals (commands.py) their lines to type from the position, those of the
Doomed Victory errata's own board (formations, facing, charges, limbering, which SPI's Borodino
has not) among them; where nothing of the kind is open to the player now, the form alone.
"""
from __future__ import annotations

import difflib
from functools import cached_property

from rules.borodino import commands as C
from rules.borodino import dv_combat, dv_leaders, legal, movement
from rules.borodino.battle import Battle, reading_copy
from rules.borodino.combat import contact
from rules.core.errors import RuleViolation
from rules.core.events import either
from rules.core.hexes import distance
from rules.core.words import group

KINDS = {"charge": "cavalry", "limber": "artillery"}  # the units an order of the errata is about
NOUNS = {"cavalry": "cavalry", "artillery": "gun"}  # how a refusal names them
SHOWN = 4  # hexes a refusal names before 'and N more hexes'


def cited(rule: str, text: str) -> str:
    """A reason with its case, inside a longer sentence: '... may not move (Zones of Control D)'."""
    return str(RuleViolation(rule, text)).removesuffix(".")


class InGame(C.Examples):
    """The lines to type instead for `side` in the position of `state`, read from it only when a
    refusal asks (a command that parses asks nothing)."""

    def __init__(self, state: dict, side: str):
        self.state, self.side = state, side

    @cached_property
    def b(self) -> Battle:
        return Battle(reading_copy(self.state))

    # --- the grammar's refusals -----------------------------------------------------------
    def any(self) -> str:
        lines = [c.to_text() for c in self._orders()]
        shown = [line for line in lines if line != "end"][:1] + [line for line in lines if line == "end"]
        return either(shown) if shown else super().any()

    def move(self, words: list[str]) -> str:
        uid = self._mine(words)
        if not self._moving() or (uid is None and (uid := self._pick(None)) is None):
            return super().move(words)
        if (why := movement.why_immobile(self.b, self.side, uid)) or not (reach := self._reach(uid)):
            return cited(*why) if why else f"{self.b.describe(uid)} cannot move anywhere"
        return f"`move {legal.ref(self.b, uid)} {reach[0]}` (it can reach {self._hexes(uid)})"

    def rally_moves(self) -> str:
        """What the side may do in the Rally Phase: a leader's move, or `end` (Doomed Victory 8.152)."""
        moves = [f"move {dv_leaders.name(c.unit)} {c.path[-1]}" for c in legal.leader_commands(self.b, self.side)
                 if isinstance(c, C.Move)]
        return either(moves[:1] + ["end"])

    def a_move(self) -> str:
        """A move open to the side now, `move 3322 3221`, or its form where none is."""
        uid = self._pick(None) if self._moving() else None
        return f"`move {legal.ref(self.b, uid)} {self._reach(uid)[0]}`" if uid else "`move <unit> <hex>`"

    def attack(self, words: list[str]) -> str:
        attacks = self._attacks(self._mine(words)) or self._attacks(None)
        return either([attacks[0].to_text()]) if attacks else super().attack(words)

    def retreat(self) -> str:
        return self._answers(C.Retreat) or self._asked(super().retreat())

    def advance(self) -> str:
        return self._answers(C.Advance, C.Stay) or self._asked(super().advance())

    def lose(self) -> str:
        return self._answers(C.Lose) or self._asked(super().lose())

    def release(self) -> str:
        free = [c for c in legal.releases(self.b, self.side) if legal.may_release(self.b, self.side, c)]
        return either([c.to_text() for c in free]) if self._moving() and free else super().release()

    def assign(self) -> str:
        free = [f"assign {dv_leaders.name(c.leader)} {dv_leaders.name(c.fallen)}" for c in self._orders()
                if isinstance(c, C.Assign)]
        return either(free[:1]) if free else super().assign()

    def hex(self, word: str = "") -> str:
        mine = sorted(self.b.units_of(self.side))
        alike = [h for h in mine if word and word in h] or difflib.get_close_matches(word, mine, 1, 0)
        return next(iter(alike or mine), super().hex())

    # --- the Doomed Victory errata's own board ---------------------------------------------
    def unplayed(self, kind: str, words: list[str]) -> str:
        """What the unit named (else one of the side's, of the kind the order is about) may do
        instead of a formation change, a facing, a charge or limbering, here and now."""
        b, named = self.b, self._unit(words)
        if (elsewhere := self._not_now()) is not None:
            return elsewhere
        if b.s["phase"] == "rally":
            return f"in the Rally Phase only leaders move, before they rally broken units (Doomed Victory 8.152): " \
                   f"{self.rally_moves()}"
        mine = named if named is not None and b.side(named) == self.side else None
        empty = next((h for w in words for h in group(w) if b.map.on_map(h) and b.at(h) is None), None)
        near = b.hex_of(named) if named and b.unit(named)["where"] == "map" else empty
        uid = mine or self._pick(KINDS.get(kind), near)
        wanted = NOUNS.get(KINDS.get(kind, ""))
        asides = [f"{b.describe(named)} is not yours" if named is not None and mine is None else
                  f"{empty} holds no unit" if empty and named is None else "",
                  f"no {wanted} of yours may {'move' if self._moving() else 'attack'} now"
                  if wanted and uid and not mine and b.defs[uid].kind != KINDS[kind] else ""]
        aside = " and ".join(a for a in asides if a) + ", and " if any(asides) else ""
        if uid is None:
            return aside + "no unit of yours can move or attack now: `end` the phase"
        who = b.describe(uid) + (" is no gun, and" if mine and kind == "limber" and not b.is_artillery(uid) else "")
        return aside + (self._moves_as_it_stands(kind, uid, who) if self._moving()
                        else self._attacks_as_it_stands(uid, who))

    def _moves_as_it_stands(self, kind: str, uid: str, who: str) -> str:
        b = self.b
        if why := movement.why_immobile(b, self.side, uid):
            return cited(*why)
        reach = self._reach(uid)
        if not reach:
            return f"{who} cannot move anywhere this phase, and attacks as it stands in your Combat Phase"
        line = f"`move {legal.ref(b, uid)} {reach[0]}`"
        hexes = self._hexes(uid)
        if kind == "face":
            return f"{who} attacks every enemy next to it alike in your Combat Phase, and now moves to {hexes}: {line}"
        if kind == "charge":
            return f"{who} moves and attacks as any unit does: now to {hexes} ({line}), then in your Combat Phase"
        if kind == "limber" and b.is_artillery(uid):
            return f"{who} moves as it stands, to {hexes} ({line}), and bombards from two hexes in your Combat " \
                   "Phase (Artillery)"
        return f"{who} moves as it stands, to {hexes}: {line}"

    def _attacks_as_it_stands(self, uid: str, who: str) -> str:
        b = self.b
        attacks = self._attacks(uid)
        gun = b.is_artillery(uid)
        if attacks:
            targets = sorted({d for a in attacks for d in a.defenders})
            how = "bombard {} as it stands, from up to two hexes (Artillery)" if gun else "attack {} as it stands"
            return f"{who} may {how.format(' or '.join(targets))}: {either([attacks[0].to_text()])}"
        u = b.unit(uid)
        if u["attacked"] or u["advanced"]:
            why = f"{who} has {'attacked' if u['attacked'] else 'advanced after combat'} this Combat Phase"
        elif barred := b.doomed and dv_combat.why_barred(b, uid):
            why = cited(*barred)
        else:
            why = f"{who} has no enemy it may attack {'within two hexes' if gun else 'next to it'}"
        others = self._attacks(None)
        return why + (f"; another of yours may: {either([others[0].to_text()])}" if others else "; `end` the phase")

    # --- the position --------------------------------------------------------------------
    def _not_now(self) -> str | None:
        """Why the side has no unit to order now (the game over, a result waiting, the enemy's
        Player-Turn), with what it may do; None when it is the side's phase."""
        s = self.b.s
        if s["phase"] == "over":
            return "the game is over"
        if s["pending"]:
            chooser = s["pending"]["steps"][0]["chooser"]
            if chooser != self.side:
                return f"the game waits for the {chooser.title()} player's answer to a combat result"
            answers = [c.to_text() for c in self._orders()]
            return f"the game waits for your answer to a combat result first: {either(answers[:SHOWN])}"
        if s["player"] != self.side:
            return (f"it is the {s['player'].title()} {s['phase'].title()} Phase, and your units move and attack as "
                    "they stand in your own Player-Turn")
        return None

    def _moving(self) -> bool:
        return self._not_now() is None and self.b.s["phase"] == "movement"

    def _orders(self) -> list[C.Command]:
        """Every command the side may give now (legal.py); none while it is another's to give."""
        s = self.state
        asked = s["pending"]["steps"][0]["chooser"] if s["pending"] else s["player"]
        return legal.legal_commands(self.b, self.side) if s["phase"] != "over" and asked == self.side else []

    def _answers(self, *kinds: type) -> str:
        """The answers of these kinds the waiting result asks of the side, or ''."""
        lines = [c.to_text() for c in self._orders() if self.state["pending"] and isinstance(c, kinds)]
        return either(lines[:SHOWN]) if lines else ""

    def _asked(self, form: str) -> str:
        """The form of an answer, and what the result waiting asks of the side instead, if one does."""
        answers = [c.to_text() for c in self._orders()] if self.state["pending"] else []
        return f"{form}, but the result waiting asks {either(answers[:SHOWN])}" if answers else form

    def _unit(self, words: list[str]) -> str | None:
        """The unit the first word naming one names, by its hex or its id, or the unit a leader
        named is stacked with (Doomed Victory 8.1); None if none does."""
        b = self.b
        for part in (p for w in words for p in group(w)):
            lid = dv_leaders.named(part) if "leaders" in b.s and not part.isdigit() else None
            h = dv_leaders.leader_hex(b, lid) if lid else part
            uid = b.at(h) if h and h.isdigit() else movement.unit_named(b.s["units"], part)
            if uid is not None:
                return uid
        return None

    def _mine(self, words: list[str]) -> str | None:
        uid = self._unit(words)
        return uid if uid is not None and self.b.side(uid) == self.side else None

    def _reach(self, uid: str) -> list[str]:
        """The hexes the unit may end its move in (leaving the map aside), nearest it first."""
        start = movement.start_hex(self.b, uid)
        return sorted((h for h in movement.reachable(self.b, uid) if h != movement.OFF),
                      key=lambda h: (distance(start, h), h))

    def _hexes(self, uid: str) -> str:
        """'3221, 3222, 3321, 3421 and 23 more hexes further from 3322': where the unit may go."""
        return movement.some_hexes(self._reach(uid), SHOWN, near=movement.start_hex(self.b, uid))

    def _attacks(self, uid: str | None) -> list[C.Attack]:
        """The legal attacks of the unit (of any of the side's, for None), those it makes alone first;
        none outside the side's Combat Phase."""
        if self._not_now() is not None or self.b.s["phase"] != "combat":
            return []
        b, now = self.b, contact(self.b, self.side)
        here = b.hex_of(uid) if uid is not None and b.unit(uid)["where"] == "map" else None
        found = [a for a in legal.attack_candidates(b, self.side, now)
                 if (here is None or here in a.attackers) and legal.may_attack(b, self.side, a, now)]
        return sorted(found, key=lambda a: len(a.attackers))

    def _pick(self, kind: str | None, near: str | None = None) -> str | None:
        """A unit of the side that may do something now, of `kind` where one is (cavalry, artillery),
        the one nearest the hex `near` where the player named one."""
        b = self.b
        if self._moving():
            able = [uid for uid in legal.may_move(b, self.side) if kind is None or b.defs[uid].kind == kind]
        else:
            able = [u for a in self._attacks(None) for h in a.attackers if (u := b.at(h)) is not None]
            able = [u for u in able if kind is None or b.defs[u].kind == kind] or able
        if near is not None:
            able.sort(key=lambda u: distance(near, movement.start_hex(b, u)))
        found = next((uid for uid in able if not self._moving() or self._reach(uid)), None)
        return found or (self._pick(None, near) if kind and self._moving() else None)
