"""FIKH (fractional isokinematic hardening) model: the scan kernel was jitted with
static_argnums=(2, 3, 4), i.e. n_history, alpha and use_viscosity static. alpha is the fractional
order, a fitted parameter; the gradient-based fit differentiates the loss with respect to the whole
parameter dict, so alpha arrives at the kernel as a tracer on a static position and the fit fails
on the first gradient. The maintainers later dropped alpha from static_argnums ("alpha can now be a
traced value since it's not in static_argnums").

Source: https://github.com/imewei/rheojax/blob/befaef93c5e9baf00cbc3d19c6d2e77c2bf3866d/rheojax/models/fikh/_kernels.py#L758
Observed on jax 0.10.x: raises ValueError
"""
import jax
import jax.numpy as jnp

from model import FIKH


def run():
    model = FIKH(n_history=16)
    times = jnp.linspace(0.0, 1.0, 20)
    strains = 0.1 * jnp.sin(2 * jnp.pi * times)
    stress_obs = 0.5 * strains
    params = {"G": jnp.float32(1.0), "eta": jnp.float32(0.1), "alpha": jnp.float32(0.5)}
    grads = jax.grad(model.loss)(params, times, strains, stress_obs)
    return float(grads["G"])
