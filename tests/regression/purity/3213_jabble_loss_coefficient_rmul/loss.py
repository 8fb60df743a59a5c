from functools import partial

import jax
import jax.numpy as jnp


class LossFunc:
    """
    Loss or Objective function class for fitting jabble.models
    """

    def __init__(self, coefficient=1.0):
        self.coefficient = coefficient

    def __mul__(self, x):
        self.coefficient *= x
        return self

    def __rmul__(self, x):
        self.coefficient *= x
        return self

    def __repr__(self) -> str:
        return "{:.2e}".format(self.coefficient) + " {obj.__class__.__name__}".format(obj=self) + "()"


class ChiSquare(LossFunc):
    @partial(jax.jit, static_argnums=(0, 4, 5))
    def __call__(self, p, datarow, metarow, model, margs=()):
        return self.coefficient * jnp.where(  # expect: JAX108
            ~datarow["mask"],
            0.5 * datarow["yivar"]
            * (((datarow["ys"] - model(p, datarow["xs"], metarow, margs)) ** 2)),
            0.0,
        )
