import jax
import jax.numpy as jnp
import optax

from model import TrainState, init_vae, vae_apply, kl_divergence, one_hot


class FlaxTrainer:
    def __init__(self):
        self.rng_key = jax.random.PRNGKey(seed=10)
        self.optimizer = optax.adamw(learning_rate=0.001)
        self.train_state = self._init_train_state()

    def _init_train_state(self):
        params_key, self.rng_key = jax.random.split(self.rng_key)
        params = init_vae(params_key)
        return TrainState(step=jnp.array(0), params=params,
                          opt_state=self.optimizer.init(params), dropout_rng=self.rng_key)

    def create_function(self):
        optimizer = self.optimizer

        def loss_fn(params, state: TrainState, batch):
            feats = batch['image']
            labels = one_hot(batch['label'], num_classes=10)
            res, z_mean, z_logvar = vae_apply(params, feats, labels, state.dropout_rng)
            loss_val = 1.01 * kl_divergence(z_mean, z_logvar) + jnp.mean(optax.huber_loss(res, feats), axis=1)
            return jnp.mean(loss_val)

        def train_step(state: TrainState, batch):
            loss_value, grads = jax.value_and_grad(loss_fn)(state.params, state, batch)
            updates, opt_state = optimizer.update(grads, state.opt_state, state.params)
            # update the dropout rng!
            dropout_rng = jax.random.fold_in(state.dropout_rng, data=state.step)
            updated_state = TrainState(state.step + 1, optax.apply_updates(state.params, updates),
                                       opt_state, dropout_rng)
            return {'loss': loss_value}, updated_state

        return train_step

    def train(self, train_dataset, epochs=2, batch_size=4):
        train_step = self.create_function()
        jitted_train_step = jax.jit(train_step)
        for epoch in range(epochs):
            Loss = 0
            for batch in train_dataset.iter(batch_size):
                metric, self.train_state = jitted_train_step(self.train_state, batch)  # expect: JAX404
                Loss += metric['loss']
        return Loss
