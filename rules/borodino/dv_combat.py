"""What the Doomed Victory options change in combat: broken units (6.10), leader casualties (8.14)
and leader rally during combat (8.151). Options `dv_rally` and `dv_leaders`; with neither, nothing
here runs (results.py and combat.py ask `Battle.doomed` first).

A retreat result is carried out in three steps, each on what the one before left:
1. 8.14: every leader stacked with a unit that receives the result rolls for his life;
2. 8.151: a unit whose active leader is stacked with it or adjacent rolls to rally: on his rating
   or less a one-hex retreat becomes "no effect", a two-hex one a one-hex one (and does not break);
3. 6.10: a broken unit retreats two hexes on a one-hex retreat and is eliminated on a two-hex one;
   an unbroken unit that still has a two-hex retreat becomes broken.
The errata's 6.10 and 8.151 say a two-hex retreat is defined in "6.3", but the errata's own 6.3 is the
Artillery Range Effects Chart: the contradiction is resolved by data/doomed_victory.toml, which
says which SPI retreats count as two-hex ones (`two_hex_retreats`).
"""
from __future__ import annotations

from rules.borodino import dv_data, dv_leaders
from rules.borodino.battle import Battle
from rules.core.dice import roll
from rules.core.events import Event, event

ELIMINATED = -1  # a retreat length meaning "eliminated instead" (6.10)


def is_broken(b: Battle, uid: str) -> bool:
    return uid in b.s.get("broken", ())


def why_barred(b: Battle, uid: str) -> tuple[str, str] | None:
    """Why a unit may not attack: broken (6.10) or its leader inactive (8.10); None if it may."""
    if is_broken(b, uid):
        return ("Doomed Victory 6.10", f"{b.describe(uid)} is broken: broken units may not attack, but defend "
                "normally, until rallied in the Rally Phase")
    if "leaders" in b.s:
        return dv_leaders.why_inactive(b, uid)
    return None


def receivers(result: str, attackers: list[str], defenders: list[str]) -> list[str]:
    """The units that receive a result, for 8.14: the losers, or both sides in an exchange."""
    return {"Ae": attackers, "Ar": attackers, "Dr": defenders, "De": defenders}.get(result, defenders + attackers)


def nominal_length(b: Battle, result: str, odds: str) -> int:
    """1, or 2 where `two_hex_retreats` binds this SPI result at these odds (with `dv_rally` only)."""
    two = "broken" in b.s and odds in dv_data.load().two_hex.get(result, frozenset())
    return 2 if two else 1


def retreat_lengths(b: Battle, result: str, odds: str, units: list[str]) -> tuple[dict[str, int], list[Event]]:
    """For each unit receiving an Ar or Dr: how many hexes it retreats (0: rallied, no effect;
    ELIMINATED: a broken unit's second DR), after 8.151 and 6.10; and their events."""
    lengths, events = {}, []
    for uid in units:
        n = nominal_length(b, result, odds)
        lid = dv_leaders.can_rally(b, uid) if "leaders" in b.s else None
        if lid is not None:
            n, said = _rally(b, uid, lid, n)
            events.append(said)
        n, said_too = _broken_retreat(b, uid, n)
        events += said_too
        lengths[uid] = n
    return lengths, events


def _rally(b: Battle, uid: str, lid: str, n: int) -> tuple[int, Event]:
    """8.151: one die against the leader's rating; success shortens the retreat by one hex. Told 'Grouchy
    rallies 2824 (French 2-5 cavalry), rolling 1 against his rating 3: ...', where the unit's bracket and
    the roll's stood side by side; the numbers in the order they were told, as fair dice compare them."""
    rating = dv_data.load().leaders[lid].rating
    die = roll(b.s["dice"])
    kind = "two-hex" if n == 2 else "one-hex"
    if die > rating:
        text = f"{dv_leaders.name(lid)} fails to rally {b.describe(uid)}, rolling {die} against his rating {rating}"
        return n, event(f"{text}: the {kind} retreat stands (Doomed Victory 8.151).", kind="rally", unit=uid,
                        leader=lid, die=die, rallied=False)
    what = "it does not retreat at all, the result counting as no effect" if n == 1 else \
        "the two-hex retreat becomes a one-hex retreat and the unit does not break"
    return n - 1, event(f"{dv_leaders.name(lid)} rallies {b.describe(uid)}, rolling {die} against his rating {rating}: "
                        f"{what} (Doomed Victory 8.151).", kind="rally", unit=uid, leader=lid, die=die, rallied=True)


def _broken_retreat(b: Battle, uid: str, n: int) -> tuple[int, list[Event]]:
    """6.10 on what is left of the result."""
    if "broken" not in b.s or n == 0:
        return n, []
    if is_broken(b, uid):
        if n == 2:
            return ELIMINATED, [event(f"{b.describe(uid)} is broken and receives a two-hex retreat: it disintegrates "
                                      "(Doomed Victory 6.10).", kind="broken_eliminated", unit=uid)]
        return 2, [event(f"{b.describe(uid)} is broken: it retreats two hexes instead of one (Doomed Victory 6.10).",
                         kind="broken_retreat", unit=uid)]
    if n == 2:
        b.s["broken"] = sorted(b.s["broken"] + [uid])
        return 2, [event(f"{b.describe(uid)} receives a two-hex retreat and is broken (Doomed Victory 6.10).",
                         kind="broken", unit=uid)]
    return n, []
