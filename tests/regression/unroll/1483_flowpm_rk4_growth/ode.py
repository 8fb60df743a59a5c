import jax.numpy as jnp


def odeint_rk4(fn, y0, t, *args):
    """Fixed-step RK4, written as a plain Python loop over the time grid."""
    ys = [y0]
    y = y0
    for i in range(len(t) - 1):  # expect: JAX407
        h = t[i + 1] - t[i]
        k1 = fn(y, t[i], *args)
        k2 = fn(y + 0.5 * h * k1, t[i] + 0.5 * h, *args)
        k3 = fn(y + 0.5 * h * k2, t[i] + 0.5 * h, *args)
        k4 = fn(y + h * k3, t[i] + h, *args)
        y = y + h / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        ys.append(y)
    return jnp.stack(ys)
