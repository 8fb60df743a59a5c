"""Compiles of a jitted call whose argument the host loop carries from one pass to the next,
and of a jitted function reached through a parameter (analysis/host/shape_keys.py `_carried`,
`_list_parameter`, `_keeps_growing`; analysis/host/cache_keys.py `passed_jitted_callee`,
`_past_partial`). Counted from jax's compile events.

    JAX_PLATFORMS=cpu python bench/measure_carried_shapes.py

Measured on jax 0.10.2 (CPU):
    each batch of range(0, 10, 4) padded afresh to 4 rows              1 compile
    x = jnp.pad(x, (0, 1)) carried over 3 passes                        3 compiles
    a parameter holding jax.jit(partial(forward, weights)), called on
    the caller's list appended to per pass, 5 passes, last 8 kept      5 compiles
    the same, 12 passes, last 8 kept                                    8 compiles (capped)
    a parameter holding a jitted function, windows of 3 over 10 rows    2 compiles
    x[mask] in a method called 4 times, masks with 3, 5, 3, 8 true      3 compiles
"""

from __future__ import annotations

import collections
from functools import partial

import jax
import jax.numpy as jnp
from jax import monitoring

compiles: collections.Counter[str] = collections.Counter()


def _on_duration(event: str, seconds: float, **kwargs: object) -> None:
    if event == "/jax/core/compile/backend_compile_duration":
        compiles[str(kwargs.get("fun_name"))] += 1


monitoring.register_event_duration_secs_listener(_on_duration)


def counted(name: str, run) -> int:
    """Compiles of the jitted function named ``name`` while ``run`` runs."""
    before = compiles[f"jit({name})"]
    run()
    return compiles[f"jit({name})"] - before


def total(x):
    return x.sum()


def padded_afresh() -> None:
    step = jax.jit(total)
    data = jnp.ones((10, 3))
    for start in range(0, data.shape[0], 4):
        batch = data[start:start + 4]
        batch = jnp.pad(batch, ((0, 4 - batch.shape[0]), (0, 0)))
        step(batch)


def padded_carried() -> None:
    step = jax.jit(total)
    x = jnp.ones(2)
    for _ in range(3):
        x = jnp.pad(x, (0, 1))
        step(x)


def forward(weights, tokens):
    return weights[tokens].sum()


def generate(get_logits, inputs, steps, max_len):
    window = inputs
    for _ in range(steps):
        get_logits(jnp.array(window))
        inputs.append(1)
        window = inputs[-max_len:]


def render(fn, x, size):
    for i in range(0, x.shape[0], size):
        fn(x[i:i + size])


def episode_mean(x):
    return x.mean()


class Agent:
    def log(self, values, mask):
        return jax.jit(episode_mean)(values[mask])


def masked() -> None:
    agent = Agent()
    for n_done in (3, 5, 3, 8):
        agent.log(jnp.arange(16.0), jnp.arange(16) < n_done)


if __name__ == "__main__":
    print("jax", jax.__version__)
    print("padded afresh:", counted("total", padded_afresh))
    print("pad carried:", counted("total", padded_carried))
    print("generate 5:", counted("forward", lambda: generate(jax.jit(partial(forward, jnp.ones(11))), [0], 5, 8)))
    print("generate 12:", counted("forward", lambda: generate(jax.jit(partial(forward, jnp.ones(11))), [0], 12, 8)))
    print("masks of the data:", counted("episode_mean", masked))
    print("render through a parameter:", counted("total", lambda: render(jax.jit(total), jnp.ones((10, 3)), 3)))
