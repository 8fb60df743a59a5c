"""A sampler runs `jax.lax.scan` over a step function defined inside it, and the sampler is
called from a plain Python loop, outside any jit. Called outside a trace, `lax.scan` compiles
its body as one program, cached on the step function object: the nested `step` is a new object
on every call of `sample`, so every call compiles the scan again.

Source: https://github.com/kazewong/flowMC/issues/133 ("Lax scan recompile sampling loop
everytime": the sampling loop was not jitted).

Observed on jax 0.10.x: scan compiled 3 times
"""

import jax
import jax.numpy as jnp


def sample(x, scale, n_steps):
    def step(carry, _):
        carry = carry * scale
        return carry, carry

    return jax.lax.scan(step, x, None, length=n_steps)  # expect: JAX402


def main():
    x = jnp.ones(3)
    for _ in range(3):
        x, _ = sample(x, 0.9, 5)


def run():
    main()
