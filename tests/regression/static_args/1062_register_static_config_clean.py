"""Hashable config class registered with jax.tree_util.register_static.

Source: https://docs.jax.dev/en/latest/_autosummary/jax.tree_util.register_static.html
What happened: the docs show registering a hashable class as a static pytree so
instances can be passed to a jitted function without static_argnums; the class
must be hashable, which a frozen dataclass is.
Observed on jax 0.10.2: runs
"""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_static
@dataclasses.dataclass(frozen=True)
class ActivationConfig:
    name: str = "gelu"
    slope: float = 0.01


@jax.jit
def activate(x, cfg):
    if cfg.name == "leaky_relu":
        return jnp.where(x > 0, x, cfg.slope * x)
    return jax.nn.gelu(x)


def run():
    x = jnp.linspace(-1.0, 1.0, 8)
    return activate(x, ActivationConfig()).sum() + activate(x, ActivationConfig("leaky_relu")).sum()
