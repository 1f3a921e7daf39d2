"""News: what the others hear after a change — the public line, the map and who moves next, each
side's private view by DM, spectators, and the end of a game."""
from __future__ import annotations

from datetime import datetime

from bot import text as fmt
from bot.service import Result
from bot.tables.room import Room, when


class News(Room):
    """Telling everyone what a change means for them."""

    async def after(self, game_id: int, before: dict, result: Result, who: str) -> None:
        """The public line of an accepted command, a map and the rest when the phase moved."""
        self.tables.completion.forget(game_id)
        system = self.service.system(game_id)
        state = self.service.load(game_id)
        phase_changed = system.phase_key(before) != system.phase_key(state)
        turn = system.view(state, None).get("turn")
        if turn != system.view(before, None).get("turn"):
            self.store.mark_turn(game_id, str(turn), result.seq)
        lines = [f"**{who}** — {result.public or result.message}"]
        lines += [line.strip() for line in fmt.event_lines(result.visible_to(None), False)]
        await self.announce(game_id, "\n".join(lines), phase_changed, before)

    async def announce(self, game_id: int, line: str, phase_changed: bool,
                       before: dict | None = None) -> None:
        """Update the deadlines, post the line (with the public map and who moves next when
        the phase changed), deliver private news, update spectators."""
        game = self.store.game(game_id)
        system = self.service.system(game_id)
        state = self.service.load(game_id)
        public = system.view(state, None)
        over = system.outcome(state) is not None
        seats = self.store.seats(game_id)
        deadlines = self.tables.deadlines
        if over:
            deadlines.clear(game_id)
        else:
            deadlines.track(game_id, system.active_sides(state), system.phase_key(state))
        if phase_changed or over:
            await self.delivery.post_view(game["channel"], public, line + self._due_note(game_id))
            await self.spectators(game_id, system, public, over)
        else:
            await self.delivery.post(game["channel"], line)
        await self._private_views(game_id, system, state, public, seats,
                                  None if phase_changed or over else before)
        await self.delivery.flush(game_id, seats)

    def _due_note(self, game_id: int) -> str:
        """Who must move now, mentioned, and by when."""
        seats = self.store.seats(game_id)
        return "".join(f"\n<@{seats[row['side']]}>: your move, due "
                       f"{when(datetime.fromisoformat(row['due_at']))}."
                       for row in self.store.deadlines(game_id) if row["side"] in seats)

    async def _private_views(self, game_id: int, system, state: dict, public: dict,
                             seats: dict[str, str], before: dict | None) -> None:
        """DM each side its own view, with the list of its own units, when that view shows
        more than the public one (hidden blocks): at every phase change (`before` None), and
        otherwise whenever a command changed that side's own units."""
        bare = {k: v for k, v in public.items() if k != "viewer"}
        for side, user in seats.items():
            view = system.view(state, side)
            if {k: v for k, v in view.items() if k != "viewer"} == bare:
                continue
            own = [u for u in view.get("units", []) if u.get("side") == side]
            if before is not None and own == [u for u in system.view(before, side).get("units", [])
                                              if u.get("side") == side]:
                continue
            picture = await self.delivery.picture(view)
            await self.delivery.dm(game_id, user, side, f"Game {game_id}, your view as "
                                   f"{fmt.side_name(side)}:\n{fmt.headline(view)}\n\n"
                                   f"{fmt.units_table(own)}", picture)

    async def spectators(self, game_id: int, system, public: dict, over: bool) -> None:
        """Spectators see the public view: live at each phase, or one game turn behind."""
        channels = self.store.spectators(game_id)
        if not channels:
            return
        header = f"Game {game_id}:"
        view = public
        if self.tables.settings(game_id).spectator_delay and not over:
            starts = list(self.store.turn_starts(game_id).items())
            if len(starts) < 2 or starts[-1][1] != self.store.last_seq(game_id):
                return
            turn, seq = starts[-2]
            view = system.view(self.service.state_at(game_id, seq), None)
            header = f"Game {game_id}, one turn behind: the start of turn {turn}."
        for channel in channels:
            await self.delivery.post_view(channel, view, header)

    async def concede(self, game_id: int, loser: str, reason: str) -> None:
        """End the game with the other side the winner (resignation, forfeit)."""
        system = self.service.system(game_id)
        winners = [s for s in system.INFO.sides if s != loser]
        ended = {"winner": winners[0] if len(winners) == 1 else None, "reason": reason}
        text = f"{reason}: {fmt.side_name(ended['winner'])} wins game {game_id}."
        self.tables.deadlines.clear(game_id)
        self.store.end_game(game_id, ended, {"all": {"text": text}})
        public = system.view(self.service.load(game_id), None)
        await self.delivery.post(self.store.game(game_id)["channel"], text)
        await self.spectators(game_id, system, public, over=True)
        await self.delivery.flush(game_id, self.store.seats(game_id))
