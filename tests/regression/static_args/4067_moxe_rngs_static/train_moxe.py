import typing as tp
from functools import partial

import jax
import jax.numpy as jnp


class Rngs:
    """Stand-in for flax.nnx.Rngs: a mutable stream object that defines __eq__
    and, like nnx.Rngs, is not hashable."""

    def __init__(self, seed):
        self.key = jax.random.PRNGKey(seed)
        self.count = 0

    def __call__(self):
        self.count += 1
        return jax.random.fold_in(self.key, self.count)

    def __eq__(self, other):
        return isinstance(other, Rngs) and self.count == other.count

    __hash__ = None


class MoxEConfig(tp.NamedTuple):
    vocab_size: int = 64
    hidden_size: int = 16
    num_experts: int = 4


@partial(
    jax.jit,
    static_argnames=("config_fn", "rngs", "mesh", "dtype", "param_dtype"),
)
def _create_sharded_model(config_fn, rngs, mesh, dtype=jnp.bfloat16, param_dtype=jnp.float32):
    config = config_fn()
    embed = jax.random.normal(rngs(), (config.vocab_size, config.hidden_size), param_dtype)
    experts = jax.random.normal(rngs(), (config.num_experts, config.hidden_size, config.hidden_size), param_dtype)
    return {"embed": embed, "experts": experts}
