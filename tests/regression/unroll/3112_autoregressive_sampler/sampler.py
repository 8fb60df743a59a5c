import jax
import jax.numpy as jnp


def make_autoregressive_sampler(network, n, num_states):

    def _logits(params, state_idx):
        """The (masked) logits of the autoregressive conditionals, shape (n, num_states)."""
        return network(params, state_idx)

    def sampler(params, key, batch):
        state_indices = jnp.zeros((batch, n), dtype=jnp.int32)
        for i in range(n):  # expect: JAX407
            key, subkey = jax.random.split(key)
            # logits.shape: (batch, n, num_states)
            logits = jax.vmap(_logits, (None, 0), 0)(params, state_indices)
            state_indices = state_indices.at[:, i].set(
                jax.random.categorical(subkey, logits[:, i, :], axis=-1))
        return state_indices

    def log_prob(params, state_idx):
        logits = _logits(params, state_idx)
        logp = jax.nn.log_softmax(logits, axis=-1)
        return jnp.take_along_axis(logp, state_idx[:, None], axis=-1).sum()

    return sampler, log_prob
