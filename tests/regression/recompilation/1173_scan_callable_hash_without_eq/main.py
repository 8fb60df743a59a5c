"""Equal-hash callable objects given to lax.scan still recompile (no __eq__).

Source: https://github.com/jax-ml/jax/issues/14743
What happened: Edenhofer, "Unnecessary re-compiles for jax.lax.scan": for a
memory-constrained model he used `jax.lax.scan` instead of `jax.vmap` and passed callable
objects `class Identity: def __call__(self, *x): ...; def __hash__(self): return 0`.
`jax.lax.scan(s1, None, jnp.arange(3))` followed by `jax.lax.scan(s2, ...)` with a second,
equal-hash instance compiled twice.  jakevdp answered that "an identical hash is not
sufficient for two objects to be considered equivalent; you also have to override
`__eq__`" -- without it equality falls back to identity, so each new instance is a cache
miss.  Here the response operator defines `__hash__` from its parameters but no `__eq__`,
and the driver rebuilds it for each of 3 likelihood evaluations (each eager scan over a
new instance is traced and compiled again).

Observed on jax 0.10.2: scan compiled 3 times
"""
import jax
import jax.numpy as jnp

from response import PowerLawResponse, apply_in_chunks


def log_likelihood(data, pixels, slope, offset):
    operator = PowerLawResponse(slope, offset)
    _, model = apply_in_chunks(operator, pixels)
    return -0.5 * jnp.sum((data - model) ** 2)


def run():
    pixels = jax.random.normal(jax.random.PRNGKey(0), (64,))
    data = 1.0 + jnp.abs(pixels) ** 2.0
    values = [log_likelihood(data, pixels, 2.0, 1.0) for _ in range(3)]
    return float(values[-1])


if __name__ == "__main__":
    print(run())
