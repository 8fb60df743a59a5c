"""JAX2xx: Python control flow and conversions that need a concrete value get a tracer."""
