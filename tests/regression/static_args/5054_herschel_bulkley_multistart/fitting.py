import jax.numpy as jnp

from .models import HerschelBulkley


def multistart_fit(gamma_dot, stress, starts):
    best = None
    for sigma_y, K, n in starts:
        model = HerschelBulkley(sigma_y=sigma_y, K=K, n=n)
        resid = float(jnp.mean((model._predict(gamma_dot) - stress) ** 2))
        if best is None or resid < best[0]:
            best = (resid, model)
    return best
