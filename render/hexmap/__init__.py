"""The Borodino hex map: geometry, terrain, counters, overlays, frame and the composed picture."""
