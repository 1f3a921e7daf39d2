"""The form that works is the form shown: the game's commands in a message, as given on this server.

The engine and the tables write a command as it is typed, in backticks: `retreat 3217`, `retreat
<hex>`, `accept`. Without the message-content intent (the default) the bot cannot read orders typed
in a channel, so each such command is shown as the slash command that gives it; with it, typed
orders work in the channel too, and a message that shows commands says they work either way.

>>> slash_form("retreat <hex>"), slash_form("end"), slash_form("help move")
('/order command:retreat <hex>', '/end', '/help topic:move')
>>> shown("Choose: `retreat <hex>` or `stay`; `/game join` first.", typed=False)
'Choose: `/order command:retreat <hex>` or `/order command:stay`; `/game join` first.'
>>> shown("Russian: a `move` command.", typed=False)
'Russian: a `move` command.'
"""
from __future__ import annotations

import functools
import re

import rules
from bot import text as fmt
from rules.core.errors import RulesError

SPAN = re.compile(r"(?<!\\)`([^`\n]+)(?<!\\)`")  # an inline code span (an escaped backtick is a name's)
KIND = re.compile(r"\ban? $")  # the article before a code span that names a kind of command
TABLE_SLASH = {"undo": "/game undo", "draw": "/game draw", "status": "/game status",
               "map": "/game map", "orders": "/game orders"}  # the table's verbs with a slash command
BOTH = "\n(Type these in the channel, or give them with `/order command:` and the same words.)"
# where a question is read away from its game's channel (no slash command works in a DM, nor in a private thread:
# neither is the game's channel), what works: a DM takes typed orders whatever the server (bot/tables/direct.py)
AWAY = {"dm": "\n(Type these here, or give them in the game's channel with `/order command:` and the same words.)",
        "thread": "\n(Type these to me in a DM, or give them in the game's channel with `/order command:` and the "
                  "same words.)"}


@functools.cache
def verbs() -> frozenset[str]:
    """The first words of every command of every game (their `help` lists them) and of the
    table's own verbs."""
    found = set(fmt.TABLE_HELP) - set(fmt.TERMINAL_ONLY)
    for name in rules.systems():
        listing = rules.load(name).help().splitlines()
        found |= {line.split()[0].lower() for line in listing[1:-1] if line[:1].isalpha()}  # not the footer
    return frozenset(word for word in found if word.isalpha())


@functools.cache
def whole_alone() -> frozenset[str]:
    """The verbs that are a whole command by themselves (`end`, `stay`, `accept`): the table's,
    and each game's that its grammar reads alone. `move` alone is not one: "a `move` command"
    names a kind of command (a hidden game's public line), which stays as it is."""
    found = set(fmt.TABLE_HELP) - set(fmt.TERMINAL_ONLY)
    for name in rules.systems():
        system = rules.load(name)
        for verb in verbs():
            for side in system.INFO.sides:
                try:
                    system.parse(side, verb)
                except RulesError:
                    continue
                found.add(verb)
    return frozenset(found)


def is_command(span: str) -> bool:
    """Whether a code span is a command of a game or of the table."""
    words = span.split()
    return bool(words) and words[0].lower() in verbs() and (len(words) > 1 or words[0].lower() in whole_alone())


def slash_form(command: str) -> str:
    """The slash command that gives a typed command."""
    verb, _, rest = command.strip().partition(" ")
    verb = verb.lower()
    if verb == "end" and not rest:
        return "/end"
    if verb == "help":
        return f"/help topic:{rest}" if rest else "/help"
    if verb == "odds" and rest:
        return f"/odds question:{rest}"
    if verb == "orders" and len(rest.split()) == 2:
        kind, order = rest.split()
        return f"/game orders kind:{kind} order:{order}"
    if verb in TABLE_SLASH and not rest:
        return TABLE_SLASH[verb]
    return f"/order command:{command.strip()}"


def shown(text: str, typed: bool, place: str = "channel", tip: bool = False) -> str:
    """A message with its commands in the form that works where it goes (`place`: "channel", "dm" or
    "thread"). In a channel: each as its slash command without typed orders; as typed, and a line saying
    both work, with them. Elsewhere (no slash command works there) as typed, and where the `tip` helps alone
    (a player's first question of a game, a request to answer) a line saying what works: 'Type these in the
    channel' closed every DM and kept view, wrong in a DM, which takes them typed. A hidden game's public line
    names a kind of command ("a `fire` command"), which is no order to give.

    >>> shown("French: a `fire` command.", typed=False), shown("French: a `hit` command.", typed=True)
    ('French: a `fire` command.', 'French: a `hit` command.')
    >>> shown("Move (`move <from> <to>`), then `end`.", typed=False, place="dm")
    'Move (`move <from> <to>`), then `end`.'
    >>> shown("Then `end`.", typed=False, place="dm", tip=True).splitlines()[-1]
    "(Type these here, or give them in the game's channel with `/order command:` and the same words.)"
    >>> shown("Then `end`.", typed=True, place="thread", tip=True).splitlines()[-1]
    "(Type these to me in a DM, or give them in the game's channel with `/order command:` and the same words.)"
    """
    if place != "channel":
        return text + AWAY[place] if tip and any(_an_order(m) for m in SPAN.finditer(text)) else text
    if typed:
        return text + BOTH if any(_an_order(m) for m in SPAN.finditer(text)) else text
    return SPAN.sub(lambda m: f"`{slash_form(m.group(1))}`" if _an_order(m) else m.group(0), text)


def _an_order(span: re.Match[str]) -> bool:
    """Whether a code span of a message is a command to give, not the kind of one ("a `fire` command")."""
    kind = span.string[span.end():].startswith(" command") and KIND.search(span.string, 0, span.start())
    return is_command(span.group(1)) and not kind


def help_header(typed: bool) -> str:
    """What `/help` of a game says first: how its commands are given on this server."""
    where = "Type them in this channel, or give each" if typed else "Give each"
    return (f"{where} with `/order command:` and its words, or a whole phase's at once in the box `/orders` "
            "opens, one a line; a DM to me takes them too. (`/game orders` is another thing: standing orders, the "
            "answers the bot gives for you when a choice falls to you.)\n")
