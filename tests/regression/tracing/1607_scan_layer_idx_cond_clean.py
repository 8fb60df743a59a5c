"""Look-alike of the per-layer debugging hook in a scanned stack of blocks: the layer index
is a scanned-over tracer, but the branch is expressed with `jax.lax.cond`, as the
jax.lax.cond documentation prescribes for a predicate that is only known at run time, so
both branches are staged and selected on device.

Source: https://docs.jax.dev/en/latest/_autosummary/jax.lax.cond.html
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


class ResidualStack:
    def __init__(self, weights):
        self.weights = weights  # (num_layers, dim, dim)

    def block(self, x, w, layer_idx):
        x = x + jnp.tanh(w @ x)
        return jax.lax.cond(
            jnp.equal(layer_idx, 4),
            lambda h: h + 0.01 * jnp.sin(h * 1e2),
            lambda h: h,
            x,
        )

    def __call__(self, x):
        def body(h, xs):
            w, idx = xs
            return self.block(h, w, idx), None

        num_layers = self.weights.shape[0]
        h, _ = jax.lax.scan(body, x, (self.weights, jnp.arange(num_layers)))
        return h


@jax.jit
def forward(weights, x):
    return ResidualStack(weights)(x)


def run():
    weights = 0.1 * jax.random.normal(jax.random.PRNGKey(0), (6, 8, 8))
    return forward(weights, jnp.ones(8))
