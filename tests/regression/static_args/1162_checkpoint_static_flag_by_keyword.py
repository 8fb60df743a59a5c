"""Rematerialised force step whose static flag is passed by keyword.

Source: https://github.com/jax-ml/jax/issues/18405
What happened: eelregit reported "checkpoint static
parameter has to be called as positional argument":
`@partial(jit, static_argnums=1) @partial(checkpoint, static_argnums=1) def f(x,
flag=False)`.  `f(5, False)` works, but `f(5, flag=False)` raises "ValueError: the
`static_argnums` argument to `jax.checkpoint` / `jax.remat` can only take integer values
greater than or equal to `-len(args)` and less than `len(args)`, but got (1,)": jit maps
the keyword onto its static position, checkpoint does not, so index 1 is out of range of
the positional arguments it receives.  Here, as an illustration, an N-body kick step is checkpointed to save
memory when differentiating through many steps, and the driver calls it with
`include_pm=...` as a keyword.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
@partial(jax.checkpoint, static_argnums=1)  # expect: JAX303
def kick(state, include_pm=False):
    pos, vel = state
    acc = -pos
    if include_pm:
        acc = acc - 0.1 * jnp.tanh(pos)
    return pos, vel + 0.05 * acc


def simulate(pos, vel, n_steps=4):
    state = (pos, vel)
    for _ in range(n_steps):
        state = kick(state, include_pm=True)
        pos, vel = state
        state = (pos + 0.05 * vel, vel)
    return state


def run():
    pos = jnp.linspace(-1.0, 1.0, 8)
    vel = jnp.zeros(8)
    return simulate(pos, vel)[0]


if __name__ == "__main__":
    print(run())
