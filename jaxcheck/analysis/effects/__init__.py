"""Trace-time effects: what a traced body does to state that outlives its trace, and what it reads from it."""
