"""JAX5xx: PRNG keys consumed twice, discarded, or handed back unadvanced: silently wrong randomness."""
