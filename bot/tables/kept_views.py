"""A side's own view kept in its DMs, one message edited in place (bot/delivery/in_place.py), where it shows
more than the public view (hidden blocks): written by each change that tells the side something, at a
game's end, and once more for a player who hands the seat on; with its map once a player-turn. A part of
the news room (bot/tables/news.py)."""
from __future__ import annotations

from bot import text as fmt
from bot.delivery import kept_view, message, user_audience
from bot.service import new_player_turn
from bot.store import Outbox
from bot.tables.room import Room
from bot.words import Text, join, mention, table, words
from rules.core.system import GameSystem


class KeptViewsPart(Room):
    """The rows that write the sides' kept views."""

    def private_views(self, game_id: int, state: dict, seq: int, before: dict | None,
                      private: dict[str, Text] | None = None, untold: frozenset[str] = frozenset()) -> Outbox:
        """Each side's own view, with the list of its own units, when it shows more than the
        public one (hidden blocks), kept in messages edited in place (bot/delivery/in_place.py), not sent
        anew: rewritten when what the side sees changed or the change has `private` lines for it
        (shown at its top); `before` None (the game begins, a player takes the seat) writes it
        whatever it was. Lines only the view tells (`untold`: the side's own command, answered
        without them) are carried to its top again by a view written before it was sent: held
        orders played at once after a click rewrote it, and the click's lines were never read.
        With it, at the first change of a player-turn (or `before` None), the side's map by DM where it
        is due (`map_due`): at most one private picture a player-turn, and more on request."""
        system = self.service.system(game_id)
        public = system.view(state, None)
        private = private or {}
        turn_begins = new_player_turn(system, before, state)
        rows: Outbox = []
        for side in self.store.seats(game_id):
            view = system.view(state, side)
            if not shows_more(view, public):
                continue
            if before is None or side in private or own_view(view, side) != own_view(system.view(before, side), side):
                carried = self._unsent_untold(game_id, side)
                mine = private.get(side, "")
                seen = self.store.seen_after(game_id, side, seq)
                rows.append(kept_row(side, seen, view, join([t for t in (carried, mine) if t]),
                                  join([t for t in (carried, mine if side in untold else "") if t])))
            if turn_begins and map_due(system, before, state, side):
                rows.append((side, message(f"your map as {fmt.side_name(side)}: {player_turn_name(public)}.",
                                           seq, side, crop=True)))
        return rows

    def _unsent_untold(self, game_id: int, side: str) -> Text:
        """What the side's latest kept view not yet tried alone tells (`_kept`'s `untold`): a view
        written now goes instead of it (bot/delivery/places.py), so it carries those lines."""
        kept = [row for row in self.store.undelivered(game_id)
                if row["audience"] == side and row["payload"].get("kept") and not row["tried_at"]]
        return kept[-1]["payload"].get("untold", "") if kept else ""

    def handed_rows(self, game_id: int, state: dict, seq: int, side: str, holder: str, newcomer: str) -> Outbox:
        """What a player who hands their seat on keeps in their DMs (or private thread), written over
        once more: their kept view as of the hand-over, saying it is kept no longer, and each question
        left open to them, its buttons gone. Both read 'kept up to date' and 'the game waits for you'
        over a view and a question that were theirs no more."""
        system = self.service.system(game_id)
        view = system.view(state, side)
        seat = f"{fmt.side_name(side)} seat went to "
        rows: Outbox = []
        if shows_more(view, system.view(state, None)):
            _, payload = kept_row(side, self.store.seen_after(game_id, side, seq), view, "",
                               kept=words(f"(no longer kept up to date: the {seat}", mention(newcomer), ")"))
            rows.append((user_audience(holder), payload))
        thread = self.store.private_thread(game_id, holder)
        theirs = {f"dm:{holder}"} | ({f"thread:{thread}"} if thread is not None else set())
        return rows + [(audience, {"text": words(f"The {seat}", mention(newcomer), "."), "retire": place})
                       for place, audience in self.store.question_places(game_id) if place in theirs]


def map_due(system: GameSystem, before: dict | None, after: dict, side: str) -> bool:
    """Whether a player-turn's first change sends the side its map by DM: as the game begins or the side
    gets a new player (`before` None), where the side may act now, or where the player-turn that ended was
    another side's, whose play may have changed what the side sees. A Bloody Monday player read 'your map as
    French: turn 2, Russian player.' at each impulse she did not play, a map of her own impulse's moves,
    which she had just made and read: a DM an impulse for nothing. The phasing player, who may act, and who
    plays them, are public: the other side reads the same whatever the map shows."""
    return before is None or side in system.active_sides(after) or system.view(before, None).get("player") != side


def own_view(view: dict, side: str) -> Text:
    """A side's view in words: the headline, and the list of its own units."""
    own = [u for u in view.get("units", []) if u.get("side") == side]
    lines = fmt.units_table(own, words=view.get("unit_words"), names=fmt.place_names(view))  # 1812: "Vilna (12)"
    return words(fmt.headline(view), "\n", table(lines))



def player_turn_name(view: dict) -> str:
    """A player-turn as a player reads it, the turn as its game names it: "turn 2, French player",
    "Game-Turn 2, French player" (1812)."""
    player = f"{fmt.side_name(view['player'])} player" if view.get("player") else ""
    return ", ".join(filter(None, (fmt.turn_in_sentence(view), player)))



def kept_row(side: str, seen: int, view: dict, latest: Text, untold: Text = "",
          kept: Text = "(this message is kept up to date)") -> tuple[str, dict]:
    """A side's own view in words, kept in one message edited in place (bot/delivery/in_place.py), with what
    the change told it alone at its top; `untold`: those of its lines no other message tells. `seen`: the
    commands the side has observed (Store.seen_seq), never the game's count, which tells when the other
    side gives a secret order."""
    top = words("Latest for you: ", latest, "\n\n") if latest else ""
    payload = kept_view(words(f"your view as {fmt.side_name(side)}, as of command {seen} ", kept, ":\n", top,
                              own_view(view, side)), seen)
    return side, payload | ({"untold": untold} if untold else {})


def shows_more(view: dict, public: dict) -> bool:
    """Whether a side's view shows more than the public one (hidden blocks): only then is it kept in its DMs."""
    return {k: v for k, v in view.items() if k != "viewer"} != {k: v for k, v in public.items() if k != "viewer"}
