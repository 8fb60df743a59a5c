from functools import partial

import jax
import jax.numpy as jnp

from base_pbo import BasePBO


@partial(jax.jit, static_argnames="n_iterations")
def iterated_q(pbo: BasePBO, pbo_params: dict, q_weights: jnp.ndarray, n_iterations: int) -> jnp.ndarray:
    iterated_q_weights = q_weights

    for _ in range(n_iterations):
        iterated_q_weights = pbo(pbo_params, iterated_q_weights.reshape((1, -1)))[0]

    return iterated_q_weights
