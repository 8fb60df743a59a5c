"""Confirm Solutions' notes on JAX patterns recommend bundling many shared settings in a class and
listing `self` in static_argnums, then warn about "confusing static behavior for members of
classes": the object id is the hash, so members are baked in as compile-time constants and "if you
later change the members of the class, JAX will not reflect those changes" (their demo prints 10
twice after setting W.x = 9). Here a design's critical threshold is tuned between calls, and the
jitted method keeps using the first threshold.

Source: https://github.com/Confirm-Solutions/confirmasaurus/blob/1ef7f84d4a0adf6935cbfe1cbfacf0a028f65e29/docs/jax_patterns.md
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax.numpy as jnp

from model import BinomialDesign


def run():
    design = BinomialDesign(n_arm_samples=50, threshold=1.0)
    p = jnp.linspace(0.4, 0.7, 64)
    stale = 0
    for threshold in (1.0, 1.5, 2.0):
        design.threshold = threshold
        got = float(design.rejection_rate(p))
        expected = float(jnp.mean((p - 0.5) * jnp.sqrt(50.0) / 0.5 > threshold))
        stale += got != expected
    return stale
