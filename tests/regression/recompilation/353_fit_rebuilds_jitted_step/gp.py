"""Minimal GP regression model with a fit() convenience loop."""
import jax
import jax.numpy as jnp


def rbf(x1, x2, lengthscale, variance):
    d2 = (x1[:, None] - x2[None, :]) ** 2
    return variance * jnp.exp(-0.5 * d2 / lengthscale**2)


def neg_mll(params, x, y):
    ls, var, noise = jnp.exp(params["log_ls"]), jnp.exp(params["log_var"]), jnp.exp(params["log_noise"])
    K = rbf(x, x, ls, var) + noise * jnp.eye(x.shape[0])
    L = jnp.linalg.cholesky(K)
    alpha = jax.scipy.linalg.cho_solve((L, True), y)
    return 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(L)))


def fit(params, x, y, num_iters=20, lr=0.05, jit_compile=True):
    def step(params):
        loss, grads = jax.value_and_grad(neg_mll)(params, x, y)
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads), loss

    if jit_compile:
        step = jax.jit(step)
    for _ in range(num_iters):
        params, loss = step(params)  # expect: JAX402
    return params, loss
