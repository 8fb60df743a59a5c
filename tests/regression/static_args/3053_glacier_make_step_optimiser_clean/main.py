"""A glacier temperature-index model is trained with optax: `get_optimiser()` builds an
`optax.chain` once before the epoch loop, and `make_step` takes that optimiser as a
static argument (`static_argnums=0`) and donates the optimiser state
(`donate_argnums=3`). The same optimiser object is passed on every epoch and the static
and donated positions differ, so `make_step` compiles once.

Source: https://github.com/konstantin-a-maslov/glaunti/blob/764da514d6ecbb82736ee7048c814c23eccfd9b4/core/training.py#L18
Observed on jax 0.10.x: make_step compiled 1 times
"""
import jax
import jax.numpy as jnp

import training


def loss(trainable_params, x, y):
    pred = trainable_params["ddf"] * jnp.maximum(x, 0.0) + trainable_params["bias"]
    return jnp.mean((pred - y) ** 2)


def run():
    trainable_params = {"ddf": jnp.float32(0.5), "bias": jnp.float32(0.0)}
    loss_grad = jax.value_and_grad(loss)
    optimiser = training.get_optimiser()
    opt_state = optimiser.init(trainable_params)
    x = jnp.linspace(-5.0, 10.0, 64)
    y = 0.8 * jnp.maximum(x, 0.0) - 0.3
    for epoch in range(4):
        loss_value, grads = loss_grad(trainable_params, x, y)
        trainable_params, opt_state = training.make_step(optimiser, grads, trainable_params, opt_state)
    return loss_value


if __name__ == "__main__":
    run()
