"""Laplacean HMC: the key lives in the sampler-state pytree and the accept helper returns it.

`step(U, input)` takes a `JaxHMCData` pytree carrying `key`, splits it for the momentum draw,
and hands the remaining key to `metropolis_accept`, which splits again, uses the subkey for the
uniform and RETURNS the advanced key; `step` stores that key in the new state. The state is
scanned by the sampler. Key in a pytree, key returned by a helper, but every draw is fresh.

Source: https://github.com/StefanSko/Laplacean/blob/336276adf1bd6a8c200615e9e76a7b980cec6262/src/methods/hmc.py#L32
Observed on jax 0.10.x: 0 of 199 calls
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax, random


class JaxHMCData(NamedTuple):
    epsilon: float
    L: int
    current_q: jax.Array
    key: jax.Array


class UnitNormal:
    def potential_energy(self, q):
        return 0.5 * jnp.sum(q ** 2)

    def gradient(self, q):
        return jax.grad(self.potential_energy)(q)


U = UnitNormal()


def leapfrog_step(q, p, epsilon, U):
    p = p - epsilon * U.gradient(q) / 2
    q = q + epsilon * p
    p = p - epsilon * U.gradient(q) / 2
    return q, p


def leapfrog_integrate(q, p, epsilon, L, U):
    def body_fun(i, carry):
        q, p = carry
        return leapfrog_step(q, p, epsilon, U)
    return lax.fori_loop(0, L, body_fun, (q, p))


def compute_hamiltonian(q, p, U):
    return U.potential_energy(q) + jnp.sum(p ** 2) / 2


def metropolis_accept(key, current_h, proposed_h):
    log_accept_prob = current_h - proposed_h
    log_accept_prob = jnp.where(jnp.isfinite(log_accept_prob), log_accept_prob, -jnp.inf)
    key, subkey = random.split(key)
    accept = jnp.log(random.uniform(subkey)) < log_accept_prob
    return accept, key


def step(input: JaxHMCData) -> JaxHMCData:
    q = input.current_q
    key, subkey = random.split(input.key)
    p = random.normal(subkey, q.shape)
    q_new, p_new = leapfrog_integrate(q, p, input.epsilon, input.L, U)
    p_new = -p_new
    current_h = compute_hamiltonian(q, p, U)
    proposed_h = compute_hamiltonian(q_new, p_new, U)
    accept, key = metropolis_accept(key, current_h, proposed_h)
    q_new = jnp.where(accept, q_new, q)
    return JaxHMCData(epsilon=input.epsilon, L=input.L, current_q=q_new, key=key)


@jax.jit
def sample(init: JaxHMCData):
    def sampling_body(state, _):
        state = step(state)
        return state, (state.current_q, state.key)
    _, (qs, keys) = lax.scan(sampling_body, init, jnp.arange(200))
    return qs, keys


def run():
    init = JaxHMCData(epsilon=0.1, L=10, current_q=jnp.array([0.0, 0.0]), key=random.PRNGKey(0))
    qs, keys = sample(init)
    data = jax.random.key_data(keys) if jnp.issubdtype(keys.dtype, jax.dtypes.prng_key) else keys
    return int(jnp.sum(jnp.all(data[1:] == data[:-1], axis=-1)))
