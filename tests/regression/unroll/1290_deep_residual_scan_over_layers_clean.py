"""The same deep residual MLP with the identical hidden layers stored as one
stacked module and applied with lax.scan, the approach in the issue, so one
layer body is traced.

Source: https://github.com/patrick-kidger/equinox/issues/246
The reporter's ``MultiLayer`` keeps ``self.static = eqx.filter(layers[0],
eqx.is_array, inverse=True)`` and stacks the array leaves of the identical
layers so they can be scanned; here the stacked layer is built with
``eqx.filter_vmap`` over keys and applied with ``jax.lax.scan`` +
``eqx.combine``.

Observed on jax 0.10.2: runs
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class ResidualMLP(eqx.Module):
    inp: eqx.nn.Linear
    hidden: eqx.nn.Linear  # stacked along a leading depth axis
    out: eqx.nn.Linear

    def __init__(self, width, depth, *, key):
        k_in, k_h, k_out = jax.random.split(key, 3)
        self.inp = eqx.nn.Linear(3, width, key=k_in)
        make = lambda k: eqx.nn.Linear(width, width, key=k)
        self.hidden = eqx.filter_vmap(make)(jax.random.split(k_h, depth))
        self.out = eqx.nn.Linear(width, 1, key=k_out)

    def __call__(self, x):
        h = jax.nn.gelu(self.inp(x))
        params, static = eqx.partition(self.hidden, eqx.is_array)

        def step(h, p):
            layer = eqx.combine(p, static)
            return h + 0.1 * jax.nn.gelu(layer(h)), None

        h, _ = jax.lax.scan(step, h, params)
        return self.out(h)[0]


@eqx.filter_jit
def loss(model, xs, ys):
    return jnp.mean((jax.vmap(model)(xs) - ys) ** 2)


def run():
    model = ResidualMLP(16, 48, key=jax.random.PRNGKey(0))
    xs = jnp.ones((8, 3))
    return loss(model, xs, jnp.zeros(8))
