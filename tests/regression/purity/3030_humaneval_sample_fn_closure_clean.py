"""Clean look-alike. A GPT-in-JAX evaluation script builds its sampler with
`make_sample_fn(temperature, top_k, top_p, presence_penalty, vocab_size)`: the jitted
`_get_next(l, k, presence_mask)` closes over those Python settings (and over
`use_presence`, computed once outside) and branches on them with plain `if`s. They are
fixed for the lifetime of the returned function and never reassigned, so baking them in at
trace time is exactly what is wanted; the PRNG key and logits are real arguments.

Source: https://github.com/ultrons/jax-gpt/blob/67412732fdecf49ad2a56ffa99cb4f0f042af8ef/scripts/eval_humaneval.py#L258
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


def make_sample_fn(temperature: float, top_k: int = 0, top_p: float = 0.0,
                   presence_penalty: float = 0.0, vocab_size: int = 0):
    use_presence = presence_penalty > 0.0 and vocab_size > 0

    @jax.jit
    def _get_next(l, k, presence_mask):
        logit = l[0, -1, :].astype(jnp.float32)
        if use_presence:
            logit = logit - presence_penalty * presence_mask
        rng_new, subkey = jax.random.split(k)
        if temperature <= 0.0:
            next_tok = jnp.argmax(logit).astype(jnp.int32)
        else:
            scaled = logit / temperature
            if top_k > 0:
                kth = jnp.sort(scaled)[::-1][top_k - 1]
                scaled = jnp.where(scaled >= kth, scaled, jnp.finfo(jnp.float32).min)
            if top_p > 0.0:
                sorted_logits = jnp.sort(scaled)[::-1]
                cumprobs = jnp.cumsum(jax.nn.softmax(sorted_logits))
                cutoff_idx = jnp.searchsorted(cumprobs, top_p)
                cutoff_val = sorted_logits[cutoff_idx]
                scaled = jnp.where(scaled >= cutoff_val, scaled, jnp.finfo(jnp.float32).min)
            next_tok = jax.random.categorical(subkey, scaled).astype(jnp.int32)
        return next_tok, rng_new
    return _get_next


def run():
    vocab = 50
    logits = jax.random.normal(jax.random.PRNGKey(0), (1, 3, vocab))
    greedy = make_sample_fn(0.0)
    nucleus = make_sample_fn(0.8, top_k=10, top_p=0.9, presence_penalty=0.5, vocab_size=vocab)
    presence = jnp.zeros(vocab)
    tok_g, _ = greedy(logits, jax.random.PRNGKey(1), presence)
    key = jax.random.PRNGKey(2)
    toks = []
    for _ in range(4):
        tok, key = nucleus(logits, key, presence)
        toks.append(int(tok))
    return int(tok_g), toks
