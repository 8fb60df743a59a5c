"""Keys handed to lax bodies as operands or in a carry (measured on jax 0.10.2, CPU).

Run: PYTHONPATH=. python bench/measure_lax_body_keys.py

The analysis applies a body's key summary to the operand or carry the lax call hands it
(jaxcheck.analysis.transforms.carry.body_calls): what these print is why.
"""

import jax
import jax.numpy as jnp
from jax import lax


def cond_then_draw(pred, key):
    a = lax.cond(pred, lambda k: jax.random.normal(k, (3,)), lambda k: jax.random.normal(k, (3,)) * 2, key)
    return a, jax.random.normal(key, (3,))


def fori_returns_stale(x, key):
    def body(i, carry):
        x, k = carry
        k, sub = jax.random.split(k)
        return x + jax.random.normal(sub, x.shape), k

    x, _ = lax.fori_loop(0, 3, body, (x, key))
    return x, key


def scan_then_draw(key):
    def body(k, _):
        k, sub = jax.random.split(k)
        return k, jax.random.normal(sub, ())

    _, ys = lax.scan(body, key, None, length=3)
    return ys, jax.random.split(key)


def split_first_then_split(key):
    """A body that splits its carry first, after which the caller splits the same key."""
    def body(k, _):
        k, sub = jax.random.split(k)
        return k, sub

    _, subs = lax.scan(body, key, None, length=2)
    return subs, jax.random.split(key)


def main() -> None:
    key = jax.random.PRNGKey(0)
    a, b = jax.jit(cond_then_draw)(True, key)
    print("cond(True) branch draw == draw after the cond:", bool(jnp.array_equal(a, b)))  # True
    x1, k1 = jax.jit(fori_returns_stale)(jnp.zeros(2), key)
    x2, _ = jax.jit(fori_returns_stale)(jnp.zeros(2), k1)
    print("fori_loop carry key returned unadvanced:", bool(jnp.array_equal(k1, key)), "; next call same noise:", bool(jnp.array_equal(x1, x2)))  # True True
    subs, parent_split = jax.jit(split_first_then_split)(key)
    print("scan body's first subkey == caller's split of the same key:", bool(jnp.array_equal(subs[0], parent_split[1])))  # True
    subkeys = jax.random.split(key, 128)
    print("split(k, 128)[:2] == split(k, 2):", bool(jnp.array_equal(subkeys[:2], jax.random.split(key, 2))))


if __name__ == "__main__":
    main()
