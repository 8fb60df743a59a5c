"""A jitted forward pass loops in Python over thousands of (adjacency, feature) pairs.

Source: https://github.com/jax-ml/jax/issues/200
"jit-compilation on list of matrices": `mp(params, As, Fs)` zips over 5000+
graphs and does two dots per graph; the unrolled program took 3 hours to
compile, while each later forward pass took milliseconds. Rebuilt with a
layers module and a jitted caller; run() uses 200 small graphs.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from layers import mp

N_GRAPHS = 200


@jax.jit
def forward(params, As, Fs):
    return sum(o.sum() for o in mp(params, As, Fs))


def run():
    As = [jnp.eye(3)] * N_GRAPHS
    Fs = [jnp.ones((3, 2))] * N_GRAPHS
    params = {"w": jnp.eye(3), "b": jnp.zeros((3, 2))}
    return forward(params, As, Fs)
