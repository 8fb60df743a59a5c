"""cbfkit added a JIT-compile diagnostic benchmark that runs `simulator.execute` with `use_jit`
across a sweep of horizons and counts compilations with its `JitMonitor`: `num_steps` is a static
argument of the jitted simulator (it sets the `lax.scan` length), so every new value in the sweep
is a cache miss and a full recompile, while repeating a value hits the cache. Rebuilt with the
sweep over horizons that the benchmark performs.

Source: https://github.com/bardhh/cbfkit/pull/308
Observed on jax 0.10.x: simulator_jit compiled 3 times
"""
import jax.numpy as jnp

from simulator import execute


def run():
    x0 = jnp.array([0.0, 0.0, 0.3])
    for num_steps in (50, 100, 200):
        execute(x0, 0.05, num_steps)
    return None
