"""Bloody Monday (VentoNuovo): the block game of Borodino with fog of war."""
