"""Dynamical-system combinators for evolution experiments: `jit_system(system)` returns a new
system whose `init`/`step` are `jax.jit`-compiled, and `timed_system(system)` wraps `step` with
`time.time()` before and after a `jax.block_until_ready` and reports the elapsed time. Composed
as `timed_system(jit_system(system))`, the clock is read on the host around the compiled call,
never inside a trace, so every step reports its own duration. run() returns how many of three
steps reported a timing.

Source: https://github.com/aaronwalsman/mechagogue/blob/0f8bfc0c890c74462afae5d8429727d78f38da83/mechagogue/ds/system.py#L59
Observed on jax 0.10.x: 3 of 3 calls
"""
import time

import jax
import jax.numpy as jnp
import jax.random as jrng

TIMINGS = []


def make_system(init, step):
    class System:
        pass
    System.init = staticmethod(init)
    System.step = staticmethod(step)
    return System


def timed_system(system):
    def step(key, state):
        t0 = time.time()
        state = system.step(key, state)
        state = jax.block_until_ready(state)
        elapsed = time.time() - t0
        TIMINGS.append(elapsed)
        return state

    return make_system(system.init, step)


def jit_system(system):
    return make_system(init=jax.jit(system.init), step=jax.jit(system.step))


def population_init(key):
    return jrng.normal(key, (16,))


def population_step(key, state):
    return 0.9 * state + 0.1 * jrng.normal(key, state.shape)


def run():
    system = timed_system(jit_system(make_system(population_init, population_step)))
    key = jrng.key(0)
    key, init_key = jrng.split(key)
    state = system.init(init_key)
    for _ in range(3):
        key, step_key = jrng.split(key)
        state = system.step(step_key, state)
    return len(TIMINGS)
