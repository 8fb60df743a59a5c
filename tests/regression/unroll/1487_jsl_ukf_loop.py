"""JSL #1 "Replace for loop for jax.lax.scan in UnscentedKalmanFilter class": the UKF's
`filter` method looped over the observation array in Python. Under jit that loop is
unrolled over every observation (each with sigma-point generation and a Cholesky), so
the traced program grows with the number of observations.

Source: https://github.com/probml/JSL/issues/1
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


class UnscentedKalmanFilter:
    def __init__(self, fz, fx, Q, R, alpha=1.0, beta=0.0, kappa=1.0):
        self.fz, self.fx, self.Q, self.R = fz, fx, Q, R
        self.alpha, self.beta, self.kappa = alpha, beta, kappa

    def sigma_points(self, mu, Sigma):
        d = mu.shape[0]
        lmbda = self.alpha ** 2 * (d + self.kappa) - d
        L = jnp.linalg.cholesky((d + lmbda) * Sigma)
        pts = jnp.concatenate([mu[None], mu + L.T, mu - L.T])
        wm = jnp.full(2 * d + 1, 1.0 / (2 * (d + lmbda))).at[0].set(lmbda / (d + lmbda))
        return pts, wm

    def filter(self, init_state, observations):
        mu, Sigma = init_state
        mu_hist = []
        for obs in observations:  # expect: JAX407
            pts, w = self.sigma_points(mu, Sigma)
            pts = jax.vmap(self.fz)(pts)
            mu_bar = w @ pts
            Sigma_bar = (w[:, None] * (pts - mu_bar)).T @ (pts - mu_bar) + self.Q
            pts, w = self.sigma_points(mu_bar, Sigma_bar)
            ys = jax.vmap(self.fx)(pts)
            y_hat = w @ ys
            S = (w[:, None] * (ys - y_hat)).T @ (ys - y_hat) + self.R
            cross = (w[:, None] * (pts - mu_bar)).T @ (ys - y_hat)
            K = cross @ jnp.linalg.inv(S)
            mu = mu_bar + K @ (obs - y_hat)
            Sigma = Sigma_bar - K @ S @ K.T
            mu_hist.append(mu)
        return jnp.stack(mu_hist)


def run():
    fz = lambda x: x + 0.1 * jnp.sin(x[::-1])
    fx = lambda x: x[:1]
    ukf = UnscentedKalmanFilter(fz, fx, 0.01 * jnp.eye(2), 0.1 * jnp.eye(1))
    observations = jnp.sin(jnp.linspace(0, 4, 40))[:, None]
    jax.jit(ukf.filter)((jnp.zeros(2), jnp.eye(2)), observations)
    return None


if __name__ == "__main__":
    run()
