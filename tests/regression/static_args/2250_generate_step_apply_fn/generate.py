import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=['temperature'])
def generate_step(params, apply_fn, curr_seq, t, temperature=1.0):
    """
    Single step generation (JIT compiled).
    curr_seq: (Batch, MaxLen) - Padded
    t: int - Index of the next token to generate (we need logits at t-1)
    """
    # Forward pass on the full sequence (masked by causality)
    logits = apply_fn({'params': params}, curr_seq, train=False)

    # We want the prediction for position t, which comes from logits at t-1
    next_token_logits = logits[:, t - 1, :] / temperature

    # Greedy sampling
    next_token = jnp.argmax(next_token_logits, axis=-1)  # (Batch,)

    # curr_seq is immutable, return new one
    next_seq = curr_seq.at[:, t].set(next_token)
    return next_seq


def generate(state, prompt, max_new_tokens=100, temperature=1.0, max_len=2048):
    """Autoregressive generation with fixed shape to avoid recompilation."""
    B, P = prompt.shape
    curr_seq = jnp.zeros((B, max_len), dtype=jnp.int32)
    curr_seq = curr_seq.at[:, :P].set(prompt)

    for i in range(max_new_tokens):
        t = P + i
        if t >= max_len:
            break
        curr_seq = generate_step(state.params, state.apply_fn, curr_seq, t, temperature)  # expect: JAX306
    return curr_seq[:, :P + max_new_tokens]
