"""Draw offers through the service, as the terminal plays them: `draw` offers,
`accept` / `refuse` answer, both offering is agreement, a command played instead declines."""
from __future__ import annotations

from bot.service import GameService
from bot.store import blank


def borodino(tmp_path) -> tuple[GameService, int]:
    service = GameService(blank(tmp_path / "games.sqlite"))
    return service, service.new_game("borodino", "5sep", seed=1)


def test_a_draw_offered_and_accepted_ends_the_game_with_nobody_winning(tmp_path):
    service, game = borodino(tmp_path)
    offer = service.submit(game, "french", "draw")
    assert offer.accepted and offer.message == "You offer a draw; the Russian player answers."
    assert [e["to"] for e in offer.events] == ["russian"]
    own = service.submit(game, "french", "accept")  # not his own offer, and not an undo either
    assert not own.accepted and own.rule == "Draw" and own.message.endswith(
        "Your draw offer waits for the other player's answer; only they may accept or refuse it, and you may "
        "play on meanwhile (Draw).")
    agreed = service.submit(game, "russian", "accept")
    assert agreed.accepted and agreed.ended["level"] == "draw" and agreed.ended["winner"] is None
    assert agreed.message == (f"Game {game} is drawn by agreement: the French player offered a "
                              "draw and the Russian player accepted.")
    row = service.store.game(game)
    assert row["status"] == "over" and row["ended"] == agreed.ended
    later = service.submit(game, "french", "end")
    assert not later.accepted and "(a draw, as the French player offered a draw" in later.message


def test_a_refused_offer_lets_play_go_on_and_a_move_declines_it(tmp_path):
    service, game = borodino(tmp_path)
    service.submit(game, "russian", "draw")
    refused = service.submit(game, "french", "refuse")
    assert refused.accepted and "declines the Russian player's draw offer" in refused.message
    assert service.store.game(game)["pending_draw"] is None
    service.submit(game, "russian", "draw")
    assert service.submit(game, "french", "end").accepted  # played on instead
    assert service.store.game(game)["pending_draw"] is None
    assert not service.submit(game, "french", "accept").accepted  # nothing is waiting any more


def test_two_offers_are_an_agreement_and_one_side_cannot_offer_twice(tmp_path):
    service, game = borodino(tmp_path)
    service.submit(game, "french", "draw")
    again = service.submit(game, "french", "draw")
    assert not again.accepted and again.rule == "Draw"
    both = service.submit(game, "russian", "draw")
    assert both.accepted and both.ended["level"] == "draw"


def test_the_final_word_of_a_draw_is_stored_with_the_end(tmp_path):
    service, game = borodino(tmp_path)
    service.submit(game, "french", "draw")
    service.submit(game, "russian", "accept")
    said = [row["payload"] for row in service.store.outbox(game)]
    assert any("drawn by agreement" in str(payload) for payload in said)
