"""The 1812 options: the later readings of SPI's 1812 overview, which every game set up from now on
plays with (`INFO.new_game_options`), and the optional leader rule (`leaders`: leaders.py), which
players choose. A game
stored before a reading changed was set up without its option, so it replays exactly as it was
played; a game with no option plays the first readings, listed under each option below.

* `corps_move_once` -- MOVEMENT: "Each corps can move one area, or sub-area per Player-Turn". The
  corps that move on from a place are those that have not moved, and the marks of the corps that came
  in stay with them; a forced march takes its own marks. First reading: any corps leaving a place
  took marks away with it, so after two corps came into a place where one stood and that one moved
  on, one of the two could move again.
* `depot_supply` -- SUPPLY: "Units existing in a 100% depleted area are unsupplied unless a
  friendly depot in an adjacent area can 'project' supplies to those units", and depots "are used to
  supply combat units in areas whose supply capacity has been depleted". A depot feeds its own area
  and projects into the areas next to it; WINTER: "preventing depots from projecting supplies", so
  in winter it feeds its own area only. Nothing else supplies a depleted area. First reading: a
  depot fed its own place and projected to the places next to it, and Russian corps in a victory
  place the Russians controlled drew on its magazines, which the overview does not say.
* `chart_fragments` -- the Battle Plan Chart: every legible fragment of the overview's chart placed
  in its cell, in the order the chart is read (data/tables.toml, `battle_plans.cells`); first
  reading: `battle_plans.first_cells`, which put a "Dcx2" under Assault x Entrench where the
  chart's Entrench row shows "Acx2", and left out Counter-attack's "Dcx2 Dr(D)" and Withdraw's
  "stop" cells.
* `fort_reinforcements` -- REINFORCEMENTS: "Russian reinforcements are continuous ... The Russian
  reinforcements appear in forts controlled by the Russians". A Russian reinforcement arrives every
  Game-Turn, in a fort (data/scenarios.toml); first reading: none on turns 1, 2, 4, 12 and 13, and
  some in Moscow, Kiev or St Petersburg, which are cities, not forts.
"""
from __future__ import annotations

READINGS = ("chart_fragments", "corps_move_once", "depot_supply", "fort_reinforcements")
