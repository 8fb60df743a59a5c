"""Per-step diagnostics appended to a module-level list from inside a jitted step.

Source: https://docs.jax.dev/en/latest/jit-compilation.html
(the ``log2`` example with ``global_list.append(x)``: "the jaxpr does not capture
the side-effect ... the side-effects still happen during the trace itself")

A training loop keeps a module-level ``GRAD_NORM_HISTORY`` list for plotting and
appends the global gradient norm from inside the jitted update. The append is a
trace-time side effect: after five optimizer steps the history holds a single
entry, and that entry is a tracer rather than a number.

Observed on jax 0.10.2: 1 of 5 calls
"""
import jax
import jax.numpy as jnp
import optax

GRAD_NORM_HISTORY = []

optimizer = optax.sgd(0.1)


def loss_fn(params, x, y):
    return jnp.mean((x @ params - y) ** 2)


@jax.jit
def update(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    GRAD_NORM_HISTORY.append(optax.global_norm(grads))  # expect: JAX104
    updates, opt_state = optimizer.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


def run():
    kx, ky = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (32, 4))
    y = jax.random.normal(ky, (32,))
    params = jnp.zeros(4)
    opt_state = optimizer.init(params)
    for _ in range(5):
        params, opt_state, loss = update(params, opt_state, x, y)
    jax.block_until_ready(loss)
    return len(GRAD_NORM_HISTORY)
