"""Asgard compiles string-diagram circuits to JAX functions; `JAXCircuitCompiler.compile(circuit,
jit=True)` wraps the generated function in jax.jit. Its docs explain that circuits with a trace
(feedback) operator break under jit: the fixed-point solver "converges by checking
`if diff < tolerance: break`", a condition on a JAX value that cannot be evaluated while tracing.
Here a user compiles a feedback circuit with jit=True, which works eagerly but fails once jitted.

Source: https://gimle-asgard.pages.dev/advanced/jax-jit
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax.numpy as jnp

from .jax_compiler import JAXCircuitCompiler, Scalar, Trace


def run():
    compiler = JAXCircuitCompiler()
    circuit = [Scalar(2.0), Trace(Scalar(0.5))]
    eager = compiler.compile(circuit, jit=False)
    eager(jnp.ones(3))
    fn = compiler.compile(circuit, jit=True)
    return float(fn(jnp.ones(3)).sum())
