"""JAX1xx: Python side effects in staged bodies run once, at trace time."""
