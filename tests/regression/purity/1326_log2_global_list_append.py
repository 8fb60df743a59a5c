"""The GMW99 "Jit with Jax" notes: `log2` appends its argument to a module-level `global_list`
as a side effect. Under `jax.make_jaxpr` / `jax.jit` the append runs only during tracing and
stores a `Traced<ShapedArray(float32[])>` object instead of the value; calling the compiled
function again does not append anything.

Source: https://github.com/GMW99/jax-docs
Observed on jax 0.10.x: 2 of 3 calls
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
    global_list.clear()
    log2_jit = jax.jit(log2)
    missed = 0
    for v in (3.0, 8.0, 10.0):
        before = len(global_list)
        log2_jit(v)
        missed += len(global_list) == before
    return missed
