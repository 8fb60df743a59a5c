"""A deep residual MLP stores many identical hidden layers in a list attribute
and applies them with a Python loop inside filter_jit, so each of the
``depth`` layers is traced and compiled separately.

Source: https://github.com/patrick-kidger/equinox/issues/246
"Avoiding recompilation with multiple identical modules": "in the MLP
definition ... we may have multiple hidden layers with fixed sizes that are
all compiled separately. In my context this can become costly."  The
reporter's workaround partitions the identical layers into one static part
and stacked parameters to scan over.  The model below is the looped form: the
trip count is ``len(self.hidden)``, set from the ``depth`` constructor
argument.

Observed on jax 0.10.2: runs
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class ResidualMLP(eqx.Module):
    inp: eqx.nn.Linear
    hidden: list
    out: eqx.nn.Linear

    def __init__(self, width, depth, *, key):
        keys = jax.random.split(key, depth + 2)
        self.inp = eqx.nn.Linear(3, width, key=keys[0])
        self.hidden = [eqx.nn.Linear(width, width, key=k) for k in keys[1:-1]]
        self.out = eqx.nn.Linear(width, 1, key=keys[-1])

    def __call__(self, x):
        h = jax.nn.gelu(self.inp(x))
        for layer in self.hidden:  # expect: JAX407
            h = h + 0.1 * jax.nn.gelu(layer(h))
        return self.out(h)[0]


@eqx.filter_jit
def loss(model, xs, ys):
    return jnp.mean((jax.vmap(model)(xs) - ys) ** 2)


def run():
    model = ResidualMLP(16, 48, key=jax.random.PRNGKey(0))
    xs = jnp.ones((8, 3))
    return loss(model, xs, jnp.zeros(8))
