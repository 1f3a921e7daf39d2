"""Can every owed attack still be made? (Borodino, Combat B-F; Artillery D; Redoubts I)

Combat (B) owes an attack by every Friendly unit adjacent to the enemy and on every Enemy unit
with a Friendly unit adjacent; (C) lets the attacker arrange them as he likes "as long as ALL
adjacent Enemy units are attacked"; (D) allows each unit one attack or defence. An arrangement
is a set of attacks with no unit in two of them, and one attack that names several attackers
and several defenders can always be split into smaller ones, so it is enough to look for
*stars*: one attacker against one or more defenders (F), or one or more attackers against one
defender (E). The one shape refused is a star whose attacker bombards, or whose defender is an
empty redoubt, with more than one defender (Artillery D; Redoubts I): such an edge is "single".

`best_cover` searches, one connected group of units at a time, for the arrangement that meets
the most obligations (all of them, whenever that is possible); a declared attack is legal only
if it keeps that number (combat.plan_attack), which is how a player is stopped from an attack
that would leave another owed attack impossible to make.
"""
from __future__ import annotations

from dataclasses import dataclass, field

Vertex = tuple[str, str]  # ("a", attacker id) or ("d", defender hex)
SEARCH_BUDGET = 20000  # nodes per group; far more than any position on the Borodino map needs


@dataclass
class Contact:
    """Who may attack whom this phase: edges[attacker][defender] = True when the edge is "single"
    (an attacker with no one to attack is not listed). A value once made: what is worked out
    from it (neighbours, groups, each group's best cover; the attacks `combat.plan_attack`
    checked against it) is kept with it."""

    edges: dict[str, dict[str, bool]]
    required: set[Vertex]
    known: dict = field(default_factory=dict, repr=False, compare=False)

    def neighbours(self) -> dict[Vertex, dict[Vertex, bool]]:
        if "neighbours" not in self.known:
            out: dict[Vertex, dict[Vertex, bool]] = {}
            for a, targets in self.edges.items():
                for d, single in targets.items():
                    out.setdefault(("a", a), {})[("d", d)] = single
                    out.setdefault(("d", d), {})[("a", a)] = single
            self.known["neighbours"] = out
        return self.known["neighbours"]


@dataclass
class Cover:
    """The best arrangement found: its attacks as (attackers, defenders), and what it leaves unmet."""

    attacks: list[tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)
    unmet: set[Vertex] = field(default_factory=set)


def groups(contact: Contact) -> list[set[Vertex]]:
    """The connected groups of units that hold at least one obligation."""
    if "groups" not in contact.known:
        contact.known["groups"] = _groups(contact)
    return contact.known["groups"]


def _groups(contact: Contact) -> list[set[Vertex]]:
    nbrs = contact.neighbours()
    seen: set[Vertex] = set()
    out = []
    for start in sorted(contact.required):
        if start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            v = todo.pop()
            if v in group:
                continue
            group.add(v)
            todo += [n for n in nbrs.get(v, {}) if n not in group]
        seen |= group
        out.append(group)
    return out


def best_cover(contact: Contact, only: set[Vertex] | None = None) -> Cover:
    """The arrangement meeting the most obligations, searched group by group (or only in the
    groups that hold a vertex of `only`)."""
    cover = Cover()
    for i, group in enumerate(groups(contact)):
        if only is not None and not group & only:
            continue
        if ("cover", i) not in contact.known:
            search = _Search(contact.neighbours(), contact.required & group)
            search.run()
            contact.known["cover", i] = search.best_attacks, search.best_unmet
        attacks, unmet = contact.known["cover", i]
        cover.attacks += attacks
        cover.unmet |= unmet
    return cover


class _Search:
    """Depth-first search over stars, most constrained obligation first, stopping at a full cover."""

    def __init__(self, nbrs: dict[Vertex, dict[Vertex, bool]], required: set[Vertex]):
        self.nbrs, self.required = nbrs, required
        self.star_of: dict[Vertex, int] = {}
        self.stars: dict[int, tuple[Vertex, set[Vertex]]] = {}  # id -> (centre, leaves)
        self.next_id = 0
        self.nodes = 0
        self.best_unmet: set[Vertex] = set(required)
        self.best_attacks: list[tuple[tuple[str, ...], tuple[str, ...]]] = []

    def run(self) -> None:
        self._dfs(sorted(self.required), set())

    def _options(self, v: Vertex) -> list[tuple[int, Vertex, int | None]]:
        """Ways to cover v: (preference, neighbour, star it joins or None for a new star)."""
        out: list[tuple[int, Vertex, int | None]] = []
        for u in sorted(self.nbrs.get(v, {})):
            sid = self.star_of.get(u)
            if sid is None:
                out.append((1 if u in self.required else 0, u, None))
            elif self._may_join(sid, u, v):
                out.append((-1, u, sid))
        return sorted(out)

    def _may_join(self, sid: int, u: Vertex, v: Vertex) -> bool:
        """May v join the star holding u, with u as its centre? A star keeps one vertex on one
        side; several defenders only when no edge of the star is single (Artillery D)."""
        centre, leaves = self.stars[sid]
        if centre != u and len(leaves) > 1:
            return False  # u is one of several leaves: joining would make a chain, not a star
        members = leaves | {centre}
        if any(m[0] == u[0] and m != u for m in members):
            return False  # u must be the only vertex of its side in the star
        if v[0] == "d":
            edges = [self.nbrs[u][m] for m in members if m != u] + [self.nbrs[u][v]]
            return not any(edges)
        return True

    def _dfs(self, todo: list[Vertex], unmet: set[Vertex]) -> bool:
        self.nodes += 1
        if len(unmet) >= len(self.best_unmet) or self.nodes > SEARCH_BUDGET:
            return False
        open_ = [v for v in todo if v not in self.star_of]
        if not open_:
            met = {v for v in self.required if v in self.star_of}  # a skipped vertex may be met later
            if len(self.required - met) < len(self.best_unmet):
                self.best_unmet, self.best_attacks = self.required - met, self._attacks()
            return not self.best_unmet
        choices = {v: self._options(v) for v in open_}
        v = min(open_, key=lambda x: (len(choices[x]), x))
        rest = [x for x in open_ if x != v]
        for _, u, sid in choices[v]:
            undo = self._join(u, v, sid)
            if self._dfs(rest, unmet):
                return True
            undo()
        return self._dfs(rest, unmet | {v})

    def _join(self, u: Vertex, v: Vertex, sid: int | None):
        if sid is None:
            sid, self.next_id = self.next_id, self.next_id + 1
            self.stars[sid] = (u, {v})
            self.star_of[u] = self.star_of[v] = sid

            def undo_new() -> None:
                del self.stars[sid], self.star_of[u], self.star_of[v]
            return undo_new
        old = self.stars[sid]
        centre, leaves = old
        members = (leaves | {centre}) - {u}
        self.stars[sid] = (u, members | {v})
        self.star_of[v] = sid

        def undo_join() -> None:
            self.stars[sid] = old
            del self.star_of[v]
        return undo_join

    def _attacks(self) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        out = []
        for centre, leaves in self.stars.values():
            members = leaves | {centre}
            out.append((tuple(sorted(m[1] for m in members if m[0] == "a")),
                        tuple(sorted(m[1] for m in members if m[0] == "d"))))
        return sorted(out)
