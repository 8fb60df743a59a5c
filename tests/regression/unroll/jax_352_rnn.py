"""Rebuilt from https://github.com/jax-ml/jax/issues/352: RNN code written with a Python loop over
time steps; "jit compile times can be of the order of minutes"."""
import jax
import jax.numpy as jnp


@jax.jit
def rnn(params, inputs: jax.Array, h0):
    h = h0
    hs = []
    for t in range(inputs.shape[0]):  # expect: JAX407
        h = jnp.tanh(params["W"] @ h + params["U"] @ inputs[t])
        hs.append(h)
    return jnp.stack(hs)
