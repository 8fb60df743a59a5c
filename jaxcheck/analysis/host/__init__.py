"""Facts about host code: how often it runs, how values hash, dtypes, unrolled loops, state."""
