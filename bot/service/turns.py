"""Whose turn it is, as the service tells it: who may act and who still owes an order, the
game turn and the player-turn a command began, the rule a command out of turn breaks, the refusal
of a game that is over, and what the other side may read of a command (only its verb where units
are hidden).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from bot import text as fmt
from rules.core.errors import RulesError, RuleViolation
from rules.core.standing import choosers
from rules.core.system import Command, GameSystem

if TYPE_CHECKING:
    from bot.service.result import Result

TURN_RULE = "Sequence of Play"  # cited when the engine names no rule for a command out of turn
# what an answer's landing tells (Bloody Monday 5.3.6): the hits counted, then each unit's hit or a unit eliminated;
# a standing order's answers in a row tell nothing else between them (a showdown between them ends the row)
COUNTED, LANDS = "hits", frozenset({"hit", "eliminated"})
LANDING = LANDS | {COUNTED}
Event = TypeVar("Event")  # an event as a front end holds it: its dict, or its line


def over_sentence(game_id: int, ended: dict | None) -> str:
    """The refusal of a command to a game that has ended, saying how it ended."""
    if not ended:
        return f"Game {game_id} is over; it takes no more commands."
    return f"Game {game_id} is over ({fmt.how_it_ended(ended)}); it takes no more commands."


def new_turn(system: GameSystem, before: dict | None, after: dict) -> str | None:
    """The game turn `after` is in, when `before` was in another one (None: the game begins);
    else None. Stored with the command, for spectators who watch a turn behind."""
    turn = str(system.view(after, None).get("turn"))
    return turn if before is None or turn != str(system.view(before, None).get("turn")) else None


def player_turn(view: dict) -> tuple:
    """Which player-turn a public view is in: its turn and phasing player (a Bloody Monday impulse
    is one, the players' impulses alternating; an 1812 player-turn holds all its phases)."""
    return view.get("turn"), view.get("player")


def player_turn_mark(view: dict) -> str:
    """A public view's player-turn (`player_turn`) as stored text: "2:french". An absent side's
    mark names the player-turn it is absent for (bot/deadlines.py, Deadlines.marks)."""
    turn, player = player_turn(view)
    return f"{turn}:{player}"


def new_player_turn(system: GameSystem, before: dict | None, after: dict) -> bool:
    """Whether `after` is in another player-turn than `before` (None: the game begins). Stored
    with the command: a player's questions of one player-turn share one message (bot/tables/announcement.py)."""
    return before is None or player_turn(system.view(before, None)) != player_turn(system.view(after, None))


def simultaneous(system: GameSystem, state: dict) -> bool:
    """Whether several sides give hidden orders at once now (1812's battle plans): then no one
    may learn whether another has given its order until all have."""
    return system.INFO.hidden_information and len(system.active_sides(state)) > 1


def still_to_order(system: GameSystem, state: dict) -> list[str]:
    """The sides that may act now and still owe an order: while several give hidden orders at
    once, those that have not given theirs (the choosers of the waiting choice); else every side
    that may act. Only their clocks remind them (bot/tables/clocks.py)."""
    active = system.active_sides(state)
    waiting = system.choice(state) if simultaneous(system, state) else None
    return [side for side in active if waiting is None or side in choosers(waiting)]


def said(system: GameSystem, command: str) -> str:
    """A command as the other side and the public may read it: whole in an open game; in a
    game with hidden information only its verb, since its words may name a hidden unit."""
    if system.INFO.hidden_information:
        verb = command.split()[0] if command.split() else ""
        return f"{'an' if verb[:1] in tuple('aeiou') else 'a'} `{verb}` command" if verb else "a command"
    return f"`{command}`"


def said_on_its_line(system: GameSystem, command: str) -> str:
    """A command as its public line gives it after its side's name: what `said` tells, except that
    a command of one word (`tactical`, `pass`, `end`) is given whole and plain, as its giver's own
    line gives it ('French: tactical.'): its verb is all it is, and a kind of command in a code span
    ('French: a `tactical` command.') read on Discord as an order to give."""
    return command if len(command.split()) == 1 else said(system, command)


def turn_rule(system: GameSystem, state: dict, side: str, line: str) -> str:
    """The rule case the engine cites for a command given out of turn (its sequence of play),
    asked of the engine itself so that each system's rule book is quoted: of the line, or where
    the engine cannot read it ('formation 3919 line'), of a command the side to act may give, so
    that a line out of turn cites one case whatever its words."""
    def cited(command: Callable[[], Command]) -> str | None:
        try:
            system.apply(state, side, command())
        except RuleViolation as error:
            return error.rule
        except RulesError:
            pass
        return None

    rule = cited(lambda: system.parse(side, line))
    active = system.active_sides(state)
    if rule is None and active and (legal := system.legal_commands(state, active[0])):
        rule = cited(lambda: legal[0])
    return rule or TURN_RULE


def wait_sentence(system: GameSystem, state: dict, side: str, active: list[str]) -> str:
    """The refusal of a side that must wait: whose phase it is and, when another side acts in it (the
    Russian chooses where French attrition falls in the French Player-Turn), who the game waits for;
    or how the game ended."""
    outcome = system.outcome(state)
    if not active:
        return fmt.outcome_line(outcome) if outcome else "No side may act now."
    public = system.view(state, None)
    phase, owner = fmt.phase_name(public.get("phase")), public.get("player")
    movers = " and ".join(fmt.side_name(s) for s in active)
    if owner in system.INFO.sides and owner not in active:
        return (f"It is the {fmt.side_name(owner)} player's {phase}, and the game waits for the {movers} player; "
                f"the {fmt.side_name(side)} player must wait.")
    return f"It is the {movers} player's {phase}; the {fmt.side_name(side)} player must wait."


TOLD_BY = {"move": ("move", "leader_move"), "advance": ("advance",)}  # an open game's verb: its events that tell it


def on_its_event(result: Result, told: str) -> str:
    """The line of a command said on its first event's line `told` (`told_by_its_event`): the event,
    and where the player's standing order gave the command, or the rules left it the only answer, so
    said, since no name stands before it. A standing order's answers in a row (Bloody Monday's hits,
    a choice each, 5.3.6) name it once, the first after its side's name as a standing order's own line
    does ('Russian by standing order: a `hit` command.'), the others their events alone: four hits
    read '..., by standing order.' each, mixed with the hits of the units they struck.

    >>> from bot.service.result import Result
    >>> on_its_event(Result(True, "", 1, standing="hits"), "The Russian player applies 2 hits in 46 (5.3.6).")
    'The Russian player applies 2 hits in 46 (5.3.6), by standing order.'
    >>> on_its_event(Result(True, "", 1, forced="the only Russian block in 46"),
    ...              "The Russian player applies 2 hits in 46 (5.3.6).")
    'The Russian player applies 2 hits in 46 (5.3.6), forced: the only Russian block in 46.'
    >>> on_its_event(Result(True, "", 1, "russian", standing="hit: protect_leaders", leads=True),
    ...              "The Russian player applies 1 hit in 46 (5.3.6).")
    'Russian by standing order: The Russian player applies 1 hit in 46 (5.3.6).'
    >>> on_its_event(Result(True, "", 1, "russian", standing="hit: protect_leaders", runs_on=True),
    ...              "Russian 2Gr (R-2-2Gr, infantry) takes a hit: strength 3 (5.3.6).")
    'Russian 2Gr (R-2-2Gr, infantry) takes a hit: strength 3 (5.3.6).'
    """
    if result.runs_on:
        return told
    if result.leads:
        return f"{fmt.side_name(str(result.side))} by standing order: {told}"
    how = ", by standing order" if result.standing else f", forced: {result.forced}" if result.forced else ""
    return told.rstrip().removesuffix(".") + how + "." if how else told


def on_its_events(result: Result, told: Sequence[Event], text: Callable[[Event], str] = str) -> tuple[str, list[Event]]:
    """A command played at once said on its first event's line (`on_its_event`), and the events of `told` (read by
    `text`) left to say under it: the channel's one rule (bot/tables/change.py), a box's reply (bot/tables/batch.py)
    and the terminal. An answer of a row (`Result.leads`, `Result.runs_on`) whose count of hits stands above the hits
    it counts, every one told to everyone (the blocks face up after the showdown, 5.3.3), is said on its first hit,
    the count left out: a row read each answer twice, 'The Russian player applies 2 hits in 28 (5.3.6).' above the
    two hits it counted, then the same count above the next two (`_counted_above_its_hits`).

    >>> from bot.service.result import Result
    >>> hits = [{"text": "The Russian player applies 2 hits in 28 (5.3.6).", "kind": "hits"},
    ...         {"text": "Russian 2Gr (R-2-2Gr, infantry) takes a hit: strength 3 (5.3.6).", "kind": "hit"},
    ...         {"text": "Russian CGr (R-2-CGr, infantry) takes a hit: strength 3 (5.3.6).", "kind": "hit"}]
    >>> lead = Result(True, "", 1, "russian", standing="hit: protect_leaders", leads=True, events=hits)
    >>> on_its_events(lead, [e["text"] for e in hits])
    ('Russian by standing order: Russian 2Gr (R-2-2Gr, infantry) takes a hit: strength 3 (5.3.6).', \
['Russian CGr (R-2-CGr, infantry) takes a hit: strength 3 (5.3.6).'])
    >>> on_its_events(Result(True, "", 1, "russian", standing="hit: protect_leaders", events=hits),
    ...               [e["text"] for e in hits])[0]  # a lone answer: its count is said of all its hits
    'The Russian player applies 2 hits in 28 (5.3.6), by standing order.'
    """
    public = [str(e.get("text", "")) for e in result.visible_to(None)[:2]]
    said = 2 if _counted_above_its_hits(result) and [text(t).strip() for t in told[:2]] == public else 1
    return on_its_event(result, text(told[said - 1]).strip()), list(told[said:])


def _counted_above_its_hits(result: Result) -> bool:
    """Whether an answer of a row of its standing order's answers opens with the count of its hits and every hit it
    counts is told to everyone after it: none told to its side alone (a hidden block's, before the showdown, 5.3.1).
    Each hit lands as one event, so those are the count's less the public ones: it is what everyone reads."""
    public = [e.get("kind") for e in result.visible_to(None)]
    private = [e.get("kind") for e in result.events if e.get("to", "all") not in ("all", "log")]
    return (result.leads or result.runs_on) and public[:1] == [COUNTED] and public[1:2] != [] and \
        public[1] in LANDS and not LANDS.intersection(private)


def on_its_first_event(system: GameSystem, result: Result) -> str | None:
    """A command played at once, said on the line of its first event as the channel says it
    (`on_its_event`), where that event is everyone's and tells it (`told_by_its_event`): the line
    read under the command it followed; None where its own line stays.

    >>> import rules
    >>> from bot.service.result import Result
    >>> hit = Result(True, "Russian: hit R-1-3, forced: the only Russian block in 46.", 2, "russian", "hit R-1-3",
    ...              public="Russian: a `hit` command, forced: the only Russian block in 46.",
    ...              forced="the only Russian block in 46",
    ...              events=[{"text": "The Russian player applies 1 hit in 46 (5.3.6)."},
    ...                      {"text": "Russian 3 (R-1-3, infantry) takes a hit: strength 2 (5.3.6).", "to": "russian"}])
    >>> on_its_first_event(rules.load("bloody_monday"), hit)
    'The Russian player applies 1 hit in 46 (5.3.6), forced: the only Russian block in 46.'
    """
    first = result.events[:1]
    if not first or first[0].get("to", "all") != "all" or not told_by_its_event(
            system, result, result.public or result.message):
        return None
    return on_its_event(result, str(first[0]["text"]))


def _told_by(parts: list[str], first: dict) -> bool:
    """Whether an open game's attack, retreat or loss (its words, lower case) is what its first event
    tells: the combat line of the same attackers and defenders (SPI's Borodino rules, Combat); a
    retreat, or a displacement, into the hex named (Retreat); the one attacker given up in an exchange
    eliminated in the hex named (CRT: Exchange)."""
    if parts[:1] == ["attack"] and len(parts) == 4 and parts[2] == "->" and first.get("kind") == "combat":
        hexes = [{str(h).lower() for h in first.get(key, [])} - {""} for key in ("attackers", "defenders")]
        return [set(parts[1].split("+")), set(parts[3].split("+"))] == hexes
    if parts[:1] == ["lose"] and len(parts) == 2 and "+" not in parts[1]:  # one attacker given up (CRT: Exchange)
        return first.get("kind") == "eliminated" and str(first.get("hex", "")).lower() == parts[1]
    if parts[:1] != ["retreat"] or len(parts) != 2:
        return False
    into = str(first.get("text", "")).endswith(f" retreating into {parts[1]}.") if first.get("kind") == "displaced" \
        else first.get("kind") == "retreat" and [str(h) for h in first.get("path", [])][-1:] == parts[1:]
    return bool(into)


def told_by_its_event(system: GameSystem, result: Result, said_: str, on: str | None = None,
                      by_its_player: bool = True) -> bool:
    """Whether a command's public line `said_` tells nothing its first public event does not, which is
    then the command's line, in the channel under its giver's name, at the terminal under its number:
    the order was said twice, a line each (the channel doubled on a phone). In a game with hidden
    information its line is its side and verb alone ('French: a `move` command.') and the event tells
    what it did ('A French block moves 22 → 34 → 31.'); in an open game a move to a hex ('French: move
    F-I-5 2627.') whose event names that unit (given by its id or its hex), where it stood and where it
    went ('2629 (French 4-4 infantry) moves to 2627 (2 MP).'), or that leader (Doomed Victory: 'French:
    move Murat 2327.', 'Murat moves from 2229 to 2327 (3 MP) and stacks with ...'); an advance after
    combat likewise ('French: advance 3020 3121.', '3020 (French 2-5 cavalry) advances into 3121.'); an
    attack whose combat line names the same hexes ('Russian: attack 2817 -> 2819.', '2817 (2) attacks 2819
    (2): 1-1, die 1: Dr.'); a retreat into the hex the unit's retreat or a displacement names ('Russian:
    retreat 3623.', '3622 (French 4-4 infantry) retreats to 3623.'); an exchange's one loss ('French: lose
    2318.', '2318 (French 2-5 cavalry) is eliminated.'). Anything else (`stay`, `end`) keeps its own line.
    With hidden units an `end`, which closes a step and does nothing of its own, is told by the event it is
    said `on` (its first public one unless given) where that event says its player did something ('The
    French player stands and fights it out in 28 (6.4).', 'Battle in Vyazma (161): the Russian player
    attacks'), not by what it set going alone, and only where its player gave it (not `by_its_player`: a
    passed deadline played it): an attacker's `end` of his artillery fire at a deadline read '**Deadline**
    — Showdown in 45 (5.3.3): ...', the deadline's play and the showdown it began one thing; it reads
    '**Deadline** — French: end.' above the showdown."""
    if result.command is None:
        return False
    command, side = str(result.command), fmt.side_name(result.side)
    if system.INFO.hidden_information:  # given by a standing order or by hand alike: `on_its_event` says which
        how = " by standing order" if result.standing else ""
        why = f", forced: {result.forced}" if result.forced else ""
        opening = (on if on is not None else "".join(str(e.get("text", "")) for e in result.visible_to(None)[:1]))
        opening = opening.lower()
        if command == "end" and (not by_its_player or f"the {side.lower()} player " not in opening):
            return False
        return said_ == f"{side}{how}: {said_on_its_line(system, command)}{why}."
    first = result.visible_to(None)[:1]
    parts = command.lower().split()
    if said_ == f"{side}: {command}." and first and _told_by(parts, first[0]):
        return True
    if said_ != f"{side}: {command}." or len(parts) != 3 or not first \
            or first[0].get("kind") not in TOLD_BY.get(parts[0], ()):
        return False
    path = [str(h).lower() for h in first[0].get("path", [])]
    leader = str(first[0].get("text", "")).lower().split(" moves from ")[0] if "leader" in first[0] else None
    return parts[1] in (str(first[0].get("unit")).lower(), leader, *path[:1]) and path[-1:] == parts[2:]
