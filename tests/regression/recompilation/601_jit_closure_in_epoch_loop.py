"""`jax.jit` applied inside the Python training loop to a function defined per step.

Source: https://github.com/patrick-kidger/equinox/issues/1141
The user asked whether `for _ in range(...): ... = jax.jit(fun_name)` inside the
training loop is as good as a lax loop; the maintainers answered that putting
the `jit` inside the for-loop recompiles. Here, as in the user's loop, the step
function closes over the current batch and is re-created and re-jitted on
every iteration.

Observed on jax 0.10.2: sgd_step compiled 4 times
"""
import jax
import jax.numpy as jnp


def loss(params, xb, yb):
    return jnp.mean((xb @ params - yb) ** 2)


def train(params, batches, lr=0.1):
    for xb, yb in batches:
        def sgd_step(p):
            return p - lr * jax.grad(loss)(p, xb, yb)

        params = jax.jit(sgd_step)(params)  # expect: JAX401,JAX402,JAX403
    return params


def run():
    key = jax.random.key(0)
    xs = jax.random.normal(key, (4, 8, 3))
    ys = xs @ jnp.array([1.0, -2.0, 0.5])
    return train(jnp.zeros(3), list(zip(xs, ys)))
