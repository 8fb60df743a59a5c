"""A numpy array stored in a non-pytree (static) field of a dataclass passed to jit.

Source: https://github.com/jax-ml/jax/issues/7826
The reporter declared `c: np.ndarray = field(pytree_node=False)` on a flax
struct dataclass and passed two such models to a jitted function: the first call
works, the second fails while jit compares the static fields
("The truth value of an array with more than one element is ambiguous").
Rebuilt with `jax.tree_util.register_dataclass` (what flax.struct does).

Observed on jax 0.10.2: raises ValueError
"""
import dataclasses

import jax
import numpy as np


@dataclasses.dataclass
class Model:
    w: jax.Array
    c: np.ndarray  # expect: JAX301


jax.tree_util.register_dataclass(Model, data_fields=["w"], meta_fields=["c"])


@jax.jit
def f(model):
    return (model.w * 2.0).sum()


def run():
    m = Model(np.zeros(3, np.float32), np.ones(10))
    n = Model(np.zeros(3, np.float32), np.ones(10))
    f(m)
    return f(n)  # expect: JAX301,JAX302,JAX303
