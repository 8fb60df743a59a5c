"""Dropout helper falls back to a fixed PRNGKey(0) when no rng is passed.

Source: https://github.com/google/trax/pull/134
"Dropout: require rng only while training": the PR makes the rng optional in eval mode.
The tempting variant makes it optional everywhere by substituting a fixed key when the
caller passes none -- then a training forward pass that forgets to thread its key gets
the same dropout mask at every step.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp


def dropout(x, rate, rng=None, train=True):
    if not train or rate == 0.0:
        return x
    if rng is None:
        rng = jax.random.PRNGKey(0)  # expect: JAX502
    keep = jax.random.bernoulli(rng, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


@jax.jit
def forward(params, x):
    h = jax.nn.relu(x @ params["w1"])
    h = dropout(h, 0.5)
    return h @ params["w2"]


def run():
    params = {"w1": jnp.ones((4, 32)), "w2": jnp.eye(32)}
    x = jnp.ones((1, 4))
    outs = [forward(params, x) for _ in range(3)]
    return sum(bool(jnp.array_equal(o, outs[0])) for o in outs)
