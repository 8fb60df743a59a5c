import numpy as np

import jax.numpy as jnp


def make_layouts(n_layouts, size=6, seed=0):
    rng = np.random.default_rng(seed)
    return [jnp.asarray(rng.integers(0, 2, size=(size, size)), dtype=jnp.float32)
            for _ in range(n_layouts)]


def pad_observation(layout, max_size=8):
    pad = max_size - layout.shape[0]
    return jnp.pad(layout, ((0, pad), (0, pad)))
