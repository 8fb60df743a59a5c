"""A blog post walking through how JAX transforms work ("One of JAX's skills is
JIT") uses `log2` that appends its argument to a module-level `global_list`
before computing log(x)/log(2). The append is a Python side effect that the
jaxpr does not record: under jit it runs once, during tracing (and stores a
tracer), and later calls leave the list untouched.

Source: https://mo4tech.com/one-of-jaxs-skills-is-jit.html
Observed on jax 0.10.x: 1 of 3 calls
"""
import jax
import jax.numpy as jnp

global_list = []


def log2(x):
    global_list.append(x)  # expect: JAX104
    ln_x = jnp.log(x)
    ln_2 = jnp.log(2.0)
    return ln_x / ln_2


def run():
    log2_jit = jax.jit(log2)
    appended = 0
    for x in (3.0, 4.0, 8.0):
        before = len(global_list)
        log2_jit(x)
        appended += len(global_list) > before
    return appended


if __name__ == "__main__":
    print(run())
