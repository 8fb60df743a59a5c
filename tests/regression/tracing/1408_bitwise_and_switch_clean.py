"""Clean look-alike of the chained-comparison case: the corrected answer combines the two traced
comparisons with the element-wise `&` operator inside jnp.where, keeps each comparison in
parentheses, and differentiates the lax.switch of the branches with jax.grad. No Python truth
value of a tracer is needed.

Source: https://php.wlsqs.com/faq/1902318.html
Observed on jax 0.10.x: runs
"""
from jax import grad
from jax.lax import switch
import jax.numpy as jnp

func_0 = lambda x: jnp.where((0. < x) & (x < 1.), x, 0.)
func_1 = lambda x: jnp.where((0. < x) & (x < 1.), x, 1.)

func_list = [func_0, func_1]
func = lambda index, x: switch(index, func_list, x)


def run():
    df = grad(func, argnums=1)
    vals = [df(1, 2.0), df(0, 0.5)]
    return 0
