from dataclasses import dataclass


@dataclass(frozen=True)
class GPTConfig:
    vocab_size: int = 64
    n_embd: int = 16
    n_layer: int = 48
    block_size: int = 8
