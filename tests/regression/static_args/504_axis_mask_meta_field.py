"""Named-axis array wrapper that registers its padding mask as pytree metadata.

Source: https://github.com/marin-community/haliax/pull/34
haliax added `diagnose_common_issues` because users put arrays/NamedArrays into static
fields of their modules; static (metadata) data must be hashable and arrays are not. Here a
small named-array dataclass is registered with `meta_fields=["mask"]` although the mask is a
jax array: the first call compiles, the second call with a fresh (equal) batch makes jit
compare the masks with `==` and fail.

Observed on jax 0.10.2: raises ValueError
"""
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class NamedBatch:
    values: jax.Array
    axis_name: str
    mask: jax.Array  # expect: JAX301


jax.tree_util.register_dataclass(
    NamedBatch, data_fields=["values"], meta_fields=["axis_name", "mask"]
)


@jax.jit
def masked_mean(batch):
    w = batch.mask.astype(batch.values.dtype)
    return (batch.values * w).sum() / w.sum()


def make_batch(lengths, max_len):
    vals = jnp.ones((len(lengths), max_len))
    mask = jnp.arange(max_len)[None, :] < jnp.array(lengths)[:, None]
    return NamedBatch(values=vals, axis_name="seq", mask=mask)


def run():
    out = None
    for _ in range(2):
        out = masked_mean(make_batch([3, 5], 6))
    return out
