"""Experiments with a frozen dataclass layer registered as a pytree (research notes repo).
The author jits the layer *instance* itself with `jax.jit(linear1, static_argnums=[0])`. For a
callable object, position 0 is the layer's input `x`, not the layer, so the data argument is
made static. A scalar Python float still works (`jitted_linear(0.5)`), but as soon as the jitted
layer is mapped over data with `jax.vmap(jitted_linear)(x)` the batched tracer lands in the static
slot and JAX refuses to hash it.

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/Advanced/test_dataclass.py#L95-L100
Observed on jax 0.10.x: raises ValueError
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node


@dataclass(frozen=True)
class NNModule:
    name: str = None


@dataclass(init=True, repr=True, eq=True, order=True, frozen=True)
class Linearlayer(NNModule):
    scale: float = 1.0
    bias: float = 0.0

    def __call__(self, x):
        return self.scale * x + self.bias


def special_flatten(v: Linearlayer):
    children = (v.scale, v.bias)
    aux_data = (v.name,)
    return (children, aux_data)


def special_unflatten(aux_data, children):
    return Linearlayer(aux_data[0], *children)


register_pytree_node(Linearlayer, special_flatten, special_unflatten)


def run():
    linear1 = Linearlayer('linear1', 0.5, 0.2)
    jitted_linear = jax.jit(linear1, static_argnums=[0])
    jitted_linear(0.5)
    x = jax.numpy.array([1., 2., 3., 4.])
    res = jax.vmap(jitted_linear)(x)  # expect: JAX302
    return res


if __name__ == "__main__":
    print(run())
