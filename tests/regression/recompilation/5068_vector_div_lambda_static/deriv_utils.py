import functools
from typing import Callable

import jax
import jax.numpy as np


def single_partial(f, inp, i, j):
    unit_vector = np.zeros_like(inp).at[i, j].set(1.0)
    return jax.jvp(f, (inp,), (unit_vector,))[1][i, j]


@functools.partial(jax.jit, static_argnums=0)
def vector_div(f: Callable[[np.ndarray], np.ndarray], inp: np.ndarray) -> np.ndarray:
    """Divergence of a vector-valued function on particles, per particle."""
    return np.sum(
        jax.vmap(
            jax.vmap(single_partial, in_axes=(None, None, None, 0)),
            in_axes=(None, None, 0, None),
        )(f, inp, np.arange(inp.shape[0]), np.arange(inp.shape[1])),
        axis=-1,
    )
