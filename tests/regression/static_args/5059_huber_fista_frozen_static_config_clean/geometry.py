from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class Grid:
    nx: int
    ny: int
    vx: float = 1.0


@dataclass(frozen=True)
class Detector:
    nu: int
    du: float = 1.0


@dataclass(frozen=True, slots=True)
class FistaCoreConfig:
    iters: int = 10
    lambda_tv: float = 0.005
    huber_delta: float = 1e-2
    L: float = 100.0
    views_per_batch: int = 1
    support: jnp.ndarray | None = None
