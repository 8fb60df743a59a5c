import logging
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax


class TrainingState(NamedTuple):
    params: dict
    state: dict
    opt_state: tuple


class BaseModel:
    def __init__(self, lr=1e-2):
        self.num_devices = jax.local_device_count()
        self.opt = optax.adam(lr)
        params = {"w": jnp.zeros((4, 2))}
        ts = TrainingState(params=params, state={}, opt_state=self.opt.init(params))
        self._ts = jax.pmap(lambda t: t)(
            jax.tree_util.tree_map(lambda x: jnp.stack([x] * self.num_devices), ts)
        )

    def loss_fn(self, params, state, rng, batch, is_training):
        # observations should be B, T, ...
        logging.info(f"VPT DT loss function, observations: {batch['observations'].shape}")  # expect: JAX102
        pred = batch["observations"] @ params["w"]
        loss = jnp.mean((pred - batch["actions"]) ** 2)
        return loss, ({"loss": loss}, {}, state)

    @partial(jax.pmap, axis_name="device", static_broadcasted_argnums=(0, 4))
    def update_model(self, ts, rng, batch, update_model):
        if update_model:
            logging.info("updating model")  # expect: JAX102

        (loss, (metrics, extra, new_state)), grads = jax.value_and_grad(
            self.loss_fn, has_aux=True
        )(ts.params, ts.state, rng, batch, is_training=update_model)

        grads = jax.lax.pmean(grads, "device")
        if update_model:
            grads, new_opt_state = self.opt.update(grads, ts.opt_state, ts.params)
            new_params = optax.apply_updates(ts.params, grads)
            new_ts = TrainingState(params=new_params, state=new_state, opt_state=new_opt_state)
        else:
            new_ts = ts
        metrics = jax.lax.pmean(metrics, "device")
        return new_ts, metrics, extra

    def update(self, rng, batch, update_model=True):
        rng = jax.random.split(rng, self.num_devices)
        batch = jax.tree_util.tree_map(
            lambda x: x.reshape((self.num_devices, -1, *x.shape[1:])), batch
        )
        self._ts, metrics, extra = self.update_model(self._ts, rng, batch, update_model)
        metrics = jax.tree_util.tree_map(lambda x: x.mean(), metrics)
        return metrics, extra
