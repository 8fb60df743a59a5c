"""Progress written with `sys.stdout.write` from a jitted function.

Source: https://github.com/kscalelabs/ksim/pull/47
The project made its jitted code print which function is running; writes to stdout inside a
jitted function happen at trace time only, so later calls are silent.

Observed on jax 0.10.x: wrote in 1 of 3 calls
"""

import contextlib
import io
import sys

import jax
import jax.numpy as jnp


@jax.jit
def rollout_step(qpos, qvel):
    sys.stdout.write("rollout_step\n")  # expect: JAX102
    return qpos + 0.01 * qvel, qvel


def run():
    wrote = 0
    qpos, qvel = jnp.zeros(3), jnp.ones(3)
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            qpos, qvel = rollout_step(qpos, qvel)
        wrote += bool(out.getvalue())
    return wrote
