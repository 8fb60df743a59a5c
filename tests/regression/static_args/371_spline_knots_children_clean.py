"""Clean look-alike: array knots flattened as pytree children, only ints static.

Source: https://github.com/jax-ml/jax/issues/19547
The fix from the report: arrays belong in the children of tree_flatten; only
hashable Python data (here the number of knots) goes into aux_data.

Observed on jax 0.10.2: spline_loss compiled 1 times
"""
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class LinearSpline:
    def __init__(self, knots, values, num_knots):
        self.knots = knots
        self.values = values
        self.num_knots = num_knots

    def tree_flatten(self):
        children = (self.knots, self.values)
        aux_data = (self.num_knots,)
        return children, aux_data

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        (num_knots,) = aux_data
        knots, values = children
        return cls(knots, values, num_knots)

    def __call__(self, x):
        return jnp.interp(x, self.knots, self.values)


def fit_spline(xs, ys, num_knots=8):
    knots = jnp.linspace(xs.min(), xs.max(), num_knots)
    return LinearSpline(knots, jnp.interp(knots, xs, ys), num_knots)


@jax.jit
def spline_loss(spline, x, y):
    return jnp.mean((spline(x) - y) ** 2)


def run():
    xs = jnp.linspace(0.0, 1.0, 32)
    ys = jnp.sin(3.0 * xs)
    losses = []
    for seed in range(2):
        spline = fit_spline(xs, ys)
        noise = 0.01 * jax.random.normal(jax.random.PRNGKey(seed), xs.shape)
        losses.append(spline_loss(spline, xs, ys + noise))
    return losses
