"""Pure-JAX stand-in for the flax `mlp` module (Dense + Dropout layers, same loss_fn signature)."""
import jax
import jax.numpy as jnp


class mlp:
    def __init__(self, features, dropout_rate):
        self.features = features
        self.dropout_rate = dropout_rate

    def init(self, key, X, deterministic):
        params, d_in = [], X.shape[-1]
        for feature in self.features:
            key, sub = jax.random.split(key)
            params.append((jax.random.normal(sub, (d_in, feature)) / jnp.sqrt(d_in), jnp.zeros(feature)))
            d_in = feature
        return params

    def apply(self, params, X, deterministic, rngs=None):
        for i, (W, b) in enumerate(params):
            X = X @ W + b
            if i != len(params) - 1:
                X = jax.nn.relu(X)
                if not deterministic:
                    keep = 1.0 - self.dropout_rate[i]
                    mask = jax.random.bernoulli(jax.random.fold_in(rngs["dropout"], i), keep, X.shape)
                    X = jnp.where(mask, X / keep, 0.0)
        return X

    def loss_fn(self, params, X, y, deterministic=False, rng=jax.random.PRNGKey(0)):
        y_pred = self.apply(params, X, deterministic=deterministic, rngs={"dropout": rng})
        loss = jnp.mean((y - y_pred) ** 2)
        return loss
