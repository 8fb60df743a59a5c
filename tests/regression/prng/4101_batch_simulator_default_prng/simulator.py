from abc import ABC

import jax
import jax.numpy as jnp


class BatchSimulator(ABC):
    """Wrapper type for simulator functions that allows for batched evaluation."""

    def __init__(self, simulate_ts_func, summarizer, default_prng=jax.random.PRNGKey(0)):
        self.simulate_ts_func = simulate_ts_func
        self.summarizer = summarizer
        self.default_prng = default_prng
        super().__init__()

    def __call__(self, theta, batch_size=None, prng=None):
        return self.simulate(theta, batch_size, prng)

    def simulate(self, theta, batch_size=None, prng=None):
        assert len(theta.shape) == 2, "theta must be a matrix of shape n_samples x n_params"
        num_samples = theta.shape[0]
        batch_size = num_samples if batch_size is None else batch_size
        prng = self.default_prng if prng is None else prng
        if batch_size < num_samples:
            xs = []
            for i in range(0, num_samples, batch_size):
                prng, subprng = jax.random.split(prng)
                hi = min(i + batch_size, num_samples)
                xs.append(self.summarizer(**self.simulate_ts_func(theta[i:hi], subprng)))
            x = jnp.concatenate(xs, axis=0)
        else:
            prng, subprng = jax.random.split(prng)  # expect: JAX502
            x = self.summarizer(**self.simulate_ts_func(theta, subprng))
        return x
