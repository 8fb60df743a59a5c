import jax
import jax.numpy as jnp


def init_critic(key, n_features, hidden_size, n_critics=2):
    k1, k2 = jax.random.split(key)
    return {
        "cell": 0.1 * jax.random.normal(k1, (n_features + hidden_size, hidden_size)),
        "head": 0.1 * jax.random.normal(k2, (hidden_size, n_critics)),
    }


def pg_critic_rnn(params, x, h):
    """PGCriticRNN.__call__: one Dense+tanh cell applied per time step."""
    batch_size, seq_length, n_features = x.shape

    for t in range(seq_length):  # expect: JAX407
        h = jnp.tanh(jnp.concatenate([x[:, t, :], h], axis=-1) @ params["cell"])
    critics = h @ params["head"]

    return critics.squeeze(), h
