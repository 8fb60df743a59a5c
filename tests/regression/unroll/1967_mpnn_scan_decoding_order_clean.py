"""ColabDesign's current ProteinMPNN sampler replaced the legacy per-residue Python loop with a
scan: it builds `XS = {"t": t, "key": jax.random.split(key, t.shape[0])}` (one subkey per decoding
position) and runs `hk.scan(lambda x, xs: fwd(x, xs["t"], xs["key"]), X, XS)`. The loop over the
protein length is a traced scan, so compile time does not grow with the number of residues, and
every position draws its Gumbel noise from its own key.

Source: https://github.com/sokrypton/ColabDesign/blob/e31a56fe1d9b4de25c8697f3a28b75892941cc72/colabdesign/mpnn/sample.py#L104
Observed on jax 0.10.x: sample compiled 1 times
"""
import jax
import jax.numpy as jnp
import numpy as np


def make_sample(W_out, W_s):

  @jax.jit
  def sample(I, key, temperature=0.1):
    h_V = jnp.tanh(I["X"] @ I["W_e"])           # [L, H]
    L = h_V.shape[0]

    def fwd(x, t, key):
      h_V_t = x["h_V"][t] + x["h_S"][t]
      logits_t = (h_V_t @ W_out)
      logits_t = logits_t / temperature + jax.random.gumbel(key, logits_t.shape)
      logits_t = logits_t.mean(0, keepdims=True)
      S_t = jax.nn.one_hot(logits_t[..., :20].argmax(-1), 21)
      x["h_S"] = x["h_S"].at[t].set(S_t @ W_s)
      x["S"] = x["S"].at[t].set(S_t)
      return x, None

    X = {"h_S": jnp.zeros_like(h_V), "h_V": h_V, "S": jnp.zeros((L, 21))}
    t = I["decoding_order"]
    if t.ndim == 1: t = t[:, None]
    XS = {"t": t, "key": jax.random.split(key, t.shape[0])}
    X = jax.lax.scan(lambda x, xs: fwd(x, xs["t"], xs["key"]), X, XS)[0]
    return {"S": X["S"], "decoding_order": t}

  return sample


def run():
  rng = np.random.RandomState(0)
  sample = make_sample(rng.randn(8, 21).astype(np.float32), rng.randn(21, 8).astype(np.float32))
  I = {"X": rng.randn(40, 3).astype(np.float32), "W_e": rng.randn(3, 8).astype(np.float32),
       "decoding_order": rng.permutation(40)}
  key = jax.random.PRNGKey(0)
  for _ in range(3):
    key, sub = jax.random.split(key)
    O = sample(I, sub)
  assert O["S"].shape == (40, 21)
