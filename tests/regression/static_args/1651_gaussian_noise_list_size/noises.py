from functools import partial
from typing import Tuple, Union

import jax
import jax.numpy as jnp
import numpy as np


# https://jax.readthedocs.io/en/latest/faq.html#strategy-1-jit-compiled-helper-function
@partial(jax.jit, static_argnames=("shape"))
def _sample(mean, std, key, iterator, shape):
    subkey = jax.random.fold_in(key, iterator)
    return jax.random.normal(subkey, shape) * std + mean


class GaussianNoise:
    def __init__(self, mean: float, std: float, seed: int = 42) -> None:
        self.mean = jnp.array(mean)
        self.std = jnp.array(std)
        self._i = 0
        self._key = jax.random.PRNGKey(seed)

    def sample(self, size: Tuple[int]) -> Union[np.ndarray, jnp.ndarray]:
        """Sample a Gaussian noise

        :param size: Shape of the sampled tensor
        :type size: tuple or list of integers
        """
        self._i += 1
        return _sample(self.mean, self.std, self._key, self._i, size)
