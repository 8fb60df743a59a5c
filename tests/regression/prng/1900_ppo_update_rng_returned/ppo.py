from collections import defaultdict

import jax
import jax.numpy as jnp
import numpy as np


def flatten_dims(x):
    return x.swapaxes(0, 1).reshape(x.shape[0] * x.shape[1], *x.shape[2:])


@jax.jit
def update_epoch(params, idxes, obs, target, lr):
    for idx in idxes:
        def loss_fn(p):
            return jnp.mean((obs[idx] @ p - target[idx]) ** 2)
        total_loss, grads = jax.value_and_grad(loss_fn)(params)
        params = params - lr * grads
    return params, total_loss


def update(params, batch, num_envs, n_steps, n_minibatch, epoch_ppo, lr, rng):
    """Perform multiple epochs of updates with multiple updates."""
    obs, target = batch
    size_batch = num_envs * n_steps
    size_minibatch = size_batch // n_minibatch
    idxes = jnp.arange(num_envs * n_steps)
    avg_metrics_dict = defaultdict(int)
    orders = []

    for _ in range(epoch_ppo):
        idxes = jax.random.permutation(rng, idxes)  # expect: JAX503
        orders.append(np.asarray(idxes))
        idxes_list = [
            idxes[start : start + size_minibatch]
            for start in range(0, size_batch, size_minibatch)
        ]
        params, total_loss = update_epoch(
            params, idxes_list, flatten_dims(obs), flatten_dims(target), lr
        )
        avg_metrics_dict["total_loss"] += np.asarray(total_loss)

    for k, v in avg_metrics_dict.items():
        avg_metrics_dict[k] = v / epoch_ppo
    avg_metrics_dict["orders"] = orders
    return avg_metrics_dict, params, rng  # expect: JAX505,JAX502
