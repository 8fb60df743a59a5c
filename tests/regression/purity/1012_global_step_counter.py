"""A jitted step function increments a module-level step counter.

Source: https://www.ainvest.com/chat/share/jaxjit-jit-compiler-works-jax-js-906452/
What happened: the write-up on how jax.jit works warns that functions with side
effects such as modifying global variables may not behave correctly under the
JIT compiler; the global update happens only while the function is traced.
run() returns the global counter after three jitted steps.
Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import jax.numpy as jnp

TOTAL_STEPS = 0


@jax.jit
def sgd_step(w, g):
    global TOTAL_STEPS
    TOTAL_STEPS += 1  # expect: JAX103
    return w - 0.01 * g


def run():
    global TOTAL_STEPS
    TOTAL_STEPS = 0
    w = jnp.ones(3)
    for _ in range(3):
        w = sgd_step(w, jnp.ones(3))
    return TOTAL_STEPS
