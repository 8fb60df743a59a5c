"""rubix: pipeline `get_jaxpr` passes `static_argnums=(1,)` for a one-argument kernel.

Source: https://github.com/AstroAI-Lab/rubix/issues/35
(rubix, "Pipeline Fails on new jax version").

A rubix pipeline composes its transformer steps into one `expression`, a
`jax.tree_util.Partial(expr, pipeline=[...])` whose only positional parameter
is the input. `get_jaxpr(*args, static_args=...)` forwards to
`make_jaxpr(deepcopy(kernel), static_argnums=static_args)(*deepcopy(args))`.
The test asked for `static_args=[1]`, an index no positional parameter has.
Older JAX ignored it; from 0.4.27 it is an error: "ValueError: Jitted function
has static_argnums=(1,), but only accepts 1 positional arguments." (Reported
through `make_jaxpr`, which applies the same argnums validation as `jit`.)

Observed on jax 0.10.2: raises ValueError
"""
from copy import deepcopy

from jax import make_jaxpr
from jax.tree_util import Partial
import jax.numpy as jnp


def add(x, s):
    return x + s


def mult(x, m):
    return x * m


def div(x, d):
    return x / d


def expression_transformer(*args, static_args: list = []):
    def transformer_wrap(kernel):
        if len(args) > 0:
            return make_jaxpr(deepcopy(kernel), static_argnums=static_args)(  # expect: JAX303
                *deepcopy(args)
            )
        return make_jaxpr(deepcopy(kernel))

    return transformer_wrap


class AbstractPipeline:
    def __init__(self, transformers):
        self.transformers = transformers
        self.expression = self.build_expression()

    def get_jaxpr(self, *args, static_args: list = []):
        return expression_transformer(*args, static_args=static_args)(self.expression)


class LinearTransformerPipeline(AbstractPipeline):
    def build_expression(self):
        def expr(input, pipeline=None):
            res = input
            for f in pipeline:
                res = f(res)
            return res

        return Partial(expr, pipeline=self.transformers)


def run():
    pipeline = LinearTransformerPipeline(
        [Partial(add, s=3.0), Partial(mult, m=3), Partial(div, d=4)]
    )
    x = jnp.array([1.0, 2.0, 3.0])
    return pipeline.get_jaxpr(x, static_args=[1])
