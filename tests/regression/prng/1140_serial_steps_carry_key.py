"""flowMC ``TakeSerialSteps.body`` passes the scan-carried key to the kernel without splitting it.

Source: https://github.com/kazewong/flowMC/commit/fa16c10153b4724a0500ebb24500a47fa70799c9
("Caught a critical bug of keys not propagating right")

In flowMC's strategy refactor the local-sampler steps run as a ``jax.lax.scan``
whose carry is ``(key, position, log_prob, data)``. ``body`` called
``kernel.kernel(key, self.logpdf, position, log_prob, data)`` and returned the
same ``key`` in the carry, so every step of the chain used one key: a Gaussian
random walk proposes the identical jump at each step. The fix does
``key, subkey = jax.random.split(key)`` and passes ``subkey``.

Observed on jax 0.10.2: 5 of 5 calls
"""
import jax
import jax.numpy as jnp
import numpy as np


class GaussianRandomWalk:
    def __init__(self, step_size):
        self.step_size = step_size

    def kernel(self, rng_key, logpdf, position, log_prob, data):
        key1, key2 = jax.random.split(rng_key)
        proposal = position + self.step_size * jax.random.normal(key1, shape=position.shape)
        proposal_log_prob = logpdf(proposal, data)
        log_uniform = jnp.log(jax.random.uniform(key2))
        do_accept = log_uniform < proposal_log_prob - log_prob
        position = jnp.where(do_accept, proposal, position)
        log_prob = jnp.where(do_accept, proposal_log_prob, log_prob)
        return position, log_prob, do_accept


class TakeSerialSteps:
    """Takes ``n_steps`` local-kernel steps one after the other with lax.scan."""

    def __init__(self, logpdf, n_steps):
        self.logpdf = logpdf
        self.n_steps = n_steps

    def body(self, kernel, carry, aux):
        key, position, log_prob, data = carry
        position, log_prob, do_accept = kernel.kernel(
            key, self.logpdf, position, log_prob, data  # expect: JAX503,JAX505
        )
        return (key, position, log_prob, data), (position, log_prob, do_accept)

    def sample(self, kernel, rng_key, initial_position, data):
        _, (positions, log_probs, do_accepts) = jax.lax.scan(
            jax.tree_util.Partial(self.body, kernel),
            (rng_key, initial_position, self.logpdf(initial_position, data), data),
            length=self.n_steps,
        )
        return positions, log_probs, do_accepts


def flat_logpdf(x, data):
    return 0.0 * jnp.sum(x) + data["offset"]


strategy = TakeSerialSteps(flat_logpdf, n_steps=6)
kernel = GaussianRandomWalk(step_size=0.3)
run_chains = jax.jit(jax.vmap(lambda k, x0, d: strategy.sample(kernel, k, x0, d), in_axes=(0, 0, None)))


def run():
    keys = jax.random.split(jax.random.key(0), 2)
    positions, _, _ = run_chains(keys, jnp.zeros((2, 3)), {"offset": jnp.float32(0.0)})
    steps = np.diff(np.concatenate([np.zeros((2, 1, 3)), np.asarray(positions)], axis=1), axis=1)
    chain0 = steps[0]
    return sum(int(np.allclose(chain0[0], s)) for s in chain0[1:])
