"""Evidence integrator carried alongside the nested-sampling live points."""
from typing import NamedTuple

import jax.numpy as jnp


class NSIntegrator(NamedTuple):
    logX: jnp.ndarray
    logZ: jnp.ndarray


def init_integrator(loglikelihood):
    # Python scalars: weakly typed, unlike what step_fn returns.
    return NSIntegrator(logX=0.0, logZ=-1e30)


def update_integrator(integrator, dead_logL, num_live):
    delta_logX = -1.0 / num_live
    logX = integrator.logX + delta_logX
    log_w = jnp.log(-jnp.expm1(delta_logX)) + integrator.logX + dead_logL
    logZ = jnp.logaddexp(integrator.logZ, log_w)
    return NSIntegrator(logX=logX, logZ=logZ)
