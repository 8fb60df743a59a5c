"""Where JAX transformations are applied, which functions they trace, with which options."""
