"""PRNG keys: where each is made, consumed, split and handed back, per function."""
