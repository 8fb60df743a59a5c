"""RNN encoder that steps through the sequence with a Python loop under jit.

Source: https://docs.jax.dev/en/latest/_autosummary/jax.lax.scan.html
What happened: the lax.scan reference explains that native Python loop
constructs inside a jit() function are unrolled, leading to large XLA
computations, and that scan (a single WhileOp) is the way to reduce compilation
time; a per-timestep Python loop over a 256-step sequence is the unrolled form.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

SEQ_LEN = 256


def gru_cell(params, h, x):
    z = jax.nn.sigmoid(x @ params["wz"] + h @ params["uz"])
    n = jnp.tanh(x @ params["wn"] + (z * h) @ params["un"])
    return (1 - z) * h + z * n


@jax.jit
def encode(params, xs):
    h = jnp.zeros(params["uz"].shape[0])
    for t in range(xs.shape[0]):  # expect: JAX407
        h = gru_cell(params, h, xs[t])
    return h


def run():
    key = jax.random.PRNGKey(0)
    ks = jax.random.split(key, 4)
    params = {n: jax.random.normal(k, (4, 4)) * 0.1 for n, k in zip(("wz", "uz", "wn", "un"), ks)}
    xs = jnp.ones((SEQ_LEN, 4))
    return encode(params, xs).sum()
