"""fab-jax's SMC sampler keeps one Metropolis transition-operator state (which holds a PRNG
key) per intermediate distribution. `init` built a single state from `key1` and copied it
with `jnp.repeat(x[None, ...], n_intermediate_distributions, axis=0)`, so the transition
operators of all intermediate distributions started from the same key and drew the same
proposal noise. The fix vmaps `transition_operator.init` over
`jax.random.split(key1, n_intermediate_distributions)`.

Source: https://github.com/lollcat/fab-jax/pull/15
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from .smc import build_smc


def log_q_fn(x):
    return -0.5 * jnp.sum(x ** 2)


def log_p_fn(x):
    return -0.5 * jnp.sum((x - 2.0) ** 2)


def run():
    n_dist = 4
    init, step = build_smc(n_dist, log_q_fn, log_p_fn)
    smc_state = init(jax.random.PRNGKey(0))
    x0 = jax.random.normal(jax.random.PRNGKey(1), (16, 2))
    _, _, infos = jax.jit(step)(x0, smc_state)
    noise = infos["noise"]
    # how many later intermediate distributions reuse the proposal noise of the first one
    return sum(bool(jnp.array_equal(noise[i], noise[0])) for i in range(1, n_dist))
