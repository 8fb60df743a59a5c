from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=0)
def loss_and_grad(model, params, inputs, targets):
    def loss(p):
        outputs, _ = model.forward(p, inputs)
        preds = jnp.stack(outputs) @ p["W_out"]
        return jnp.mean((preds - targets) ** 2)

    return jax.value_and_grad(loss)(params)
