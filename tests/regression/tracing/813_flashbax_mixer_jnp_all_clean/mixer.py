"""Trimmed flashbax.buffers.mixer (after commit 989976c)."""
import functools
from typing import Callable, Sequence

import jax
import jax.numpy as jnp
from jax.tree_util import tree_map

from .buffers import FlatBufferState

state_types = (FlatBufferState,)


def can_sample_mixer_fn(states: Sequence, can_sample_fns: Sequence[Callable]) -> jax.Array:
    """Check if all buffers can sample."""
    each_can_sample = jnp.asarray(
        tree_map(
            lambda state, can_sample: can_sample(state),
            states,
            can_sample_fns,
            is_leaf=lambda leaf: type(leaf) in state_types,
        )
    )
    return jnp.all(each_can_sample)


def sample_mixer_fn(states, rng_key, sample_fns, proportions):
    keys = jax.random.split(rng_key, len(sample_fns))
    samples = [fn(s, k) for fn, s, k in zip(sample_fns, states, keys)]
    return jnp.concatenate([s[:p] for s, p in zip(samples, proportions)])


class Mixer:
    def __init__(self, can_sample_fns, sample_fns, proportions):
        self.can_sample = functools.partial(can_sample_mixer_fn, can_sample_fns=can_sample_fns)
        self.sample = functools.partial(
            sample_mixer_fn, sample_fns=sample_fns, proportions=tuple(proportions)
        )


def make_mixer(buffers, proportions):
    return Mixer(
        can_sample_fns=[b[2] for b in buffers],
        sample_fns=[b[3] for b in buffers],
        proportions=proportions,
    )
