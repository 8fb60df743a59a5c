"""Progress reported from a `lax.scan` body through `jax.debug.callback`.

Source: https://github.com/jax-ml/jax/issues/136
Logging from traced programs: the callback is staged into the computation and runs on every
step of every call.

Observed on jax 0.10.x: reported in 3 of 3 calls
"""

import jax
import jax.numpy as jnp

progress = []


def _report(step):
    progress.append(int(step))


def body(carry, x):
    jax.debug.callback(_report, x)
    return carry + x, None


@jax.jit
def rollout(xs):
    return jax.lax.scan(body, 0.0, xs)[0]


def run():
    reported = 0
    for _ in range(3):
        before = len(progress)
        rollout(jnp.arange(3.0))
        jax.effects_barrier()
        reported += len(progress) > before
    return reported
