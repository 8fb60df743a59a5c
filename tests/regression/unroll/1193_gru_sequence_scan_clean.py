"""Two-layer GRU whose forward pass scans over time steps (fixed).

Source: https://openillumi.com/?p=110888
What happened: the article's GRU (from a Stack Overflow question about an "unusable" JAX
GRU) looped over the sequence in Python, which jit unrolls into an enormous graph; the
recommended fix is to "avoid Python loops and rewrite the code using JAX's dedicated
looping functions, such as jax.scan".  Same GRU and training step as the hazard with
`jax.lax.scan` over the time axis.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def init_gru(key, in_dim, hidden):
    k1, k2 = jax.random.split(key)
    return {"wx": 0.1 * jax.random.normal(k1, (in_dim, 3 * hidden)),
            "wh": 0.1 * jax.random.normal(k2, (hidden, 3 * hidden)),
            "b": jnp.zeros(3 * hidden)}


def gru_cell(p, h, x):
    gx = x @ p["wx"] + p["b"]
    gh = h @ p["wh"]
    hidden = h.shape[-1]
    r = jax.nn.sigmoid(gx[..., :hidden] + gh[..., :hidden])
    z = jax.nn.sigmoid(gx[..., hidden:2 * hidden] + gh[..., hidden:2 * hidden])
    n = jnp.tanh(gx[..., 2 * hidden:] + r * gh[..., 2 * hidden:])
    return (1 - z) * n + z * h


def gru_layer(p, xs):
    def step(h, x):
        h = gru_cell(p, h, x)
        return h, h

    h0 = jnp.zeros((xs.shape[1], p["wh"].shape[0]))
    _, outputs = jax.lax.scan(step, h0, xs)
    return outputs


def model(params, xs):
    for layer in params["layers"]:
        xs = gru_layer(layer, xs)
    return xs[-1] @ params["head"]


@jax.jit
def train_step(params, xs, ys):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((model(p, xs) - ys) ** 2))(params)
    return jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g, params, grads), loss


def run(seq_len=128, batch=8, in_dim=4, hidden=16):
    k = jax.random.split(jax.random.PRNGKey(0), 5)
    params = {"layers": [init_gru(k[0], in_dim, hidden), init_gru(k[1], hidden, hidden)],
              "head": 0.1 * jax.random.normal(k[2], (hidden, 1))}
    xs = jax.random.normal(k[3], (seq_len, batch, in_dim))
    ys = jax.random.normal(k[4], (batch, 1))
    params, loss = train_step(params, xs, ys)
    return float(loss)


if __name__ == "__main__":
    print(run())
