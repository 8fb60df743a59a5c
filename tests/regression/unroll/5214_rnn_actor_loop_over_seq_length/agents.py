import equinox as eqx
import jax
import jax.numpy as jnp


class PGActorContinuousRNN(eqx.Module):
    dense: eqx.nn.Linear
    head: eqx.nn.Linear
    hidden_size: int = eqx.field(static=True)

    def __init__(self, n_features, hidden_size, key):
        k1, k2 = jax.random.split(key)
        self.hidden_size = hidden_size
        self.dense = eqx.nn.Linear(n_features + hidden_size, hidden_size, key=k1)
        self.head = eqx.nn.Linear(hidden_size, 2, key=k2)  # n_actors = 2

    def __call__(self, x, h):
        activation = jnp.tanh
        batch_size, seq_length, n_features = x.shape

        for t in range(seq_length):  # expect: JAX407
            h = activation(self.dense(jnp.concatenate([x[0, t, :], h], axis=-1)))
        actors = self.head(h)

        return actors, h
