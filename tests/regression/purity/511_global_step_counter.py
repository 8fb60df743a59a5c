"""A jitted train step rebinds a module-level ``global_step`` to drive its LR schedule.

Source: https://theorashid.github.io/notes/jax.jit
Report: the notes on ``jax.jit`` stress that JAX transformations are designed for
side-effect-free code that does "not affect any global state". A common violation: the step
counter lives in a module global that the jitted step increments with ``global``; the
increment happens during tracing only, so the counter stays at 1 and the warm-up schedule
computed from it is frozen into the compiled step.
run() calls the step four times and returns how many calls the global counter recorded.

Observed on jax 0.10.2: 1 of 4 calls
"""
import jax
import jax.numpy as jnp

global_step = 0
WARMUP_STEPS = 10
BASE_LR = 0.1


@jax.jit
def sgd_step(params, grads):
    global global_step
    global_step += 1  # expect: JAX103
    lr = BASE_LR * min(1.0, global_step / WARMUP_STEPS)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def run():
    global global_step
    global_step = 0
    params = {"w": jnp.ones(3), "b": jnp.zeros(())}
    grads = {"w": jnp.full(3, 0.5), "b": jnp.ones(())}
    for _ in range(4):
        params = sgd_step(params, grads)
    return global_step
