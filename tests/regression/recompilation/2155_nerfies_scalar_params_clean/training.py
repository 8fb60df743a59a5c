import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class ScalarParams:
    learning_rate: float
    elastic_loss_weight: float = 0.0
    background_loss_weight: float = 0.0
    background_noise_std: float = 0.001

    def replace(self, **kw):
        return dataclasses.replace(self, **kw)


def train_step(model, rng_key, state, batch, scalar_params, *, use_elastic_loss=False, use_background_loss=False):
    rng_key, fine_key = jax.random.split(rng_key)

    def _compute_loss(params):
        rgb = model(params, batch["origins"]) + 0.0 * jax.random.normal(fine_key, batch["rgb"].shape)
        loss = jnp.mean((rgb - batch["rgb"]) ** 2)
        if use_elastic_loss:
            loss += scalar_params.elastic_loss_weight * jnp.mean(params ** 2)
        return loss

    loss, grad = jax.value_and_grad(_compute_loss)(state)
    new_state = state - scalar_params.learning_rate * grad
    return new_state, loss, rng_key
