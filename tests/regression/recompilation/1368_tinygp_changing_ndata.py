"""A tinygp user fits a jitted GP log-likelihood and re-runs it as more observations arrive, changing
N_data each time. Every new length of x / y / noise is a new input shape, so the jitted model is
recompiled for each dataset size; the user asks how to pad inputs to a fixed size instead.

Source: https://github.com/dfm/tinygp/issues/106
Observed on jax 0.10.x: neg_log_likelihood compiled 3 times
"""
import jax
import jax.numpy as jnp


def exp_squared_kernel(x1, x2, scale):
    return jnp.exp(-0.5 * ((x1[:, None] - x2[None, :]) / scale) ** 2)


@jax.jit
def neg_log_likelihood(log_scale, x, y, noise):
    K = exp_squared_kernel(x, x, jnp.exp(log_scale)) + jnp.diag(noise ** 2)
    L = jnp.linalg.cholesky(K)
    alpha = jax.scipy.linalg.cho_solve((L, True), y)
    return 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(L)))


def run():
    key = jax.random.PRNGKey(0)
    for n_data in (20, 35, 50):
        x = jnp.sort(jax.random.uniform(key, (n_data,), maxval=10.0))
        y = jnp.sin(x)
        noise = 0.1 * jnp.ones(n_data)
        neg_log_likelihood(jnp.array(0.0), x, y, noise)  # expect: JAX404
    return None


if __name__ == "__main__":
    run()
