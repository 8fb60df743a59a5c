"""A user differentiates a piecewise function dispatched with jax.lax.switch;
each branch masks its input with `jnp.where(0. < x < 1., ...)`. Python turns
the chained comparison into `(0. < x) and (x < 1.)`, and `and` needs the truth
value of a traced boolean array, so `grad(func, argnums=1)(1, 0.5)` fails with
TracerBoolConversionError (the article's fix is `(0. < x) & (x < 1.)`).

Source: https://m.17golang.com/article/456939.html
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax.numpy as jnp
from jax import grad
from jax.lax import switch

func_0 = lambda x: jnp.where(0. < x < 1., x, 0.)  # expect: JAX201
func_1 = lambda x: jnp.where(0. < x < 1., x, 1.)  # expect: JAX201

func_list = [func_0, func_1]
func = lambda index, x: switch(index, func_list, x)


def run():
    df = grad(func, argnums=1)(1, 0.5)
    return df


if __name__ == "__main__":
    run()
