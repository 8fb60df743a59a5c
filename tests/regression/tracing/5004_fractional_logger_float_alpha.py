"""Fractional Burgers rheology model: ``model_function(X, params, test_mode)`` is the function
handed to the NLSQ / NumPyro fitting machinery, which traces it. A debug log line inside it
formats the fractional order with ``float(alpha) if hasattr(alpha, "item") else alpha``; a tracer
has ``.item`` too, so under jit the float() conversion of the traced order aborts tracing. The
project removed the cast ("Don't cast tracer to float").

Source: https://github.com/imewei/rheojax/blob/054892ed29c7b098bc94faf09984e61cb13a8765/rheojax/models/fractional/fractional_burgers.py#L549
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import logging

import jax
import jax.numpy as jnp

logger = logging.getLogger("rheojax.fractional_burgers")


class FractionalBurgersModel:
    def _predict_creep(self, t, Jg, eta1, Jk, alpha, tau_k):
        # creep compliance with a stretched fractional Kelvin element
        return Jg + t / eta1 + Jk * (1.0 - jnp.exp(-((t / tau_k) ** alpha)))

    def model_function(self, X, params, test_mode="creep"):
        Jg = params[0]
        eta1 = params[1]
        Jk = params[2]
        alpha = params[3]
        tau_k = params[4]

        logger.debug(  # expect: JAX102
            "model_function evaluation test_mode=%s alpha=%s input_shape=%s",
            str(test_mode),
            float(alpha) if hasattr(alpha, "item") else alpha,  # expect: JAX202
            X.shape if hasattr(X, "shape") else len(X),
        )
        return self._predict_creep(X, Jg, eta1, Jk, alpha, tau_k)


def run():
    model = FractionalBurgersModel()
    t = jnp.linspace(0.1, 10.0, 16)
    params = jnp.array([1e-5, 1e4, 2e-5, 0.6, 1.5])
    J_data = model.model_function(t, params)  # eager: fine

    @jax.jit
    def loss(p):
        return jnp.sum((model.model_function(t, p) - J_data) ** 2)

    return loss(params)


if __name__ == "__main__":
    run()
