import time

import jax
import jax.numpy as jnp
import optax


class OfflineTrainer:
    def __init__(self, num_updates=3, lr=1e-2):
        self.num_updates = num_updates
        self.tx = optax.inject_hyperparams(optax.adam)(learning_rate=lr)
        self.update_jit = jax.jit(self.update)
        self.logged = []

    def loss_fn(self, params, batch):
        pred = batch["observations"] @ params["w"]
        return jnp.mean((pred - batch["actions"]) ** 2)

    def update(self, key, params, opt_state, batch):
        loss, grads = jax.value_and_grad(self.loss_fn)(params, batch)
        updates, opt_state = self.tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, {"loss": loss}

    def log_to_wandb(self, metrics, prefix=""):
        self.logged.append({prefix + k: v for k, v in metrics.items()})

    def train(self, params, batches, rng):
        opt_state = self.tx.init(params)
        for train_step in range(self.num_updates):
            batch_load_time = time.time()
            batch = next(batches)
            batch_load_time = time.time() - batch_load_time

            # perform a single gradient step
            update_time = time.time()
            rng, key = jax.random.split(rng)
            params, opt_state, metrics = self.update_jit(key, params, opt_state, batch)
            metrics["lr"] = opt_state.hyperparams["learning_rate"].item()
            metrics["time/batch_load"] = batch_load_time
            metrics["time/update"] = time.time() - update_time
            self.log_to_wandb(metrics, prefix="train/")
        return params
