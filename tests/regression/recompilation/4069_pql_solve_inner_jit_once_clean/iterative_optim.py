import jax
import jax.numpy as jnp


def inner_func(reg_strength, X, y):
    pen = jnp.exp(reg_strength)
    coef = jnp.linalg.solve(X.T @ X + pen * jnp.eye(X.shape[1]), X.T @ y)
    return jnp.mean((X @ coef - y) ** 2) + 1e-3 * reg_strength ** 2


def pql_outer_iteration(reg_strength, X, y, max_iter=4, lr=0.1):
    lower_bnd, upper_bnd = -12.0, 25.0

    def _solve_inner(reg_strength, X_inner, y_inner):
        g = jax.grad(inner_func)(reg_strength, X_inner, y_inner)
        return jnp.clip(reg_strength - lr * g, lower_bnd, upper_bnd)

    # Wrap the inner solver in our own jit so its cache hits across
    # outer iterations (without this it recompiled once per iter).
    _solve_inner = jax.jit(_solve_inner)

    for i in range(max_iter):
        weights = jnp.exp(-0.1 * i) * jnp.ones(y.shape[0])
        Xw = X * jnp.sqrt(weights)[:, None]
        yw = y * jnp.sqrt(weights)
        reg_strength = _solve_inner(reg_strength, Xw, yw)
    return reg_strength
