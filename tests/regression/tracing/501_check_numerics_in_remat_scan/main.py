"""``assert bool(jnp.isfinite(x).all())`` in a numerics check reached from a scanned layer.

Source: https://github.com/apple/axlearn/issues/815
Report: "check_numerics doesn't work inside repeat.py" -- axlearn's ``check_numerics`` does
``assert bool(jnp.isfinite(x).all()), ...`` when a module-level flag enables numeric checks;
called from a layer run under ``jax.checkpoint``/``lax.scan`` (the Repeat layer) the value is
a tracer and ``bool()`` raises ``TracerBoolConversionError``, so the check "doesn't work
inside jit, pmap, and scan".

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from repeat import repeated_layers


def run():
    x = jnp.ones((2, 4))
    stacked_w = jnp.stack([jnp.eye(4) * 0.5] * 3)
    return jax.jit(repeated_layers)(x, stacked_w)
