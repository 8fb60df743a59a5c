"""The asker builds a piecewise function from lax.switch branches and differentiates it with
jax.grad. Each branch masks with jnp.where using a Python chained comparison `0. < x < 1.`; Python
expands it to `(0. < x) and (x < 1.)`, which needs the truth value of a traced boolean, so grad
fails with TracerBoolConversionError (fix: `(0. < x) & (x < 1.)`).

Source: https://php.wlsqs.com/faq/1902291.html
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
from jax import grad
from jax.lax import switch
import jax.numpy as jnp

func_0 = lambda x: jnp.where(0. < x < 1., x, 0.)  # expect: JAX201
func_1 = lambda x: jnp.where(0. < x < 1., x, 1.)  # expect: JAX201

func_list = [func_0, func_1]
func = lambda index, x: switch(index, func_list, x)


def run():
    df = grad(func, argnums=1)
    for idx, x in ((1, 2.0), (0, 0.5)):
        df(idx, x)
    return 0
