"""A fixed-size window at a traced offset taken with `lax.dynamic_slice` (clean look-alike).

Source: https://github.com/jax-ml/jax/pull/3795
The PR rewords the slice error to say: "To index a statically sized array
at a dynamic position, try lax.dynamic_slice/dynamic_update_slice". The
window length here is static arithmetic on shapes; only its start is traced.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def window_mean(x, start):
    width = x.shape[0] // 4
    win = lax.dynamic_slice(x, (start,), (width,))
    return win.mean()


def run():
    return window_mean(jnp.arange(16.0), 5)
