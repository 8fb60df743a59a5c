"""pyroki #55: a real-time hand-retargeting demo calls `solve_retargeting` (decorated
with `@jdc.jit`) once per webcam frame. Every call pays ~0.5 s of compilation even
though nothing about the problem changes, while repeated `solve()` calls inside one
invocation are microseconds. The static cost-configuration object is rebuilt for
each frame; it hashes by identity, so every frame is a cache miss. The maintainers'
suggestion: return the same objects for the same `n_retarget` so the trace is reused.

Source: https://github.com/chungmin99/pyroki/issues/55
Observed on jax 0.10.x: solve_retargeting compiled 3 times
"""
from functools import partial

import jax
import jax.numpy as jnp


class RetargetCosts:
    def __init__(self, n_retarget, pc_weight=1.0, limit_weight=0.1):
        self.n_retarget = n_retarget
        self.pc_weight = pc_weight
        self.limit_weight = limit_weight


@partial(jax.jit, static_argnames=("costs",))
def solve_retargeting(joints, target_keypoints, costs):
    def total(q):
        pc = jnp.sum((q[: costs.n_retarget] - target_keypoints) ** 2)
        lim = jnp.sum(jax.nn.relu(jnp.abs(q) - 1.5) ** 2)
        return costs.pc_weight * pc + costs.limit_weight * lim
    for _ in range(3):
        joints = joints - 0.1 * jax.grad(total)(joints)
    return joints


def run():
    joints = jnp.zeros(16)
    for frame in range(3):
        keypoints = jnp.full(12, 0.1 * frame)
        costs = RetargetCosts(n_retarget=12)
        joints = solve_retargeting(joints, keypoints, costs=costs)  # expect: JAX405
    return None


if __name__ == "__main__":
    run()
