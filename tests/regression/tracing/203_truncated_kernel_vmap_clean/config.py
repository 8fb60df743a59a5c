from dataclasses import dataclass


@dataclass(frozen=True)
class KernelConfig:
    lam: float = 0.18
    beta: float = 1.0


KERNEL = KernelConfig()
