"""Octo's `OctoModel.sample_actions` is jitted with
`static_argnames=("train", "sample_shape", "argmax")` but also takes
`normalization_type: NormalizationType = NormalizationType.NORMAL`, a str-Enum that the
body compares in Python (`if normalization_type == NormalizationType.NORMAL: ...`). With
the default it works, because defaults never reach jit; a user whose dataset statistics
were computed with bounds normalisation passes `normalization_type=NormalizationType.BOUNDS`
and the call fails, since the enum is neither static nor a valid JAX array type.

Source: https://github.com/octo-models/octo/blob/241fb3514b7c40957a86d869fecb7c7fc353f540/octo/model/octo_model.py#L179
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as jnp

from octo_model import NormalizationType, OctoModel


def run():
    model = OctoModel(params={"head": jnp.ones((5, 7)) * 0.1})
    obs = jnp.ones((1, 5))
    stats = {"mean": jnp.zeros(7), "std": jnp.ones(7), "p01": -jnp.ones(7), "p99": jnp.ones(7)}
    rng = jax.random.PRNGKey(0)
    model.sample_actions(obs, stats, rng=rng)  # default NORMAL: fine
    model.sample_actions(obs, stats, normalization_type=NormalizationType.BOUNDS, rng=rng)  # expect: JAX306
