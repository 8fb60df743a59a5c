from typing import Any, Dict

import jax
import jax.numpy as jnp
import optax

from .dataloader import DataLoader


def train_step(prng_key, params, opt_state, optimizer, observation, target):
    prng_key, dropout_key = jax.random.split(prng_key)

    def loss_fn(p):
        pred = observation["observation.state"] @ p["w"]
        return jnp.mean((pred[:, None, :] - target) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return prng_key, optax.apply_updates(params, updates), opt_state, loss, grads


def train_model(config: Dict[str, Any], dataset) -> Dict[str, Any]:
    prng_key = jax.random.PRNGKey(config["training"]["seed"])
    optimizer = optax.adamw(1e-3)
    params = {"w": jnp.zeros((2, 2))}
    opt_state = optimizer.init(params)
    dataloader = DataLoader(prng_key, dataset, batch_size=config["data"]["batch_size"])

    @jax.jit
    def train_step_jit(prng_key, params, opt_state, observation, target):
        return train_step(prng_key, params, opt_state, optimizer, observation, target)

    # splitting action into historical and target
    action_split_idx = config["data"]["action_history_length"]
    for epoch in range(config["training"]["epochs"]):
        dataloader.randomize(prng_key)
        prng_key, _ = jax.random.split(prng_key)
        for i, batch in enumerate(dataloader):
            action = batch["action"]
            batch["action"] = action[:, :action_split_idx]
            target_action = action[:, action_split_idx:]
            prng_key, params, opt_state, loss, _ = train_step_jit(  # expect: JAX404
                prng_key=prng_key,
                params=params,
                opt_state=opt_state,
                observation=batch,
                target=target_action,
            )
    return params
