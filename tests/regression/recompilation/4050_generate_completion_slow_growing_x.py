"""jaxpt's generate_completion_slow samples a GPT one token at a time: the
@nnx.jit-compiled _generate_step is called on the whole prefix `x`, and `x` is
then concatenated with the new token, so every iteration of the while loop
hands the jitted step a sequence one column longer. Each new length is a new
input shape, so _generate_step is retraced and recompiled for every generated
token (no KV cache, no fixed-size buffer). Rebuilt with an equinox module and
jax.jit in place of flax.nnx / nnx.jit (same call structure).

Source: https://github.com/novastar53/jaxpt/blob/9105e9f8c9c1eaf9c913d00bfac2d6a6fbcd3012/src/jaxpt/infer.py#L61
Observed on jax 0.10.x: _generate_step compiled 5 times
"""
import jax
import jax.numpy as jnp
import equinox as eqx


class TinyGPT(eqx.Module):
    wte: jax.Array
    head: eqx.nn.Linear

    def __init__(self, vocab, dim, key):
        k1, k2 = jax.random.split(key)
        self.wte = jax.random.normal(k1, (vocab, dim))
        self.head = eqx.nn.Linear(dim, vocab, key=k2)

    def __call__(self, x, mask=None):
        h = self.wte[x]
        h = jnp.cumsum(h, axis=1) / jnp.arange(1, x.shape[1] + 1)[None, :, None]
        return jax.vmap(jax.vmap(self.head))(h)


@jax.jit
def _generate_step(m, x, attn_mask, temperature, key):
    logits = m(x, mask=attn_mask) / temperature
    x_new = logits[:, -1, :]
    top_k_vals, top_k_indices = jax.lax.top_k(x_new, 5)
    key, subkey = jax.random.split(key)
    top_k_logit_idxs = jax.random.categorical(subkey, top_k_vals)[..., None]
    sample_idxs = jnp.take_along_axis(top_k_indices, top_k_logit_idxs, axis=-1)
    return sample_idxs, key


def generate_completion_slow(model, tokens, attn_mask=None, num_completions=2,
                             max_length=9, temperature=0.2, key=None):
    if key is None:
        key = jax.random.PRNGKey(1337)
    tokens = jnp.expand_dims(jnp.array(tokens, dtype=jnp.int32), axis=0)
    x = jnp.tile(tokens, (num_completions, 1))
    while x.shape[1] < max_length:
        x_next, key = _generate_step(model, x, attn_mask, temperature, key)  # expect: JAX404
        x = jnp.concatenate((x, x_next), axis=1)
    return [x[i, :max_length].tolist() for i in range(num_completions)]


def run():
    model = TinyGPT(32, 8, jax.random.PRNGKey(0))
    generate_completion_slow(model, [3, 1, 4, 1])
