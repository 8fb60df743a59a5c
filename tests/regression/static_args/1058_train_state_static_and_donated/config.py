import dataclasses


@dataclasses.dataclass(frozen=True)
class OptimConfig:
    lr: float = 1e-2
    clip: float = 1.0
