"""The swap test through the front ends (docs/architecture.md, "Hidden information").

The engine's swap tests (rules/bloody_monday/swaptest.py, rules/campaign_1812/swaptest.py) exchange
two blocks (or the contents of two stacks) of the other side that a viewer has not seen and compare
what the engine tells that viewer. Here the two positions become games, once at a Discord table (the
real Tables over a recording messenger) and once at the terminal's hot seat, and the viewer types
the same lines in both: legal commands of theirs, probes naming the enemy blocks or places, and
queries, then `undo`. Everything the viewer can observe must be the same:
the replies (slash commands, typed messages, `/orders` boxes of several orders, an answer's button
clicked where its question asked, orders typed to the bot by DM), what is posted
in the game channel and in a spectators' channel, what they are sent by DM (new messages and the
kept ones edited in place, with their buttons), where the bot is shown typing (the computer
thinking: tests/bot/test_computer_thinking_unseen.py), the pictures (drawn here as the JSON of the
view they show) and the maps asked for around the places the probes name, the autocomplete of every
field and the standing orders offered, their games as `/games mine` and `/game list` show them,
`/help`, `/game export` and the Verify button (refused while the game runs), the game paused and resumed
by agreement, the reminders and passed deadlines of the sides awaited at the end, the terminal's screen and
the files it writes for them, and the replay `kolocha replay --gif` draws of the game still running. `kolocha
fuzz` observes further (Further): the other player's messages typed
in the channel and their marks (✅, ❌, withdrawn), his next orders sent in one box while the viewer's choice
holds them and played once the viewer's answer lets them (held_by_other: the viewer's next question in a new
DM, under the answer not yet sent), the viewer's next orders written ahead in their box while his choice holds
them, and the word of what became of them (written_ahead), draws offered and requests to undo or to hand a seat
over and their answers, a draw agreed each way (the game's end, and the ended game's export: its words and
command log; its replay shows every block once the game is over, by design) and the seats handed over by
consent (the viewer's heir reading what their side reads), the news held while the viewer's DMs are closed and
delivered later, their private news
in a private thread (`/game inbox`), the computer answering a draw and an undo asked of it and taking the
viewer's seat (at their deadline or handed over, playing from that side's view: what it plays must be the
same) or the other's, a newcomer seated by a server manager, the game's channel lost (the DMs saying so)
and the game resumed or cancelled while it waits, and `/game cancel`.
The lines stop before the first step after which the engine itself tells the two positions apart
(the rules disclosed a block or a stack); in 1812 the battle plans are compared too, the other
side's chit down or not.

Its modules, each by what it holds: `cast` (who sits at the table, where, when), `position` (a game that starts
from a given position), `stand_ins` (Discord, the clock and the renderer), `computers` (the computer's plans
recorded and replayed), `lines` (the lines given, judged in both positions), `table` and `terminal` (the two front
ends), `looks` (what the viewer may look at any time), `further` (the walks beyond the lines), `observed` (both
front ends, and where two records part), `comparison` (one position compared, and the report) and `games` (the
random games walked). What the tests and `kolocha fuzz` use is named here.
"""
from __future__ import annotations

from bot.tools.fog_check.cast import CHANNEL, GUILD, NOON, SPECTATORS, VIEWER
from bot.tools.fog_check.comparison import SwapReport, disclosed_from
from bot.tools.fog_check.computers import Recording, Replaying, computer_log
from bot.tools.fog_check.further import SEATED, Further, Played
from bot.tools.fog_check.games import (bloody_monday_probes, bloody_monday_swap, campaign_compare, campaign_swap,
                                       exchanged, walk)
from bot.tools.fog_check.lines import (Line, judged_in_both, lines_to_type, one_added, public_lines, told_to,
                                      unanswered)
from bot.tools.fog_check.looks import awaited, looks
from bot.tools.fog_check.observed import TERMINAL, first_difference, observed
from bot.tools.fog_check.position import Position, game_service
from bot.tools.fog_check.stand_ins import Recorder, Unscheduled, action_file, crop_json, view_file, view_json
from bot.tools.fog_check.table import at_table
from bot.tools.fog_check.terminal import at_terminal

__all__ = ["CHANNEL", "Further", "GUILD", "Line", "NOON", "Played", "Position", "Recorder", "Recording", "Replaying",
           "SEATED", "SPECTATORS", "SwapReport", "TERMINAL", "Unscheduled", "VIEWER", "action_file", "at_table",
           "at_terminal", "awaited", "bloody_monday_probes", "bloody_monday_swap", "campaign_compare", "campaign_swap",
           "computer_log", "crop_json", "disclosed_from", "exchanged", "first_difference", "game_service",
           "judged_in_both", "lines_to_type", "looks", "observed", "one_added", "public_lines", "told_to", "unanswered",
           "view_file", "view_json", "walk"]
