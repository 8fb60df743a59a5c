"""JAX3xx: static arguments that cannot be hashed, or that name no parameter."""
