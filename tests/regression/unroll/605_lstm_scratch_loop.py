"""A from-scratch LSTM steps through the sequence with a Python for loop in its jitted forward.

Source: https://github.com/d2l-ai/d2l-en/pull/2366
Adding the JAX LSTM to d2l, the authors note that "a long `for` loop in the
`forward` method will result in extremely long" JIT compile time, and use
`lax.scan` for the JAX version. Rebuilt as the scratch LSTM with the loop
left in Python; run() uses a short sequence to keep the check quick.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

NUM_STEPS = 64


def lstm_cell(p, x, H, C):
    I = jax.nn.sigmoid(x @ p["W_xi"] + H @ p["W_hi"])
    F = jax.nn.sigmoid(x @ p["W_xf"] + H @ p["W_hf"])
    O = jax.nn.sigmoid(x @ p["W_xo"] + H @ p["W_ho"])
    C_tilde = jnp.tanh(x @ p["W_xc"] + H @ p["W_hc"])
    C = F * C + I * C_tilde
    H = O * jnp.tanh(C)
    return H, C


@jax.jit
def forward(p, inputs, H, C):
    outputs = []
    for t in range(NUM_STEPS):  # expect: JAX407
        H, C = lstm_cell(p, inputs[t], H, C)
        outputs.append(H)
    return jnp.stack(outputs), (H, C)


def run():
    n_in, n_h, batch = 4, 8, 2
    keys = jax.random.split(jax.random.PRNGKey(0), 8)
    names = ["W_xi", "W_hi", "W_xf", "W_hf", "W_xo", "W_ho", "W_xc", "W_hc"]
    p = {n: 0.1 * jax.random.normal(k, (n_in if n.startswith("W_x") else n_h, n_h)) for n, k in zip(names, keys)}
    inputs = jnp.ones((NUM_STEPS, batch, n_in))
    out, _ = forward(p, inputs, jnp.zeros((batch, n_h)), jnp.zeros((batch, n_h)))
    return out[-1]
