"""What the viewer may look at any time in a front-end swap, and how a reply is written down: the buttons `/end` and
`/game resign` offer, `/game status`, their games, their own deadline, `/game export` and Verify; a reply or the
refusal (awaited, answer_of); the game running in the channel (live_game)."""
from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.discord.buttons import Confirm
from bot.permissions import TableError
from bot.service import GameService
from bot.tables import Offer, Tables
from bot.tools.fog_check.cast import CHANNEL, GUILD, VIEWER
from bot.tools.fog_check.stand_ins import pictured


def looks(tables: Tables, service: GameService) -> list[str]:
    """What the viewer may look at any time: the buttons `/end` and `/game resign` offer them
    (their ids carry the position they were asked at), `/game status`, their games (`/games mine`,
    `/game list`) and their own deadline."""
    offers = [f"/{action} offers {button(answer_of(lambda: tables.play.offer(VIEWER, CHANNEL, action)), action)}"
              for action in ("end", "resign")]
    mine = [row for game in service.store.games(channel=CHANNEL)
            for row in service.store.deadlines(game["id"]) if row["side"] == viewer_side(service, game["id"])]
    return [*offers, f"/game status: {answer_of(lambda: tables.overview.status(VIEWER, CHANNEL))}",
            f"/games mine: {answer_of(lambda: tables.overview.mine(VIEWER))}",
            f"/game list: {answer_of(lambda: tables.overview.listing(GUILD))}",
            f"own deadline: {[(row['due_at'], row['began_at'], row['reminded_at']) for row in mine]}",
            *_archives(tables, service)]


def _archives(tables: Tables, service: GameService) -> list[str]:
    """`/game export` (the channel's last game, and each game by its number) and the Verify button of each
    game pressed, as the viewer can use them any time: refused while a game runs; an ended game's archive
    and proof show all by design (its blocks face up, its seed), so only which game they would be of is
    written down, not what they hold."""
    seen = [f"/game export: {answer_of(lambda: _exported(tables, None))}"]
    for game in service.store.games(channel=CHANNEL):
        seen.append(f"/game export game:{game['id']}: {answer_of(lambda: _exported(tables, game['id']))}")
        seen.append(f"Verify game {game['id']}: {answer_of(lambda: _verified(tables, service, game['id']))}")
    return seen


def _exported(tables: Tables, game_id: int | None) -> object:
    """The export asked for: its file and reply while the game runs (none: it is refused), or the ended game's."""
    chosen = tables.overview.archived(CHANNEL, GUILD, game_id)
    if chosen["status"] == "over":
        return f"the archive of ended game {chosen['id']}"
    number, text, script, gif = tables.overview.export(chosen)
    return f"{number}: {text} [file {script!r}] {pictured([gif])}"


def _verified(tables: Tables, service: GameService, game_id: int) -> object:
    """The Verify button's reply (the dice's proof): refused while the game runs; an ended game's proof shows its
    seed by design."""
    if service.store.game(game_id)["status"] == "over":
        return f"the proof of ended game {game_id}"
    return tables.overview.verify(game_id)


def viewer_side(service: GameService, game_id: int) -> str | None:
    """The viewer's side (None once the computer or a newcomer holds it)."""
    return next((side for side, user in service.store.seats(game_id).items() if user == VIEWER.id), None)


def button(offer: object, action: str = "end") -> str:
    """An offer's "do it" button as Discord carries it (its custom_id), or the refusal."""
    if isinstance(offer, Offer):
        return str(Confirm(action, offer.game_id, offer.side, offer.seq).custom_id)
    return str(offer)


async def awaited(act: Awaitable[object]) -> object:
    """What the viewer is answered when `act` is done: the reply, or the refusal."""
    try:
        return await act
    except TableError as error:
        return f"refused: {error.text}"


def answer_of(ask: Callable[[], object]) -> object:
    """What the viewer is answered: the reply, or the refusal (once the game has ended, the
    channel has no game running and every question is refused alike)."""
    try:
        return ask()
    except TableError as error:
        return f"refused: {error.text}"


def live_game(service: GameService) -> int | None:
    """The game running in the channel, if any."""
    return next((game["id"] for game in reversed(service.store.games(channel=CHANNEL)) if game["status"] != "over"),
                None)
