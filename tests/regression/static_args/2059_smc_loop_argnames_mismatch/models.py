from dataclasses import dataclass, field

from typing import NamedTuple

import jax


@dataclass(frozen=True)
class SMCConfig:
    """Configuration for the SMC sampler."""

    num_samples: int = 5
    population_size: int = field(default=16)
    sampler_type: str = "smc"


class SMCState(NamedTuple):
    """State of the SMC sampler at a single step. Designed to be a JAX PyTree."""

    population: jax.Array
    log_weights: jax.Array
    key: jax.Array
    beta: float = 1.0
    step: int = 0
