"""The score network of a diffusion project is a small MLP whose `__call__` loops
`for _ in range(self.n_layers)` (two hidden layers by default), and the denoising loss that calls
it is jitted. The loop runs over a small, fixed architecture constant, not over data, so tracing
just lays out the two Dense+GELU blocks once.

Source: https://github.com/pablomlago/diffusion-project/blob/50bb5695c1e882d14076df2326cce6d732604223/models.py#L15
Observed on jax 0.10.x: diffusion_loss compiled 1 times
"""
import jax
import jax.numpy as jnp


class MLP:
    """Plain-JAX stand-in for the flax MLP (hidden_dim=32, out_dim=1, n_layers=2)."""

    def __init__(self, hidden_dim=32, out_dim=1, n_layers=2):
        self.hidden_dim, self.out_dim, self.n_layers = hidden_dim, out_dim, n_layers

    def init(self, key, in_dim):
        keys = jax.random.split(key, self.n_layers + 1)
        dims = [in_dim] + [self.hidden_dim] * self.n_layers
        hidden = [(0.1 * jax.random.normal(keys[i], (dims[i], dims[i + 1])), jnp.zeros(dims[i + 1])) for i in range(self.n_layers)]
        return {"hidden": hidden, "out": (0.1 * jax.random.normal(keys[-1], (self.hidden_dim, self.out_dim)), jnp.zeros(self.out_dim))}

    def __call__(self, params, x):
        for i in range(self.n_layers):
            W, b = params["hidden"][i]
            x = jax.nn.gelu(x @ W + b)
        W, b = params["out"]
        return x @ W + b


score = MLP()


@jax.jit
def diffusion_loss(params, x, t, key):
    eps = jax.random.normal(key, shape=x.shape)
    x_t = jnp.sqrt(1 - t) * x + jnp.sqrt(t) * eps
    eps_pred = score(params, jnp.concatenate([x_t, t], -1))
    return jnp.mean((eps - eps_pred) ** 2)


def run():
    key = jax.random.PRNGKey(0)
    params = score.init(key, 2)
    for step in range(3):
        key, xk, tk, nk = jax.random.split(key, 4)
        x = jax.random.normal(xk, (8, 1))
        t = jax.random.uniform(tk, (8, 1))
        diffusion_loss(params, x, t, nk)
    return None


if __name__ == "__main__":
    run()
