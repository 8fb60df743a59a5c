"""In thiomajid/moxe (MoxE / xLSTM language models) the model factory is jitted
with static_argnames=("config", "seed", "mesh", "dtype"). The top-level
xLSTMLMModelConfig is declared @dataclass(unsafe_hash=True), but it holds the
block configs (xLSTMBlockConfig, mLSTMLayerConfig, UpProjConfigMixin) which
are plain @dataclass: eq=True without a hash, so hashing the static config
recurses into an unhashable field and the first call to _create_sharded_model
fails. The follow-up commit "made dataclasses hashable and comparable" added
unsafe_hash=True to every nested config. (jax.jit stands in for nnx.jit.)

Source: https://github.com/thiomajid/moxe/blob/a02142494e26500ac1e3db22d15c16c841bd8f31/train_xlstm.py#L93
Observed on jax 0.10.x: raises ValueError
"""
from configs import mLSTMLayerConfig, xLSTMBlockConfig, xLSTMLMModelConfig
from train_xlstm import _create_sharded_model


def run():
    config = xLSTMLMModelConfig(
        mlstm_block=xLSTMBlockConfig(mlstm=mLSTMLayerConfig(proj_factor=2.0)),
        num_blocks=2,
        embedding_dim=16,
        vocab_size=64,
    )
    params = _create_sharded_model(config=config, seed=0, mesh=None)  # expect: JAX302
