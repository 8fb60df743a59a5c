"""Clean look-alike of print-in-jit: the training step reports its loss with jax.debug.print,
passing the traced value as a keyword and letting JAX format it at run time (the docs warn not
to use an f-string here). This is staged into the computation and prints on every call.

Source: https://jax.net.cn/en/latest/_autosummary/jax.debug.print.html
Observed on jax 0.10.x: train_step compiled 1 times; 0 of 3 calls
"""
import jax
import jax.numpy as jnp

printed = []


@jax.jit
def train_step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    jax.debug.print("loss {loss}", loss=loss)
    jax.debug.callback(lambda l: printed.append(float(l)), loss)
    return w - 0.1 * g


def run():
    x = jnp.ones((8, 3))
    y = jnp.arange(8.0)
    w = jnp.zeros(3)
    missing = 0
    for _ in range(3):
        before = len(printed)
        w = train_step(w, x, y)
        jax.effects_barrier()
        missing += int(len(printed) == before)
    return missing
