"""ONNX NonZero handler calls jnp.nonzero without size inside a jitted graph.

Source: https://github.com/google/jaxonnxruntime/issues/29
"Cannot jax.jit the nonzero operator": the NonZero handler returned
`jnp.stack(jnp.nonzero(x))`, and running the converted model inside
`jax.jit` raised ConcretizationTypeError ("The size argument of jnp.nonzero
must be statically specified"). Here the op registry, the handlers and the
graph runner are separate modules of a package.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax.numpy as jnp

from .graph import build_model


def run():
    model = build_model([("Relu", {}), ("NonZero", {})])
    return model(jnp.array([[-1.0, 2.0], [3.0, -4.0]]))
