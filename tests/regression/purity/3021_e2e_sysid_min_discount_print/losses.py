from enum import Enum

import jax
import jax.numpy as jnp


class SystemType(Enum):
    BACTERIA = "BACTERIA"
    MOUNTAINCAR = "MOUNTAINCAR"
    CARTPOLE = "CARTPOLE"
    PENDULUM = "PENDULUM"


def make_imitation_loss(system, unravel, true_opt_us):
    @jax.jit
    def simple_imitation_loss(xs_and_us: jnp.ndarray, epoch):
        xs, us = unravel(xs_and_us)

        diff = us - true_opt_us
        sq_diff = diff * diff
        long = jnp.mean(sq_diff, axis=1)  # average all axes except time
        discount = (1 - 1 / (1 + jnp.exp(2 + 0.000001 * epoch))) ** jnp.arange(len(long))
        if system in [SystemType.BACTERIA, SystemType.MOUNTAINCAR, SystemType.CARTPOLE, SystemType.PENDULUM]:
            print("min discount", discount[-1])  # expect: JAX101
        else:
            discount = 1.
        return jnp.mean(long * discount)

    return simple_imitation_loss
