import jax.numpy as jnp
from jax import jit


def approx_df(x, f, method="cubic", axis=-1, **kwargs):
    """Approximates first derivatives of f(x) for the spline coefficients."""
    # close over static args to deal with non-jittable kwargs
    def fun(x, f):
        return _approx_df(x, f, method, axis, **kwargs)

    return jit(fun)(x, f)  # expect: JAX402


def _approx_df(x, f, method, axis, c=0, bc_type="not-a-knot"):
    f = jnp.moveaxis(f, axis, 0)
    dx = jnp.diff(x)
    df = jnp.diff(f, axis=0)
    dxr = dx.reshape([dx.shape[0]] + [1] * (f.ndim - 1))
    delta = df / dxr
    if method == "cubic":
        fx = jnp.concatenate([delta[:1], (delta[1:] + delta[:-1]) / 2, delta[-1:]])
    elif method == "cardinal":
        fx = (1 - c) * jnp.concatenate([delta[:1], (delta[1:] + delta[:-1]) / 2, delta[-1:]])
    else:
        raise ValueError(f"unknown method {method}")
    return jnp.moveaxis(fx, 0, axis)
