"""``output_scale or np.ones_like(...)`` on a traced output scale (probdiffeq prior_ibm).

Source: https://github.com/pnkraemer/probdiffeq/commit/053cbc3174545176e24383b0f112e91be8bca92b
("Fix a tracer conversion issue")

``prior_ibm(tcoeffs, *, ssm_fact, output_scale=None)`` filled in the default with
``output_scale_user = output_scale or np.ones_like(ssm.prototypes.output_scale())``.
That is fine for ``None`` or a Python float, but when the output scale is a
traced value - e.g. when a calibration loss is jitted/differentiated with
respect to it - ``or`` asks for the truth value of an array and tracing fails.
The fix tests ``if output_scale is None:`` instead.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import math
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp


class _MarkovProcess(NamedTuple):
    tcoeffs: Any
    output_scale: Any
    discretize: Callable

    @property
    def num_derivatives(self):
        return len(self.tcoeffs) - 1


def _ibm_transitions(num_derivatives, output_scale):
    n = num_derivatives + 1

    def discretize(dt):
        A = jnp.stack([jnp.array([dt ** (j - i) / math.factorial(j - i) if j >= i else 0.0
                                  for j in range(n)]) for i in range(n)])
        q = jnp.array([[dt ** (2 * n - 1 - i - j) / ((2 * n - 1 - i - j) * math.factorial(n - 1 - i)
                                                     * math.factorial(n - 1 - j)) for j in range(n)]
                       for i in range(n)])
        return A, output_scale ** 2 * q

    return discretize


def prior_ibm(tcoeffs, *, output_scale=None):
    """Construct a multiply-integrated Wiener process prior."""
    output_scale_user = output_scale or jnp.ones_like(jnp.asarray(tcoeffs[0]))  # expect: JAX201
    discretize = _ibm_transitions(len(tcoeffs) - 1, output_scale_user)
    output_scale_calib = jnp.ones_like(jnp.asarray(tcoeffs[0]))
    return _MarkovProcess(tcoeffs, output_scale_calib, discretize=discretize)


def process_noise_trace(output_scale, ts, tcoeffs):
    prior = prior_ibm(tcoeffs, output_scale=output_scale)
    _, Q = jax.vmap(prior.discretize)(jnp.diff(ts))
    return jnp.sum(jnp.trace(Q, axis1=-2, axis2=-1))


calibration_loss = jax.jit(process_noise_trace)


def run():
    ts = jnp.linspace(0.0, 1.0, 11)
    tcoeffs = (jnp.float32(1.0), jnp.float32(0.5), jnp.float32(0.1))
    return calibration_loss(jnp.float32(2.0), ts, tcoeffs)
