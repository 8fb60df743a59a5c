"""The gradient function is re-materialised with jax.jit(jax.grad(...)) each
time the epoch helper runs, so every epoch traces and compiles again.

Source: https://github.com/patrick-kidger/equinox/pull/71
"Improved filtered transformations": one listed feature is "Prevented
unnecessary recompilation in some edge cases like calling
filter_jit(filter_grad(...)) twice, i.e. when materialising a new gradient
function twice" (see jax discussion 10284).  With plain ``jax.jit`` the wrapper
is keyed on the identity of the function object returned by ``jax.grad``, which
is new every time; the epoch helper below rebuilds it on each call.

Observed on jax 0.10.2: mse_loss compiled 3 times
"""
import jax
import jax.numpy as jnp


def mse_loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def run_epoch(w, x, y, lr=0.1):
    grad_fn = jax.jit(jax.grad(mse_loss))
    return w - lr * grad_fn(w, x, y)  # expect: JAX402,JAX401


def run():
    x = jnp.ones((8, 3))
    y = jnp.arange(8.0)
    w = jnp.zeros(3)
    for _ in range(3):
        w = run_epoch(w, x, y)
    return w
