"""brmp (a brms-like front end on pyro/numpyro) runs inference again every time a new data point
arrives. The jitted log-density of the regression model is called with the whole dataset so far,
so its input shape grows by one row per refit and XLA recompiles the potential for every new
data size; the numpyro developers note caching only helps when the data shape stays the same.

Source: https://github.com/pyro-ppl/brmp/issues/12
Observed on jax 0.10.x: potential_energy compiled 3 times
"""
import jax.numpy as jnp
import numpy as np

from backend import potential_energy


def run():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(10, 2)).astype(np.float32)
    y = rng.normal(size=(10,)).astype(np.float32)
    params = {"b": jnp.zeros(2), "log_sigma": jnp.zeros(())}
    for _ in range(3):
        potential_energy(params, X, y)  # expect: JAX404
        X = np.vstack([X, rng.normal(size=(1, 2)).astype(np.float32)])
        y = np.append(y, np.float32(rng.normal()))
    return None


if __name__ == "__main__":
    run()
