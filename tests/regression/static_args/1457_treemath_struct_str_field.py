"""tree-math #21: `tree_math.struct` turns every dataclass field into a pytree
child, with no way to mark some fields static (as `flax.struct` does). A struct
holding arrays plus a string option (the activation name) then cannot cross a
`jax.jit` boundary: the string becomes a leaf and jit rejects it.

Source: https://github.com/google/tree-math/issues/21
Observed on jax 0.10.x: raises TypeError
"""
import dataclasses

import jax
import jax.numpy as jnp


def struct(cls):
    cls = dataclasses.dataclass(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    jax.tree_util.register_pytree_node(
        cls,
        lambda s: ([getattr(s, n) for n in names], None),
        lambda _, children: cls(*children),
    )
    return cls


@struct
class Layer:
    w: jnp.ndarray
    b: jnp.ndarray
    activation: str  # expect: JAX306


@jax.jit
def apply(layer, x):
    y = x @ layer.w + layer.b
    return jnp.tanh(y) if layer.activation == "tanh" else jax.nn.relu(y)


def run():
    layer = Layer(jnp.ones((3, 2)), jnp.zeros(2), "tanh")
    return apply(layer, jnp.ones((4, 3)))


if __name__ == "__main__":
    run()
