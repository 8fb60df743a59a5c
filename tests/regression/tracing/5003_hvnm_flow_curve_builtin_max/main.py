"""Rheology model code (HVNM, a vitrimer network model) guards a rate constant with Python's
builtin ``max(k_d_D, 1e-30)`` before dividing. With float parameters it works; during the
least-squares / Bayesian fit the parameters are traced (the fit objective builds the model from the
parameter vector inside a jitted residual), and builtin max compares the tracer with the float,
which needs a Python bool. The project replaced the three occurrences with jnp.maximum.

Source: https://github.com/imewei/rheojax/blob/4340e2ead6f507f929eb52f668e0cbe5949e1885/rheojax/models/hvnm/local.py#L784
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from model import HVNMLocal

@jax.jit
def residual(params, gamma_dot, N1_data):
    model = HVNMLocal(G_D=params[0], k_d_D=params[1])
    N1, _ = model.predict_normal_stresses(gamma_dot)
    return jnp.sum((N1 - N1_data) ** 2)


def run():
    gamma_dot = jnp.logspace(-1, 1, 8)
    N1_data = 2.0e3 * (gamma_dot / 2.0) ** 2
    return residual(jnp.array([1.0e3, 2.0]), gamma_dot, N1_data)


if __name__ == "__main__":
    run()
