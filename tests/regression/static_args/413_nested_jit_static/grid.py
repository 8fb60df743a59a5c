import functools

import jax


@functools.partial(jax.jit, static_argnums=(0,))
def num_modes(order):
    # helper shared by several kernels: the number of modes for a given order
    return 2 * order + 1
