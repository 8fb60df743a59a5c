# physigym/configs.py
from __future__ import annotations
from dataclasses import dataclass


@dataclass
class PDEConfig:
    nx: int = 32
    ny: int = 32
    dt: float = 0.01
    steps: int = 4
    length_x: float = 1.0
    length_y: float = 1.0


@dataclass
class HeatConfig(PDEConfig):
    kappa: float = 0.1  # diffusion coefficient
