"""TLM's generate.py jitted a single autoregressive step, `generate_step(params,
apply_fn, curr_seq, t, temperature)`, listing only `temperature` in static_argnames.
The generation loop passes `state.apply_fn` (the model's bound `apply` method taken from
the train state) positionally, so jit tries to trace a Python method as an array argument
and every call fails before compiling; the next commit added 'apply_fn' to
static_argnames.

Source: https://github.com/inkbytefo/TLM/blob/bb4f6f07b312dede04b0fc2f70dae1306336cd95/generate.py#L57
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as jnp

from model import create_generative_train_state
from generate import generate


def run():
    rng = jax.random.PRNGKey(0)
    state = create_generative_train_state(rng, seq_len=16)
    prompt = jnp.array([[1, 2, 3, 4]], dtype=jnp.int32)
    out = generate(state, prompt, max_new_tokens=4, temperature=1.0, max_len=16)
    return int(out.shape[1])


if __name__ == "__main__":
    print(run())
