"""dynamiqs: jitted solver reads module-global `args` that the script rebinds.

Source: https://github.com/dynamiqs/dynamiqs/pull/441
(dynamiqs, "Fix time-dependent tests").

The PR checks "that [the] workaround does not re-jit again when args change":
`global_fun(y, z)` wraps the time-dependent function with
`Partial(lambda x: my_fun(x, *args))`, where `args` is a module global, and is
jitted. The script then rebinds `args = (4.0, 5.0)` and times the call again:
no recompilation, as hoped -- but the jitted function captured the old `args`
as constants at trace time, so the second set of arguments is silently ignored
(the returned value still uses 2.0 and 3.0). The script body is wrapped in
`benchmark()` with `global args` (it ran at module level in the PR).

Observed on jax 0.10.2: 1 of 2 calls
"""
import time

import jax
import jax.numpy as jnp
from jax.tree_util import Partial

args = (2.0, 3.0)


def global_fun(y, z):
    def my_fun(x, y, z):
        return x * (y + z) * jnp.ones(3)

    # Partially apply my_fun to bind the first argument
    fun = Partial(lambda x: my_fun(x, *args))  # expect: JAX108

    return fun(3.0)


# == jit the global function
global_fun_jit = jax.jit(global_fun)


def benchmark():
    global args
    results = []

    # == first set of arguments
    args = (2.0, 3.0)
    start_time = time.time()
    results.append((global_fun_jit(*args).block_until_ready(), 3.0 * sum(args)))
    print(f"{(time.time() - start_time) * 1e6:.3f} us")

    # == second set of arguments
    args = (4.0, 5.0)
    start_time = time.time()
    results.append((global_fun_jit(*args).block_until_ready(), 3.0 * sum(args)))
    print(f"{(time.time() - start_time) * 1e6:.3f} us")
    return results


def run():
    results = benchmark()
    # how many calls returned a result computed from stale `args`
    return sum(int(float(out[0]) != expected) for out, expected in results)
