"""Frozen TransformerConfig holding a list of attention types is passed as a static arg.

Source: https://github.com/google-deepmind/gemma/commit/02c2335da24b1b9a31b7dbe0a77434fb234ec1fd
What happened: gemma/transformer.py declared `@dataclasses.dataclass(frozen=True) class
TransformerConfig` with `attention_types: Iterable[modules.AttentionType]`, and the
factory classmethods (`gemma_2b`, `gemma_7b`, `gemma2_9b`, ...) filled it with lists:
`attention_types=[modules.AttentionType.GLOBAL] * num_layers` or
`[LOCAL_SLIDING, GLOBAL] * int(num_layers / 2)`.  A frozen dataclass hashes its fields, so
`hash(config)` raises `TypeError: unhashable type: 'list'` as soon as the config is used as
a jit static argument.  The commit "Make attention types hashable tuples" rewrote every
factory to build tuples.  Here the config module keeps the list-building factories, the
model module jits `forward` with `static_argnames=("config",)`, and the driver passes the
factory's config.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp

from config import TransformerConfig
from model import forward, init_params


def run():
    config = TransformerConfig.tiny_v2()
    params = init_params(jax.random.PRNGKey(0), config)
    tokens = jnp.array([1, 5, 7, 2])
    logits = forward(params, tokens, config=config)  # expect: JAX302
    return logits.shape


if __name__ == "__main__":
    print(run())
