"""A jaxopt-style wrapper that hands a JAX objective to scipy.optimize."""
import jax
import jax.numpy as jnp
import numpy as onp
import scipy.optimize as osp
from jax import tree_util


def jnp_to_onp(x_jnp, dtype=onp.float64):
    """Flattens a pytree of JAX arrays into one NumPy vector."""
    x_onp = [onp.asarray(leaf, dtype).reshape(-1) for leaf in tree_util.tree_leaves(x_jnp)]  # expect: JAX203
    return onp.concatenate(x_onp)


class ScipyBoundedMinimize:
    def __init__(self, fun, method="l-bfgs-b"):
        self.fun = fun
        self.method = method
        self._value_and_grad = jax.jit(jax.value_and_grad(fun))

    def run(self, init_params, bounds, *args):
        x0 = jnp_to_onp(init_params)
        lo, hi = (jnp_to_onp(b) for b in bounds)

        def scipy_fun(x):
            v, g = self._value_and_grad(jnp.asarray(x), *args)
            return float(v), onp.asarray(g, onp.float64)

        res = osp.minimize(scipy_fun, x0, jac=True, method=self.method,
                           bounds=osp.Bounds(lo, hi))
        return jnp.asarray(res.x), -res.fun, res.success
