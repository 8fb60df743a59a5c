"""A learner's deep-dive into jit behaviour (Qiita, 2025): to see what tracing does, they
kept a module-level `global_state = []` and appended the argument to it inside a
`@jax.jit` function, expecting one entry per call. The append is a Python side effect,
so it only runs while JAX traces the function; every later call with the same shape
and dtype reuses the compiled program and the list stops growing (and the one entry it
holds is a tracer, not a value).

Source: https://qiita.com/s252151u/items/351e671333541251e16d
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

global_state = []


@jax.jit
def f(x):
    global_state.append(x)  # expect: JAX104
    return x * 2


def run():
    missed = 0
    for i in range(3):
        before = len(global_state)
        f(jnp.array(float(i)))
        if len(global_state) == before:
            missed += 1
    return missed
