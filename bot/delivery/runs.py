"""Which rows share a message. Texts in a row to one place (a channel, a person's DMs or private
thread) go as one message, one under the other, as far as the platform's limit allows (a speaker of
lines in a row named once: `join_speakers`); a picture row (a map) ends the run, the texts waiting
just before it going above its own words in the message of its pictures where they fit (measured
with the note that stands for a map not drawn, so no text is cut), else in one of their own; in a
channel a row with buttons ends a run likewise (a click there takes the buttons away and leaves the
words: '**anna** — French: stay.' above the attack that asks her next, one message where it was
two); elsewhere buttons, and anywhere a question, a kept view or a retired question, go alone. Which
rows share a message, and the place it goes to, are stored before it is sent (`joined`, `joined_to`:
sending.py), so a retry after a restart sends that very message with its nonce to that very place.
"""
from __future__ import annotations

from bot.delivery.base import DeliveryBase
from bot.delivery.payloads import payload_text
from bot.delivery.pictures import NO_PICTURE
from bot.words import join_speakers, words

ALONE = ("buttons", "question", "kept", "retire")  # a row that says any of these goes in a message of its own


class RunsPart(DeliveryBase):
    """The rows of the next message to a place."""

    def _run(self, rows: list[dict], target: str, now: str) -> tuple[list[dict], bool]:
        """The rows that go in one message from the first of `rows` (all bound for `target`, in order), and
        whether they are joined (`_send_run`): one row alone, or texts in a row joined by line
        breaks as far as one message holds them, the last of them perhaps a picture row, which ends
        the run (the moves of a phase, then its last line, headline and map), or in a channel a row
        with buttons. A picture row first, buttons first (or anywhere but in a channel), a question,
        a kept view or a text too long for one message goes alone, ending a run. A run once begun
        (`joined`, written before it is sent) is sent again as it was, so a retry after a restart
        repeats its message and nonce, never another: every row of it, to the place it was tried
        (`_target`), though a later row to that place now stands between them."""
        first = rows[0]
        if not self._joins(first, target, now):
            return [first], False
        if first["joined"] == first["id"]:
            return [row for row in rows if row["joined"] == first["id"]], True
        run = [first]
        for row in rows[1:]:
            if row["joined"] is not None or not self._joins(row, target, now, pictured=True) or \
                    len(self._joined_pieces([*run, row], target)) > 1:  # a row of another message stays in it
                break
            run.append(row)
            if "picture" in row["payload"] or "buttons" in row["payload"]:
                break
        return run, True

    def _joins(self, row: dict, target: str, now: str, pictured: bool = False) -> bool:
        """Whether a row may share its message: a due text (or, `pictured`, a picture row after texts, and
        in a channel a row with buttons), within one message, none of it sent yet, and no try of it
        that may have posted it (the platform down, its answer lost) but in the message it was tried
        in (`joined_to`): joined with others it would be a message `_went` could not tell went."""
        payload = row["payload"]
        ends = ("picture", "buttons") if target.startswith("channel:") else ("picture",)
        alone = tuple(key for key in ("picture", *ALONE) if not (pictured and key in ends))
        return target != "record" and not any(key in payload for key in alone) \
            and not row["pieces_sent"] and row["id"] not in self._accepted and (row["retry_at"] or "") <= now \
            and (not row["tried_at"] or row["joined_to"] is not None) and len(self._joined_pieces([row], target)) <= 1

    def _joined_pieces(self, rows: list[dict], target: str, drawn: bool = False) -> list[str]:
        """The messages that carry these texts one under the other (in a DM or thread, named by
        their game once; a speaker of lines in a row named once: `join_speakers`); a picture row's
        text with the note that its map is missing unless it was `drawn` (so a run is measured as
        the longest message it may make)."""
        texts = [words(said, "\n" + NO_PICTURE) if "picture" in row["payload"] and not drawn else said
                 for row in rows if self.messenger.pieces(said := payload_text(row["payload"]), target)]
        text = join_speakers(texts)
        return self.messenger.pieces(text if target.startswith("channel:")
                                     else words(f"Game {rows[0]['game']}: ", text), target)
