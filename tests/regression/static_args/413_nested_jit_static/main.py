"""A static argument routed through another jitted helper comes back traced.

Source: https://github.com/jax-ml/jax/issues/35090
`my_arange(k)` was jitted with k static and called `jnp.arange(add1(k))`
where `add1` was itself jitted with a static argument. The output of a jitted
call is always a traced array, so the value reaching `arange` was no longer
static and tracing raised ConcretizationTypeError.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax.numpy as jnp

from basis import fourier_basis


def run():
    return fourier_basis(jnp.linspace(0.0, 3.0, 5), 3)
