"""In sbx's SAC the jitted `_train` returns an updated PRNG key alongside the new train states,
but `train()` unpacks it into a placeholder and never assigns `self.key`. The reporter printed
`self.key` after each `_train` call and it never changed, so every call reuses the same noise
for the actor / entropy sampling.

Source: https://github.com/araffin/sbx/issues/45
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import numpy as np

from sac import SAC


def run():
    model = SAC(seed=0)
    obs = jax.random.normal(jax.random.PRNGKey(5), (4, 3))
    for _ in range(3):
        model.train(obs)
    noise = [float(n) for n in model.noise_log]
    # the actor params change between calls, but the drawn noise does not
    return sum(int(np.isclose(noise[i], noise[i + 1])) for i in range(2))
