"""Transformer configuration, gemma-style frozen dataclass."""
import dataclasses
import enum
from typing import Iterable


class AttentionType(enum.Enum):
    GLOBAL = 1
    LOCAL_SLIDING = 2


@dataclasses.dataclass(frozen=True)
class TransformerConfig:
    num_layers: int
    embed_dim: int
    num_heads: int
    head_dim: int
    attention_types: Iterable[AttentionType]
    sliding_window_size: int | None = None

    @classmethod
    def tiny_v1(cls):
        num_layers = 2
        return cls(
            num_layers=num_layers,
            embed_dim=16,
            num_heads=2,
            head_dim=8,
            attention_types=[AttentionType.GLOBAL] * num_layers,
        )

    @classmethod
    def tiny_v2(cls):
        num_layers = 4
        return cls(
            num_layers=num_layers,
            embed_dim=16,
            num_heads=2,
            head_dim=8,
            attention_types=[
                AttentionType.LOCAL_SLIDING,
                AttentionType.GLOBAL,
            ]
            * int(num_layers / 2),
            sliding_window_size=2,
        )
