"""A Python `if` on the operand inside a `lax.switch` branch.

Source: https://github.com/LouisDesdoigts/dLux/issues/260
Branch functions of `lax.cond`/`lax.switch` are traced with abstract operands (the dLux layer
failed inside a `cond` branch); Python control flow on the operand there raises.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


def clip_branch(x):
    if x.max() > 1.0:  # expect: JAX201
        return x / x.max()
    return x


def apply_mode(mode, x):
    return jax.lax.switch(mode, [clip_branch, jnp.tanh, lambda v: v], x)


def run():
    return apply_mode(0, jnp.array([0.5, 2.0]))
