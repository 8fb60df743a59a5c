"""A non-array argument (a mode string) is passed to a pmapped step without
being marked static.

Source: https://github.com/jax-ml/jax/pull/3484
The PR fixed pmap's docstring because it "does not currently mention that any
'non-data' arguments need to be indicated in static_broadcasted_argnums", and
added to both jit and pmap: "Arguments that are not arrays or containers
thereof must be marked as static."  A training step that switches dropout by
a ``mode`` string, pmapped with ``in_axes=(0, None)`` (broadcast but not
static), fails when the string reaches pmap's argument handling.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp


def forward(x, mode):
    if mode == "train":
        return x * 0.5
    return x


p_forward = jax.pmap(forward, in_axes=(0, None))


def evaluate(batch, mode="train"):
    return p_forward(batch, mode)  # expect: JAX306


def run():
    n = len(jax.devices())
    return evaluate(jnp.ones((n, 3)))
