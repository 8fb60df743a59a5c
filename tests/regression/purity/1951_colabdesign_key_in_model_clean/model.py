import jax
import jax.numpy as jnp

from utils import Key


def _get_model(args):
  a = args

  def _model(params, inputs, key):
    opt = inputs["opt"]
    aux = {}
    key = Key(key=key).get          # a fresh local Key object per trace

    # sequence with gumbel noise
    logits = params["seq"] * opt["alpha"] + jax.random.gumbel(key(), params["seq"].shape)
    aux["seq"] = jax.nn.softmax(logits / opt["temp"])

    # experimental masked-language-modeling
    if a["use_mlm"]:
      aux["mlm"] = jax.random.bernoulli(key(), opt["mlm_dropout"], params["seq"].shape[:2])

    # dropout noise for the structure module
    aux["dropout"] = jax.random.uniform(key(), params["seq"].shape[:2])
    loss = jnp.mean(aux["seq"] ** 2)
    return loss, aux

  return {"grad_fn": jax.jit(jax.value_and_grad(_model, has_aux=True, argnums=0)),
          "fn": jax.jit(_model)}
