"""`print` in an `equinox.filter_jit` training step.

Source: https://github.com/patrick-kidger/diffrax/issues/111
In the latent-ODE example `make_step` is an `eqx.filter_jit` function that compiles once (and
again for the ragged last batch); Python code in it, such as a print, runs only when it compiles.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def make_step(model, x, y):
    loss, grads = eqx.filter_value_and_grad(lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2))(model)
    print("loss", loss)  # expect: JAX101
    model = jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, model, grads)
    return loss, model


def run():
    model = eqx.nn.Linear(3, 1, key=jax.random.key(0))
    printed = 0
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            _, model = make_step(model, jnp.ones((4, 3)), jnp.ones((4, 1)))
        printed += bool(out.getvalue())
    return printed
