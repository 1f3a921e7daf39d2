"""The verbs about the record rather than the game, answered to the one who asks and changing
nothing: `status`, `units [place]`, `help [command]` and `odds`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot import text as fmt
from bot.service.standing import offered
from bot.service.turns import said
from rules.core.system import GameSystem

if TYPE_CHECKING:
    from bot.service import GameService

QUERIES = ("status", "units", "help", "odds")


def answer(service: GameService, game_id: int, system: GameSystem, state: dict, side: str | None,
           verb: str, args: list[str]) -> str:
    if verb == "help":
        topic = args[0].lower() if args else None
        if topic == "orders":  # its examples are the game's own kinds of choice
            return fmt.orders_help(offered(system, state, side))
        if topic == "units":  # its example names a place as this game does
            return fmt.units_help(system.view(state, side))
        if topic in fmt.TABLE_HELP:
            return fmt.TABLE_HELP[topic]
        answer = system.help(topic, state)  # this game's own rules: its options, its tables
        if topic == "options":
            return f"{answer}\n{fmt.options_help(system.INFO.options, system.INFO.new_game_options)}"
        return answer if topic else fmt.with_table_commands(answer)
    if verb == "odds":
        return fmt.odds(system.odds(state, side, " ".join(args)))
    view = system.view(state, side)
    game = service.store.game(game_id)
    if game["status"] == "over" and game["ended"] and not view.get("outcome"):  # ended by its players
        view = {k: v for k, v in view.items() if k not in ("to_move", "prompt")} | {"outcome": game["ended"]}
    if verb == "units":
        where = fmt.places(" ".join(args), view) if args else None
        return fmt.units_table(view.get("units", []), where=where, words=view.get("unit_words"),
                               names=fmt.place_names(view)) + ("" if where else fmt.waiting_line(view))
    pending = game["pending_undo"]
    asked = pending and (f"`{pending['command']}`" if pending["by"] == side
                         else said(system, pending["command"]))
    waiting = (f"\nThe {fmt.side_name(pending['by'])} player asks to undo {asked}: accept "
               "or refuse." if pending else "")
    return fmt.status(view) + waiting
