"""A user wanted to subsample rows of a data matrix where the number of
subsamples is itself random: draw `rand_shape` from a Poisson, then call
`jax.random.randint` with shape `(rand_shape.sum(), 3)` inside a jitted
function. The sum is a traced value, so the shape is not concrete and tracing
fails ("Shapes must be 1D sequences of concrete values of integer type").

Source: https://github.com/jax-ml/jax/issues/5100
Observed on jax 0.10.x: raises TypeError
"""
import jax


@jax.jit
def f(data, rng_key):
    n, m = data.shape
    shape_key, sub_key = jax.random.split(rng_key)
    rand_shape = jax.random.poisson(shape_key, 1, (2,))  # <--- Random Variable
    sub_indices = jax.random.randint(sub_key, (rand_shape.sum(), 3), 0, n)  # expect: JAX204
    subsamples = data[sub_indices, :]
    return subsamples


def run():
    rng_key = jax.random.PRNGKey(0)
    return f(jax.numpy.arange(10 * 5).reshape((10, 5)), rng_key)
