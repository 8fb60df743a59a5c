"""Recurrent cell scanned over time with a dropout key closed over by the step function.

Source: https://github.com/google/flax/issues/4950
With flax's functional-form `nn.scan` the dropout RNG was not split across
time steps, "essentially freezing randomness across time": every step saw the
same dropout key. Rebuilt in plain jax: the scanned step closes over one
`dropout_key`, so each time step drops the same units.

Observed on jax 0.10.2: 5 of 6 calls
"""
import jax
import jax.numpy as jnp


def make_cell(params, dropout_key, rate=0.3):
    def cell(carry, x_t):
        h = jnp.tanh(x_t @ params["wx"] + carry @ params["wh"])
        keep = jax.random.bernoulli(dropout_key, 1.0 - rate, h.shape)  # expect: JAX501,JAX502,JAX503
        h = jnp.where(keep, h / (1.0 - rate), 0.0)
        return h, keep

    return cell


@jax.jit
def forward(params, xs, dropout_key):
    h0 = jnp.zeros((params["wh"].shape[0],))
    _, keeps = jax.lax.scan(make_cell(params, dropout_key), h0, xs)
    return keeps


def run():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    params = {"wx": jax.random.normal(k1, (4, 16)) * 0.3, "wh": jax.random.normal(k2, (16, 16)) * 0.3}
    xs = jnp.ones((6, 4))
    keeps = forward(params, xs, k3)
    return sum(bool(jnp.all(k == keeps[0])) for k in keeps[1:])
