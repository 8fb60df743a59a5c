"""Reverse-SDE sampler feeds the carried key, not the split-off subkey, to the step.

Source: https://github.com/bb515/diffusionjax/commit/038008b18efa1b58f119defe07a6aa2ddb263505
In diffusionjax's `EulerMaruyama` sampler (diffusionjax/samplers.py) the
`lax.scan` body did `rng, step_rng = random.split(rng)` and then
`x, x_mean = update(rng, x, vec_t)`: the noise for each step was drawn from the
key that is also returned in the carry and split again on the next step, while
`step_rng` was never used.  Commit 038008b ("minor bug fix so that
randomnumbergenerator iterates as expected") changed the call to
`update(step_rng, x, vec_t)`.

The values produced are not identical to any other draw (the reuse only
correlates the per-step noise with the next step's keys), so the case records
that the sampler runs.  Layout: `sde.py` (the SDE), `samplers.py` (the scan
carry), `main.py` (a jitted sampling driver).

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from .samplers import EulerMaruyama
from .sde import OU


def score(x, t):
    return -x


sampler = EulerMaruyama(OU(beta=2.0), score, num_steps=40)
sample = jax.jit(sampler.sample, static_argnums=(1, 2))


def run():
    xs = sample(jax.random.PRNGKey(0), 16, 2)
    return xs.block_until_ready()
