from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.checkpoint, static_argnums=4)  # expect: JAX303
def linear_modes(modes, cosmo, conf, a=None):
    kvec = jnp.fft.rfftfreq(conf["mesh"]) * conf["box"]
    Plin = cosmo["A_s"] * (kvec + 1e-3) ** cosmo["n_s"]
    if a is not None:
        Plin = Plin * a ** 2
    return modes * jnp.sqrt(Plin)
