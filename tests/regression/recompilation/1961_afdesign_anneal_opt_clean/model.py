import jax
import jax.numpy as jnp
import numpy as np

from design import _af_design


class mk_af_model(_af_design):
  def __init__(self, length=20, seed=0):
    self.opt = {"dropout": True, "learning_rate": 0.1, "num_recycles": 0,
                "temp": 1.0, "soft": 0.0, "hard": 0.0, "alpha": 2.0,
                "weights": {"seq_ent": 0.0, "plddt": 0.0, "pae": 0.0}}
    self._inputs = {}
    self._params = {"seq": 0.01 * np.random.RandomState(seed).normal(size=(1, length, 20))}
    self._key = jax.random.PRNGKey(seed)
    self._model = self._get_model()

  def key(self):
    self._key, sub = jax.random.split(self._key)
    return sub

  def set_opt(self, opt):
    self.opt.update(opt)

  def _get_model(self):
    def _model(params, inputs, key):
      opt = inputs["opt"]
      logits = params["seq"] * opt["alpha"]
      soft = jax.nn.softmax(logits / opt["temp"])
      hard = jax.nn.one_hot(soft.argmax(-1), 20)
      hard = jax.lax.stop_gradient(hard - soft) + soft
      pseudo = opt["soft"] * soft + (1 - opt["soft"]) * params["seq"]
      pseudo = opt["hard"] * hard + (1 - opt["hard"]) * pseudo
      noise = jnp.where(opt["dropout"], jax.random.normal(key, pseudo.shape), 0.0)
      loss = jnp.mean((pseudo + 0.01 * noise) ** 2)
      return loss, {"plddt": 1 - loss}
    return {"grad_fn": jax.jit(jax.value_and_grad(_model, has_aux=True, argnums=0)),
            "fn": jax.jit(_model)}
