"""jaxopt's flax_image_classif example has a `manual_loop` mode that calls
`solver.update` step by step; GPU utilisation stayed below 5%. The suggested fix
in the thread was to write `jax.jit(solver.update)(params=params, state=state, ...)`
inside the epoch loop. Written that way the jit wrapper is rebuilt around a fresh
bound method on every iteration, so each step traces and compiles `update` again.

Source: https://github.com/google/jaxopt/issues/101
Observed on jax 0.10.x: update compiled 4 times
"""
import jax.numpy as jnp
import jax

from solver import OptaxSolver


def loss_fun(params, data):
    x, y = data
    logits = x @ params["w"] + params["b"]
    return jnp.mean((logits - y) ** 2)


def run():
    solver = OptaxSolver(fun=loss_fun, learning_rate=0.05)
    params = {"w": jnp.zeros((8, 1)), "b": jnp.zeros((1,))}
    state = solver.init_state(params)
    x = jnp.ones((16, 8))
    y = jnp.ones((16, 1))
    for step in range(4):
        params, state = jax.jit(solver.update)(params=params, state=state, data=(x, y))  # expect: JAX401
    return None
