from dataclasses import dataclass, field
from typing import Optional


@dataclass
class UpProjConfigMixin:
    proj_factor: float = None  # will be overridden by subclasses
    round_proj_up_dim_up: bool = True


@dataclass
class mLSTMLayerConfig(UpProjConfigMixin):
    conv1d_kernel_size: int = 4
    qkv_proj_blocksize: int = 4
    num_heads: int = 4
    embedding_dim: int = 16


@dataclass
class xLSTMBlockConfig:
    mlstm: Optional[mLSTMLayerConfig] = None


@dataclass(unsafe_hash=True, order=True)
class xLSTMBlockStackConfig:
    mlstm_block: Optional[xLSTMBlockConfig] = None
    num_blocks: int = 2
    embedding_dim: int = 16


@dataclass(unsafe_hash=True, order=True)
class xLSTMLMModelConfig(xLSTMBlockStackConfig):
    vocab_size: int = 64
