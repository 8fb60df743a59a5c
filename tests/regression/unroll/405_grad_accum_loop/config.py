from dataclasses import dataclass


@dataclass(frozen=True)
class TrainConfig:
    micro_batch: int = 4
    gradient_accumulation_steps: int = 16
    learning_rate: float = 3e-4
    d_model: int = 16
    vocab: int = 32
