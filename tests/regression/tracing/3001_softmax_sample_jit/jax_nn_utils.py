import numpy

from jax import jit
import jax.numpy as jnp


@jit
def relu(x):
    return jnp.maximum(0, x)


@jit
def softmax(x):
    e_x = jnp.exp(x - jnp.max(x))
    return e_x / e_x.sum()


def softmax_sample(x):
    return softmax_sample_jit(x, numpy.random.rand(1))


@jit
def softmax_sample_jit(x, eps):
    prob = softmax(x)
    cumprob = 0
    for i, p in enumerate(prob):
        cumprob += p
        if cumprob > eps:  # expect: JAX201
            return i
