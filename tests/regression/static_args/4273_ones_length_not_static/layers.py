import jax


def function(length, val):

    return jax.numpy.ones((length, )) * val  # expect: JAX306,JAX204
