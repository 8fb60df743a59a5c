"""Measurements behind the review-17 idioms (jax 0.10.2, CPU). Run:
`PYTHONPATH=. /work/venv/bin/python bench/measure_review17.py`.

Recorded output:
  static bool `step < 3` over 10 steps: 2 traces
  static task picked at random from a fixed registry of 3, 20 steps: 3 traces
  static element indexed by the counter, 4 steps over 4 sizes: 4 traces
  setup jitting a closure, run once by each of two entry points: 2 traces (one per entry point)
"""

from __future__ import annotations

import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

traces = {"n": 0}


def counted(function):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        traces["n"] += 1
        return function(*args, **kwargs)
    return wrapper


def measure(label, run):
    traces["n"] = 0
    run()
    print(f"{label}: {traces['n']} traces")


@functools.partial(jax.jit, static_argnums=0)
@counted
def update(pretrain, x):
    return x * 2 if pretrain else x + 1


def bool_schedule():
    x = jnp.ones(3)
    for step in range(10):
        pretrain = step < 3
        x = update(pretrain, x)


class Task(NamedTuple):
    name: str
    mask_fn: Callable


TASKS = {name: Task(name, fn) for name, fn in [("a", jnp.sin), ("b", jnp.cos), ("c", jnp.tanh)]}


@functools.partial(jax.jit, static_argnums=1)
@counted
def train_step(x, task):
    return task.mask_fn(x)


def random_task():
    x = jnp.ones(3)
    ids = tuple(TASKS)
    rng = np.random.default_rng(0)
    for step in range(20):
        task = TASKS[ids[rng.integers(len(ids))]]
        x = train_step(x, task)


@functools.partial(jax.jit, static_argnums=1)
@counted
def pooled(x, n):
    return jnp.zeros(n) + x.sum()


def sweep_by_index():
    sizes = [2, 3, 4, 5]
    for i in range(4):
        pooled(jnp.ones(3), sizes[i])


def create_state(scale, rng):
    @jax.jit
    @counted
    def _initialize(rng):
        return jax.random.normal(rng, (3,)) * scale
    return _initialize(rng)


def two_entry_points():
    create_state(2.0, jax.random.key(0))  # train_and_evaluate
    create_state(2.0, jax.random.key(1))  # evaluate (another run of the program)


if __name__ == "__main__":
    measure("static bool `step < 3` over 10 steps", bool_schedule)
    measure("static task picked at random from a fixed registry of 3, 20 steps", random_task)
    measure("static element indexed by the counter, 4 steps over 4 sizes", sweep_by_index)
    measure("setup jitting a closure, run once by each of two entry points", two_entry_points)
