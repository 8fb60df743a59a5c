"""pyprobml `lds_lib`: the `KalmanFilter` class ran its filtering recursion with a
custom Python for loop over `num_timesteps = x_hist.shape[0]`. Jitting the filter
unrolls one predict/update block per observation, so compile time grows with the
length of the series; the PR refactors it to `jax.lax.scan`.

Source: https://github.com/probml/pyprobml/pull/590
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from lds_lib import KalmanFilter


def run():
    dt = 0.1
    A = jnp.array([[1.0, 0.0, dt, 0.0], [0.0, 1.0, 0.0, dt], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]])
    C = jnp.eye(2, 4)
    lds = KalmanFilter(A, C, 0.01 * jnp.eye(4), 0.1 * jnp.eye(2), jnp.zeros(4), jnp.eye(4))
    x_hist = jnp.cumsum(jnp.ones((50, 2)) * 0.1, axis=0)
    jax.jit(lds.filter)(x_hist)
    return None


if __name__ == "__main__":
    run()
