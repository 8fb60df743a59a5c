import jax
import jax.numpy as jnp

from sample import mpnn_sample


class ProteinMPNN(mpnn_sample):
  def __init__(self, params):
    self.params = params

  def encode(self, X, mask):
    return jnp.tanh(X @ self.params["W_e"]) * mask[..., None]

  def W_out(self, h):
    return h @ self.params["W_out"]

  def W_s(self, S):
    return self.params["W_s"][S]


class RunModel:
  def __init__(self, config) -> None:
    self.config = config

    def _forward_sample(params, inputs):
      model = ProteinMPNN(params)
      return model.sample(**inputs)
    self.sample = jax.jit(_forward_sample)
