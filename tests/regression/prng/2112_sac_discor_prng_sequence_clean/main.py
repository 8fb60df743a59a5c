"""rljax SAC+DisCor: the key comes from a PRNGSequence stored on the agent, fresh on every update.

The algorithm object keeps `self.rng = PRNGSequence(seed)` and every jitted helper that needs
randomness (`_calculate_weight_list`, `_calculate_error_list`, `_explore`) receives
`key=next(self.rng)` from the Python-side `update()`. The key lives on `self` and is passed into
code jitted with `static_argnums=0`, which looks like a stale stored key, but `next()` splits the
stored key each time, so each update explores with new noise.

Source: https://github.com/ku2482/rljax/blob/2de183a610c0832b37ded3e346dab3588f71cd53/rljax/algorithm/sac_discor.py#L92
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp

from .discor import SACDisCor


def run():
    algo = SACDisCor(seed=0)
    state = jax.random.normal(jax.random.PRNGKey(1), (8, 3))
    batch = (state, jnp.zeros((8, 1)), state)
    weights = [algo.update(batch)[0] for _ in range(4)]
    # an update shows the effect if its weights repeat the previous update's exactly
    return sum(bool(jnp.array_equal(weights[i], weights[i - 1])) for i in range(1, 4))
