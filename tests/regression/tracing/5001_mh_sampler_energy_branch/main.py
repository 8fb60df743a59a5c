"""Metropolis-Hastings sampler for an Ising-like energy over binary words. The user jitted the
whole sampler; the energy lives in energy.py (a jitted sum of marginal features). Inside the
sampler the accept/reject step is a plain Python ``if dE < 0:`` on the energy difference, which is
a tracer under jit, so tracing stops with a boolean-conversion error before a single sample is
drawn (the fix in the thread: lax.cond / jnp.where, or a lax.fori_loop body).

Source: https://github.com/jax-ml/jax/issues/575
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
from functools import partial

import jax.numpy as np
from jax import jit, random

from energy import N, calc_e


@partial(jit, static_argnums=(1, 3))
def sample(factors, N=N, seed=0, n_samps=3):
    key = random.PRNGKey(seed)
    key, subkey = random.split(key)

    state = random.randint(subkey, minval=0, maxval=2, shape=(N,))
    all_states = []

    for _ in range(n_samps):
        all_states.append(state)
        for i in range(N):
            # flip sign
            state_flipped = state.at[i].set(1 - state[i])
            # calc energy difference
            dE = calc_e(factors, state_flipped) - calc_e(factors, state)
            if dE < 0:  # expect: JAX201
                state = state_flipped
            else:
                key, subkey = random.split(key)
                rand = random.uniform(subkey, shape=(1,))
                if (rand < np.exp(-dE))[0]:  # expect: JAX201
                    state = state_flipped
    return all_states


def run():
    factors = np.linspace(-1.0, 1.0, N + N * (N - 1) // 2)
    return sample(factors)


if __name__ == "__main__":
    run()
