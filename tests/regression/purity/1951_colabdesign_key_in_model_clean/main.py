"""ColabDesign's AfDesign model builds `key = Key(key=key).get` at the top of the jitted
`_model` and then calls `key()` for every random draw (gumbel noise on the sequence, the MLM
mask, dropout). `Key.get` reassigns `self.key` on each call, which looks like attribute mutation
inside jitted code, but the `Key` object is created inside the traced function from the traced
key, so every draw in one call gets its own subkey and each new call key gives new noise.

Source: https://github.com/sokrypton/ColabDesign/blob/e31a56fe1d9b4de25c8697f3a28b75892941cc72/colabdesign/shared/utils.py#L78
Source: https://github.com/sokrypton/ColabDesign/blob/e31a56fe1d9b4de25c8697f3a28b75892941cc72/colabdesign/af/model.py#L149
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import numpy as np

from model import _get_model
from utils import Key


def run():
  model = _get_model({"use_mlm": True})
  params = {"seq": np.zeros((1, 12, 20), np.float32)}
  inputs = {"opt": {"alpha": 2.0, "temp": 1.0, "mlm_dropout": 0.15}}
  outer = Key(seed=0).get
  repeats = 0
  prev = None
  for _ in range(3):
    (loss, aux), grad = model["grad_fn"](params, inputs, outer())
    # the mlm mask and the dropout noise must come from different subkeys,
    # and a new call must give new noise
    same_inside = np.allclose(aux["dropout"], jax.random.uniform(jax.random.PRNGKey(0), (1, 12)))
    same_as_prev = prev is not None and np.allclose(prev, aux["seq"])
    repeats += bool(same_inside or same_as_prev)
    prev = aux["seq"]
  return repeats
