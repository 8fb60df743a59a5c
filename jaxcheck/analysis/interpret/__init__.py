"""The abstract interpreter: the checked code run with abstract values, and what it records."""
