"""Reference nonbonded energy asserts on the box and the cutoff; the
``to_reference`` callable is then jitted.

Source: https://github.com/proteneer/timemachine/pull/800
"``nonbonded_ref_jit(conf, params, box, lam)`` Fails with
``ConcretizationTypeError``. JAX fails to trace through the assertions in
``nonbonded_v3``. This can be fixed by passing ``runtime_validate=False``."

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
from functools import partial

import jax
import jax.numpy as jnp


def nonbonded_v3(conf, params, box, lamb, beta, cutoff, runtime_validate=True):
    if runtime_validate:
        assert (box.diagonal() > 2 * cutoff).all(), "box too small for cutoff"  # expect: JAX201
    dij = jnp.linalg.norm(conf[:, None, :] - conf[None, :, :] + jnp.eye(conf.shape[0])[..., None], axis=-1)
    qij = params[:, 0][:, None] * params[:, 0][None, :]
    e = jnp.where(dij < cutoff, qij * jax.scipy.special.erfc(beta * dij) / dij, 0.0)
    return 0.5 * jnp.sum(jnp.triu(e, k=1)) * (1.0 - lamb)


class Nonbonded:
    def __init__(self, beta=2.0, cutoff=1.2):
        self.beta = beta
        self.cutoff = cutoff

    def to_reference(self):
        return partial(nonbonded_v3, beta=self.beta, cutoff=self.cutoff)


def run():
    nonbonded_ref = Nonbonded().to_reference()
    conf = jnp.array([[0.0, 0.0, 0.0], [0.5, 0.0, 0.0], [0.0, 0.7, 0.0]])
    params = jnp.array([[0.3, 0.1], [-0.3, 0.1], [0.2, 0.1]])
    box = 5.0 * jnp.eye(3)
    nonbonded_ref(conf, params, box, 0.0)  # OK eagerly
    nonbonded_ref_jit = jax.jit(nonbonded_ref)
    return nonbonded_ref_jit(conf, params, box, 0.0)
