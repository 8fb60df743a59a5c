"""JAX4xx: patterns that compile the same function again and again."""
