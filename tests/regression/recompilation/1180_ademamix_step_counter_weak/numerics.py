"""Small numerical helpers (optax.numerics style)."""
import jax.numpy as jnp


def safe_increment(count):
    """Increments a counter, saturating at the dtype's max instead of overflowing."""
    count_dtype = jnp.asarray(count).dtype
    max_value = jnp.iinfo(count_dtype).max
    one = jnp.array(1, dtype=count_dtype)
    return jnp.where(count < max_value, count + one, max_value)
