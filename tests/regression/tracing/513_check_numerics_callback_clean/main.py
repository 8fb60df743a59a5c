"""Clean look-alike of 001: the finiteness check is staged with ``jax.debug.callback``.

Source: https://github.com/apple/axlearn/issues/815
Instead of ``bool()`` on a traced value, the check passes ``jnp.isfinite(x).all()`` to a host
callback that raises at run time, which works inside jit, checkpoint and scan.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from repeat import repeated_layers


def run():
    x = jnp.ones((2, 4))
    stacked_w = jnp.stack([jnp.eye(4) * 0.5] * 3)
    out = jax.jit(repeated_layers)(x, stacked_w)
    jax.effects_barrier()
    return out
