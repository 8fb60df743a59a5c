"""The old rebayes EKF (`rebayes/deprecated/ekf_old.py`) jits its `update_state` method with
`static_argnums=(0,)` and, inside that jitted method, picks the conditioning routine by
assigning it to an attribute: `self.update_fn = _full_covariance_condition_on` (or the
variational / fully-decoupled variant) depending on `self.method`. The assignment is a
side effect that only happens while JAX traces: `self` is hashed by identity, so when a
user switches an existing estimator to another method (`ekf.method = "fdekf"`) and calls
`update_state` again, the cached trace runs and neither the attribute nor the math change.

Source: https://github.com/probml/rebayes/blob/3b880724541e913d7a7b2d06ee2e0407e66307ab/rebayes/deprecated/ekf_old.py
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax.numpy as jnp

from ekf import (EKFBel, RebayesEKF, _fully_decoupled_ekf_condition_on)


def emission(params, u):
    return jnp.dot(params, u)


def run():
    ekf = RebayesEKF(emission, method="fcekf")
    bel = EKFBel(mean=jnp.zeros(3), cov=jnp.eye(3))
    u, y = jnp.array([1.0, 0.5, -0.2]), jnp.array(0.7)
    bel = ekf.update_state(bel, u, y)
    # switch the existing estimator to the fully decoupled variant
    ekf.method = "fdekf"
    bel = ekf.update_state(bel, u, y)
    stale = ekf.update_fn is not _fully_decoupled_ekf_condition_on
    return int(stale)
