"""Several orders in one message: a phase's orders judged in order, as one batch.

A message (a `/orders` box, a typed message, a direct message, `/order` with `;`) holds one order
a line, or several separated by `;`. They are judged one after another, each stored as its own
command with its own news (so `undo` takes back one at a time); the first refused stops the batch,
and the reply says which were not tried. Nothing accepted before it is lost. An order that declines
a choice none waits for (rules.core.errors.Moot: Borodino's `stay` after an attack whose result
offered no advance) changes nothing either way: among others it is passed over, not refused.

>>> lines_of("move 2525 2824; end\\n\\n  attack 2824 -> 2723 ")
['move 2525 2824', 'end', 'attack 2824 -> 2723']
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot import text as fmt
from bot.service import Result, own_line, told_at_once
from bot.service.unplayed import listed
from bot.words import Text, channel, join, name, plain, words

MOST = 60  # orders in one message: a Borodino player-turn takes at most about 30
REPLACED = "These orders replace those you held."
PASSED = "no choice waits for it, so it changes nothing: passed over."
SEPARATOR = re.compile(r"[;\n]")
WORD = re.compile(r"[\w-]+")


def lines_of(text: str) -> list[str]:
    """The orders of a message: one a line, or separated by `;`; blank ones left out."""
    return [line.strip() for line in SEPARATOR.split(text) if line.strip()]


def undoes(line: str) -> bool:
    """Whether an order takes back a command (`undo`): accepted, it drops what its side held after that command."""
    return line.split()[:1] == ["undo"]


def public_texts(result: Result) -> tuple[str, ...]:
    """Everything the public reads of an accepted result: its public line and public events,
    and those of the commands standing orders played after it (with their lines on their events)."""
    done = [result, *result.followed]
    return tuple(text for r in done
                 for text in (r.public or r.message, *([r.in_words] if r.in_words else []),
                              *(e["text"] for e in r.visible_to(None))))


def news_of(result: Result) -> tuple[str, ...]:
    """What an accepted result tells its own side of its effects, and of the commands standing
    orders played after it, each under the answer's own line where the command's line does not end
    with them (`Said.own`, bot/service/standing.py); each effect once: a public event followed by the
    side's own of the same kind (not a bare "info") that says more is read in the side's words alone
    (a hidden block's move was told twice: 'A French block moves 22 → 34 → 31. French 4 (F-I-4,
    infantry) moves 22 → 34 → 31.'); one the public already says (an engaging block, revealed) is
    left to `_told`."""
    out: list[str] = []
    apart = own_line(result.message, result) is not None  # each answer under what it answers
    for r in (result, *result.followed):
        told = r.visible_to(result.side)
        if apart and r is not result:
            answer, told = told_at_once(r, result.side, told)
            out += [answer] if answer else []
        for e, own in zip(told, [*told[1:], None]):
            if own is None or e.get("to", "all") != "all" or own.get("to") != result.side or \
                    own.get("kind") in (None, "info") or own.get("kind") != e.get("kind") or \
                    fmt.said_in(own["text"], [e["text"]]):
                out.append(e["text"])
    return tuple(out)


def tells_more(line: str, public: Sequence[str]) -> bool:
    """Whether a typed line says more than what everyone read of it: a word after its verb that
    none of its public texts holds. In 1812, `move 4 3 1 inf` names part of a hidden stack, while
    the public reads only that a stack moved from Riga (4) to Pskov (3) (Fog of War).

    >>> tells_more("move 4 3", ["A Russian stack moves from Riga (4) to Pskov (3)."])
    False
    >>> tells_more("move 4 3 1 inf", ["A Russian stack moves from Riga (4) to Pskov (3)."])
    True
    >>> tells_more("end", [])
    False
    """
    shown = set(WORD.findall(" ".join(public).lower()))
    return any(word not in shown for word in WORD.findall(" ".join(line.lower().split()[1:])))


@dataclass(frozen=True)
class Said:
    """What became of one order: accepted or not (a query answered counts as accepted), the words
    for its author, what everyone read of it (empty when refused, or for a query), what its
    author was told of its effects (the dice, the choice it leaves), and whether it must leave a
    public channel whatever it says (a secret order)."""

    line: str
    accepted: bool
    text: Text
    public: tuple[str, ...] = ()
    news: tuple[str, ...] = ()
    withdraw: bool = False
    own: Text | None = None  # its line without the standing orders' answers, which its news tells in place
    in_place: bool = False  # its outcome was written with the next question, where it was asked
    expired: bool = False  # refused as a button pressed after what it answers had passed (Expired)
    moot: bool = False  # it declines a choice none waits for (Moot): refused alone, passed over among others


@dataclass
class Batch:
    """A message's orders and what became of those tried, in order; `hidden`: the game hides
    information, so a typed order that tells more than its public line is withdrawn; `first`: the
    number of its first order in the message (held orders are the rest of one, numbered as there)."""

    lines: list[str]
    hidden: bool = False
    said: list[Said] = field(default_factory=list)
    held: bool = False  # the orders not tried wait for a choice to be made (bot/tables/held.py)
    released: bool = False  # held orders judged once the choices were made: part of a longer message
    first: int = 1
    kept: list[str] = field(default_factory=list)  # held: the orders the side held before, these after them
    kept_from: int = 0  # the number of the first of `kept` (0: none kept, numbered as in this message)
    replaced: bool = False  # the side's held orders were replaced by these (the `/orders` box)
    box_in: str | None = None  # the game's channel, where its reply is read elsewhere (a DM): the box opens there
    after_held: bool = False  # an order let the side's held orders play: the rest are held after them (`kept`)

    def passes(self, said: Said) -> bool:
        """Whether a refused order is passed over: it declines a choice none waits for (`Said.moot`),
        among other orders of its message; a lone one is refused, saying what the phase asks."""
        return said.moot and not said.accepted and (self.released or len(self.lines) > 1)

    @property
    def accepted(self) -> bool:
        done = len(self.said) == len(self.lines) or self.held or self.after_held
        return done and all(s.accepted for s in self.said)

    def untried(self) -> list[str]:
        return self.lines[len(self.said):]

    def withdraw(self) -> bool:
        """Whether the message, typed in a public channel, must leave it: a secret order, or
        in a game with hidden information an order (tried or not, refused or accepted) with
        words the public lines do not hold."""
        public = [s.public for s in self.said] + [() for _ in self.untried()]
        return any(s.withdraw for s in self.said) or \
            self.hidden and any(tells_more(line, shown) for line, shown in zip(self.lines, public))

    def reply(self, numbered: bool = False) -> Text:
        """The reply to the batch's author: one order's own answer; for several, or one told apart
        from the message that gave it (`numbered`: held orders played later, by the number its
        reply gave them), a line each (✅ and the order's news, or ❌, the order as written and why)
        and the orders not tried after a refusal. The author's words are shown as written, never
        read as markup; first, where they replaced held orders, that they did."""
        told = self._reply(numbered)
        return join([REPLACED, told]) if self.replaced else told

    def _reply(self, numbered: bool) -> Text:
        """`reply` but for the orders it replaced."""
        if len(self.lines) == 1 and self.said and not numbered:
            return self.said[0].text
        if len(self.lines) == 1 and self.said and self.said[0].accepted and not self.said[0].moot:
            return words(f"{self.first}. ✅ ", self.said[0].text)  # as the orders' news said it
        out: list[Text] = [_told(n, said) for n, said in enumerate(self.said, self.first)]
        untried, first = self.untried(), self.first + len(self.said)
        if untried and (self.held or self.after_held):
            out.append(self.held_word())
        elif untried:
            out.append(words(f"Not tried, after line {first - 1} was refused: ", listed(untried, first),
                             ". Send them again once it is put right."))
        return join(out)

    def held_word(self) -> Text:
        """What the reply says of the orders held until a choice is made, or held after those the side held
        before, which an order of the message let play (`after_held`: given first, they come first) ("": none
        is)."""
        untried = self.untried()
        if untried and self.after_held:
            return words("Your held orders come first, as you gave them first; in order: ",
                         listed(self.kept + untried, self.kept_from), ".")
        if not (untried and self.held):
            return ""
        return words("Held until the choice waiting now is made, then played in order: ",
                     listed(self.kept + untried, self.kept_from or self.first + len(self.said)), ". ", self._tip())

    def _tip(self) -> Text:
        """How held orders are changed, said where the reply is read: the `/orders` box opens in the game's
        channel alone, so a reply read in a DM (`box_in`) names the channel, and what a DM does to them."""
        if self.box_in is None:
            return "(`/orders` opens them to change; emptied, it drops them.)"
        return words("(Orders you send me by DM are added after them; `/orders` in ", channel(self.box_in),
                     " opens them to change, and emptied, it drops them.)")


def in_order(own: Text, news: Sequence[str]) -> Text:
    """An order's line with what it did (`news_of`: the answers played at once after it each under
    what led to it, where `own` is its line without them); each effect once: its side's line may
    repeat a public one."""
    told: list[str] = []
    for line in news:
        if not fmt.said_in(line, [plain(own), *told]):
            told.append(line)
    return words(own, *(f" {line}" for line in told))


def _told(n: int, said: Said) -> Text:
    """One line of a batch's reply: an order played, with what it did; else a query answered, an
    order passed over or refused, after the words the player wrote (never read as markup)."""
    if said.accepted and said.public:
        return words(f"{n}. ✅ ", in_order(said.text if said.own is None else said.own, said.news))
    if said.moot and said.accepted:
        return words(f"{n}. ➖ ", name(fmt.clipped(said.line)), " — ", said.text)
    return words(f"{n}. {'✅' if said.accepted else '❌'} ", name(fmt.clipped(said.line)), " — ", said.text)
