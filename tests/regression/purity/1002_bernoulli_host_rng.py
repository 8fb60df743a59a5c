"""Discrete distribution draws with host NumPy randomness under jit.

Source: https://github.com/pyro-ppl/numpyro/issues/76
What happened: the early numpyro Bernoulli.rvs drew with onp.random rather than
a JAX key, so seeding did not control it; once the sampler is jitted the host
draw happens once at trace time and is frozen into the compiled program.
run() returns how many of 3 jitted calls repeat the first call's draws.
Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as onp


class Bernoulli:
    def __init__(self, probs):
        self.probs = probs

    def rvs(self, size):
        u = onp.random.uniform(size=size)  # expect: JAX106
        return (u < self.probs).astype(jnp.int32)


@jax.jit
def simulate_flips(probs):
    return Bernoulli(probs).rvs(size=(64,))


def run():
    onp.random.seed(0)
    first = simulate_flips(jnp.float32(0.5))
    same = 0
    for _ in range(3):
        if bool(jnp.all(simulate_flips(jnp.float32(0.5)) == first)):
            same += 1
    return same
