"""FoldJAX's intermediate-capture helper: a model tags values with ``capture("trunk.pair", z)``;
when a caller asked for that name the tracer is stored in a module-level dict *during tracing*,
and the jitted forward itself reads the dict back and returns its entries as extra outputs. The
set of names is part of the static arguments (a different set is a different program), so every
call -- cached or not -- returns the requested intermediate as a real output array.

Source: https://github.com/eightmm/FoldJAX/blob/12b8d57ba14f547575a2f2d18c8950d1d3444abe/src/foldjax/models/_capture.py#L80
Observed on jax 0.10.x: 3 of 3 calls
"""
from functools import partial

import jax
import jax.numpy as jnp

from _capture import capture, capturing


def trunk(x, w):
    z = jnp.tanh(x @ w)
    z = capture("trunk.pair", z)
    return z.sum(axis=-1)


@partial(jax.jit, static_argnames=("names",))
def forward(x, w, names=()):
    with capturing(names) as recorded:
        out = trunk(x, w)
        extras = dict(recorded)
    return out, extras


def run():
    w = jnp.ones((4, 3))
    got = 0
    for i in range(3):
        out, extras = forward(jnp.full((2, 4), 0.1 * (i + 1)), w, names=("trunk.pair",))
        got += isinstance(extras.get("trunk.pair"), jax.Array) and extras["trunk.pair"].shape == (2, 3)
    return int(got)


if __name__ == "__main__":
    run()
