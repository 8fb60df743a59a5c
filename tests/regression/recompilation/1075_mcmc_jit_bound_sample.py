"""MCMC.run wraps the bound ``sample`` method in jax.jit on every run.

Source: https://github.com/pyro-ppl/numpyro/issues/441
What happened: re-running MCMC on new data recompiled everything; the
maintainers traced it to ``jit(f.sample)`` being applied to a bound method on
each run (a fresh callable each time), and worked on caching the compiled
kernel instead.
Observed on jax 0.10.2: sample compiled 3 times
"""
import jax
import jax.numpy as jnp


class RandomWalkKernel:
    def __init__(self, step_size):
        self.step_size = step_size

    def sample(self, state, key, data):
        prop = state + self.step_size * jax.random.normal(key, state.shape)
        lp = lambda z: -jnp.sum((data - z) ** 2)
        accept = jnp.log(jax.random.uniform(key)) < lp(prop) - lp(state)
        return jnp.where(accept, prop, state)


class MCMC:
    def __init__(self, kernel, num_samples):
        self.kernel = kernel
        self.num_samples = num_samples

    def run(self, key, data):
        sample_fn = jax.jit(self.kernel.sample)
        state = jnp.zeros(())
        for k in jax.random.split(key, self.num_samples):
            state = sample_fn(state, k, data)  # expect: JAX402
        return state


def run():
    mcmc = MCMC(RandomWalkKernel(0.3), num_samples=5)
    out = 0.0
    for i in range(3):
        out += mcmc.run(jax.random.PRNGKey(i), jnp.arange(4.0) + i)
    return out
