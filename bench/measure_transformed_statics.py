"""How jax's transformation wrappers compare, and what a factory's `@jax.jit` closure given at a
static position compiles: what `_closure_hashing` in analysis/host/hashing.py and
`_only_given_at_static_positions` in analysis/host/fresh_jits.py read.
Run: python bench/measure_transformed_statics.py

Measured on jax 0.10.2 (CPU):
    jax.jit(g) == jax.jit(g): False (also pmap, vmap, grad, checkpoint; hashes differ too)
    equinox.filter_jit(g) == equinox.filter_jit(g): True
    `jax.jit(g)` of a module function, new on each of 3 calls at static_argnums=0: 3 compiles
    a factory's `@jax.jit` nested function, new on each of 3 calls at static_argnums=0: 3 compiles
      of the outer function; the inner jitted function, run only under that trace: 3 traces,
      0 compiles of its own
"""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp

_INNER_TRACES = [0]


def g(x):
    return x.sum()


@partial(jax.jit, static_argnums=0)
def run(fn, x):
    return fn(x)


def factory():
    @jax.jit
    def inner(x):
        _INNER_TRACES[0] += 1
        return x * 2

    return inner


def main() -> None:
    for transform in (jax.jit, jax.pmap, jax.vmap, jax.grad, jax.checkpoint):
        print(f"{transform.__name__}(g) == {transform.__name__}(g):", transform(g) == transform(g))
    try:
        import equinox as eqx

        print("filter_jit(g) == filter_jit(g):", eqx.filter_jit(g) == eqx.filter_jit(g))
    except ImportError:
        pass
    x = jnp.ones(2)
    jax.clear_caches()
    for _ in range(3):
        run(jax.jit(g), x)
    print("jit(g) per call, static:", run._cache_size())
    jax.clear_caches()
    products = [factory() for _ in range(3)]
    for product in products:
        run(product, x)
    print("factory closure per call, static:", run._cache_size(), "compiles of run;",
          _INNER_TRACES[0], "traces of inner;", sum(p._cache_size() for p in products), "compiles of inner")


if __name__ == "__main__":
    main()
