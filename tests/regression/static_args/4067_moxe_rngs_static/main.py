"""In thiomajid/moxe's MoxE training script the sharded-model factory was
jitted with static_argnames=("config_fn", "rngs", "mesh", "dtype",
"param_dtype"), i.e. the nnx.Rngs stream object was declared static. Rngs is
a mutable object without a usable hash, so the call in main() fails before
any tracing; the fix commit ("nnx.Rngs are not hashable") dropped "rngs" from
static_argnames and lets it be traced state. (jax.jit and a Rngs stand-in
replace flax.nnx.)

Source: https://github.com/thiomajid/moxe/blob/ca12ec06723c8c415037ceb95dcbea8eab7f9d3e/scripts/train_moxe.py#L217
Observed on jax 0.10.x: raises ValueError
"""
import jax.numpy as jnp

from train_moxe import MoxEConfig, Rngs, _create_sharded_model


def moxe_config():
    return MoxEConfig()


def run():
    rngs = Rngs(0)
    model = _create_sharded_model(  # expect: JAX302
        config_fn=moxe_config,
        rngs=rngs,
        mesh=None,
        dtype=jnp.float32,
    )
