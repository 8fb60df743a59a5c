"""A Python loop sized by a dimension of a traced array, reached through a property and a
helper: how many bodies jax unrolls and how often it compiles (the facts behind the interpreter's
`DIMENSION` and JAX407's data-sized loops).

Run: `python bench/bench_data_sized_loop.py`. Measured on jax 0.10.2, CPU:

    split(key, 50)[1:-1].shape: (48, 2)
    time axis 91 (80 remaining): 80 add equations; time axis 51 (40 remaining): 40 add equations
    compiles of `replay` over lengths (91, 91, 51): 2
"""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Log:
    xy: jax.Array
    t: int = dataclasses.field(metadata=dict(static=True))

    @property
    def remaining(self):
        return self.xy.shape[1] - 1 - self.t


def replay(log, x):
    for _ in range(log.remaining):
        x = x + 1
    return x


def main() -> None:
    print("split(key, 50)[1:-1].shape:", jax.random.split(jax.random.PRNGKey(0), 50)[1:-1].shape)
    for length in (91, 51):
        log = Log(jnp.zeros((2, length, 2)), 10)
        jaxpr = jax.make_jaxpr(replay)(log, jnp.zeros(3))
        adds = sum(e.primitive.name == "add" for e in jaxpr.jaxpr.eqns)
        print(f"time axis {length} ({log.remaining} remaining): {adds} add equations")
    jitted = jax.jit(replay)
    compiles = []
    jax.monitoring.register_event_duration_secs_listener(
        lambda event, duration, **_: compiles.append(event) if event.endswith("backend_compile_duration") else None
    )
    for length in (91, 91, 51):
        jitted(Log(jnp.zeros((2, length, 2)), 10), jnp.zeros(3)).block_until_ready()
    print("compiles of `replay` over lengths (91, 91, 51):", len(compiles))


if __name__ == "__main__":
    main()
