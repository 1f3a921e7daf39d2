"""What a hot-seat player missed while the other sat at the screen, told when they sit down again.

With hidden information each player sees only their own side, so what the other side did in
between (its moves, the battles they brought, attrition, a retreat now asked of you) must be told
to the incoming player, and told as they may read it: read from the store (the commands and the
states they lead to), each command in its public words (`said`) unless it was a secret order given
while the other side ordered too (then nothing of it, not even that it was given), and of its
events only the public ones and those addressed to this side; a command its first public event
tells is said on that event's line, as the channel says it (`told_by_its_event`), rather than under
its verb ('Russian: a `hit` command.'); a command of one word keeps its own line ('French: end.'). A
command played at once for its side (its standing order, or the rules' only answer) says so, to its own
side too, who did not type it ('The Russian player applies 2 hits in 46 (5.3.6), forced: ...').
Nothing here depends on what the incoming side may not see: the swap test holds it to that.
"""
from __future__ import annotations

from bot import text as fmt
from bot.service import GameService, Result, on_its_events, said_on_its_line, simultaneous, told_by_its_event
from bot.service.standing import how_played
from rules.core.system import GameSystem


def last_looks(service: GameService, game_id: int) -> dict[str, int]:
    """When each side last sat at the screen, as far as the store knows: its own last command."""
    looks: dict[str, int] = {}
    for row in service.store.commands(game_id):
        looks[row["side"]] = row["seq"]
    return looks


def missed(service: GameService, game_id: int, side: str, since: int) -> list[str]:
    """The lines telling `side` what happened after command `since`, as that side may read them."""
    system = service.system(game_id)
    state = service.state_at(game_id, since)
    lines: list[str] = []
    for row in service.store.commands(game_id, after=since):
        secret = simultaneous(system, state)
        state, events = system.apply(state, row["side"], system.parse(row["side"], row["normalised"]))
        heard = [e for e in events if e.get("to", "all") in ("all", side)]
        told = fmt.event_lines(heard)
        standing, forced = how_played(row)
        if row["side"] == side and not (standing or forced):
            lines.append(f"{fmt.side_name(side)}: {row['normalised']}.")
        elif not secret or row["side"] == side:
            said = _said(system, row)
            played = Result(True, said, 0, row["side"], row["normalised"], events=events, standing=standing,
                            forced=forced)
            if _told_by_its_event(system, played, heard):  # said once, on what it did, as the channel says it
                said, told = on_its_events(played, told)
            elif row["side"] == side:  # its own side's, the command whole
                said = _said(system, row, whole=True)
            lines.append(said)
        lines += told
    return lines


def _said(system: GameSystem, row: dict, whole: bool = False) -> str:
    """A command's public line (`whole`: its side's own, the command whole): its verb alone where units
    are hidden, and where it was played at once for its side (`how_played`: by its standing order, or
    as the rules' only answer), so said ('Russian: a `hit` command, forced: the only Russian block in
    46.'; on its first event's line it reads 'The Russian player applies 2 hits in 46 (5.3.6), forced:
    ...'): its own player, reading it, did not type it either."""
    standing, forced = how_played(row)
    by = " by standing order" if standing else ""
    why = f", forced: {forced}" if forced else ""
    command = row["normalised"] if whole else said_on_its_line(system, row["normalised"])
    return f"{fmt.side_name(row['side'])}{by}: {command}{why}."


def _told_by_its_event(system: GameSystem, played: Result, heard: list[dict]) -> bool:
    """Whether a command of several words, read by its verb alone, or one played at once for its side (1812's
    `fight` where there is no retreat), is told by the first line heard, a public one (the channel's rule,
    `told_by_its_event`)."""
    public = played.visible_to(None)
    return (len(str(played.command).split()) > 1 or played.at_once) and bool(public) and \
        heard[:1] == public[:1] and told_by_its_event(system, played, played.message)


def since_last_look(service: GameService, game_id: int, side: str, since: int) -> str:
    """The account an incoming player reads before the status: empty when nothing happened."""
    lines = missed(service, game_id, side, since)
    if not lines:
        return ""
    return "\n".join([f"Since the {fmt.side_name(side)} player last looked:", *lines, ""])
