"""MLP apply function receiving the activation name from a config, without static marking.

Source: https://github.com/jax-ml/jax/issues/23855
The issue (answered by https://github.com/jax-ml/jax/pull/23860) was about the confusing
error when a string is passed to a jitted parameter that was not declared static; the new
message explains "this argument was not marked as static using the static_argnums or
static_argnames parameters". Here the activation name from a frozen config reaches
`apply_mlp`, whose jit decorator lists no static arguments.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp

from config import ModelConfig
from model import apply_mlp, init_mlp


def run():
    cfg = ModelConfig()
    params = init_mlp(jax.random.PRNGKey(0), 4, cfg.hidden)
    return apply_mlp(params, jnp.ones((2, 4)), cfg.activation)  # expect: JAX306
