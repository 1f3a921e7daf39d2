"""Machinery shared by every game system: hex geometry, dice, errors, the tokenizer, the registry."""
