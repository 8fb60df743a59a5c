"""PESNet's Metropolis-Hastings sampler `make_mcmc` jits `mcmc_step`, which runs `steps`
calls of `mh_update` under `lax.scan`. `mh_update` splits the carried key twice per step
(`key, subkey = jax.random.split(key)` before the proposal and again before the
acceptance uniform) and returns the advanced key in the scan carry, so every decorrelation
step draws fresh proposals. The final key is dropped, but the trainer splits a new subkey
before each call.

Source: https://github.com/n-gao/pesnet/blob/f5965d89f5b0bcb577f0263e3d020df58d57a0b8/pesnet/vmc/mcmc.py#L17
Observed on jax 0.10.x: mcmc_step compiled 1 times; 0 of 3 calls
"""
import jax
import jax.lax as lax
import jax.numpy as jnp


def mh_update(logprob_fn, key, electrons, lp_1, num_accepts, stddev):
    key, subkey = jax.random.split(key)
    new_electrons = electrons + stddev * jax.random.normal(subkey, electrons.shape)
    lp_2 = logprob_fn(new_electrons)
    ratio = lp_2 - lp_1
    key, subkey = jax.random.split(key)
    alpha = jnp.log(jax.random.uniform(subkey, lp_1.shape))
    cond = ratio > alpha
    x_new = jnp.where(cond[..., None, None], new_electrons, electrons)
    lp_new = jnp.where(cond, lp_2, lp_1)
    num_accepts += cond
    return key, x_new, lp_new, num_accepts


def make_mcmc(batch_network, steps=10):
    @jax.jit
    def mcmc_step(key, params, electrons, atoms, width):
        def logprob_fn(x):
            return 2.0 * batch_network(params, x, atoms)

        def step_fn(x, _):
            return mh_update(logprob_fn, *x, stddev=width), None

        logprob = logprob_fn(electrons)
        num_accepts = jnp.zeros(logprob.shape)
        key, electrons, _, num_accepts = lax.scan(
            step_fn, (key, electrons, logprob, num_accepts), jnp.arange(steps)
        )[0]
        return electrons, jnp.mean(num_accepts, axis=0) / steps

    return mcmc_step


def batch_network(params, x, atoms):
    d = jnp.linalg.norm(x[:, :, None, :] - atoms[None, None], axis=-1)
    return -params * jnp.sum(d, axis=(1, 2))


def run():
    sampler = make_mcmc(batch_network, steps=5)
    key = jax.random.PRNGKey(0)
    electrons = jnp.zeros((16, 4, 3))
    atoms = jnp.zeros((2, 3))
    previous, same = None, 0
    for _ in range(4):
        key, subkey = jax.random.split(key)
        electrons, pmove = sampler(subkey, 1.0, electrons, atoms, 0.1)
        if previous is not None:
            same += bool(jnp.array_equal(previous, electrons))
        previous = electrons
    return same
