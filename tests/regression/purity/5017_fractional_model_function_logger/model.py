import logging

import jax.numpy as jnp

logger = logging.getLogger("rheojax.models.fractional_burgers")


class FractionalBurgersModel:
    def _predict_creep(self, t, Jg, eta1, Jk, alpha, tau_k):
        return Jg + t / eta1 + Jk * (1.0 - jnp.exp(-((t / tau_k) ** alpha)))

    def _predict_relaxation(self, t, Jg, eta1, Jk, alpha, tau_k):
        return 1.0 / self._predict_creep(t, Jg, eta1, Jk, alpha, tau_k)

    def model_function(self, X, params, test_mode=None):
        Jg, eta1, Jk, alpha, tau_k = params[0], params[1], params[2], params[3], params[4]
        if test_mode is None:
            test_mode = "creep"

        logger.debug(  # expect: JAX102
            "model_function evaluation test_mode=%s alpha=%s input_shape=%s",
            str(test_mode),
            alpha,  # Don't cast tracer to float
            X.shape if hasattr(X, "shape") else len(X),
        )

        if test_mode == "relaxation":
            logger.debug("Computing relaxation modulus with Mittag-Leffler evaluation")  # expect: JAX102
            return self._predict_relaxation(X, Jg, eta1, Jk, alpha, tau_k)
        logger.debug("Computing creep compliance with Mittag-Leffler evaluation")  # expect: JAX102
        return self._predict_creep(X, Jg, eta1, Jk, alpha, tau_k)
