from dataclasses import dataclass


@dataclass(frozen=True)
class ModelConfig:
    hidden: int = 16
    activation: str = "gelu"
