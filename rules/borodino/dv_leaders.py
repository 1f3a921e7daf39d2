"""Leaders of the Doomed Victory errata (option `dv_leaders`): who they are, where they stand, whom
they command and whether they are active (8.1, 8.10, 8.14).

SPI Borodino has no leader counters and allows one unit per hex; a leader here is always stacked
with a friendly combat unit (binding: the errata's 8.14 "may not attack (or be attacked) unless
stacked with a combat unit" then never arises, and SPI has no rule for a lone counter). His state
names that unit (`with`): he moves with it when it moves, retreats or advances, and moves on his
own to another friendly unit (leader_moves.py). A combat unit is subordinate to the leader whose
Command Responsibility holds its corps (8.10); a unit whose leader has fallen is leaderless: it
acts as in SPI Borodino but no leader rallies it (8.15).
"""
from __future__ import annotations

from rules.borodino import dv_data
from rules.borodino.battle import Battle
from rules.core.dice import roll
from rules.core.errors import RuleViolation
from rules.core.events import Event, event, listed
from rules.core.hexes import Hex, distance


def new_leaders(units: dict, defs: dict, arrivals: list[str]) -> dict:
    """The leaders' opening state: each with the first unit of his `starts_with` corps on the map,
    else the first of it to arrive (`arrivals`, in the order of the chart); absent if neither."""
    out = {}
    for lid, d in dv_data.load().leaders.items():
        corps = [uid for uid in units if defs[uid].corps == d.starts_with]
        present = sorted(uid for uid in corps if units[uid]["where"] == "map")
        later = [uid for uid in arrivals if uid in corps]
        host = (present or later or [None])[0]
        out[lid] = {"with": host, "where": "play" if host else "absent", "active": True, "moved": False,
                    "commands": list(d.commands)}
    return out


def leader_hex(b: Battle, lid: str) -> Hex | None:
    """Where a leader stands: the hex of the unit he is stacked with, if both are in play."""
    leader = b.s["leaders"][lid]
    host = leader["with"]
    if leader["where"] != "play" or host is None or b.unit(host)["where"] != "map":
        return None
    return b.hex_of(host)


def on_map(b: Battle, side: str | None = None) -> list[str]:
    """The leaders standing on the map, of one side or both."""
    defs = dv_data.load().leaders
    return [lid for lid in sorted(b.s["leaders"]) if (side is None or defs[lid].side == side)
            and leader_hex(b, lid) is not None]


def stacked_with(b: Battle, uid: str) -> list[str]:
    """The leaders stacked with a unit."""
    return [lid for lid, leader in sorted(b.s["leaders"].items())
            if leader["where"] == "play" and leader["with"] == uid]


def leader_of(b: Battle, uid: str) -> str | None:
    """The leader in play whose Command Responsibility holds this unit's corps (8.10), or None."""
    corps, side = b.defs[uid].corps, b.side(uid)
    defs = dv_data.load().leaders
    return next((lid for lid, leader in sorted(b.s["leaders"].items()) if leader["where"] == "play"
                 and defs[lid].side == side and corps in leader["commands"]), None)


def resolve(b: Battle, ref: str) -> str | None:
    """The leader a command names by id (L-DAVOUT) or by name (davout), or None."""
    return named(ref) if "leaders" in b.s and not ref.isdigit() else None


def named(ref: str) -> str | None:
    """The leader `ref` names, by id or by name in any letter case, each with or without its 'L-'
    (`L-TUCHKOV`, `tuchkov`, `Tutchkov`: the id keeps a spelling the name no longer has), or None."""
    key = ref.upper()
    return next((lid for lid, d in dv_data.load().leaders.items()
                 if key in (lid, lid[2:], d.name.upper(), "L-" + d.name.upper())), None)


def name(lid: str) -> str:
    return dv_data.load().leaders[lid].name


def why_inactive(b: Battle, uid: str) -> tuple[str, str] | None:
    """8.10: a unit is "eligible to move, attack, ... and Rally (8.15) if its Corps Leader is active";
    the reason it may not, or None. A corps whose leader has fallen (8.14) has no active leader: under
    the option dv_leaderless_halt it neither moves nor attacks until `assign` gives it one. Without it
    (the default) it acts as in SPI Borodino, whose corps fight without leaders (binding: 8.14 gives a
    leaderless corps a new leader only when an army commander, or a corps commander whose command is
    gone, is free, so to the letter a corps whose leader falls may stand idle for the rest of the game)."""
    lid = leader_of(b, uid)
    if lid is None:
        return _leaderless(b, uid) if b.option("dv_leaderless_halt") else None
    if b.s["leaders"][lid]["active"]:
        return None
    return ("Doomed Victory 8.10", f"{b.describe(uid)} is subordinate to {name(lid)}, who is inactive "
            "this Game-Turn (every leader turns active at the end of the Rally Phase, 8.152): his units may not "
            "move or attack until he is active again")


def _leaderless(b: Battle, uid: str) -> tuple[str, str] | None:
    """Under dv_leaderless_halt: why a unit whose corps leader has fallen may not act, or None for a
    corps no leader ever commanded."""
    corps, defs = b.defs[uid].corps, dv_data.load().leaders
    fallen = next((lid for lid, leader in sorted(b.s["leaders"].items()) if leader["where"] == "removed"
                   and defs[lid].side == b.side(uid) and corps in leader["commands"]), None)
    if fallen is None:
        return None
    return ("Doomed Victory 8.10", f"{b.describe(uid)} belongs to {name(fallen)}'s leaderless corps: under the "
            "option dv_leaderless_halt a unit moves and attacks only \"if its Corps Leader is active\"; by 8.14, "
            f"{_giving(b, fallen)}")


def can_rally(b: Battle, uid: str) -> str | None:
    """The active leader of this unit stacked with it or adjacent to it (8.15), or None."""
    lid = leader_of(b, uid)
    if lid is None or not b.s["leaders"][lid]["active"]:
        return None
    h = leader_hex(b, lid)
    return lid if h is not None and distance(h, b.hex_of(uid)) <= 1 else None


def activate(b: Battle, side: str) -> list[Event]:
    """At the start of a side's Movement Phase, which of its leaders are active (8.10, 8.112, 8.122):
    army leaders and "always" leaders are; a corps leader within range of an active army leader of
    his side is; any other rolls one die and is active on his rating or less (binding: 8.111's
    procedure is not in the errata). A leader off the map stays as he is."""
    defs = dv_data.load().leaders
    armies = [(leader_hex(b, a), defs[a].range) for a in on_map(b, side)
              if defs[a].role == "army" and b.s["leaders"][a]["active"]]
    events = []
    for lid in on_map(b, side):
        d, leader = defs[lid], b.s["leaders"][lid]
        h = leader_hex(b, lid)
        assert h is not None
        if d.activation == "always" or any(distance(h, ah) <= reach for ah, reach in armies if ah):
            leader["active"] = True
            continue
        die = roll(b.s["dice"])
        leader["active"] = die <= d.rating
        state = "active" if leader["active"] else "inactive, so his units may not move or attack this Game-Turn"
        rule = "8.112" if side == "french" else "8.122"
        events.append(event(f"{d.name} {_out_of_range(side)} and rolls {die} against his "
                            f"rating {d.rating}: {state} (Doomed Victory {rule}).", kind="leader_activation",
                            leader=lid, die=die, active=leader["active"]))
    return events


def _out_of_range(side: str) -> str:
    """Why a leader rolls: 8.112 names Murat and his 14 hexes; 8.10 the Russian Army Commanders."""
    if side == "russian":
        return "is out of range of an active army commander"
    murat = next(d for d in dv_data.load().leaders.values() if d.side == "french" and d.role == "army")
    return f"is not within {murat.range} hexes of an active {murat.name}"


def casualties(b: Battle, uids: list[str]) -> list[Event]:
    """8.14: for each leader stacked with a unit that receives a combat result, two dice: 2, 11 or
    12 killed or captured, 4 wounded; either removes him for good. Otherwise no effect. Both players
    read the fall and the corps it leaves leaderless; his own player alone how to give it a leader."""
    events = []
    for uid in uids:
        for lid in stacked_with(b, uid):
            dice = roll(b.s["dice"]), roll(b.s["dice"])
            fate = casualty(sum(dice))
            text = f"{name(lid)}, stacked with {b.describe(uid)}, rolls {dice[0]}+{dice[1]}={sum(dice)}: "
            if not fate:
                events.append(event(text + "no effect (Doomed Victory 8.14).", kind="leader_casualty", leader=lid,
                                    dice=list(dice), fate="none"))
                continue
            b.s["leaders"][lid]["where"] = "removed"
            commands = _fielded(b, lid)
            events.append(event(f"{text}{fate}; he leaves the game{_left_leaderless(b, commands)}.",
                                kind="leader_casualty", leader=lid, dice=list(dice), fate=fate))
            if commands:
                events.append(_remedy(b, lid, commands))
    return events


def _remedy(b: Battle, lid: str, commands: list[str]) -> Event:
    """To the fallen leader's own player alone: how he gives the corps left leaderless a leader (8.14),
    in the command he types ('Your I Corps (Davout) is leaderless: in your Movement Phase `assign
    Murat Davout` gives it to Murat (Doomed Victory 8.14).'); his opponent reads the fall alone."""
    one = _one(commands)
    giving = _giving(b, lid, "it" if one else "them")
    return event(f"Your {listed(commands)} {'is' if one else 'are'} leaderless: {giving} (Doomed Victory 8.14).",
                 to=dv_data.load().leaders[lid].side, kind="leaderless", leader=lid)


def _fielded(b: Battle, lid: str) -> list[str]:
    """The corps of a leader's command with a unit still in this game: a scenario's order of battle
    may leave one out (Markov's Additional Forces without the option additional_forces)."""
    present = {b.defs[u].corps for u in _own_units(b, dv_data.load().leaders[lid].side, lid)}
    return [corps for corps in b.s["leaders"][lid]["commands"] if corps in present]


def _left_leaderless(b: Battle, commands: list[str]) -> str:
    """What a fallen leader leaves behind, as both players read it: his corps without a leader, and
    under dv_leaderless_halt at a halt until given one (8.10), with the rules that say so."""
    if not commands:
        return " (Doomed Victory 8.14)"
    one = _one(commands)
    if b.option("dv_leaderless_halt"):
        return f", and {listed(commands)} {'is' if one else 'are'} leaderless and {'halts' if one else 'halt'} " \
            "until given a leader (Doomed Victory 8.10, 8.14)"
    return f", and {listed(commands)} {'is' if one else 'are'} leaderless (Doomed Victory 8.14)"


def _one(commands: list[str]) -> bool:
    """Whether the corps named read as one thing in a sentence: one corps, unless its name is a plural
    ('Your Cossacks are leaderless', Platov's; 'I Corps (Davout) is', 'Cavalry Corps is'; 'Additional Forces are')."""
    name = commands[0].split(" (")[0]
    return len(commands) == 1 and (name.endswith("Corps") or not name.endswith("s"))


def _giving(b: Battle, fallen: str, it: str = "it") -> str:
    """How the fallen leader's own player gives his corps a leader (8.14), in the command he types:
    "in your Movement Phase `assign Murat Davout` gives it to Murat"; or who may, later."""
    free, typed = _free(b, dv_data.load().leaders[fallen].side), name(fallen)
    if len(free) == 1:
        return f"in your Movement Phase `assign {free[0]} {typed}` gives {it} to {free[0]}"
    if free:
        return f"in your Movement Phase `assign <leader> {typed}` gives {it} to {', '.join(free[:-1])} or {free[-1]}"
    return (f"none of your leaders may take {it} now (an army commander takes ONE leaderless corps, a corps commander "
            f"one once his own command is gone); then `assign <leader> {typed}` gives {it} a leader")


def casualty(total: int) -> str | None:
    """8.14's two-dice table: "2", "11" or "12" killed or captured, "4" wounded, else no effect.

    >>> [casualty(n) for n in (2, 3, 4, 11, 12)]
    ['killed or captured', None, 'wounded', 'killed or captured', 'killed or captured']
    """
    if total in (2, 11, 12):
        return "killed or captured"
    return "wounded" if total == 4 else None


def rehome(b: Battle, uid: str, frm: Hex) -> None:
    """8.14: a leader whose unit is eliminated (or leaves the map) "is placed on the nearest friendly
    unit" (nearest to the hex it left; ties to the lowest hex number)."""
    for lid in stacked_with(b, uid):
        friends = [f for f in b.on_map(b.side(uid)) if f != uid]
        if friends:
            b.s["leaders"][lid]["with"] = min(friends, key=lambda f: (distance(frm, b.hex_of(f)), b.hex_of(f)))


def joined(b: Battle, lids: list[str]) -> str:
    """Where `rehome` placed the leaders of a unit just taken off the map, told after its event's
    sentence: ' Grouchy joins 2823 (French 2-5 cavalry), the nearest friendly unit (Doomed Victory
    8.14).'; nothing for a leader with no friendly unit left to join."""
    placed = [(lid, host) for lid in lids if leader_hex(b, lid) and (host := b.s["leaders"][lid]["with"])]
    return "".join(f" {name(lid)} joins {b.describe(host)}, the nearest friendly unit (Doomed Victory 8.14)."
                   for lid, host in placed)


def _own_units(b: Battle, side: str, lid: str) -> list[str]:
    """The units of the corps a leader commands still in the game."""
    commands = b.s["leaders"][lid]["commands"]
    return [u for u, x in b.s["units"].items() if b.side(u) == side and b.defs[u].corps in commands
            and x["where"] not in ("eliminated", "exited")]


def _free(b: Battle, side: str) -> list[str]:
    """The side's leaders free to take a leaderless corps now (8.14): an army commander without one
    yet, a corps commander whose whole command is gone."""
    defs = dv_data.load().leaders
    return [defs[lid].name for lid, x in sorted(b.s["leaders"].items()) if defs[lid].side == side
            and x["where"] == "play" and not (x["commands"] if defs[lid].role == "army" else _own_units(b, side, lid))]


def _who_may(b: Battle, side: str) -> str:
    """`_free` as a refusal ends."""
    free = _free(b, side)
    return f"those who may: {listed(free)}" if free else "none of your leaders may now"


def assign(b: Battle, side: str, leader_ref: str, fallen_ref: str) -> list[Event]:
    """8.14: "Surviving Corps Commanders whose entire command has been eliminated may be reassigned to
    lead another leaderless Corps. Any Russian Army Commander or French Marshal Murat may be assigned to
    command ONE leaderless Corps." The leaderless corps is named by its fallen leader; binding: it is
    done in the owner's Movement Phase, as a command."""
    defs = dv_data.load().leaders
    lid, fallen = resolve(b, leader_ref), resolve(b, fallen_ref)
    if lid is None or fallen is None:
        raise RuleViolation("Doomed Victory 8.14", f"name two leaders: `assign barclay doctorov`; "
                            f"{leader_ref if lid is None else fallen_ref} is not one")
    d, leader, lost = defs[lid], b.s["leaders"][lid], b.s["leaders"][fallen]
    if d.side != side or defs[fallen].side != side:
        raise RuleViolation("Doomed Victory 8.14", "a player reassigns his own leaders to his own corps")
    if b.s["phase"] != "movement" or b.s["player"] != side:
        raise RuleViolation("Doomed Victory 8.14", "leaders are reassigned in their side's Movement Phase")
    if lost["where"] != "removed" or not lost["commands"]:
        why = "still leads his corps" if lost["where"] != "removed" else "has already been replaced"
        open_ = [defs[x].name for x, l in sorted(b.s["leaders"].items())
                 if defs[x].side == side and l["where"] == "removed" and l["commands"]]
        now = f"now those of {', '.join(open_)}" if open_ else "you have none now"
        raise RuleViolation("Doomed Victory 8.14", f"{defs[fallen].name} {why}; only the corps of a fallen leader "
                            f"is given to another ({now})")
    if leader["where"] != "play":
        raise RuleViolation("Doomed Victory 8.14", f"{d.name} is no longer in the game; {_who_may(b, side)}")
    if d.role == "army" and leader["commands"]:
        raise RuleViolation("Doomed Victory 8.14", f"{d.name} already commands one leaderless corps; "
                            f"an army commander may take only ONE; {_who_may(b, side)}")
    units = _own_units(b, side, lid)
    if d.role == "corps" and units:
        raise RuleViolation("Doomed Victory 8.14", f"{d.name} still has units of his own ({len(units)}); a corps "
                            f"commander is reassigned only when his entire command has been eliminated; "
                            f"{_who_may(b, side)}")
    leader["commands"] = leader["commands"] + lost["commands"]
    lost["commands"] = []
    return [event(f"{d.name} takes command of {defs[fallen].name}'s leaderless corps (Doomed Victory 8.14).",
                  kind="leader_assigned", leader=lid, fallen=fallen)]
