"""Bernoulli mixture model fitted by SGD (probml-utils): `fit_sgd` creates
`itercount = itertools.count()` and its minibatch step calls
`self.update(next(itercount), opt_state, batch)` inside the body of `lax.scan` (itself inside
the epoch scan). The body is traced once, so `next` runs once and every Adam update receives
step index 0 (bias correction never advances). The jitted `loss_fn` also assigns `self.model`,
mutating only a traced copy of the jittable model.

Source: https://github.com/probml/probml-utils/blob/638ebb99f2e1ecc32f97bc02e8b81a8798c38c77/probml_utils/mix_bernoulli_lib.py#L311
Observed on jax 0.10.x: 11 of 12 calls
"""
import jax
import jax.numpy as jnp
from jax.example_libraries import optimizers
from jax.random import PRNGKey

from model import BMM

SEEN_STEPS = []


def run():
    opt_init, opt_update, get_params = optimizers.adam(1e-1)

    def recording_update(i, grads, opt_state):
        jax.debug.callback(lambda v: SEEN_STEPS.append(int(v)), i)
        return opt_update(i, grads, opt_state)

    obs = (jax.random.uniform(PRNGKey(1), (16, 5)) > 0.5).astype(jnp.float32)
    bmm = BMM(3, 5)
    history = bmm.fit_sgd(obs, batch_size=4, optimizer=(opt_init, recording_update, get_params))
    jax.block_until_ready(history)
    return sum(1 for step, i in enumerate(SEEN_STEPS) if i != step)
