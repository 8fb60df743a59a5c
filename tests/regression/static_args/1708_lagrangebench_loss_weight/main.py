"""LagrangeBench's particle-dynamics trainer jits its loss `_mse` with
`static_argnames=["model_fn", "loss_weight"]` and annotates the static parameter as
`loss_weight: Dict[str, float]`, i.e. a dict of per-target weights (acc/vel/pos) taken
from the OmegaConf config. A dict is unhashable and cannot be a static argument, which is
why the Trainer quietly converts the config to a namedtuple before building
`partial(_mse, ..., loss_weight=self.loss_weight)`; anyone who follows the annotation and
passes the dict hits "Non-hashable static arguments are not supported".

Source: https://github.com/tumaer/lagrangebench/blob/b880a6c84a93792d2499d2a9b8ba3a077ddf44e2/lagrangebench/train/trainer.py
Observed on jax 0.10.x: runs
"""
import jax.numpy as jnp

from trainer import Trainer


def model_fn(params, features):
    h = features["vel_hist"] @ params["w"]
    return {"acc": h, "vel": 0.5 * h}


def run():
    cfg_train = {"loss_weight": {"acc": 1.0, "vel": 0.0}}
    trainer = Trainer(model_fn, cfg_train)
    params = {"w": jnp.eye(2)}
    features = {"vel_hist": jnp.ones((16, 2))}
    target = {"acc": jnp.zeros((16, 2)), "vel": jnp.zeros((16, 2))}
    particle_type = jnp.zeros((16,), jnp.int32)
    return trainer.loss_fn(params, features, particle_type, target)
