"""What a side sees: the whole Borodino board (a game of open information), as plain JSON."""
from __future__ import annotations

from rules.borodino import dv_data, dv_leaders, results, scenario_data
from rules.borodino.battle import SIDES, Battle
from rules.borodino.combat import obligations
from rules.borodino.movement import frozen_allowance
from rules.borodino.victory import outcome
from rules.core.events import listed, point_by_point


def _unit(b: Battle, uid: str) -> dict:
    d, u = b.defs[uid], b.unit(uid)
    return {"id": uid, "side": d.side, "hex": u["hex"], "type": d.kind, "strength": d.strength,
            "movement": d.movement, "name": d.name, "corps": d.corps, "moved": u["moved"],
            "attacked": u["attacked"], "advanced": u["advanced"], "guard": d.guard,
            "released": uid in b.s["released"], "frozen": uid in b.s["frozen"] and uid not in b.s["unfrozen"],
            **_doomed(b, uid)}


def _doomed(b: Battle, uid: str) -> dict:
    """The Doomed Victory marks on a counter, only where they apply: `broken` (6.10) and the names
    of the `leaders` stacked with it (8.1), for pictures to draw a small marker."""
    out: dict = {}
    if uid in b.s.get("broken", ()):
        out["broken"] = True
    if "leaders" in b.s and (names := [dv_leaders.name(lid) for lid in dv_leaders.stacked_with(b, uid)]):
        out["leaders"] = names
    return out


def _leaders(b: Battle) -> list[dict]:
    """Every leader (dv_leaders): where he stands, whether active, his rating and command (8.1-8.15)."""
    defs = dv_data.load().leaders
    return [{"id": lid, "name": defs[lid].name, "side": defs[lid].side, "hex": dv_leaders.leader_hex(b, lid),
             "where": leader["where"], "active": leader["active"], "rating": defs[lid].rating,
             "role": defs[lid].role, "commands": list(leader["commands"]), "moved": leader["moved"]}
            for lid, leader in sorted(b.s["leaders"].items())]


def view(b: Battle, side: str | None, to_move: list[str]) -> dict:
    """The public view; Borodino hides nothing, so every side's view is the same: `position` is the
    whole state but its dice (what a computer player rebuilds the board from, rules/borodino/ai)."""
    s = b.s
    units = sorted(b.occupant.values(), key=lambda uid: b.hex_of(uid))
    due_a, due_d = obligations(b, s["player"]) if s["phase"] == "combat" else (set(), set())
    return {
        "system": "borodino", "scenario": s["scenario"], "title": b.scenario.title, "viewer": side,
        "turn": s["turn"], "first_turn": b.scenario.first_turn, "last_turn": b.scenario.last_turn,
        "day": scenario_data.day(s["turn"]), "clock": scenario_data.clock(s["turn"]), "night": b.night,
        "phase": s["phase"], "player": s["player"], "to_move": to_move,
        "prompt": results.prompt(b) or _rally_prompt(b) or _night_prompt(b),
        "units": [_unit(b, uid) for uid in units],
        "waiting": [dict(_unit(b, uid), entry=u["entry"]) for uid, u in sorted(s["units"].items())
                    if u["where"] == "waiting"],
        "eliminated": sorted(uid for uid, u in s["units"].items() if u["where"] == "eliminated"),
        "exited": sorted(uid for uid, u in s["units"].items() if u["where"] == "exited"),
        "redoubts": [{"hex": h, "name": b.map.redoubts[h].name, "strength": b.map.redoubts[h].strength,
                      "front": sorted(b.map.redoubts[h].front), "destroyed": r["destroyed"], "held": r["held"]}
                     for h, r in sorted(s["redoubts"].items())],
        "losses": dict(s["losses"]), "exited_points": dict(s["exited"]),
        "must_attack": sorted(b.hex_of(a) for a in due_a), "must_be_attacked": sorted(due_d),
        # what the game now waits on, where: the attacks due (Combat B) and a combat result's choice
        "owed": sorted({*(b.hex_of(a) for a in due_a), *due_d, *results.waiting_hexes(b)}),
        "options": list(s["options"]), "log": s["log"], "last_log": s["last_log"],
        "unit_words": {"columns": ["hex", "unit", "type", "strength-movement"]},  # units keep their name (bot/text.py)
        "outcome": outcome(b), "notes": notes(b, due_a, due_d),
        "plain_notes": notes(b, due_a, due_d, instruct=False),  # for a side no person plays: no instructions
        "zoc": {side: sorted(hexes) for side, hexes in b.zocs.items()},  # hexes in that side's enemy ZOC
        "exits_east": b.scenario.exits_east,  # French units may leave by the east edge: the map draws its exit zone
        "position": {k: v for k, v in s.items() if k != "dice"},  # all but the dice: a computer player's board
        **({"leaders": _leaders(b)} if "leaders" in s else {}),
        **({"broken": _broken_hexes(b)} if "broken" in s else {}),
    }


def notes(b: Battle, due_a: set[str], due_d: set[str], instruct: bool = True) -> list[str]:
    """Sentences that help the player to move: attacks due, reinforcements, losses, limits; once the
    game is over, the losses alone (no one moves: broken units and inactive leaders are past news),
    and none where the end's reason tallies them (7 Sept and the Grand Battle, victory.py).
    Without `instruct`, the facts alone, not the commands that act on them."""
    s = b.s
    out = []
    if s["phase"] == "over":
        return [] if b.scenario.victory == "grand" else [_losses(s)]
    if due_a or due_d:
        parts = []
        if due_a:
            parts.append("must still attack: " + ", ".join(sorted(b.hex_of(a) for a in due_a)))
        if due_d:
            parts.append("must still be attacked: " + ", ".join(sorted(due_d)))
        if due_a and instruct:  # the attacker's own answers to its result, given with it (results.ahead): a line
            parts.append("an attack may carry its answers, `attack <hex> -> <hex> then stay` (Combat H)")  # of its own
        out.append(f"Attacks due (Combat B): {'; '.join(parts)}.")  # read under every Combat Phase's headline
    out += _reinforcements(b, instruct)
    out += _doomed_notes(b)
    if b.night:
        out += _night_notes(b)
    frozen = [uid for uid in s["frozen"] if uid not in s["unfrozen"]]
    if frozen and s["player"] == "russian" and s["phase"] == "movement":  # the note of who may begin moving
        out.append(_frozen_note(b, frozen))
    return out + [_losses(s)]


def _frozen_note(b: Battle, frozen: list[str]) -> str:
    """How many Russian units the 5 September special rules still freeze, and how many more may begin
    moving: none before 1500 (said so, with when they may), then one a Game-Turn, named so as the note
    before 1500 and the headline name it ('... one more may begin moving this Game-Turn')."""
    one = len(frozen) == 1
    them = f"{len(frozen)} Russian unit{'' if one else 's'} north of the Great Redoubt {'is' if one else 'are'} frozen"
    first = b.scenario.frozen_until_turn
    if first is not None and b.s["turn"] < first:
        return (f"{them} until {scenario_data.clock(first)}, when one may begin moving, and one more each "
                "Game-Turn after (5 September special rules).")
    allowed = max(0, frozen_allowance(b) - len(b.s["unfrozen"]))
    more = "no more" if not allowed else "one more" if allowed == 1 else f"{allowed} more"
    return f"{them}; {more} may begin moving this Game-Turn (5 September special rules)."


def _reinforcements(b: Battle, instruct: bool = True) -> list[str]:
    """The phasing side's reinforcements of this Game-Turn, by entry hex, and how they come on
    (Scenarios): the one place they are told, where the player looks while moving ('at 2630:
    F-I-2 (7-4 infantry) and F-I-5 (4-4 infantry); at 3930: F-V-cav (2-5 cavalry)'); the command
    that moves one on only if `instruct`."""
    units = b.s["units"]
    waiting = sorted(uid for uid, u in units.items() if u["where"] == "waiting" and b.side(uid) == b.s["player"])
    if not waiting:
        return []
    entries = sorted({units[uid]["entry"] for uid in waiting})
    at = "; ".join(f"at {h}: " + listed([f"{uid} ({b.defs[uid].value} {b.defs[uid].kind})" for uid in waiting
                                         if units[uid]["entry"] == h]) for h in entries)
    how = "`move <id> <hex>` moves one on; one" if instruct else "One"
    return [f"Reinforcements of this Game-Turn, waiting to enter {at}. {how} not moved on is placed on its entry "
            "hex when the phase ends (Scenarios)."]


def _losses(s: dict) -> str:
    return (f"Losses: French {s['losses']['french']}, Russian {s['losses']['russian']} Combat Points"
            + (f"; French exited: {s['exited']['french']}." if s["exited"]["french"] else "."))


def _night_notes(b: Battle) -> list[str]:
    """The destroyed redoubts the Russians may yet rebuild by standing in them when the night ends
    (Night Movement C); what the night allows is its prompt."""
    ruins = sorted(h for h, r in b.s["redoubts"].items() if r["destroyed"])
    return [f"Destroyed redoubts: {', '.join(ruins)}; a Russian unit in one when the second night turn ends "
            "rebuilds it (Night Movement C)."] if ruins else []


def _night_prompt(b: Battle) -> str | None:
    """What a night's Movement Phase allows (Night Movement A, B): the prompt, which the picture's
    title strip shows as well as the text, where the map alone said 'Night' in its clock."""
    if not (b.night and b.s["phase"] == "movement"):
        return None
    return point_by_point("Night: no combat, and no moving near the enemy (Night Movement):", [
        "no unit may move within three hexes of the enemy (A)",
        "one that begins within three may only move further away (A)", "one next to the enemy too (B)"])


def _broken_hexes(b: Battle) -> list[str]:
    return sorted(b.hex_of(u) for u in b.s.get("broken", ()) if b.unit(u)["where"] == "map")


def _doomed_notes(b: Battle) -> list[str]:
    """Broken units and inactive leaders, under the Doomed Victory options, each side's by name
    ('French 2919, 3020; Russian 2716'): a player reads at once which are his."""
    out = []
    broken = {side: sorted(b.hex_of(u) for u in b.s.get("broken", ()) if b.unit(u)["where"] == "map"
                           and b.side(u) == side) for side in SIDES}
    if any(broken.values()):
        out.append(f"Broken (may not attack; Doomed Victory 6.10): {_by_side(broken)}.")
    if "leaders" in b.s:
        idle = {side: [dv_leaders.name(lid) for lid in dv_leaders.on_map(b, side) if not b.s["leaders"][lid]["active"]]
                for side in SIDES}
        if any(idle.values()) and b.s["phase"] == "rally":  # no unit moves or attacks there: what he may not do
            out.append(f"Inactive leaders (they neither move nor rally; Doomed Victory 8.152): {_by_side(idle)}.")
        elif any(idle.values()):
            out.append(f"Inactive leaders (their units may not move or attack; Doomed Victory 8.10): {_by_side(idle)}.")
    return out


def _by_side(named: dict[str, list[str]]) -> str:
    """Each side's names after it, the sides with none left out: 'French Ney; Russian Platov, Tutchkov'."""
    return "; ".join(f"{side.title()} {', '.join(names)}" for side, names in named.items() if names)


def _rally_prompt(b: Battle) -> str | None:
    """What the player of a Rally Phase does (Doomed Victory 3.2, 8.152): the prompt, which the picture's
    title strip shows as well as the text, as it shows a combat result's question. It says all the
    phase's opening events say ('Rally Phase (Doomed Victory 3.2).', 'French leaders may move before
    they rally broken units (Doomed Victory 8.152).'), so that where they stand above the headline
    the channel and the terminal leave them out (bot.text.said_by_headline): four lines read the
    phase and whose leaders may move on a phone."""
    if b.s["phase"] != "rally":
        return None
    return (f"Rally Phase: the {b.s['player'].title()} leaders may move before they rally broken units "
            f"(`move <leader> <hex>`), then `end`{_rallied_by(b, b.s['player'])} (Doomed Victory 3.2, 8.152).")


def _rallied_by(b: Battle, side: str) -> str:
    """Which leader each of the side's broken units waits for, the unit named as a combat result's
    question names it: '; a broken unit rallies only with the active leader of its corps stacked with
    or next to it: F-IIIC-X in 3126 with Grouchy', or nothing."""
    broken = sorted(b.hex_of(u) for u in b.s.get("broken", ()) if b.unit(u)["where"] == "map" and b.side(u) == side)
    if not broken:
        return ""

    def waits(h: str) -> str:
        uid = b.occupant[h]
        lid = dv_leaders.leader_of(b, uid)
        if lid is None:
            return f"{results.named(b, uid)} with none, its leader gone"
        return f"{results.named(b, uid)} with {dv_leaders.name(lid)}" + \
            ("" if b.s["leaders"][lid]["active"] else " (inactive)")
    return ("; a broken unit rallies only with the active leader of its corps stacked with or next to it: "
            + ", ".join(map(waits, broken)))
