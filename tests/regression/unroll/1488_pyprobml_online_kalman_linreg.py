"""pyprobml "Kalman filter demo" (linreg_online_kalman_demo): online Bayesian linear
regression is written as a Kalman filter whose state is the weight vector; the demo
updated the posterior with a Python for loop over every data point inside the jitted
function. The PR replaces the for loops with `jax.lax.scan`.

Source: https://github.com/probml/pyprobml/pull/658
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def kf_linreg(X, y, mu0, Sigma0, obs_var):
    n_samples = X.shape[0]
    mu, Sigma = mu0, Sigma0
    mu_hist = []
    for n in range(n_samples):  # expect: JAX407
        x_n = X[n]
        S = x_n @ Sigma @ x_n + obs_var
        K = Sigma @ x_n / S
        mu = mu + K * (y[n] - x_n @ mu)
        Sigma = Sigma - jnp.outer(K, x_n @ Sigma)
        mu_hist.append(mu)
    return jnp.stack(mu_hist), Sigma


def run():
    key = jax.random.PRNGKey(0)
    x = jnp.linspace(0, 20, 60)
    X = jnp.stack([jnp.ones_like(x), x], axis=1)
    y = 1.0 + 0.5 * x + jax.random.normal(key, x.shape)
    kf_linreg(X, y, jnp.zeros(2), jnp.eye(2) * 10.0, 1.0)
    return None


if __name__ == "__main__":
    run()
