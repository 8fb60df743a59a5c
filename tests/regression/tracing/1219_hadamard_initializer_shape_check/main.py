"""A shape-dependent initializer runs `jnp.arange` on a traced log2 size.

Source: https://github.com/google/flax/issues/1077
The reporter built a Hadamard matrix in a parameter initializer,
`def hadamard(key, shape, dtype): lg2 = jnp.log2(shape[0]); H = jnp.ones((1,));
for i in jnp.arange(lg2): H = jnp.vstack(...)`, and used it as
`kernel = self.param("kernel", hadamard, (self.n_hadamard,))`.  `model.init`
worked, but `model.apply` failed with "ConcretizationTypeError ... on the for
loop of the hadamard function": at apply time linen re-runs the initializer
abstractly (`jax.eval_shape`) to check the stored parameter's shape, and under
that trace `jnp.log2(shape[0])` is a tracer, so `jnp.arange(lg2)` cannot build
a concrete range.

Layout: `initializers.py` (the report's `hadamard`), `module.py` (a minimal
linen-like `param` with the eval_shape check), `main.py`.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax

from .module import HadamardTransform


def run():
    key = jax.random.PRNGKey(42)
    X = jax.random.normal(key, (1, 64))
    model = HadamardTransform(64)
    params = model.init(key, X)
    return model.apply(params, X)
