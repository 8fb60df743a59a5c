import dataclasses
from enum import Enum
from functools import partial
from typing import Optional, Tuple

import jax
import jax.numpy as jnp


class NormalizationType(str, Enum):
    """Defines supported normalization schemes for action and proprio."""

    NORMAL = "normal"  # normalize to mean 0, std 1
    BOUNDS = "bounds"  # normalize to [-1, 1]


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class OctoModel:
    params: dict

    @partial(jax.jit, static_argnames=("train", "sample_shape", "argmax"))
    def sample_actions(
        self,
        observations,
        unnormalization_statistics: Optional[dict] = None,
        normalization_type: NormalizationType = NormalizationType.NORMAL,
        train: bool = False,
        argmax: bool = False,
        sample_shape: Tuple[int, ...] = (),
        rng=None,
        temperature: float = 1.0,
    ):
        mean = jnp.tanh(observations @ self.params["head"])
        action = mean if argmax else mean + temperature * jax.random.normal(rng, sample_shape + mean.shape)
        if unnormalization_statistics is not None:
            if normalization_type == NormalizationType.NORMAL:
                action = action * unnormalization_statistics["std"] + unnormalization_statistics["mean"]
            elif normalization_type == NormalizationType.BOUNDS:
                p01, p99 = unnormalization_statistics["p01"], unnormalization_statistics["p99"]
                action = (action + 1) / 2 * (p99 - p01) + p01
            else:
                raise ValueError(f"Unknown normalization type: {normalization_type}")
        return action
