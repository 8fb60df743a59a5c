from abc import ABCMeta, abstractmethod

import jax
import jax.numpy as jnp
import numpy as np


class Model(metaclass=ABCMeta):
    """Base class: subclasses define `log_density`; `run` samples a posterior."""

    def __init__(self):
        self.samples = None

    @abstractmethod
    def log_density(self, theta):
        ...

    def _kernel(self):
        log_density = self.log_density

        def step(carry, key):
            theta, ld = carry
            k_prop, k_acc = jax.random.split(key)
            prop = theta + 0.3 * jax.random.normal(k_prop, theta.shape)
            new_ld = log_density(prop)
            accept = jnp.log(jax.random.uniform(k_acc)) < new_ld - ld
            theta = jnp.where(accept, prop, theta)
            ld = jnp.where(accept, new_ld, ld)
            return (theta, ld), theta

        return step

    def run(
        self,
        num_warmup,
        num_samples,
        rng_key: jax.Array | None = None,
        init=None,
    ):
        if rng_key is None:
            rand_int = np.random.randint(np.iinfo(np.int32).min, np.iinfo(np.int32).max)
            rng_key = jax.random.key(rand_int)
        theta0 = jnp.zeros(2) if init is None else init
        keys = jax.random.split(rng_key, num_warmup + num_samples)
        step = self._kernel()
        _, draws = jax.lax.scan(step, (theta0, self.log_density(theta0)), keys)
        self.samples = draws[num_warmup:]
        return self.samples
