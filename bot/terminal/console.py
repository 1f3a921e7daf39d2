"""The terminal front end: a hot-seat game loop and a non-interactive command-script runner.

Both speak to the game only through GameService, so a terminal game is stored, undone, resumed
and replayed exactly like a Discord one. A line may name its side ("french: move 3225 3224");
otherwise it is given by the side to move. A script may start with a header that sets up the
game, `# kolocha system=borodino scenario=7sep seed=123 options=imperial_guard`, with the players'
own tables the game was played with as one line of JSON, `# tables: {...}` (an exported game's),
and may say `# expect: all-accepted` to make any refusal fail the run.
"""
from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import TextIO

from bot import text as fmt
from bot.computer.seat import Memory, TurnClock, answer, as_told, next_job, plan, searches, send
from bot.converters import Unreadable, well_formed
from bot.service import (GameService, Result, on_its_events, own_line, record, still_to_order, told_at_once,
                         told_by_its_event)
from bot.service.turns import over_sentence
from bot.terminal.catch_up import last_looks, since_last_look
from bot.terminal.map_files import MapFiles


@dataclass
class Script:
    """A parsed command script: header settings, the expectation, and its command lines."""

    settings: dict[str, str] = field(default_factory=dict)
    tables: dict | None = None  # the game's own tables (`--tables`), when it was played with them
    expect_all_accepted: bool = False
    lines: list[str] = field(default_factory=list)


def parse_script(source: str) -> Script:
    script = Script()
    for raw in source.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            comment = line.lstrip("#").strip()
            if comment.startswith("kolocha "):
                pairs = (word.split("=", 1) for word in comment.split()[1:] if "=" in word)
                script.settings.update({key: value for key, value in pairs})
            elif comment.startswith("tables:"):
                try:
                    script.tables = json.loads(comment.removeprefix("tables:"))
                except ValueError:
                    raise Unreadable("the script's `# tables:` line is not one line of JSON; "
                                     "export the game again, or give its tables with --tables.") from None
            elif comment.replace(" ", "") == "expect:all-accepted":
                script.expect_all_accepted = True
        elif line:
            script.lines.append(line)
    return script


def split_side(line: str, sides: tuple[str, ...]) -> tuple[str | None, str]:
    """("french", "move 3225 3224") for "French: move 3225 3224"; (None, line) without a side."""
    head, colon, rest = line.partition(":")
    if colon and head.strip().lower() in sides:
        return head.strip().lower(), rest.strip()
    return None, line


def side_to_move(service: GameService, game_id: int) -> str | None:
    active = still_active(service, game_id)
    return active[0] if active else None


def still_active(service: GameService, game_id: int) -> list[str]:
    """The sides that may act now: none once the game has ended, by the rules or by the players
    (an agreed draw, a resignation: the rules' state does not know of it)."""
    if service.store.game(game_id)["ended"]:
        return []
    return service.system(game_id).active_sides(service.load(game_id))


def stores_command(result: Result) -> bool:
    """Whether an accepted result stored a game command, which the terminal numbers; a standing
    order, a draw offer and its answer, or an undo store none."""
    return result.command is not None or bool(result.followed)


def next_seat(active: list[str], seated: str | None, acted: bool) -> str | None:
    """The side the hot seat serves next: the seated side while it may act, unless it has just
    acted while others may act at once too (simultaneous secret orders, 1812's battle plans,
    COMBAT); then the next of those sides, so each gives its order unseen by the other.

    >>> next_seat(["french", "russian"], "french", True), next_seat(["french", "russian"], "french", False)
    ('russian', 'french')
    >>> next_seat(["russian"], "french", True), next_seat([], "french", True)
    ('russian', None)
    """
    if seated not in active:
        return active[0] if active else None
    if acted and len(active) > 1:
        return active[(active.index(seated) + 1) % len(active)]
    return seated


RESUMED = "Due when the game stopped, played now:"


def resume(service: GameService, game_id: int) -> Result | None:
    """At a game's start at the terminal, before anything else, what a stop cut short, done as the bot's start
    does it (Play.resume, GameService.play_answers_due): the answers standing orders give, or the rules' only
    answer, each stored in a transaction of its own after the command they follow, that a kill between two of a
    row left due (the next choice asked of a player who had answered it in advance). None where none is due, as
    in a game no command has been given in (nothing of it was cut short) or one that is over."""
    if not service.store.last_seq(game_id) or service.store.is_over(game_id) or not service.answers_due(game_id):
        return None
    return service.play_answers_due(game_id, record)


SCRIPT_MAP = ("`map` draws a picture when you play at the terminal; a script's game is drawn with "
              "`kolocha map --game {game}`.")


def run_line(service: GameService, game_id: int, line: str) -> Result:
    """Submit one line for the side it names, or for the side to move."""
    sides = service.system(game_id).INFO.sides
    side, command = split_side(line, sides)
    return service.submit(game_id, side or side_to_move(service, game_id), command)


def _listing(line: str) -> bool:
    """Whether a line asks for `help` or the list of standing orders (a side may name itself first:
    'russian: help move')."""
    said = line.split(":", 1)[-1].lower().split()
    return said[:1] == ["help"] or said == ["orders"]


def render(result: Result, line: str, viewer: str | None = None, hidden: bool = False,
           computer: Collection[str] = ()) -> str:
    """The terminal's account of a result: the reply, or the verdict and the events. In an
    open game both players share the screen and see every event; in a game with hidden
    information (`viewer` given, or `hidden` for a spectator of computers) only the events that
    side may read, numbered by the commands it has observed (the public's: by the game's). A
    result that stored no command (a standing order, a draw offer) is not numbered; the commands
    standing orders played after it follow with what they did. A choice that falls to a side the
    `computer` plays is not asked: its answer follows at once, with its reason ('Russian player:
    you may advance after combat: ...' instructed no one at the screen). `help` and the `orders` list keep
    their columns within a terminal's width (bot/text.py, in_columns)."""
    if result.reply is not None:
        return fmt.in_columns(result.reply) if _listing(line) else result.reply
    if not result.accepted:
        return f"Refused: {fmt.clipped(line)}: {fmt.mid_sentence(result.message)}"  # one sentence, its capital gone
    def seen(r: Result) -> list[dict]:  # how the game ended is said under it (the headline): not here
        return [e for e in (r.events if viewer is None and not hidden else r.visible_to(viewer))
                if (e.get("kind") != "choice" or e.get("chooser") not in computer) and e.get("kind") != "outcome"]
    def lines_of(events: list[dict]) -> list[str]:  # on a screen both players share, "your" names its side
        return fmt.event_lines(events, shared=viewer is None and not hidden)
    result = without_the_end(result)
    shown = [e for r in (result, *result.followed) for e in seen(r)]
    if viewer is None and not hidden and result.public and any(e.get("kind") == "undo" for e in shown):
        # an undo's public line is its event ("French undoes `end`."): said once, as in the channel, and
        # unnumbered, as it adds no command (the next command takes the number the undone one had)
        return "\n".join([result.public, *lines_of([e for e in shown if e.get("kind") != "undo"])])
    lines = lines_of(shown)
    if not stores_command(result):  # its own line not said again by its event (an agreed draw)
        return "\n".join([result.message, *(told for told in lines if told.strip() != result.message)])
    # the commands this side has observed (the other's secret orders are not counted), or the game's;
    # the number is the command's own, not that of the last a standing order played after it
    number = result.seen if viewer else result.own_seq
    own = own_line(result.message, result)
    def told(r: Result) -> list[str]:  # its line, or its first event said with why it was played at once
        if own is None and not r.in_words:  # told by its events alone (a secret order's answer)
            return lines_of(seen(r))
        line, events = told_at_once(r, viewer, seen(r))  # the viewer's own battle plan by what he chose
        return [*(["  " + line] if line else []), *lines_of(events)]
    if result.command is None and own == "":  # the answers `resume` played, after no command of their own
        return "\n".join([RESUMED, *(line for r in result.followed for line in told(r))])
    return "\n".join([f"[{number}] {result.message if own is None else own}", *lines_of(seen(result)),
                      *(line for r in result.followed for line in told(r))])


def the_end(result: Result) -> dict | None:
    """How the game ended, if the command (or one standing orders played after it) ended it."""
    return next((r.outcome for r in (result, *result.followed) if r.outcome), None)


def without_the_end(result: Result) -> Result:
    """A command that ended the game, its line without how it ended ('Russian: end.', not 'Russian:
    end. Game over: Russian wins: ...'): the headline or the game's last line under it says so, after
    what the command did (a hidden game's last battle read 'Russian: a `battle` command. Game over:
    ...' above the battle that decided it), as in the channel."""
    ending = the_end(result)
    if ending is None:
        return result
    cut = " " + fmt.outcome_line(ending)
    return dataclasses.replace(
        result, message=result.message.removesuffix(cut), public=result.public and result.public.removesuffix(cut),
        followed=[dataclasses.replace(r, message=r.message.removesuffix(cut),
                                      public=r.public and r.public.removesuffix(cut)) for r in result.followed])


def unsaid(told: str, head: str) -> str:
    """What a command did, without the lines of its events (indented) that the headline written
    under them says (text.said_by_headline): '  Game-Turn 28 (7 Sept, 0700): French Movement Phase.'
    above 'Game-Turn 28 of 40 | 7 Sept 0700 | Movement Phase | French player', the phase twice."""
    return "\n".join(line for line in told.split("\n")
                     if not (line.startswith("  ") and fmt.said_by_headline(line, head)))


def account(service: GameService, game_id: int, side: str, since: int) -> str:
    """What the incoming player missed (catch_up.since_last_look), without the lines of events the
    headline of the status under it says, as the live screen leaves them (`unsaid`): '  Russian
    impulse (4.0).' above 'Turn 1 of 4 | Impulses Phase | Russian player' and its prompt."""
    return unsaid(since_last_look(service, game_id, side, since),
                  fmt.headline(service.system(game_id).view(service.load(game_id), side)))


OWN_SIDE_ONLY = ("Refused: at this screen you speak for the {side} player alone (Fog of War: each "
                 "player sees only their own side); a side before a colon is for scripts.")
LEAVE = ("{side} player: press Enter to clear the screen, then hand over to the {other} "
         "player.")
HANDOVER = "Hand over to the {side} player, then press Enter (the screen will be cleared)."
CLEAR = "\033[H\033[2J\033[3J"  # ANSI: cursor home, clear the screen and the scrollback


def as_json(result: Result, line: str) -> str:
    return json.dumps({"seq": result.seq, "side": result.side, "command": line,
                       "accepted": result.accepted, "rule": result.rule,
                       "message": result.message, "events": result.events,
                       "reply": result.reply})


def run_script(service: GameService, game_id: int, script: Script, out: TextIO,
               as_json_lines: bool = False) -> int:
    """Play every line of the script, after what a stop left due (`resume`); exit status 1 if it expected all
    accepted and one was not."""
    resumed = resume(service, game_id)
    if resumed is not None:
        print(*([as_json(r, str(r.command)) for r in resumed.followed] if as_json_lines else [render(resumed, "")]),
              sep="\n", file=out, flush=True)
    refused = 0
    for line in script.lines:
        if split_side(line, service.system(game_id).INFO.sides)[1].split()[:1] == ["map"]:  # no screen to draw on
            result = Result(True, "", service.store.last_seq(game_id), reply=SCRIPT_MAP.format(game=game_id))
        else:
            result = run_line(service, game_id, line)
        refused += not result.accepted
        ending = the_end(result)  # said under the last command, as the headline says it at the screen
        print(as_json(result, line) if as_json_lines else
              render(result, line) + (f"\n{fmt.outcome_line(ending)}" if ending else ""), file=out, flush=True)
    return 1 if script.expect_all_accepted and refused else 0


def enable_line_editing() -> None:
    """Arrow keys, editing and history at the prompt (readline, where the platform has it)."""
    try:
        import readline  # noqa: F401 - importing it is what makes input() edit lines
    except ImportError:
        return


def forget_history() -> None:
    """At a hand-over the next player must not scroll back to the last one's commands."""
    try:
        import readline
    except ImportError:
        return
    readline.clear_history()


def leave_nothing(write: Callable[[str], None], maps: MapFiles | None) -> None:
    """The player leaving the screen takes everything of theirs with them: the screen, its
    scrollback, the line history and the pictures (only the public one stays on disk)."""
    write(CLEAR)
    if maps:
        maps.hand_over()
    forget_history()


def sit_down(read: Callable[[str], str], write: Callable[[str], None], coming: str) -> bool:
    """The pause before the incoming player sees their side; False when the input ends."""
    try:
        read(HANDOVER.format(side=coming))
    except (EOFError, KeyboardInterrupt):
        write("")
        return False
    return True


def hand_over(read: Callable[[str], str], write: Callable[[str], None], maps: MapFiles | None,
              leaving: str, coming: str) -> bool:
    """Between two players of a game with hidden information: the one leaving reads their last
    result, then the screen, its scrollback, the line history and the pictures keep nothing of
    theirs before the next one sits down (also when the input ends or Ctrl-C stops it there).
    False when the input ends."""
    try:
        read(LEAVE.format(side=leaving, other=coming))
    except (EOFError, KeyboardInterrupt):
        leave_nothing(write, maps)
        return False
    leave_nothing(write, maps)
    return sit_down(read, write, coming)


def status(line: str) -> None:
    """A line about the program rather than the game, on stderr as `kolocha local`'s others (the game
    stored, the computer's seat): never among what the game writes to stdout."""
    print(line, file=sys.stderr)


def computer_turn(service: GameService, memory: Memory, game_id: int,
                  write: Callable[[str], None], viewer: str | None, clock: TurnClock | None = None,
                  headline: Callable[[], str] = lambda: "", note: Callable[[str], None] = status) -> bool:
    """A computer seat whose side acts plans and plays (bot/computer/seat.py), within its turn's
    budget on `clock` (none: its whole effort), each command printed as `viewer` may read it (None: a
    spectator, as the public channel tells it: with hidden information the public line and events
    alone, no reason, which may name hidden units), without what the headline printed under them once
    it has played (`headline`) says. A seat that searches first `note`s that it is thinking and for
    how long at most, once a turn: else the screen stood still for as long. False when it had nothing
    to play or a command of its was refused (said, and the game waits)."""
    job = next_job(service, memory, game_id)
    if job is None:
        return False
    if clock is not None:
        if searches(service.system(game_id), job.level) and clock.begins(game_id, job):
            note(f"The computer is thinking (up to {job.budget:g} s)...")
        job = clock.timed(game_id, job)
    sent = send(service, game_id, job, plan(job), lambda decision: record)
    if clock is not None and sent:
        clock.sent(game_id, job, sent[-1][1].seq)
    hidden = service.system(game_id).INFO.hidden_information and viewer != job.side
    under = headline()
    for decision, result in sent:
        if not result.accepted:
            said = "a command it planned" if hidden else f"its command `{decision.command}`: {result.message}"
            write(f"The computer playing {fmt.side_name(job.side)} stops: the rules refuse {said}")
            return False
        if hidden and result.secret and not result.visible_to(viewer):
            continue  # a secret order given while the viewer orders too: not told even that it was given
        shown = dataclasses.replace(result, message=result.public or result.message) if hidden else result
        if viewer is not None and viewer != job.side:  # numbered by what the person has observed, as theirs are
            shown = dataclasses.replace(shown, seen=service.store.seen_seq(game_id, viewer, result.own_seq))
        head, *events = render(shown, decision.command, viewer, hidden,
                               service.store.computer_seats(game_id)).split("\n")
        if hidden and result.secret and viewer is None:  # the public is told only what the rules show of it
            shown_events = unsaid("\n".join(events), under)
            if shown_events:
                write(shown_events)
            continue
        told = hidden and events and head.startswith("[") and not events[0].lstrip().startswith("(to ")
        if told and told_by_its_event(service.system(game_id), result, shown.message, events[0]):
            # its number, then what it did, said once: '[15] A Russian block moves 77 → 78 → 64.', not that
            # under '[15] Russian: a `move` command.' (a line for the viewer alone keeps its own)
            said, events = on_its_events(result, events)
            head = f"{head.split('] ')[0]}] {said}"
        write(unsaid("\n".join([head, *([] if hidden else [f"  Why: {as_told(decision.reason)}."]), *events]), under))
    return bool(sent)


def play(service: GameService, game_id: int, read: Callable[[str], str] = input,
         write: Callable[[str], None] = print, maps: MapFiles | None = None) -> int:
    """The hot-seat loop: prompt the side to move, print what happens, `quit` to leave.

    `maps` (when given) redraws the picture of what the player at the screen may see after
    every accepted command, and draws `map ...` on request. With hidden information one side
    looks at a time: the side to move changes only behind a hand-over, which leaves only the
    public picture on disk, clears the screen, its scrollback and the line history, and the
    player at the screen speaks for their own side alone; the incoming player first reads what
    they missed (bot/terminal/catch_up.py). A game begun or resumed opens with the same pause,
    and a player leaving (`quit`, the input's end, Ctrl-C) leaves the screen cleared and only the
    public picture on disk. A game resumed first plays what a stop left due (`resume`), told above
    its status (with hidden information, in what the first player missed). Sides the computer holds
    (`kolocha local --ai SIDE`) play themselves, shown as the one person at the screen may see them; with
    every side the computer's, the game plays itself to the end (a demonstration), watched as a
    spectator: with hidden information, the public view and what the public is told.
    """
    system = service.system(game_id)
    hidden = system.INFO.hidden_information  # fog of war: one side at a time
    computer = service.store.computer_seats(game_id)
    humans = [s for s in system.INFO.sides if s not in computer]
    memory, clock = Memory(), TurnClock()
    game = service.store.game(game_id)
    if game["status"] == "over":  # it read 'resume later' above the position as if it ran on
        ended = game["ended"] or system.outcome(service.load(game_id))
        write(f"{over_sentence(game_id, ended).removesuffix('.')}: `status`, `units` and `map` show where it "
              "ended; `quit` leaves.")
    else:
        write(f"Game {game_id}. Type `help` for commands, `map` for a picture, `quit` to leave; "
              f"resume later with `kolocha local --game {game_id}`.")
    looks = last_looks(service, game_id)
    resumed = resume(service, game_id)  # what a stop left due, played before anyone sits down
    seated = (humans[0] if len(humans) == 1 else side_to_move(service, game_id)) if hidden and humans else None
    turns = hidden and len(humans) > 1  # players take turns at one screen, each seeing their side
    status = fmt.status(system.view(service.load(game_id), seated))
    if turns and seated:  # a game begun or resumed: its first player sits down as at a hand-over
        if maps:
            maps.hand_over()
        if not sit_down(read, write, fmt.side_name(seated)):
            return 0
        # what the first player missed, the answers `resume` played among it
        status = CLEAR + account(service, game_id, seated, looks.get(seated, 0)) + status
    elif resumed is not None:
        write(render(resumed, "", seated, hidden, computer))
    write(status)
    if maps:
        write(maps.draw([], seated))
    acted = False
    try:
        while True:
            answered = answer(service, game_id, lambda decision: record) if computer else None
            if answered is not None:  # an undo or a draw asked of the computer
                write(render(answered, answered.command or "", seated, hidden))
                if not answered.accepted:
                    return 1
                continue
            if any(s in computer for s in still_to_order(system, service.load(game_id))):
                before = service.load(game_id)
                phase, seen = system.phase_key(before), system.view(before, seated)
                def under_it() -> str:  # the headline under the computer's lines: the person's turn, what it waits for
                    after = service.load(game_id)
                    awaited = set(still_to_order(system, after))
                    newly = awaited - set(still_to_order(system, before))  # asked beside the computer (1812's plans)
                    if system.view(after, seated) == seen:  # a secret order the person may not learn of
                        return ""
                    return fmt.headline(system.view(after, seated)) \
                        if humans and (not awaited & set(computer) or newly & set(humans)) else ""
                if not computer_turn(service, memory, game_id, write, seated, clock, under_it):
                    return 1
                after = service.load(game_id)
                if system.view(after, seated) == seen:
                    continue
                shown = under_it()
                if shown:
                    write(shown)
                if maps and (humans or system.phase_key(after) != phase):
                    write(maps.draw([], seated))  # a demonstration redraws once a phase
                continue
            people = [s for s in still_active(service, game_id) if s not in computer]
            side = next_seat(people, seated, acted) if hidden \
                else side_to_move(service, game_id)
            acted = False
            if not humans:
                outcome = system.outcome(service.load(game_id))
                write(fmt.outcome_line(outcome) if outcome else "No side may act now.")
                return 0
            if hidden and side and side != seated:
                looks[str(seated)] = service.store.last_seq(game_id)
                if not hand_over(read, write, maps, fmt.side_name(seated), fmt.side_name(side)):
                    return 0
                seated = side
                write(CLEAR + account(service, game_id, side, looks.get(side, 0))
                      + fmt.status(system.view(service.load(game_id), seated)))
                if maps:
                    write(maps.draw([], seated))
            try:
                line = well_formed(read(f"{fmt.side_name(side)} > " if side else "(game over) > ")).strip()
            except (EOFError, KeyboardInterrupt):
                write("")
                return 0
            if line.lower() in ("quit", "exit"):
                return 0
            if not line or line.startswith("#"):
                continue
            if maps and line.split()[0].lower() == "map":
                write(maps.draw(line.lower().split()[1:], seated))
                continue
            before = service.load(game_id)
            if hidden:
                named, command = split_side(line, system.INFO.sides)
                if named not in (None, seated):
                    write(OWN_SIDE_ONLY.format(side=fmt.side_name(seated)))
                    continue
                result = service.submit(game_id, seated, command)
            else:
                result = run_line(service, game_id, line)
            told = render(result, line, seated, computer=computer)
            after = service.load(game_id)
            acted = result.accepted and result.reply is None
            changed = result.accepted and system.phase_key(after) != system.phase_key(before)
            head = fmt.headline(system.view(after, seated)) if changed else ""
            write(unsaid(told, head))
            if head:
                write(head)
            elif result.accepted and result.reply is None:
                prompt = system.view(after, seated).get("prompt")
                asks_a_person = not set(still_to_order(system, after)) <= set(computer)  # the computer answers at once
                if prompt and asks_a_person and prompt != system.view(before, seated).get("prompt") and \
                        str(prompt) not in "\n".join(map(str.strip, told.splitlines())):  # its points indented
                    write(str(prompt))  # a step within the phase: what the game now waits for, if not told
            handing_over = hidden and next_seat(system.active_sides(after), seated, acted) not in (None, seated)
            if acted and maps and not handing_over and (stores_command(result) or after != before):
                write(maps.draw([], seated))
    finally:
        if turns:  # quit, the input's end or Ctrl-C: the player leaving leaves nothing behind
            leave_nothing(write, maps)
