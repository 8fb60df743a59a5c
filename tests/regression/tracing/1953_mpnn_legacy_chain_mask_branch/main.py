"""ColabDesign's legacy ProteinMPNN port (`mpnn/legacy`) wraps `model.sample` in
`jax.jit(hk.transform(_forward_sample).apply)`. Inside `sample` the decoder walks the positions in
a Python `for t_ in range(N_nodes)` loop and skips fixed positions with
`if jnp.equal(chain_mask_gathered, 0).all():`. `chain_mask` is one of the jitted inputs, so the
branch asks for the truth value of a tracer and sampling dies at the first position. The same
loop is unrolled once per residue at trace time, and every position splits the same `key`
(`used_key = jax.random.split(key, B)`) instead of a fresh one.

Source: https://github.com/sokrypton/ColabDesign/blob/e31a56fe1d9b4de25c8697f3a28b75892941cc72/colabdesign/mpnn/legacy/sample.py#L58
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import numpy as np

from modules import RunModel


def run():
  rng = np.random.RandomState(0)
  B, L, H = 1, 10, 16
  params = {"W_e": rng.randn(3, H).astype(np.float32),
            "W_out": rng.randn(H, 21).astype(np.float32),
            "W_s": rng.randn(21, H).astype(np.float32)}
  inputs = {"key": jax.random.PRNGKey(0),
            "X": rng.randn(B, L, 3).astype(np.float32),
            "randn": rng.randn(B, L).astype(np.float32),
            "S_true": rng.randint(0, 20, size=(B, L)),
            "chain_mask": np.ones((B, L), np.float32),
            "mask": np.ones((B, L), np.float32),
            "temperature": 0.1}
  model = RunModel({})
  return model.sample(params, inputs)
