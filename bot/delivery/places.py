"""Where a row goes. Its audience is "channel:<id>", "user:<id>", a side (whoever holds its seat
when it is sent), "owner:<guild>" (the server's owner: a damaged row set aside, bot/damage.py) or
"all" (the record of a change's public events, already in its public line). Private rows go by DM,
prefixed once with "Game N: ". Closed DMs are remembered per person and retried after a back-off;
meanwhile the person's private news is shown in the replies to their own commands (`held`), or goes
to their private thread in the game's channel if they asked for one, which is given up, with a
notice, once another player could read it. A row of a joined message that may have gone goes where
it was tried, whoever holds the seat by then.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from bot.delivery.base import DeliveryBase, stamp
from bot.delivery.messenger import Onlookers
from bot.delivery.payloads import message, payload_text, unasked, user_audience
from bot.words import COMPUTER, Text, join, mention, words
from bot.words import channel as channel_ref

log = logging.getLogger("kolocha.delivery")

DM_RETRY_FIRST, DM_RETRY_CAP = timedelta(hours=1), timedelta(days=1)


def _gathered(rows: list[dict]) -> set[int]:
    """The rows that wait for their channel's next one, to go in one post with it (bot/tables/announcement.py,
    Change._gathers): those after the channel's last row that does not wait, none of whose tries began. A line
    that a map was moved under since (bot/tables/superseded.py, moved_under) goes at once."""
    waits = {row["id"] for row in rows if row["payload"].get("gathers") and not row["tried_at"] and
             not {"picture", "buttons", "parts"} & set(row["payload"])}
    last: dict[str, int] = {}
    for row in rows:
        if row["id"] not in waits:
            last[row["audience"]] = row["id"]
    return {row["id"] for row in rows if row["id"] in waits and row["id"] > last.get(row["audience"], 0)}


class PlacesPart(DeliveryBase):
    """Where each row may go now, and what closed DMs hold back."""

    async def _targets(self, game_id: int) -> list[tuple[dict, str]] | None:
        """The game's undelivered rows that may go now, oldest first, each with where it goes (a
        kept view a later one says all of is marked delivered, unless a try of it may have made a
        message whose id was lost: it goes first, so that message is found and kept); None when a
        private thread was given up meanwhile (the rows are read again)."""
        rows = await asyncio.to_thread(self.store.undelivered, game_id)
        over = any("unasked" in row["payload"] or "waits" in row["payload"] for row in rows) and \
            await asyncio.to_thread(self.store.is_over, game_id)
        latest = {row["audience"]: row["id"] for row in rows if row["payload"].get("kept")}
        private: dict[str, bool] = {}  # each private thread, checked once a flush
        going: list[tuple[dict, str]] = []
        gathered = _gathered(rows)
        ended = bool(gathered) and await asyncio.to_thread(self.store.is_over, game_id)
        gathered = set() if ended else gathered  # the game's end sends every line
        for row in rows:
            if row["id"] in gathered:
                continue  # a step of a player-turn: it goes with the channel's next line (Change._gathers)
            if row["payload"].get("kept") and latest[row["audience"]] != row["id"] and not row["tried_at"]:
                await asyncio.to_thread(self.store.mark_delivered, row["id"])  # a later one says it all
                continue
            if "waits" in row["payload"] and not over and not row["tried_at"] and \
                    await asyncio.to_thread(self._waits, row):
                continue
            if over and row["joined"] is None and (said := unasked(row["payload"])) is not row["payload"]:
                # asked before the game ended; one of a message that may have gone is sent as it was tried
                if said is None:
                    await asyncio.to_thread(self.store.mark_delivered, row["id"])
                    continue
                row = {**row, "payload": said}
            try:
                target = await asyncio.to_thread(self._target, row)
            except Exception:
                log.exception("outbox row %s: no place to send it", row["id"])
                continue
            if target is not None and target.startswith("owner:"):
                target = await self._owner(target.removeprefix("owner:"))
            if target is not None and target.startswith("thread:"):
                if target not in private:
                    user = await asyncio.to_thread(self.store.private_thread_of, game_id, target[7:])
                    private[target] = user is not None and await self.keep_thread(game_id, user)
                if not private[target]:
                    return None
            if target is not None:
                going.append((row, target))
        return going

    def _waits(self, row: dict) -> bool:
        """Whether lines to the side whose player-turn it is still wait for his next question, which takes
        them into its DM (bot/tables/question_message.py, `_until_asked`): while the player-turn they were
        told in goes on; after it, they go as they are."""
        game_id = row["game"]
        return self.store.player_turn_start(game_id, self.store.last_seq(game_id)) == row["payload"]["waits"]

    async def onlookers(self, game_id: int, user: str) -> Onlookers:
        """Who could read this player's private thread in the game's channel: which of the game's
        other players, and who else. Raises what the platform raises when it cannot tell."""
        game = await asyncio.to_thread(self.store.game, game_id)
        seats = await asyncio.to_thread(self.store.seats, game_id)
        return await self.messenger.onlookers(game["channel"], user, sorted(set(seats.values()) - {user, COMPUTER}))

    async def keep_thread(self, game_id: int, user: str) -> bool:
        """Whether this player's private thread may go on carrying their news: no other player of
        the game could read it (a seat changed hands, a role was given). Else, or when nobody can
        tell, the thread is given up, with a notice to the player saying why; False."""
        try:
            among = (await self.onlookers(game_id, user)).among
            why: Text | None = words(join([mention(u) for u in among], ", "), " may read it (the "
                                     "server's owner and members with Administrator or Manage Threads "
                                     "can)") if among else None
        except Exception:
            log.exception("game %s: who may read the private thread of %s is not known", game_id, user)
            why = words("I could not check who else may read it")
        if why is None:
            return True
        game = await asyncio.to_thread(self.store.game, game_id)
        notice = words("your private thread in ", channel_ref(game["channel"]), " no longer carries your news "
                       f"of game {game_id}: ", why, ". It comes by DM again.")
        await asyncio.to_thread(self.store.drop_private_thread, game_id, user,
                                [(user_audience(user), message(notice))])
        return False

    async def _owner(self, guild: str) -> str | None:
        """Where a notice to a server's owner goes: their DMs (None while those are closed and
        their retry is not due), or the record when the owner is unknown."""
        try:
            user = await self.owner_of(guild)
        except Exception:
            log.exception("the owner of server %s is not known now; the notice waits", guild)
            return None
        if user is None:
            return "record"
        closed = await asyncio.to_thread(self.store.closed_dm, user)
        return None if closed is not None and closed["retry_at"] > stamp(self.clock()) else f"dm:{user}"

    def _target(self, row: dict) -> str | None:
        """Where a row goes now: "record", "channel:<id>", "thread:<id>" or "dm:<user>"; None
        while it cannot go anywhere (no one holds the seat; DMs closed, retry not due). A row of a
        joined message that may have gone goes where it was tried (`joined_to`), though the seat
        changed hands since (a player replaced, the computer in it, nobody): the same message to the
        same person, whose repeat Discord answers with the first; its texts reach a new holder only
        if that person refuses it (gone from the server: nothing went), or their private thread it
        was tried in was given up since (others may read it now)."""
        audience = row["audience"]
        if audience == "all":
            return "record"
        tried = row["joined_to"] or row["payload"].get("retire")
        if tried is not None and (not tried.startswith("thread:") or
                                  self.store.private_thread_of(row["game"], tried[7:])):
            return self._open(tried)
        if "retire" in row["payload"]:  # its private thread was given up: others may read it now
            return "record"
        if audience.startswith(("channel:", "owner:")):
            return audience
        user = self._person(row)
        if user is None:
            return None
        if user == COMPUTER:  # the computer reads no messages: its side's news stays the record
            return "record"
        return self.private_place(row["game"], user)

    def private_place(self, game_id: int, user: str) -> str | None:
        """Where a person's private news of a game goes now: their private thread in its channel, else
        their DMs (None while those are closed and their retry is not due)."""
        thread = self.store.private_thread(game_id, user)
        return f"thread:{thread}" if thread is not None else self._open(f"dm:{user}")

    def _open(self, place: str) -> str | None:
        """A place, or None while it is a person's closed DMs whose retry is not due."""
        closed = self.store.closed_dm(place[3:]) if place.startswith("dm:") else None
        return None if closed is not None and closed["retry_at"] > stamp(self.clock()) else place

    def _person(self, row: dict) -> str | None:
        """Who a private row is for: its user, or whoever holds its side's seat (None: nobody)."""
        audience = row["audience"]
        if audience.startswith("user:"):
            return audience.removeprefix("user:")
        return self.store.seats(row["game"]).get(audience)

    def _dm_closed(self, user: str) -> None:
        """Remember that this person's DMs are closed; try again after a growing pause."""
        closed = self.store.closed_dm(user)
        failures = (closed["failures"] if closed else 0) + 1
        pause = min(DM_RETRY_CAP, DM_RETRY_FIRST * 2 ** (failures - 1))
        self.store.set_closed_dm(user, failures, stamp(self.clock() + pause))
        log.info("DMs to %s are closed (%d times); next try in %s", user, failures, pause)

    def held(self, user: str) -> list[dict]:
        """What closed DMs hold back from this person, to show in a reply to them."""
        if self.store.closed_dm(user) is None:
            return []
        return [row for row in self.store.undelivered_to(user)  # a question retired is no news
                if self.store.private_thread(row["game"], user) is None and "retire" not in row["payload"]]

    def held_text(self, rows: list[dict]) -> Text:
        return words(*(words("\n" if i else "", f"Game {row['game']}: ",
                             payload_text(row["payload"])) for i, row in enumerate(rows)))

    async def mark_shown(self, rows: tuple[dict, ...]) -> None:
        """Held rows the person has now been shown (the reply carrying them was accepted), in a
        worker thread; none shown, nothing written."""
        if rows:
            await asyncio.to_thread(self.store.mark_delivered, *(row["id"] for row in rows))
