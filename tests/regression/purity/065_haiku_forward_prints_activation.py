"""`print` inside a Haiku forward function whose `apply` is jitted.

Source: https://docs.jax.dev/en/latest/debugging/print_breakpoint.html
Haiku turns a plain forward function into `init`/`apply`; `jax.jit(model.apply)` traces the
forward function once, so a Python `print` of an activation shows a tracer on the first call and
nothing afterwards.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import haiku as hk
import jax
import jax.numpy as jnp


def forward(x):
    hidden = hk.Linear(8)(x)
    print("hidden activation mean:", hidden.mean())  # expect: JAX101
    return hk.Linear(1)(jax.nn.relu(hidden))


model = hk.without_apply_rng(hk.transform(forward))
apply = jax.jit(model.apply)


def run():
    x = jnp.ones((2, 3))
    with contextlib.redirect_stdout(io.StringIO()):
        params = model.init(jax.random.key(0), x)
    printed = 0
    for i in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            apply(params, x + i)
        printed += bool(out.getvalue())
    return printed
