"""The Bloody Monday area map: static layer, blocks and their stacking, play marks, frame and the composed picture."""
