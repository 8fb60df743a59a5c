"""Clean look-alike: recurrent ("variational") dropout deliberately reuses ONE mask at every time
step of the scan, as discussed for an LSTM cell where the state dropout must be identical across
steps while the input dropout differs per step. The mask key is drawn once per sequence from a
split of the step key, and a fresh per-step key is folded in for the input dropout.

Source: https://github.com/google/flax/issues/2194
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp


def rnn_with_dropout(params, xs, key, rate=0.3):
    key_state, key_input = jax.random.split(key)
    state_mask = jax.random.bernoulli(key_state, 1 - rate, (params["w_h"].shape[0],))

    def step(h, inp):
        t, x = inp
        in_mask = jax.random.bernoulli(jax.random.fold_in(key_input, t), 1 - rate, x.shape)
        x = jnp.where(in_mask, x / (1 - rate), 0.0)
        h = jnp.where(state_mask, h / (1 - rate), 0.0)  # same state mask every step, on purpose
        h = jnp.tanh(x @ params["w_x"] + h @ params["w_h"])
        return h, h

    h0 = jnp.zeros(params["w_h"].shape[0])
    _, hs = jax.lax.scan(step, h0, (jnp.arange(xs.shape[0]), xs))
    return hs, state_mask


def run():
    k = jax.random.PRNGKey(0)
    params = {"w_x": jax.random.normal(k, (3, 8)) * 0.3, "w_h": jax.random.normal(jax.random.fold_in(k, 1), (8, 8)) * 0.3}
    xs = jnp.ones((5, 3))
    key = jax.random.PRNGKey(1)
    masks = []
    for _ in range(4):
        key, sub = jax.random.split(key)
        _, m = rnn_with_dropout(params, xs, sub)
        masks.append(m)
    return sum(int(bool(jnp.all(m == masks[0]))) for m in masks[1:])
