"""init2winit's kitchen-sink optimizer builds preconditioners out of small optax transforms.
`nth_power(power=(2, 4))` computes elementwise powers of the gradients for every requested
order with a Python `for p in power:` loop inside the transform's `update`, which is traced
inside the jitted train step. The loop runs over a short tuple of integer orders fixed when the
optimizer is built, so it unrolls into a couple of `x**p` ops and nothing else.

Source: https://github.com/google/init2winit/blob/afd5a84dbb865f41bf8d6b75181d5b421d73806b/init2winit/optimizer_lib/kitchen_sink/_src/preconditioner.py#L125
Observed on jax 0.10.x: runs
"""
from typing import Optional, Tuple, Union

import jax
import jax.numpy as jnp
import optax


def nth_power(power: Union[int, Tuple[int, ...]] = 2) -> optax.GradientTransformation:
    """Create nth power(s) from gradients."""

    if not hasattr(power, "__iter__"):
        power = [power]

    for p in power:
        if p != int(p):
            raise ValueError(f"Currently we only support integer orders; got {p}.")

    def init(params: optax.Params) -> optax.OptState:
        del params
        return None

    def update(updates, state, params: Optional[optax.Params] = None):
        del params

        for p in power:
            if p == 1:
                updates["variables"][str(int(p))] = updates["updates"]
            else:
                gradients = jax.tree.map(lambda x: x ** p, updates["updates"])  # pylint: disable=cell-var-from-loop
                updates["variables"][str(int(p))] = gradients

        return updates, state

    return optax.GradientTransformation(init, update)


tx = nth_power(power=(2, 4))


@jax.jit
def precondition(grads):
    updates, _ = tx.update({"updates": grads, "variables": {}}, tx.init(grads))
    second = updates["variables"]["2"]
    fourth = updates["variables"]["4"]
    return jax.tree.map(lambda g, s, f: g / (jnp.sqrt(s) + jnp.sqrt(jnp.sqrt(f)) + 1e-8),
                        grads, second, fourth)


def run():
    grads = {"w": jnp.linspace(-1.0, 1.0, 12).reshape(3, 4), "b": jnp.ones(4)}
    jax.tree.map(lambda x: x.block_until_ready(), precondition(grads))
