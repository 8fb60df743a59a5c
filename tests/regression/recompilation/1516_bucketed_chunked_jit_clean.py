"""A user wrote a `chunked_jit` decorator (inspired by the bucket_jit idea in an
older jax issue): pad the batch to the next power of two and keep one jitted
function per padded size in a dict, so inputs of 100, 200 and 400 rows only
ever compile three programs. The jit wrappers are created once per bucket and
cached, and shapes inside each bucket are fixed, so the repeated passes over the
same sizes reuse the compiled code.

Source: https://github.com/jax-ml/jax/issues/10550
Observed on jax 0.10.x: f compiled 3 times
"""
import jax
import jax.numpy as jnp
import numpy as np


def chunked_jit(f):
    n_to_f = {}

    def wrapper(x):
        b = x.shape[0]
        # get the next biggest power of 2
        n = 2 ** int(np.ceil(np.log2(b)))
        x_pad = jnp.pad(x, [(0, n - b), (0, 0)])
        if n not in n_to_f:
            n_to_f[n] = jax.jit(f)
        compiled_f = n_to_f[n]
        y_pad = compiled_f(x_pad)
        return y_pad[:b]

    wrapper.n_to_f = n_to_f
    return wrapper


@chunked_jit
def f(x):
    return jnp.linalg.norm(x, axis=-1)


def run():
    for _ in range(3):
        for n in [100, 200, 400]:
            x = jax.device_put(np.random.randn(n, 3).astype(np.float32))
            f(x).block_until_ready()
    return None
