"""flax: `DenseGeneral` kernel init reuses one rng for every batch element.

Source: https://github.com/google/flax/pull/2665
(flax, "Use a different rng key for each batch element in DenseGeneral init").

With `batch_dims`, `DenseGeneral` builds its kernel by initialising one flat
kernel per batch element and concatenating them:
`jnp.concatenate([self.kernel_init(rng, flat_shape, dtype) for _ in
range(size_batch_dims)])`. The same `rng` is used in every iteration of the
comprehension, so "different elements of the batch of params ... were
initializing to the same value, because a JAX rng was being reused, without
doing `jax.random.split`." The initializer wrapper is reproduced as a function
(the module plumbing of `nn.Module.param` is dropped).

Observed on jax 0.10.2: 2 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.nn import initializers

default_kernel_init = initializers.lecun_normal()


def make_kernel_init_wrap(n_batch_dims, n_axis, n_features, kernel_init=default_kernel_init):
    def kernel_init_wrap(rng, shape, dtype=jnp.float32):
        size_batch_dims = np.prod(shape[:n_batch_dims], dtype=np.int32)
        flat_shape = (
            np.prod(shape[n_batch_dims : n_axis + n_batch_dims]),
            np.prod(shape[-n_features:]),
        )
        kernel = jnp.concatenate(
            [kernel_init(rng, flat_shape, dtype) for _ in range(size_batch_dims)], axis=0  # expect: JAX503
        )
        return jnp.reshape(kernel, shape)

    return kernel_init_wrap


def dense_general_init(rng, in_features, features, batch_dims=(0,), batch_shape=(3,)):
    kernel_shape = batch_shape + (in_features, features)
    init = make_kernel_init_wrap(len(batch_dims), 1, 1)
    return {"kernel": init(rng, kernel_shape), "bias": jnp.zeros(batch_shape + (features,))}


def run():
    params = dense_general_init(jax.random.PRNGKey(0), in_features=4, features=5)
    kernel = params["kernel"]
    # how many batch elements got exactly the kernel of element 0
    return sum(int(jnp.array_equal(kernel[b], kernel[0])) for b in range(1, kernel.shape[0]))
