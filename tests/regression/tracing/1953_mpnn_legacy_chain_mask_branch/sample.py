import jax
import jax.numpy as jnp


class mpnn_sample:
  def sample(self, key, X, randn, S_true, chain_mask, mask=None, temperature=1.0):
    h_V = self.encode(X, mask)                                   # [B, L, H]
    decoding_order = jnp.argsort((chain_mask + 0.0001) * (jnp.abs(randn)))

    N_batch, N_nodes = X.shape[0], X.shape[1]
    all_probs = jnp.zeros((N_batch, N_nodes, 21))
    h_S = jnp.zeros_like(h_V)
    S = jnp.zeros((N_batch, N_nodes), dtype=jnp.int32)

    for t_ in range(N_nodes):  # expect: JAX407
      t = decoding_order[:, t_]  # [B]
      chain_mask_gathered = jnp.take_along_axis(chain_mask, t[:, None], 1)  # [B]
      if jnp.equal(chain_mask_gathered, 0).all():  # expect: JAX201
        S_t = jnp.take_along_axis(S_true, t[:, None], 1)
      else:
        h_V_t = jnp.take_along_axis(h_V + h_S, jnp.tile(t[:, None, None], [1, 1, h_V.shape[-1]]), 1)[:, 0]
        logits = self.W_out(h_V_t) / temperature
        probs = jax.nn.softmax(logits, axis=-1)
        used_key = jax.random.split(key, probs.shape[0])  # expect: JAX503
        input = jnp.tile(jnp.arange(probs.shape[1])[None], [probs.shape[0], 1])
        S_t = jax.vmap(lambda key, input, prob: jax.random.choice(key, input, p=prob),
                       in_axes=(0, 0, 0), out_axes=0)(used_key, input, probs)[:, None]
        all_probs = all_probs.at[jnp.arange(N_batch), t].set(probs)
      S_true_gathered = jnp.take_along_axis(S_true, t[:, None], 1)
      S_t = (S_t * chain_mask_gathered + S_true_gathered * (1.0 - chain_mask_gathered)).astype(int)
      h_S = h_S.at[jnp.arange(N_batch), t].set(self.W_s(S_t[:, 0]))
      S = S.at[jnp.arange(N_batch), t].set(S_t[:, 0])
    return {"S": S, "probs": all_probs, "decoding_order": decoding_order}
