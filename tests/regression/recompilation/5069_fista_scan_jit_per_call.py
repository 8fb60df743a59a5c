"""FISTA-TV reconstruction: `_run_fista_scan` defines the data-term objective as a closure over
geometry, projections and config, then wraps it with
`val_and_grad = jax.jit(val_and_grad_fn, donate_argnums=(0,))` inside the function. A caller that
reconstructs repeatedly with identical shapes (here, once per outer alignment iteration) gets a
new closure jitted on each call, so the gradient kernel is compiled again every time.

Source: https://github.com/tristanmanchester/tomojax/blob/214365a527d675f38efb86f6944e3fbc98cc56e7/src/tomojax/recon/fista_tv.py#L714
Observed on jax 0.10.x: val_and_grad_fn compiled 3 times
"""
import jax
import jax.numpy as jnp


def grad_data_term(T_all, projections, z):
    r = jnp.einsum("vij,j->vi", T_all, z.ravel()) - projections
    g = jnp.einsum("vij,vi->j", T_all, r).reshape(z.shape)
    return g, 0.5 * jnp.sum(r**2)


def _run_fista_scan(T_all, projections, x0, iters, L, lambda_tv=0.0):
    def val_and_grad_fn(z):
        g, v = grad_data_term(T_all, projections, z)
        if float(lambda_tv) != 0.0:
            g = g + lambda_tv * z
        return v, g

    val_and_grad = jax.jit(val_and_grad_fn, donate_argnums=(0,))
    x, y, t = x0, x0, 1.0
    for _ in range(iters):
        v, g = val_and_grad(jnp.array(y))  # expect: JAX402
        x_new = y - g / L
        t_new = 0.5 * (1.0 + (1.0 + 4.0 * t * t) ** 0.5)
        y = x_new + ((t - 1.0) / t_new) * (x_new - x)
        x, t = x_new, t_new
    return x, v


def run():
    key = jax.random.PRNGKey(0)
    T_all = jax.random.normal(key, (3, 6, 16))
    projections = jax.random.normal(key, (3, 6))
    x = jnp.zeros((4, 4))
    for outer_idx in range(3):
        x, loss = _run_fista_scan(T_all, projections, x, iters=4, L=200.0)
    return int(jnp.isfinite(loss))
