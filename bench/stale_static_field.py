"""Measure (jax 0.10.2): a method jitted with `self` static that reads a pytree held by `self`.

The holder's field is rebound by host code with an update of it (`model.state =
model.step(model.state, ...)`), as flax's `TrainState.apply_gradients` does. The struct below is
flax-like (`struct.field(pytree_node=False)`): `apply_fn` is aux data, `params` a leaf.

Printed on jax 0.10.2 (CPU):
    apply_fn read:  [10. 10. 10.] after 9 updates; expected [10. 10. 10.]  (current: harmless)
    params read:    [1. 1. 1.] after 9 updates; expected [10. 10. 10.]  (first: stale)
    apply_fn kept:  True
"""
from dataclasses import dataclass, replace
from functools import partial

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class State:
    params: jax.Array
    apply_fn: object  # static: pytree_node=False

    def apply_gradients(self, delta):
        return replace(self, params=self.params + delta)


jax.tree_util.register_dataclass(State, data_fields=["params"], meta_fields=["apply_fn"])


def apply(params, x):
    return params * x


class Model:
    def __init__(self):
        self.state = State(jnp.ones(3), apply)

    @partial(jax.jit, static_argnums=(0,))
    def predict_static_field(self, params, x):
        return self.state.apply_fn(params, x)  # params passed: only the static field is read

    @partial(jax.jit, static_argnums=(0,))
    def predict_params(self, x):
        return apply(self.state.params, x)  # the leaf is read from the static self

    @partial(jax.jit, static_argnums=(0,))
    def step(self, state):
        return state.apply_gradients(1.0)


def main() -> None:
    model = Model()
    x = jnp.ones(3)
    first_fn = model.state.apply_fn
    model.predict_static_field(model.state.params, x)
    model.predict_params(x)
    for _ in range(9):
        model.state = model.step(model.state)
    expected = model.state.params * x
    print("apply_fn read: ", model.predict_static_field(model.state.params, x), "after 9 updates; expected", expected)
    print("params read:   ", model.predict_params(x), "after 9 updates; expected", expected)
    print("apply_fn kept: ", model.state.apply_fn is first_fn)


if __name__ == "__main__":
    main()
