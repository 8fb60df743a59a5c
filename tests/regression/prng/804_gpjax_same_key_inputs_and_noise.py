"""GPJax examples: one PRNG key draws both the inputs `x` and the observation noise.

Source: https://github.com/thomaspinder/GPJax/pull/191
(GPJax, "Correct key handling in examples").

Several example notebooks simulated regression data as
`x = jr.uniform(key=key, ...).sort().reshape(-1, 1)` and then
`y = signal + jr.normal(key, shape=signal.shape) * noise` with the same key,
"and x is sorted to avoid the correlation resulting by using the same key".
The noise is a deterministic function of the same random bits as the inputs.
The fix splits the key (clean look-alike). Data simulation wrapped in a helper
that the regression and classification examples call with their own seeds.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax.numpy as jnp
import jax.random as jr
from jax.scipy.special import erfinv


class Dataset:
    def __init__(self, X, y):
        self.X, self.y = X, y

    @property
    def n(self):
        return self.X.shape[0]


def f(x):
    return jnp.sin(4 * x) + jnp.cos(2 * x)


def simulate_dataset(key, n=100, noise=0.3):
    x = jr.uniform(key=key, minval=-3.0, maxval=3.0, shape=(n,)).sort().reshape(-1, 1)
    signal = f(x)
    y = signal + jr.normal(key, shape=signal.shape) * noise  # expect: JAX501
    return Dataset(X=x, y=y), signal


def run():
    coupled = 0
    for seed in (123, 42, 7):
        D, signal = simulate_dataset(jr.PRNGKey(seed))
        eps = (D.y - signal)[:, 0] / 0.3
        # Drawn from the same bits, x = 6z - 3 and eps = sqrt(2) erfinv(2z - 1):
        # the sorted noise is then a fixed transform of the sorted inputs.
        coupled += int(jnp.allclose(jnp.sort(eps), jnp.sqrt(2.0) * erfinv(D.X[:, 0] / 3.0), atol=1e-3))
    # how many simulated datasets have noise fully determined by their inputs
    return coupled
