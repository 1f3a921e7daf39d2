"""The area maps: Bloody Monday's (static layer, blocks and their stacking, play marks, frame and
the composed picture) and 1812's (campaign.py), which shares its views, frame parts and
neighbourhoods (graph.py)."""
